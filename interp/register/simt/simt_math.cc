// The SimtMath family (micro-isa 17): integer helpers (mulhi, mul_i32toi64, prmt), float math
// rounded once to the result type, and pto.convert with its rounding, saturation and
// signedness. A packed vector<2xT> operand (its bits in an integer register, @elem its element
// type) is computed element by element, as are arith's add, sub and mul of pairs (%packed_binary).
#include <cmath>

#include "pto/common/strings.h"
#include "pto/interp/register/simt/simt_scalar.h"
#include "pto/interp/vm/kernels.h"

namespace pto::interp {

namespace {

using simt::DecodeElement;
using simt::EncodeElement;

uint64_t LowBits(int64_t v, int bits) {
  return bits >= 64 ? static_cast<uint64_t>(v) : static_cast<uint64_t>(v) & ((1ull << bits) - 1);
}

int BitsOf(const Executor& ex, uint32_t reg) { return 64 - ex.scalar_info(reg).shift; }

// Immediate codes of the assembler (asm/lowering/simt_lowering.cc).
constexpr uint32_t kUnsigned = 2;

template <typename Op>
double Unary(double a) {
  if constexpr (std::is_same_v<Op, ops::Absf>) return std::fabs(a);
  if constexpr (std::is_same_v<Op, ops::Sqrt>) return std::sqrt(a);
  if constexpr (std::is_same_v<Op, ops::Exp>) return std::exp(a);
  if constexpr (std::is_same_v<Op, ops::Log>) return std::log(a);
  if constexpr (std::is_same_v<Op, ops::Ceil>) return std::ceil(a);
  if constexpr (std::is_same_v<Op, ops::Floor>) return std::floor(a);
  if constexpr (std::is_same_v<Op, ops::Rint>) return std::nearbyint(a);
  if constexpr (std::is_same_v<Op, ops::RoundF>) return std::round(a);
  return a;
}

template <typename Op>
double Apply(const double* x, DType t) {
  if constexpr (std::is_same_v<Op, ops::Pow>) return std::pow(x[0], x[1]);
  if constexpr (std::is_same_v<Op, ops::Fmin>) return std::fmin(x[0], x[1]);
  if constexpr (std::is_same_v<Op, ops::Fmax>) return std::fmax(x[0], x[1]);
  if constexpr (std::is_same_v<Op, ops::Fma>) {
    // f32 fuses in float; the 16-bit types' products are exact in double.
    return t == DType::kF32 ? std::fmaf(static_cast<float>(x[0]), static_cast<float>(x[1]),
                                        static_cast<float>(x[2]))
                            : std::fma(x[0], x[1], x[2]);
  }
  return Unary<Op>(x[0]);
}

// a rounded to an integer under mode \a m.
double RoundToInteger(double a, RoundMode m) {
  switch (m) {
    case RoundMode::kRound: return std::round(a);
    case RoundMode::kFloor: return std::floor(a);
    case RoundMode::kCeil: return std::ceil(a);
    case RoundMode::kTrunc: return std::trunc(a);
    case RoundMode::kOdd: {
      const double t = std::trunc(a);
      return t != a && std::fmod(t, 2.0) == 0 ? t + (a > 0 ? 1 : -1) : t;
    }
    default: return std::nearbyint(a);
  }
}

// pto.convert of one scalar or element: \a from / \a to are its element types.
bool ConvertOne(Executor& ex, Slot src, DType from, DType to, RoundMode mode, bool sat,
                bool is_unsigned, Slot* out) {
  const bool from_int = !IsFloat(from), to_int = !IsFloat(to);
  if (from_int && to_int) return ex.Fault("pto.convert does not convert between integers");
  double x = src.f;
  if (from_int) {
    x = is_unsigned ? static_cast<double>(LowBits(src.i, IntBits(from)))
                    : static_cast<double>(src.i);
  }
  if (!to_int) {
    out->f = simt::RoundFloat(x, to, mode);
    if (sat && std::isinf(out->f) && !std::isinf(x)) {
      out->f = std::copysign(simt::RoundFloat(std::copysign(1e300, x), to, RoundMode::kTrunc), x);
    }
    return true;
  }
  const int bits = IntBits(to);
  const double lo = is_unsigned ? 0 : -std::ldexp(1.0, bits - 1);
  const double hi = is_unsigned ? std::ldexp(1.0, bits) - 1 : std::ldexp(1.0, bits - 1) - 1;
  double r = std::isnan(x) ? 0 : RoundToInteger(x, mode);
  if (r < lo || r > hi) {
    if (!sat) return ex.Fault(StrCat(x, " does not fit ", DTypeName(to), " (write sat to clamp)"));
    r = r < lo ? lo : hi;
  }
  out->i = is_unsigned ? static_cast<int64_t>(static_cast<uint64_t>(r)) : static_cast<int64_t>(r);
  return true;
}

bool Convert(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  const RoundMode mode = static_cast<RoundMode>(o[2]);
  const bool sat = o[3] != 0, is_unsigned = o[4] == kUnsigned;
  const DType from = static_cast<DType>(o[5]), to = static_cast<DType>(o[6]);
  const DType src_reg = ex.scalar_info(o[1]).dtype, dst_reg = ex.scalar_info(o[0]).dtype;
  if (src_reg == from && dst_reg == to) {  // a plain scalar
    Slot r{0};
    if (!ConvertOne(ex, ex.scalar(o[1]), from, to, mode, sat, is_unsigned, &r)) return false;
    ex.scalar(o[0]) = r;
    if (!IsFloat(to)) ex.scalar(o[0]).i = ex.Wrap(o[0], r.i);
    return true;
  }
  // Packed pairs: element 0 in the low bits of both registers.
  const uint64_t bits = static_cast<uint64_t>(ex.scalar(o[1]).i);
  const int wf = simt::ElementBits(from), wt = simt::ElementBits(to);
  uint64_t result = 0;
  for (int e = 0; e < 2; ++e) {
    const uint32_t b = static_cast<uint32_t>((bits >> (e * wf)) & ((1ull << wf) - 1));
    const uint64_t r = EncodeElement(DecodeElement(b, from), to, mode) & ((1ull << wt) - 1);
    result |= r << (e * wt);
  }
  ex.scalar(o[0]).i = ex.Wrap(o[0], static_cast<int64_t>(result));
  return true;
}

// %packed_binary: add, sub or mul of the two elements of packed pairs; floats round once to the
// element type, integers wrap to its width.
bool PackedBinary(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  const DType elem = static_cast<DType>(o[3]);
  const uint32_t op = o[4];
  const int w = simt::ElementBits(elem);
  const uint64_t mask = (1ull << w) - 1;
  const uint64_t a = static_cast<uint64_t>(ex.scalar(o[1]).i),
                 b = static_cast<uint64_t>(ex.scalar(o[2]).i);
  uint64_t result = 0;
  for (int e = 0; e < 2; ++e) {
    const uint64_t x = (a >> (e * w)) & mask, y = (b >> (e * w)) & mask;
    uint64_t r;
    if (IsInteger(elem)) {
      r = op == 0 ? x + y : op == 1 ? x - y : x * y;
    } else {
      const double u = DecodeElement(static_cast<uint32_t>(x), elem);
      const double v = DecodeElement(static_cast<uint32_t>(y), elem);
      r = EncodeElement(op == 0 ? u + v : op == 1 ? u - v : u * v, elem, RoundMode::kRint);
    }
    result |= (r & mask) << (e * w);
  }
  ex.scalar(o[0]).i = ex.Wrap(o[0], static_cast<int64_t>(result));
  return true;
}

}  // namespace

template <typename Op>
bool ExecSimtMath(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  if constexpr (std::is_same_v<Op, ops::Convert>) {
    return Convert(ex, in);

  } else if constexpr (std::is_same_v<Op, ops::MulHi> || std::is_same_v<Op, ops::MulI32ToI64>) {
    const bool is_unsigned = o[3] == kUnsigned;
    const int bits = BitsOf(ex, o[1]);
    const int64_t a = ex.scalar(o[1]).i, b = ex.scalar(o[2]).i;
    __int128 p = is_unsigned ? static_cast<__int128>(LowBits(a, bits)) *
                                   static_cast<__int128>(LowBits(b, bits))
                             : static_cast<__int128>(a) * static_cast<__int128>(b);
    const int64_t r = std::is_same_v<Op, ops::MulHi> ? static_cast<int64_t>(p >> bits)
                                                     : static_cast<int64_t>(p);
    ex.scalar(o[0]).i = ex.Wrap(o[0], r);
    return true;
  } else if constexpr (std::is_same_v<Op, ops::Prmt>) {
    // Source bytes 0-3 are rhs's, 4-7 lhs's; nibble k of the selector picks result byte k.
    const uint64_t src = (LowBits(ex.scalar(o[1]).i, 32) << 32) | LowBits(ex.scalar(o[2]).i, 32);
    const uint64_t sel = LowBits(ex.scalar(o[3]).i, 32);
    uint32_t r = 0;
    for (int k = 0; k < 4; ++k) {
      const int pick = (sel >> (4 * k)) & 7;
      r |= static_cast<uint32_t>((src >> (8 * pick)) & 0xff) << (8 * k);
    }
    ex.scalar(o[0]).i = ex.Wrap(o[0], static_cast<int32_t>(r));
    return true;
  } else {
    const OpInfo& info = GetOpInfo(in.op);
    const int inputs = info.num_operands() - 2;  // outputs: 1; the last operand is @elem
    const DType elem = static_cast<DType>(o[info.num_operands() - 1]);
    if (elem == DType::kInvalid) {  // a plain float scalar
      double x[3];
      for (int k = 0; k < inputs; ++k) x[k] = ex.scalar(o[1 + k]).f;
      ex.scalar(o[0]).f = ex.Round(o[0], Apply<Op>(x, ex.scalar_info(o[0]).dtype));
      return true;
    }
    const int w = simt::ElementBits(elem);
    uint64_t result = 0;
    for (int e = 0; e < 2; ++e) {
      double x[3];
      for (int k = 0; k < inputs; ++k) {
        const uint64_t bits = static_cast<uint64_t>(ex.scalar(o[1 + k]).i);
        x[k] = DecodeElement(static_cast<uint32_t>((bits >> (e * w)) & ((1ull << w) - 1)), elem);
      }
      const uint64_t r = EncodeElement(Apply<Op>(x, elem), elem, RoundMode::kRint);
      result |= (r & ((1ull << w) - 1)) << (e * w);
    }
    ex.scalar(o[0]).i = ex.Wrap(o[0], static_cast<int64_t>(result));
    return true;
  }
}

template <typename Op>
bool ExecSimtPacked(Executor& ex, const Instr& in) {
  return PackedBinary(ex, in);
}

#define PTO_IMPLEMENTS_SimtMath PTO_YES
#define PTO_IMPLEMENTS_SimtPacked PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
