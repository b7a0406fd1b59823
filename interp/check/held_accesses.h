// The accesses the sanitizer holds back before applying them to its shadows: a register-layer
// loop's loads and stores of consecutive rows, or a repeat instruction run again on the same
// bytes, are merged into one held access per instruction and step, and applied once (a few
// dozen shadow steps instead of one walk per instruction).
//
// Held accesses are applied in the order they were made (their sequence numbers), so accesses
// to the same bytes meet the shadow in program order even when held accesses overlap. An access
// merges into an earlier held one only when no later held access touches its new bytes; a slot
// map per memory (the latest held access touching each 32-byte granule of on-chip memory, or
// each 4 KB of a global buffer) tells that without scanning the list.
#ifndef PTO_INTERP_CHECK_HELD_ACCESSES_H_
#define PTO_INTERP_CHECK_HELD_ACCESSES_H_

#include <array>
#include <cstdint>
#include <map>
#include <vector>

#include "pto/interp/vm/memory_access.h"
#include "pto/interp/check/shadow.h"

namespace pto::interp::check {

/// An access with its step: its clock's epoch and what that clock had seen.
struct HeldAccess {
  Site site;
  int clock = 0;
  uint32_t time = 0;
  Clock seen{};
  Access a;
  uint32_t far = 0;      ///< the far clock it had seen (Sanitizer::FarFor)
  uint32_t version = 0;  ///< its clock's version when it was made: equal versions, same view
  uint32_t loads = 0;    ///< the loads behind its values (Sanitizer::Instruction's loads_behind)
  uint32_t comm_epoch = 0, comm_seen = 0;  ///< its comm stamp (Sanitizer::OrderedByComm)
  uint32_t index = 0;    ///< its place among its instruction's accesses
  uint32_t seq = 0;      ///< its place among held accesses (HeldAccesses)
  uint64_t verified = 0;  ///< HeldAccesses' mutation count when no later one touched its bytes
};

/// Whether span \a held already covers every byte of \a next: the same bytes, or one run of
/// bytes inside another.
/// (\a held: an Access, or anything with its begin, end, count and stride.)
template <typename Held>
inline bool CoversSpan(const Held& held, const Access& next) {
  if (held.count == 1 && next.count == 1) return held.begin <= next.begin && next.end <= held.end;
  return held.count == next.count && held.stride == next.stride && held.begin == next.begin &&
         held.end == next.end;
}

/// Grows span \a held by \a next (one copy of bytes) when next continues it: the bytes right
/// after it, or its next copy at its stride, or a second copy that sets the stride.
template <typename Held>
inline bool GrowSpan(Held& held, const Access& next) {
  if (next.count != 1) return false;
  const uint64_t len = held.end - held.begin;
  if (held.count == 1 && next.begin == held.end) {
    held.end = next.end;
    return true;
  }
  if (next.end - next.begin != len || held.count == UINT32_MAX) return false;
  if (held.count == 1 && next.begin >= held.end) {
    held.count = 2, held.stride = next.begin - held.begin;
    return true;
  }
  if (held.count > 1 && next.begin == held.begin + uint64_t{held.count} * held.stride) {
    ++held.count;
    return true;
  }
  return false;
}

class HeldAccesses {
 public:
  static constexpr size_t kMax = 64;

  /// Merges access \a a, number \a index of the instruction at \a site, on \a clock at
  /// clock version \a version with loads \a loads behind, into the held access of the same
  /// instruction, access and step that it repeats or continues, when no later held access
  /// touches its bytes. False: nothing merged (Add it).
  bool Merge(Site site, uint32_t index, int clock, uint32_t version, uint32_t loads,
             const Access& a);
  /// Holds \a h (full() must be false).
  void Add(HeldAccess h);
  bool full() const { return entries_.size() - head_ >= kMax; }
  bool empty() const { return head_ == entries_.size(); }
  /// Applies (apply(const HeldAccess&)), in order, the held accesses up to the last that may
  /// touch \a a's bytes.
  template <typename Apply>
  void FlushOverlapping(const Access& a, Apply&& apply) {
    const uint32_t last = LatestTouching(a);
    if (last > flushed_) FlushThrough(last, apply);
  }
  template <typename Apply>
  void FlushAll(Apply&& apply) {
    if (!entries_.empty()) FlushThrough(entries_.back().seq, apply);
  }

 private:
  template <typename Apply>
  void FlushThrough(uint32_t seq, Apply&& apply) {
    while (head_ < entries_.size() && entries_[head_].seq <= seq) apply(entries_[head_++]);
    flushed_ = seq;
    if (head_ == entries_.size()) entries_.clear(), head_ = 0;
  }
  /// The latest held sequence number that may touch \a a's bytes (0: none).
  uint32_t LatestTouching(const Access& a);
  /// Sets the slots of \a a's bytes to \a seq.
  void Mark(const Access& a, uint32_t seq);
  /// The slots of \a p, covering at least \a end bytes, and the log2 of a slot's bytes.
  std::vector<uint32_t>& SlotsOf(const Place& p, uint64_t end, int* shift);
  HeldAccess* Target(Site site, uint32_t index, bool write);

  std::vector<HeldAccess> entries_;  ///< by sequence number; those before head_ are applied
  size_t head_ = 0;
  uint32_t next_seq_ = 1;  ///< sequence numbers start at 1; slot 0 is "none"
  uint32_t flushed_ = 0;   ///< every held access up to this one is applied
  uint64_t mutations_ = 0;  ///< accesses added or grown so far
  /// The held access to merge into, by hash of (site, index, write): its sequence number.
  std::array<uint32_t, 512> targets_{};
  std::array<std::vector<uint32_t>, kMemoryCount> local_slots_;
  std::map<int, std::vector<uint32_t>> global_slots_;
  int last_buffer_ = -1;  ///< the global buffer SlotsOf found last, and its slots
  std::vector<uint32_t>* last_global_ = nullptr;
};

}  // namespace pto::interp::check

#endif  // PTO_INTERP_CHECK_HELD_ACCESSES_H_
