// The sanitizer's batch of a VPTO vector scope's UB loads and stores (sanitizer.h Batch): a
// vector loop between two synchronisations costs a few bit operations per instruction, and its
// accesses reach the shadow once per instruction and batch, as merged spans.
#include <algorithm>

#include "pto/interp/check/sanitizer.h"

namespace pto::interp::check {

namespace {

// The mask of bits [lo, hi) of one word, 0 <= lo < hi <= 64.
inline uint64_t WordMask(uint64_t lo, uint64_t hi) {
  return (hi == 64 ? ~uint64_t{0} : (uint64_t{1} << hi) - 1) & (~uint64_t{0} << lo);
}

// Bits [begin, end) of \a bits (begin < end): whether any is set, and setting or clearing them.
inline bool AnyBit(const std::vector<uint64_t>& bits, uint64_t begin, uint64_t end) {
  const uint64_t first = begin / 64, last = (end - 1) / 64;
  if (first == last) return bits[first] & WordMask(begin % 64, (end - 1) % 64 + 1);
  uint64_t any = bits[first] & WordMask(begin % 64, 64);
  for (uint64_t w = first + 1; w < last; ++w) any |= bits[w];
  return any | (bits[last] & WordMask(0, (end - 1) % 64 + 1));
}

inline void SetBits(std::vector<uint64_t>& bits, uint64_t begin, uint64_t end, bool on) {
  const uint64_t first = begin / 64, last = (end - 1) / 64;
  const auto put = [&](uint64_t w, uint64_t m) { bits[w] = on ? bits[w] | m : bits[w] & ~m; };
  if (first == last) return put(first, WordMask(begin % 64, (end - 1) % 64 + 1));
  put(first, WordMask(begin % 64, 64));
  std::fill(bits.begin() + static_cast<std::ptrdiff_t>(first + 1),
            bits.begin() + static_cast<std::ptrdiff_t>(last), on ? ~uint64_t{0} : 0);
  put(last, WordMask(0, (end - 1) % 64 + 1));
}

// Calls f(begin, end) for each copy of a's bytes.
template <typename F>
void ForCopies(const Access& a, F&& f) {
  for (uint32_t k = 0; k < a.count; ++k) {
    f(a.begin + uint64_t{k} * a.stride, a.end + uint64_t{k} * a.stride);
  }
}

}  // namespace

bool Sanitizer::Batched(Site site, int clock, uint32_t loads_behind, const Access& a) {
  const Place& p = a.place;
  if (p.global || p.mem != Memory::kVec || p.owner >= 0 || a.count != 1 || a.end <= a.begin ||
      a.atomic) {
    return false;
  }
  Batch& b = batch_;
  const bool moved = b.load_version != version_[kVecLoad] || b.store_version != version_[kVecStore];
  if (moved) {
    if (!b.spans.empty()) FlushBatch();  // a mem_bar, the scope's end or a flag moved the clocks
    b.load_version = version_[kVecLoad], b.store_version = version_[kVecStore];
    b.broken = false;
  }
  // Once an access broke the batch's order, the rest of the step is checked one by one, so
  // that what it finds is reported over all its bytes.
  if (b.broken) return false;
  if (b.loaded.empty()) {  // a bit per byte of UB
    const size_t words = (MemoryCapacity(program_.arch, Memory::kVec) + 63) / 64;
    b.loaded.assign(words, 0), b.stored.assign(words, 0);
  }
  if (a.end > b.loaded.size() * 64) return false;
  // The batch's order: no load of bytes it stored, no store of bytes it loaded unless the
  // stored values come from its loads (a data dependence orders the two).
  if (a.write ? loads_behind < LoadEpoch() && AnyBit(b.loaded, a.begin, a.end)
              : AnyBit(b.stored, a.begin, a.end)) {
    b.broken = true;
    return false;
  }
  int16_t& slot = b.by_site[(site.pc * 2 + a.write) % b.by_site.size()];
  HeldAccess* span = slot >= 0 ? &b.spans[slot] : nullptr;
  if (span && (!(span->site == site) || span->a.write != a.write || span->clock != clock ||
               span->loads != loads_behind)) {
    span = nullptr;
  }
  if (!span || !(CoversSpan(span->a, a) || GrowSpan(span->a, a))) {
    if (b.spans.size() == Batch::kMaxSpans) return false;
    slot = static_cast<int16_t>(b.spans.size());
    b.spans.push_back(Stamp(site, clock, loads_behind, a));
  }
  SetBits(a.write ? b.stored : b.loaded, a.begin, a.end, true);
  return true;
}

void Sanitizer::FlushBatch() {
  Batch& b = batch_;
  std::vector<HeldAccess> spans;
  spans.swap(b.spans);
  for (const HeldAccess& span : spans) {
    ForCopies(span.a, [&](uint64_t begin, uint64_t end) {
      SetBits(span.a.write ? b.stored : b.loaded, begin, end, false);
    });
  }
  b.by_site.fill(-1);
  // Held, all its loads and then all its stores (the order sanitizer.h Batch keeps), after
  // the accesses held before it: they go on merging with the next accesses one by one.
  for (const bool stores : {false, true}) {
    for (const HeldAccess& span : spans) {
      if (span.a.write != stores) continue;
      if (held_.full()) FlushAll();
      held_.Add(span);
    }
  }
  spans.clear();
  if (b.spans.empty()) spans.swap(b.spans);  // keeps the capacity
}

}  // namespace pto::interp::check
