// The sanitizer's batch of a VPTO vector scope's UB loads and stores (sanitizer.h Batch): a
// vector loop between two synchronisations costs a few bit operations per instruction, and its
// accesses reach the shadow once per instruction and batch, as merged spans.
#include <algorithm>

#include "pto/interp/check/sanitizer.h"

namespace pto::interp::check {

namespace {

// The batch's bits are per 32-byte granule of UB: a vector load or store of up to 256 bytes
// touches at most two words, and an access that shares a granule with one it may not follow
// only takes the exact path (Batched returns false).
constexpr int kGranuleShift = 5;

// The mask of bits [lo, hi] of one word, 0 <= lo <= hi < 64.
inline uint64_t WordMask(uint64_t lo, uint64_t hi) {
  return (~uint64_t{0} >> (63 - hi)) & (~uint64_t{0} << lo);
}

// Granules [first, last] of \a bits: whether any is set, and setting or clearing them.
inline bool AnyBit(const uint64_t* bits, uint64_t first, uint64_t last) {
  const uint64_t w0 = first / 64, w1 = last / 64;
  if (w0 == w1) [[likely]] return bits[w0] & WordMask(first % 64, last % 64);
  uint64_t any = bits[w0] & WordMask(first % 64, 63);
  for (uint64_t w = w0 + 1; w < w1; ++w) any |= bits[w];
  return any | (bits[w1] & WordMask(0, last % 64));
}

inline void SetBits(uint64_t* bits, uint64_t first, uint64_t last, bool on) {
  const uint64_t w0 = first / 64, w1 = last / 64;
  const auto put = [&](uint64_t w, uint64_t m) { bits[w] = on ? bits[w] | m : bits[w] & ~m; };
  if (w0 == w1) [[likely]] return put(w0, WordMask(first % 64, last % 64));
  put(w0, WordMask(first % 64, 63));
  for (uint64_t w = w0 + 1; w < w1; ++w) put(w, ~uint64_t{0});
  put(w1, WordMask(0, last % 64));
}

// Calls f(begin, end) for each copy of a's bytes.
template <typename F>
void ForCopies(const Access& a, F&& f) {
  for (uint32_t k = 0; k < a.count; ++k) {
    f(a.begin + uint64_t{k} * a.stride, a.end + uint64_t{k} * a.stride);
  }
}

}  // namespace

inline int16_t& Sanitizer::SpanSlot(Site site, bool write) {
  Batch& b = batch_;
  // Open addressing: a batch has at most kMaxSpans spans, a quarter of the slots, and a site
  // that shared its slot with another would start a span each time.
  size_t h = (site.pc * 2 + write) % b.by_site.size();
  while (b.by_site[h] >= 0) {
    const HeldAccess& span = b.spans[b.by_site[h]];
    if (span.site == site && span.a.write == write) break;
    h = (h + 1) % b.by_site.size();
  }
  return b.by_site[h];
}

bool Sanitizer::Batched(Site site, int clock, uint32_t loads_behind, const Access& a) {
  Batch& b = batch_;
  if (b.load_version != version_[kVecLoad] || b.store_version != version_[kVecStore]) [[unlikely]] {
    Rebatch();  // a mem_bar, the scope's end or a flag moved the clocks
  }
  // Once an access broke the batch's order, the rest of the step is checked one by one, so
  // that what it finds is reported over all its bytes.
  const Place& p = a.place;
  if (b.broken || p.global || p.mem != Memory::kVec || p.owner >= 0 || a.count != 1 ||
      a.atomic || a.end <= a.begin) {
    return false;
  }
  const uint64_t first = a.begin >> kGranuleShift, last = (a.end - 1) >> kGranuleShift;
  if (last >= b.granules) return false;
  // The batch's order: no load of bytes it stored, no store of bytes it loaded unless the
  // stored values come from its loads (a data dependence orders the two).
  if (a.write ? loads_behind < LoadEpoch() && AnyBit(b.loaded.data(), first, last)
              : AnyBit(b.stored.data(), first, last)) {
    b.broken = true;
    return false;
  }
  int16_t& slot = SpanSlot(site, a.write);
  HeldAccess* span = slot >= 0 ? &b.spans[slot] : nullptr;
  if (!span || span->clock != clock || span->loads != loads_behind ||
      !(CoversSpan(span->a, a) || GrowSpan(span->a, a))) {
    if (b.spans.size() == Batch::kMaxSpans) return false;
    NewSpan(slot, site, clock, loads_behind, a);
  }
  SetBits(a.write ? b.stored.data() : b.loaded.data(), first, last, true);
  return true;
}

void Sanitizer::Rebatch() {
  Batch& b = batch_;
  if (!b.spans.empty()) FlushBatch();
  b.load_version = version_[kVecLoad], b.store_version = version_[kVecStore];
  b.broken = false;
  if (b.loaded.empty()) {  // a bit per granule of UB
    b.granules = MemoryCapacity(program_.arch, Memory::kVec) >> kGranuleShift;
    b.loaded.assign((b.granules + 63) / 64, 0), b.stored.assign((b.granules + 63) / 64, 0);
  }
}

void Sanitizer::NewSpan(int16_t& slot, Site site, int clock, uint32_t loads_behind,
                        const Access& a) {
  Batch& b = batch_;
  slot = static_cast<int16_t>(b.spans.size());
  b.spans.push_back(Stamp(site, clock, loads_behind, a));
}

void Sanitizer::FlushBatch() {
  Batch& b = batch_;
  std::vector<HeldAccess> spans;
  spans.swap(b.spans);
  for (const HeldAccess& span : spans) {
    ForCopies(span.a, [&](uint64_t begin, uint64_t end) {
      SetBits(span.a.write ? b.stored.data() : b.loaded.data(), begin >> kGranuleShift,
              (end - 1) >> kGranuleShift, false);
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
