// a5's high-precision division sequences (npu_divide.h), one element at a time. Each step is
// one instruction of pto-isa's a5 custom/Div754.hpp, rounded as that instruction rounds: f32
// operations in float (the host's IEEE arithmetic, nearest even), vmula as fmaf, f16 operations
// in float rounded to f16 once (exact for f16 products; correctly rounded for quotients).
#include "pto/interp/tile/npu_divide.h"

#include <bit>
#include <cmath>

#include "pto/common/float_format.h"
#include "pto/interp/tile/tile_shared.h"

namespace pto::interp {
namespace {

uint32_t Bits(float f) { return std::bit_cast<uint32_t>(f); }
float Float(uint32_t u) { return std::bit_cast<float>(u); }
float HalfValue(uint32_t bits) { return HalfToFloat(static_cast<uint16_t>(bits)); }
uint16_t HalfOf(float v) { return FloatToHalf(v); }  // nearest even

// The quotient z of a / b or its neighbour (+-1 on the bit pattern) whose fused residual
// |a - q b| is smallest; a tie with the lower neighbour takes it (DivPrecisionImpl).
float Compensated(float a, float b, float z) {
  const float y = -b;
  const float z_pre = Float(Bits(z) - 1), z_next = Float(Bits(z) + 1);
  float r = std::fabs(std::fmaf(z, y, a));
  const float r_pre = std::fabs(std::fmaf(z_pre, y, a));
  const float r_next = std::fabs(std::fmaf(z_next, y, a));
  float best = z;
  if (!(r < r_pre)) {
    r = r_pre;
    best = z_pre;
  }
  return r_next < r ? z_next : best;
}

// What the normalised quotient d becomes once the exponents are applied: the rules of
// DivIEEE754FloatImpl / DivIEEE754HalfImpl after their division, for one format.
struct Format {
  int exp_shift;       // 23 or 10
  int bias;            // 127 or 15
  int tiny_scale;      // the scale that gives the smallest subnormal or 0: -23 or -9
  int max_scale;       // 255 or 31
  uint32_t sign;       // 0x80000000 or 0x8000
  uint32_t inf;        // 0x7f800000 or 0x7c00
  uint32_t sub_base;   // 0x00400000 or 0x0200: 2^-127 or 2^-15 as a pattern
};
constexpr Format kF32Format{23, 127, -23, 255, 0x80000000u, 0x7f800000u, 0x00400000u};
constexpr Format kF16Format{10, 15, -9, 31, 0x8000u, 0x7c00u, 0x0200u};

// \a mul multiplies two values of the format (rounding to it), \a value reads a bit pattern.
template <typename Mul, typename Value, typename Pattern>
uint32_t ApplyScale(const Format& f, uint32_t d, int scale, bool norm_le, Mul mul, Value value,
                    Pattern pattern) {
  const uint32_t sign = d & f.sign;
  if (scale == f.tiny_scale) return sign | (norm_le ? 0u : 1u);
  if (scale < f.tiny_scale) return sign;
  if (scale == f.max_scale) {
    scale -= 1;
    d = pattern(mul(value(d), 2.0f));
  }
  if (scale > f.max_scale) return sign | f.inf;
  const uint32_t factor = scale > 0 ? static_cast<uint32_t>(scale) << f.exp_shift
                                    : f.sub_base >> -scale;
  return pattern(mul(value(d), value(factor)));
}

}  // namespace

float DivCompensatedF32(float a, float b) {
  const float z = a / b;
  if (z == 0.0f || (Bits(z) | 0x80000000u) >= 0xff800000u) return z;  // 0, inf, NaN: as vdiv
  const int exp_a = static_cast<int>((Bits(a) & 0x7f800000u) >> 23) - 127;
  const float s = exp_a < -64 ? Float(static_cast<uint32_t>(-64 - exp_a + 127) << 23) : 1.0f;
  return Compensated(a * s, b * s, z);
}

float DivIeee754F32(float a, float b) {
  const uint32_t abs_a = Bits(a) & 0x7fffffffu, abs_b = Bits(b) & 0x7fffffffu;
  const bool valid = abs_a != 0x7f800000u && abs_b != 0x7f800000u && abs_a != 0 && abs_b != 0;
  const float max_subnormal = Float(0x007fffffu);
  int adjust = 0;
  float a_all = a, b_all = b;
  if (std::fabs(a) == max_subnormal) {  // vcmp_eq: the one subnormal dividend rescaled
    a_all = a * 0x1p23f;
    adjust = -23;
  }
  if (std::fabs(b) < max_subnormal) {
    b_all = b * 0x1p23f;
    adjust += 23;
  }
  float a_n = a_all, b_n = b_all;
  if (valid) {
    a_n = Float((Bits(a_all) & 0x807fffffu) + 0x3f800000u);
    b_n = Float((Bits(b_all) & 0x807fffffu) + 0x3f800000u);
  }
  float d = a_n / b_n;
  if (valid) d = Compensated(a_n, b_n, d);
  const bool norm_le = valid && std::fabs(a_n) <= std::fabs(b_n);
  d = d * Float(static_cast<uint32_t>(adjust + 127) << 23);
  if (valid) {
    const int scale = static_cast<int>((Bits(a_all) & 0x7f800000u) >> 23) -
                      static_cast<int>((Bits(b_all) & 0x7f800000u) >> 23) + 127;
    d = Float(ApplyScale(
        kF32Format, Bits(d), scale, norm_le, [](float x, float y) { return x * y; }, Float,
        Bits));
  }
  if (std::isnan(a) || std::isnan(b)) return Float(0x7fc00000u);
  return d;
}

uint16_t DivIeee754F16(uint16_t a, uint16_t b) {
  const uint32_t abs_a = a & 0x7fffu, abs_b = b & 0x7fffu;
  const bool valid = abs_a != 0x7c00u && abs_b != 0x7c00u && abs_a != 0 && abs_b != 0;
  const float max_subnormal = HalfValue(0x03ffu);
  auto mul = [](float x, float y) { return HalfValue(HalfOf(x * y)); };
  int adjust = 0;
  uint32_t a_all = a, b_all = b;
  if (std::fabs(HalfValue(a)) < max_subnormal) {
    a_all = HalfOf(HalfValue(a) * 1024.0f);
    adjust = -10;
  }
  if (std::fabs(HalfValue(b)) < max_subnormal) {
    b_all = HalfOf(HalfValue(b) * 1024.0f);
    adjust += 10;
  }
  uint32_t a_n = a_all, b_n = b_all;
  if (valid) {
    a_n = ((a_all & 0x83ffu) + 0x3c00u) & 0xffffu;
    b_n = ((b_all & 0x83ffu) + 0x3c00u) & 0xffffu;
  }
  uint32_t d = HalfOf(HalfValue(a_n) / HalfValue(b_n));
  const bool norm_le = valid && std::fabs(HalfValue(a_n)) <= std::fabs(HalfValue(b_n));
  d = HalfOf(mul(HalfValue(d), HalfValue(static_cast<uint32_t>(adjust + 15) << 10)));
  if (valid) {
    const int scale = static_cast<int>((a_all & 0x7c00u) >> 10) -
                      static_cast<int>((b_all & 0x7c00u) >> 10) + 15;
    d = ApplyScale(kF16Format, d, scale, norm_le, mul, HalfValue,
                   [](float v) { return static_cast<uint32_t>(HalfOf(v)); });
  }
  if (std::isnan(HalfValue(a)) || std::isnan(HalfValue(b))) return 0x7e00u;
  return static_cast<uint16_t>(d);
}

namespace {

// Whether the usual kernel's checks would pass: sources cover the region and overlap the
// destination only as the same tile (anything else is left to the usual kernel's faults).
bool Plain(const TileRef& d, const TileRef& src, int32_t rows, int32_t cols) {
  if (src.valid_rows < rows || src.valid_cols < cols) return false;
  return !Overlaps(d, src) || (src.addr == d.addr && *src.type == *d.type);
}

struct Operands {
  TileRef d, a, b;
  double k = 0;  // the scalar (tdivs), as the element type holds it
  bool has_b = false;
};

// The pair of values element (r, c) divides.
template <typename T>
void Pair(const Operands& o, DivideForm form, int32_t r, int32_t c, T* x, T* y) {
  switch (form) {
    case DivideForm::kTiles: *x = *o.a.At<T>(r, c); *y = *o.b.At<T>(r, c); return;
    case DivideForm::kPerRow: *x = *o.a.At<T>(r, c); *y = *o.b.At<T>(r, 0); return;
    case DivideForm::kPerColumn: *x = *o.a.At<T>(r, c); *y = *o.b.At<T>(0, c); return;
    case DivideForm::kScalar: *x = *o.a.At<T>(r, c); *y = Elem<T>::Store(static_cast<typename Elem<T>::C>(o.k)); return;
    case DivideForm::kScalarFirst: *x = Elem<T>::Store(static_cast<typename Elem<T>::C>(o.k)); *y = *o.a.At<T>(r, c); return;
    case DivideForm::kRecip: *x = Elem<T>::Store(1.0f); *y = *o.a.At<T>(r, c); return;
  }
}

template <typename T>
void DivideAll(const Operands& o, DivideForm form) {
  for (int32_t r = 0; r < o.d.valid_rows; ++r) {
    for (int32_t c = 0; c < o.d.valid_cols; ++c) {
      T x{}, y{};
      Pair<T>(o, form, r, c, &x, &y);
      T* out = o.d.At<T>(r, c);
      if constexpr (std::is_same_v<T, float>) {
        *out = form == DivideForm::kTiles ? DivCompensatedF32(x, y) : DivIeee754F32(x, y);
      } else {
        *out = Half{DivIeee754F16(x.bits, y.bits)};
      }
    }
  }
}

}  // namespace

bool NpuHighPrecisionDivide(Executor& ex, const Instr& in, DivideForm form, bool* ok) {
  if (ex.core().arith != Arith::kNpu || ex.program().arch != Arch::kA5 || !HighPrecision(in)) {
    return false;
  }
  Operands o;
  *ok = false;
  if (!ex.Tile(in.operands[0], &o.d) || !ex.Tile(in.operands[1], &o.a)) return true;
  const DType t = o.d.type->dtype;
  if (t != DType::kF32 && t != DType::kF16) return false;
  const int32_t rows = o.d.valid_rows, cols = o.d.valid_cols;
  o.has_b = form == DivideForm::kTiles || form == DivideForm::kPerRow ||
            form == DivideForm::kPerColumn;
  if (o.has_b && !ex.Tile(in.operands[2], &o.b)) return true;
  if (!Plain(o.d, o.a, rows, cols)) return false;
  if (o.has_b && !Plain(o.d, o.b, form == DivideForm::kPerColumn ? 1 : rows,
                        form == DivideForm::kPerRow ? 1 : cols)) {
    return false;
  }
  if (form == DivideForm::kScalar || form == DivideForm::kScalarFirst) {
    o.k = t == DType::kF32 ? ScalarAs<float>(ex, in.operands[2]) : ScalarAs<Half>(ex, in.operands[2]);
  }
  if (t == DType::kF32) DivideAll<float>(o, form);
  else DivideAll<Half>(o, form);
  *ok = true;
  return true;
}

}  // namespace pto::interp
