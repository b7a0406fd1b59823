// The sanitizer's shadow of one memory (an on-chip memory of a core, or one global buffer): the
// cell (cells.h) of every byte. Stored per 32-byte granule: one cell id for a granule whose
// bytes agree, or, for one whose bytes differ, 32 ids of its own. An access walks runs of
// granules with one id, so a tile-sized access costs a few dozen steps, not one per byte, and
// a strided one a step per block.
#ifndef PTO_INTERP_CHECK_SHADOW_H_
#define PTO_INTERP_CHECK_SHADOW_H_

#include <array>
#include <cstdint>
#include <vector>

#include "pto/interp/check/cells.h"

namespace pto::interp::check {

using Clock = std::array<uint32_t, kClockCount>;

/// The accessing side: read or write, on clock \a clock at its epoch \a time; an earlier access
/// on clock q at epoch t is ordered before it when t <= (*seen)[q].
struct Step {
  bool write = false;
  int clock = 0;
  uint32_t time = 0;
  const Clock* seen = nullptr;
  Site site;
};

/// One unordered earlier access an access met: its kind, clock and site, and the bytes.
struct Conflict {
  bool earlier_write;  ///< the earlier access wrote (RAW, WAW) or read (WAR)
  int clock;
  Site site;
  uint64_t begin, end;
};

/// What an access reports; called only when it finds something.
class AccessSink {
 public:
  virtual void OnConflict(const Conflict& c) = 0;
  /// A read of never-written bytes starting at \a byte.
  virtual void OnUnwritten(uint64_t byte) = 0;

 protected:
  ~AccessSink() = default;
};

/// Remembered results of one step (an instruction's reads or writes in one epoch): cell in ->
/// cell out. An instruction in a loop finds its cells here instead of interning them again.
struct StepMemo {
  uint64_t key = ~uint64_t{0};
  std::array<uint32_t, 8> in{}, out{};
  unsigned next = 0;
  /// Empties the memo unless it was made for \a key.
  void Use(uint64_t k) {
    if (k != key) key = k, in.fill(~0u), next = 0;
  }
};

class Shadow {
 public:
  static constexpr uint64_t kGranule = 32;

  /// Applies \a step to bytes [begin, end), reporting unordered earlier accesses and
  /// never-written reads to \a sink.
  void Access(uint64_t begin, uint64_t end, const Step& step, CellTable& cells, StepMemo& memo,
              AccessSink& sink);

  /// Calls f(begin, end, id) for each maximal run of touched bytes with one cell.
  template <typename F>
  void ForEachRun(F&& f) const;
  /// Marks the cell ids in use; rewrites them with \a remap (CellTable::Compact).
  void MarkUsed(std::vector<bool>* used) const;
  void Renumber(const std::vector<uint32_t>& remap);

 private:
  static constexpr uint32_t kSplit = 1u << 31;  ///< granule id: index into split_ | kSplit
  using Bytes = std::array<uint32_t, kGranule>;
  uint32_t Apply(uint32_t in, const Step& step, CellTable& cells, StepMemo& memo);
  void Report(uint32_t in, uint64_t begin, uint64_t end, const Step& step, CellTable& cells,
              AccessSink& sink);
  void Grow(uint64_t granules);

  std::vector<uint32_t> granules_;
  std::vector<Bytes> split_;
  std::vector<uint32_t> free_split_;
};

template <typename F>
void Shadow::ForEachRun(F&& f) const {
  uint64_t run_begin = 0;
  uint32_t run_id = 0;
  const auto byte = [&](uint64_t at, uint32_t id) {
    if (id == run_id) return;
    if (run_id != 0) f(run_begin, at, run_id);
    run_begin = at, run_id = id;
  };
  for (uint64_t g = 0; g < granules_.size(); ++g) {
    const uint32_t id = granules_[g];
    if (!(id & kSplit)) {
      byte(g * kGranule, id);
      continue;
    }
    const Bytes& b = split_[id & ~kSplit];
    for (uint64_t i = 0; i < kGranule; ++i) byte(g * kGranule + i, b[i]);
  }
  byte(granules_.size() * kGranule, 0);
}

}  // namespace pto::interp::check

#endif  // PTO_INTERP_CHECK_SHADOW_H_
