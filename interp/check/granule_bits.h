// The bits of a vector scope's batch (sanitizer.h Batch): one per 32-byte granule of UB, for
// the granules its loads and its stores touched.
#ifndef PTO_INTERP_CHECK_GRANULE_BITS_H_
#define PTO_INTERP_CHECK_GRANULE_BITS_H_

#include <cstdint>

namespace pto::interp::check {

// The batch's bits are per 32-byte granule of UB: a vector load or store of up to 256 bytes
// touches at most two words, and an access that shares a granule with one it may not follow
// only takes the exact path (Batched returns false).
inline constexpr int kGranuleShift = 5;

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

}  // namespace pto::interp::check

#endif  // PTO_INTERP_CHECK_GRANULE_BITS_H_
