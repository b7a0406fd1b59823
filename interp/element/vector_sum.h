// How ptorun models the NPU's lane sums (vcadd, vcgadd): the lanes added in a tree of halves in
// the compute type (lane i with lane i + n/2, then i with i + n/4, ...; f16 and bf16 lanes in
// f32, rounded once at the end by the caller). pto-isa does not publish the hardware's order; this
// one model serves the register layer's vcadd and vcgadd and the tile sums pto-isa builds from
// them (interp/tile/npu_sum.h; docs/semantics.md "The NPU's arithmetic").
#ifndef PTO_INTERP_ELEMENT_VECTOR_SUM_H_
#define PTO_INTERP_ELEMENT_VECTOR_SUM_H_

namespace pto::interp {

/// Sums v[0..n) (n a power of two) in place: floats in a tree of halves, integers exactly
/// (their caller wraps).
template <typename C>
C TreeSum(C* v, int n) {
  for (int w = n / 2; w >= 1; w /= 2) {
    for (int i = 0; i < w; ++i) v[i] = v[i] + v[i + w];
  }
  return v[0];
}

}  // namespace pto::interp

#endif  // PTO_INTERP_ELEMENT_VECTOR_SUM_H_
