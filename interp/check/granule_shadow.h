// The shadow of an on-chip memory, in three levels: a cell id per 1 KB page whose bytes
// agree; for a page whose bytes differ, a cell id per 32-byte granule; for a granule whose
// bytes differ, an id per byte. An access walks runs of one id at the coarsest level it covers
// whole, so a tile-sized access costs a few dozen steps, and a strided one a step per block.
#ifndef PTO_INTERP_CHECK_GRANULE_SHADOW_H_
#define PTO_INTERP_CHECK_GRANULE_SHADOW_H_

#include <array>
#include <cstdint>
#include <vector>

#include "pto/interp/check/shadow.h"

namespace pto::interp::check {

class GranuleShadow final : public Shadow {
 public:
  static constexpr uint64_t kGranule = 32;
  static constexpr uint64_t kPage = 1024;

  using Shadow::Access;
  void Access(const Span& span, const Step& step, CellTable& cells, StepMemo& memo,
              AccessSink& sink) override;
  void ForEachRun(const std::function<void(uint64_t, uint64_t, uint32_t)>& f) const override;
  void MarkUsed(std::vector<bool>* used) const override;
  void Renumber(const std::vector<uint32_t>& remap) override;
  /// Bytes [begin, end) get cell \a id, with no transition (a run shadow turning into this).
  void Set(uint64_t begin, uint64_t end, uint32_t id);

 private:
  /// A page's or granule's id: an index into the finer level's blocks | kSplit.
  static constexpr uint32_t kSplit = 1u << 31;
  static constexpr unsigned kFanout = 32;  ///< granules per page, bytes per granule
  using Block = std::array<uint32_t, kFanout>;
  /// Blocks of finer ids, and the ones free for reuse.
  struct Level {
    std::vector<Block> blocks;
    std::vector<uint32_t> free;
    /// The finer ids of \a slot, made from its one id if it had one.
    Block& Split(uint32_t& slot);
    /// Gives \a slot one id again if its finer ids agree (and none is split).
    void Join(uint32_t& slot);
  };

  /// Calls apply(in, begin, end) -> out for each run of bytes [begin, end) with one cell.
  template <typename Apply>
  void Walk(uint64_t begin, uint64_t end, Apply&& apply);
  template <typename Apply>
  void WalkPage(Block& granules, uint64_t page_begin, uint64_t begin, uint64_t end, Apply&& apply);
  void Grow(uint64_t end);
  template <typename F>
  void ForEachId(F&& f) const;

  std::vector<uint32_t> pages_;
  Level granules_;  ///< the granules of split pages
  Level bytes_;     ///< the bytes of split granules
};

}  // namespace pto::interp::check

#endif  // PTO_INTERP_CHECK_GRANULE_SHADOW_H_
