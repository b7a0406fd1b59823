#include "pto/interp/check/held_accesses.h"

#include <algorithm>

namespace pto::interp::check {

namespace {

// Calls f(slot) for each slot (of 1 << shift bytes) a's bytes touch; a slot shared by
// consecutive copies may come more than once.
template <typename F>
void ForSlots(const Access& a, int shift, F&& f) {
  if (a.end <= a.begin) return;
  for (uint32_t k = 0; k < a.count; ++k) {
    const uint64_t at = a.begin + uint64_t{k} * a.stride;
    const uint64_t first = at >> shift, last = (at + (a.end - a.begin) - 1) >> shift;
    for (uint64_t s = first; s <= last; ++s) f(s);
  }
}

uint64_t LastByte(const Access& a) { return a.end + uint64_t{a.count - 1} * a.stride; }

// The slot of targets_ for (site, index, write).
size_t TargetSlot(Site site, uint32_t index, bool write, size_t slots) {
  return ((reinterpret_cast<uintptr_t>(site.function) >> 4) * 0x9e3779b1u +
          site.pc * 0x85ebca6bu + index * 2 + write) % slots;
}

}  // namespace

std::vector<uint32_t>& HeldAccesses::SlotsOf(const Place& p, uint64_t end, int* shift) {
  *shift = p.global ? 12 : 5;
  std::vector<uint32_t>& v = !p.global                 ? local_slots_[static_cast<int>(p.mem)]
                             : p.buffer == last_buffer_ ? *last_global_
                                                        : *(last_global_ = &global_slots_[p.buffer]);
  if (p.global) last_buffer_ = p.buffer;
  const uint64_t need = ((end + (uint64_t{1} << *shift) - 1) >> *shift) + 1;
  if (v.size() < need) v.resize(need, 0);
  return v;
}

uint32_t HeldAccesses::LatestTouching(const Access& a) {
  if (entries_.size() == head_ || a.end <= a.begin) return 0;
  int shift;
  uint32_t* slots = SlotsOf(a.place, LastByte(a), &shift).data();
  if (a.count == 1) {  // one run of slots (a vector load or store)
    uint32_t* first = slots + (a.begin >> shift);
    return *std::max_element(first, slots + ((a.end - 1) >> shift) + 1);
  }
  uint32_t latest = 0;
  ForSlots(a, shift, [&](uint64_t s) { latest = std::max(latest, slots[s]); });
  return latest;
}

void HeldAccesses::Mark(const Access& a, uint32_t seq) {
  if (a.end <= a.begin) return;
  int shift;
  uint32_t* slots = SlotsOf(a.place, LastByte(a), &shift).data();
  if (a.count == 1) {
    std::fill(slots + (a.begin >> shift), slots + ((a.end - 1) >> shift) + 1, seq);
    return;
  }
  ForSlots(a, shift, [&](uint64_t s) { slots[s] = seq; });
}

HeldAccess* HeldAccesses::Target(Site site, uint32_t index, bool write) {
  const uint32_t seq = targets_[TargetSlot(site, index, write, targets_.size())];
  if (seq <= flushed_ || entries_.empty() || seq < entries_[head_].seq) return nullptr;
  HeldAccess& e = entries_[head_ + (seq - entries_[head_].seq)];
  return e.site == site && e.index == index && e.a.write == write ? &e : nullptr;
}

bool HeldAccesses::Merge(Site site, uint32_t index, int clock, uint32_t version, uint32_t loads,
                         const Access& a) {
  HeldAccess* e = Target(site, index, a.write);
  if (!e || e->clock != clock || e->version != version || e->loads != loads ||
      e->a.atomic != a.atomic || !(e->a.place == a.place)) {
    return false;
  }
  Access grown = e->a;
  const bool covers = CoversSpan(e->a, a);
  if (!covers && !GrowSpan(grown, a)) return false;
  // Merged, the bytes meet the shadow where e is: no later held access may touch them.
  if (!(covers && e->verified == mutations_) && LatestTouching(a) > e->seq) return false;
  if (covers) {
    // The same step again on the same bytes changes nothing and finds nothing new.
    if (a.begin == e->a.begin && a.end == e->a.end && a.count == e->a.count) e->verified = mutations_;
    return true;
  }
  Mark(a, e->seq);
  e->a = grown;
  ++mutations_;  // (a later held access may touch e's earlier bytes: e is not verified)
  return true;
}

void HeldAccesses::Add(HeldAccess h) {
  if (head_ >= kMax) {  // drop the applied ones
    entries_.erase(entries_.begin(), entries_.begin() + static_cast<std::ptrdiff_t>(head_));
    head_ = 0;
  }
  h.seq = next_seq_++;
  h.verified = ++mutations_;  // the latest: no later one touches its bytes
  Mark(h.a, h.seq);
  targets_[TargetSlot(h.site, h.index, h.a.write, targets_.size())] = h.seq;
  entries_.push_back(h);
}

}  // namespace pto::interp::check
