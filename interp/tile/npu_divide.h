// a5's high-precision divisions (precisionType = HIGH_PRECISION; pto-isa a5 custom/Div754.hpp)
// as their sequences compute them, for --arith npu (docs/semantics.md, "The NPU's arithmetic"):
// - f32 tdiv (DivDiffCompensationFloatImpl): vdiv, then the neighbour of the quotient (+-1 ulp)
//   with the smallest fused residual; the dividend scaled up first when its exponent is below
//   -64. Correctly rounded but for ties, which go to the smaller magnitude.
// - f32 tdivs, trecip, trowexpanddiv, tcolexpanddiv (DivIEEE754FloatImpl): the mantissas
//   normalised to [1, 2) and divided (with the same correction), the exponents subtracted and
//   applied by multiplications: a subnormal result rounds twice, and only the dividend
//   0x007fffff is rescaled (other subnormal dividends are read as 1.m x 2^-127).
// - every f16 division (DivIEEE754HalfImpl): the same in f16 with a plain vdiv, underflowing
//   one exponent early (scale -9).
// vdiv itself is taken as IEEE (its method is not public); vmula as fused.
#ifndef PTO_INTERP_TILE_NPU_DIVIDE_H_
#define PTO_INTERP_TILE_NPU_DIVIDE_H_

#include <cstdint>

#include "pto/interp/vm/executor.h"

namespace pto::interp {

/// How the instruction's operands make the division's pairs.
enum class DivideForm : uint8_t {
  kTiles,        ///< tdiv: a[i,j] / b[i,j]
  kScalar,       ///< tdivs: a[i,j] / k
  kScalarFirst,  ///< tdivs: k / a[i,j]
  kRecip,        ///< trecip: 1 / a[i,j]
  kPerRow,       ///< trowexpanddiv: a[i,j] / b[i,0]
  kPerColumn,    ///< tcolexpanddiv: a[i,j] / b[0,j]
};

/// Runs \a in by a5's high-precision sequence when it applies (--arith npu, a5, precisionType
/// HIGH_PRECISION, f32 or f16 tiles whose operands the kernel's usual checks accept) and
/// returns true with the kernel's result in \a ok; false leaves it to the usual kernel.
bool NpuHighPrecisionDivide(Executor& ex, const Instr& in, DivideForm form, bool* ok);

// The sequences on single values (exposed for their unit tests).
float DivCompensatedF32(float a, float b);
float DivIeee754F32(float a, float b);
uint16_t DivIeee754F16(uint16_t a, uint16_t b);

}  // namespace pto::interp

#endif  // PTO_INTERP_TILE_NPU_DIVIDE_H_
