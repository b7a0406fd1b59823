// What the sanitizer knows of one byte: the last write and the reads since, each with its
// clock, epoch and instruction. Bytes share these records ("cells"): a CellTable interns each
// distinct one under a small id, so a shadow holds 4 bytes per 32-byte granule and a tile-sized
// access rewrites runs of equal ids instead of comparing records.
#ifndef PTO_INTERP_CHECK_CELLS_H_
#define PTO_INTERP_CHECK_CELLS_H_

#include <array>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "pto/common/isa/pipes.h"

namespace pto::interp::check {

/// The sanitizer's clocks: one per pipe (kPipes order), then the four UB access queues of a
/// VPTO vector scope, which only mem_bar orders against each other (docs/semantics.md).
constexpr int kVecLoad = kPipeCount;
constexpr int kVecStore = kPipeCount + 1;
constexpr int kScalarLoad = kPipeCount + 2;
constexpr int kScalarStore = kPipeCount + 3;
constexpr int kClockCount = kPipeCount + 4;

/// "PIPE_MTE2", or "PIPE_V, vector store" for a vector scope's queues.
const char* ClockName(int clock);
/// mem_bar's word for a vector scope's queue ("VST_VLD" is a store queue, then a load queue).
const char* QueueWord(int clock);
/// The pipe index a clock belongs to: a vector scope's queues are the vector pipe's.
inline int PipeOfClock(int clock) {
  return clock >= kPipeCount ? PipeIndex(uint32_t(Pipe::kV)) : clock;
}

/// An instruction, for reports: its function's code and its offset there.
struct Site {
  const void* function = nullptr;
  uint32_t pc = 0;
  bool operator==(const Site&) const = default;
};

/// What happened to a byte last. Times are epochs of the clock named (sanitizer.h).
struct Cell {
  int8_t writer = -1;    ///< clock of the last write; -1: none in this launch
  uint16_t readers = 0;  ///< clocks that read it since the last write (bit per clock)
  uint32_t write_time = 0;
  Site write_site;
  bool atomic = false;  ///< the last write was an atomic update (cores' atomics do not race)
  std::array<uint32_t, kClockCount> read_time{};
  std::array<Site, kClockCount> read_site{};
  bool operator==(const Cell&) const = default;
};

/// The interned cells of one sanitizer. Id 0 is the untouched byte (Cell{}).
class CellTable {
 public:
  CellTable();
  uint32_t Intern(const Cell& c);
  const Cell& operator[](uint32_t id) const { return cells_[id]; }
  size_t size() const { return cells_.size(); }
  /// Keeps the cells \a used marks (id 0 always) and renumbers them densely; returns the new
  /// id of every old one (unused ones map to 0).
  std::vector<uint32_t> Compact(const std::vector<bool>& used);
  /// Frees every cell (the table is not used again).
  void Release();
  /// Runs of bytes an access moved to another cell so far (Sanitizer::StateSerial).
  uint64_t moves = 0;

 private:
  struct Hash {
    size_t operator()(const Cell& c) const;
  };
  std::vector<Cell> cells_;
  std::unordered_map<Cell, uint32_t, Hash> ids_;
};

}  // namespace pto::interp::check

#endif  // PTO_INTERP_CHECK_CELLS_H_
