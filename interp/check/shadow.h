// The sanitizer's shadow of one memory (an on-chip memory of a core, or one global buffer): for
// each byte range, the last write and the reads since, each with the pipe, the pipe's time and
// the instruction. Kept as an interval map whose segments merge when their states agree, so a
// tile-sized access costs a few map steps, not one per byte or granule.
#ifndef PTO_INTERP_CHECK_SHADOW_H_
#define PTO_INTERP_CHECK_SHADOW_H_

#include <array>
#include <cstdint>
#include <functional>
#include <map>

#include "pto/common/isa/pipes.h"

namespace pto::interp::check {

/// An instruction, for reports: its function's code and its offset there.
struct Site {
  const void* function = nullptr;
  uint32_t pc = 0;
  bool operator==(const Site&) const = default;
};

/// What happened to a byte range last.
struct Cell {
  int8_t writer = -1;   ///< pipe index of the last write; -1: none in this launch
  uint8_t readers = 0;  ///< pipes that read it since the last write (bit per pipe index)
  uint32_t write_time = 0;
  Site write_site;
  std::array<uint32_t, kPipeCount> read_time{};
  std::array<Site, kPipeCount> read_site{};
  bool operator==(const Cell&) const = default;
};

/// One conflict an access found: the earlier access's pipe and site, and the bytes.
struct Conflict {
  bool earlier_write;  ///< the earlier access wrote (RAW, WAW) or read (WAR)
  int pipe;
  Site site;
  uint64_t begin, end;
};

class Shadow {
 public:
  /// Records an access to [begin, end) by pipe \a pipe at its time \a time, whose clock of the
  /// other pipes is \a seen (an earlier access of pipe q at time t is ordered before it when
  /// t <= seen[q]). Calls \a conflict for each unordered earlier access, and \a unwritten with
  /// the first byte of each stretch a read finds never written.
  void Access(uint64_t begin, uint64_t end, bool write, int pipe, uint32_t time,
              const std::array<uint32_t, kPipeCount>& seen, Site site,
              const std::function<void(const Conflict&)>& conflict,
              const std::function<void(uint64_t)>& unwritten);

 private:
  struct Segment {
    uint64_t end;
    Cell cell;
  };
  std::map<uint64_t, Segment>::iterator SplitAt(uint64_t at);

  std::map<uint64_t, Segment> segments_;  ///< by first byte; disjoint; gaps are untouched bytes
};

}  // namespace pto::interp::check

#endif  // PTO_INTERP_CHECK_SHADOW_H_
