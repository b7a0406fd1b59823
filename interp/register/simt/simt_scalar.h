// Scalars as the SIMT kernels and the UB scalar accesses see them: a register's value read from
// and written to memory bytes, floats rounded under a rounding mode, and the elements of packed
// vector<2xT> values, held as their bits in an integer register (element 0 in the low bits).
#ifndef PTO_INTERP_REGISTER_SIMT_SIMT_SCALAR_H_
#define PTO_INTERP_REGISTER_SIMT_SIMT_SCALAR_H_

#include <cstdint>

#include "pto/common/dtype.h"
#include "pto/common/float_format.h"
#include "pto/interp/vm/machine.h"

namespace pto::interp::simt {

/// The register value of type \a t stored at \a p (DTypeSize(t) bytes).
Slot LoadAs(const uint8_t* p, DType t);
/// Stores register value \a v of type \a t at \a p.
void StoreAs(uint8_t* p, DType t, Slot v);
/// \a x rounded to float type \a t (f16, bf16, f32; f64 unchanged) under \a mode.
double RoundFloat(double x, DType t, RoundMode mode);
/// The bits of element type \a t (f16, bf16, f32, fp8 e4m3 / e5m2, hif8) encoding \a x.
uint32_t EncodeElement(double x, DType t, RoundMode mode);
/// The value of element bits \a bits of type \a t.
double DecodeElement(uint32_t bits, DType t);
/// Bits per element of packed element type \a t.
inline int ElementBits(DType t) { return DTypeSize(t) * 8; }

}  // namespace pto::interp::simt

#endif  // PTO_INTERP_REGISTER_SIMT_SIMT_SCALAR_H_
