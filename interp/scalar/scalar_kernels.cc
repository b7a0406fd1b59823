// Scalar casts, Executor::Round, and the instantiations of the scalar kernels of
// interp/scalar/scalar_ops.h.
#include <cmath>
#include <cstring>
#include <limits>

#include "pto/common/isa/scalar_rules.h"
#include "pto/common/strings.h"
#include "pto/interp/vm/kernels.h"
#include "pto/interp/scalar/scalar_ops.h"

namespace pto::interp {

double Executor::Round(uint32_t reg, double v) const {
  return RoundToFloatType(v, scalar_info_[reg].dtype);
}

namespace {

// Float to integer, truncating; out-of-range values saturate and NaN becomes 0
// (docs/semantics.md).
int64_t FloatToInt(double v, int bits, bool is_signed) {
  if (std::isnan(v)) return 0;
  v = std::trunc(v);
  double lo = is_signed ? -std::ldexp(1.0, bits - 1) : 0.0;
  double hi = is_signed ? std::ldexp(1.0, bits - 1) : std::ldexp(1.0, bits);
  if (v < lo) v = lo;
  if (v >= hi) {
    if (bits == 64 && !is_signed) return -1;  // all ones
    return is_signed ? static_cast<int64_t>((1ull << (bits - 1)) - 1)
                     : static_cast<int64_t>((1ull << bits) - 1);
  }
  return is_signed ? static_cast<int64_t>(v) : static_cast<int64_t>(static_cast<uint64_t>(v));
}

}  // namespace

template <typename Op>
bool ExecCast(Executor& ex, const Instr& in) {
  const uint32_t d = in.operands[0], s = in.operands[1];
  const ScalarInfo& src = ex.scalar_info(s);
  const int src_bits = 64 - src.shift;
  Slot v = ex.scalar(s);
  Slot& out = ex.scalar(d);
  if constexpr (std::is_same_v<Op, ops::IndexCast> || std::is_same_v<Op, ops::ExtSI> ||
                std::is_same_v<Op, ops::TruncI>) {
    // Storage is sign-extended for signed types; re-read the source bits as signed.
    uint64_t shifted = static_cast<uint64_t>(v.i) << src.shift;
    out.i = ex.Wrap(d, static_cast<int64_t>(shifted) >> src.shift);
  } else if constexpr (std::is_same_v<Op, ops::IndexCastUI> || std::is_same_v<Op, ops::ExtUI>) {
    out.i = ex.Wrap(d, static_cast<int64_t>(ops::Low(v.i, src_bits)));
  } else if constexpr (std::is_same_v<Op, ops::SIToFP>) {
    uint64_t shifted = static_cast<uint64_t>(v.i) << src.shift;
    out.f = ex.Round(d, static_cast<double>(static_cast<int64_t>(shifted) >> src.shift));
  } else if constexpr (std::is_same_v<Op, ops::UIToFP>) {
    out.f = ex.Round(d, static_cast<double>(ops::Low(v.i, src_bits)));
  } else if constexpr (std::is_same_v<Op, ops::FPToSI> || std::is_same_v<Op, ops::FPToUI>) {
    const ScalarInfo& dst = ex.scalar_info(d);
    out.i = ex.Wrap(d, FloatToInt(v.f, 64 - dst.shift, std::is_same_v<Op, ops::FPToSI>));
  } else if constexpr (std::is_same_v<Op, ops::ExtF> || std::is_same_v<Op, ops::TruncF>) {
    out.f = ex.Round(d, v.f);
  } else {
    static_assert(std::is_same_v<Op, ops::Bitcast>);
    const ScalarInfo& dst = ex.scalar_info(d);
    uint64_t bits = 0;
    if (src.is_float) {
      switch (src.dtype) {
        case DType::kF32: bits = FloatBits(static_cast<float>(v.f)); break;
        case DType::kF16: bits = FloatToHalf(static_cast<float>(v.f)); break;
        case DType::kBF16: bits = FloatToBF16(static_cast<float>(v.f)); break;
        default: std::memcpy(&bits, &v.f, 8);
      }
    } else {
      bits = ops::Low(v.i, src_bits);
    }
    if (dst.is_float) {
      switch (dst.dtype) {
        case DType::kF32: out.f = BitsFloat(static_cast<uint32_t>(bits)); break;
        case DType::kF16: out.f = HalfToFloat(static_cast<uint16_t>(bits)); break;
        case DType::kBF16: out.f = BF16ToFloat(static_cast<uint16_t>(bits)); break;
        default: std::memcpy(&out.f, &bits, 8);
      }
    } else {
      out.i = ex.Wrap(d, static_cast<int64_t>(bits));
    }
  }
  return true;
}

#define PTO_IMPLEMENTS_IntBinary PTO_YES
#define PTO_IMPLEMENTS_FloatBinary PTO_YES
#define PTO_IMPLEMENTS_FloatUnary PTO_YES
#define PTO_IMPLEMENTS_CompareInt PTO_YES
#define PTO_IMPLEMENTS_CompareFloat PTO_YES
#define PTO_IMPLEMENTS_Select PTO_YES
#define PTO_IMPLEMENTS_Cast PTO_YES
#define PTO_IMPLEMENTS_Transfer PTO_YES
#define PTO_IMPLEMENTS_Control PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
