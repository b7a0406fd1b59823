// The NPU's remainder sequences (npu_remainder.h). Per element, with every step rounded:
//   default f32 (both arches): q = a / b; n = floor(q) (trem, trems) or trunc(q) (tfmod,
//     tfmods); r = a - n * b; the floor forms then fix the sign: where r * b < 0, r = r + b
//     (trem on both arches and trems on a2a3; a5's trems has no fix).
//   a5 f16: the same in f32 from the exact widened operands, r rounded toward zero to f16,
//     and trem's sign fix in f16.
//   a5 high precision f32: the exact fmod, then trem's sign fix rounded as above (tfmod's
//     high precision is the exact fmod: left to the exact kernel).
//   a2a3 i32 trem, trems: through f32 (vconv nearest), the quotient floored to i32, the product
//     and difference in i32 (wrapping), the sign fix in f32, truncated back (saturating). The
//     sources are converted in place: the dividend keeps its f32 round trip, trem's divisor
//     its f32 bits (reported), as kFlagSourcesWrittenA2A3 declares.
// a2a3's trems selects the sign fix with CMPMASK's first 64 bits for every repeat (vsel mode
// 0), so column c of a row is fixed where column c mod 64 needed it.
#include "pto/interp/tile/npu_remainder.h"

#include <cmath>
#include <cstdint>
#include <cstring>

#include "pto/common/strings.h"
#include "pto/interp/element/convert_element.h"
#include "pto/interp/tile/tile_shared.h"

namespace pto::interp {
namespace {

enum class Path { kExact, kF32, kF16, kF32High, kI32 };

Path PathOf(Executor& ex, const Instr& in, DType t, RemainderForm form) {
  if (ex.core().arith != Arith::kNpu) return Path::kExact;
  const bool a5 = ex.program().arch == Arch::kA5;
  if (t == DType::kF32) {
    if (!a5 || !HighPrecision(in)) return Path::kF32;
    return form.floor_mod ? Path::kF32High : Path::kExact;
  }
  if (t == DType::kF16 && a5) return Path::kF16;
  if (t == DType::kI32 && !a5 && form.floor_mod) return Path::kI32;
  return Path::kExact;
}

// a - n * b with n = floor or trunc of a / b, each step rounded to f32 (vdiv, vtrc, vmul, vsub).
float QuotientSteps(float a, float b, bool floor_mod) {
  const float q = a / b;
  const float n = floor_mod ? std::floor(q) : std::trunc(q);
  const float p = n * b;
  return a - p;
}

float RoundHalf(double v) { return Elem<Half>::FromDouble(v); }

// The remainder of one element before the sign fix, in f32 (the f16 path: already rounded
// toward zero to f16), and whether its sign needs the fix (r * b < 0, rounded to the type).
struct Partial {
  float r;
  bool negative_product;
};

Partial Before(Path path, float a, float b, bool floor_mod) {
  switch (path) {
    case Path::kF16: {
      const float r32 = QuotientSteps(a, b, floor_mod);
      const float r = Elem<Half>::Load(ToFloat<Half>(r32, RoundMode::kTrunc, true));
      return {r, RoundHalf(static_cast<double>(r) * b) < 0};
    }
    case Path::kF32High: {
      const float r = static_cast<float>(std::fmod(static_cast<double>(a), static_cast<double>(b)));
      return {r, r * b < 0};
    }
    default: {
      const float r = QuotientSteps(a, b, floor_mod);
      return {r, r * b < 0};
    }
  }
}

float Fixed(Path path, float r, float b) {
  return path == Path::kF16 ? RoundHalf(static_cast<double>(r) + b) : r + b;
}

// a2a3's i32 sequence up to the sign fix: the difference as an f32 value. The sources are
// converted to f32 and back in place (nearest), so the product takes trem's divisor and both
// forms' dividend as the f32 round trip left them; trems multiplies by its scalar as given.
struct IntSteps {
  float diff;          // a - n b, as an f32 value
  int32_t a_after;     // the dividend tile's element after the sequence (its f32 round trip)
  uint32_t b_after;    // trem's divisor element after it: its f32 value's bits
};
IntSteps IntBefore(int32_t a, int32_t b, bool scalar) {
  const float af = static_cast<float>(a), bf = static_cast<float>(b);
  const int64_t n = ToInteger<int32_t>(std::floor(af / bf), RoundMode::kFloor, true);
  const int32_t a2 = ToInteger<int32_t>(af, RoundMode::kRint, true);
  const int32_t b2 = scalar ? b : ToInteger<int32_t>(bf, RoundMode::kRint, true);
  const auto diff = static_cast<int32_t>(static_cast<uint32_t>(a2) -
                                         static_cast<uint32_t>(n) * static_cast<uint32_t>(b2));
  const float b2f = static_cast<float>(b2);
  uint32_t b_bits;
  std::memcpy(&b_bits, &b2f, sizeof b_bits);
  return {static_cast<float>(diff), a2, b_bits};
}

struct Operands {
  TileRef d, a, b;
  float k = 0;        // the scalar divisor (float types)
  int32_t k_int = 0;  // the scalar divisor (i32)
};

bool SignFixOn(Executor& ex, Path path, RemainderForm form) {
  if (!form.floor_mod) return false;
  return !(form.scalar && ex.program().arch == Arch::kA5 && path != Path::kF32High);
}

// One row: the remainders of elements [0, cols), with a2a3's trems quirk (column c fixed by
// column c mod 64's product).
template <typename T>
void Row(Executor& ex, Path path, RemainderForm form, const Operands& o, int32_t row,
         int32_t cols) {
  const bool fix = SignFixOn(ex, path, form);
  const bool lane_quirk = form.scalar && ex.program().arch == Arch::kA2A3;
  constexpr int kLanes = 64;  // f32 and i32 lanes of one repeat
  bool negative[kLanes] = {};
  T* ap = o.a.At<T>(row, 0);
  T* bp = form.scalar ? nullptr : o.b.At<T>(row, 0);
  T* dp = o.d.At<T>(row, 0);
  for (int32_t c = 0; c < cols; ++c) {
    float r, b;
    bool neg;
    if constexpr (std::is_same_v<T, int32_t>) {
      const int32_t bi = form.scalar ? o.k_int : bp[c];
      b = static_cast<float>(bi);
      const IntSteps steps = IntBefore(ap[c], bi, form.scalar);
      r = steps.diff;
      neg = r * b < 0;
      ap[c] = steps.a_after;  // the sources as the sequence leaves them (vconv in place)
      if (!form.scalar) std::memcpy(&bp[c], &steps.b_after, sizeof(int32_t));
    } else {
      b = form.scalar ? o.k : Elem<T>::Load(bp[c]);
      const Partial p = Before(path, Elem<T>::Load(ap[c]), b, form.floor_mod);
      r = p.r;
      neg = p.negative_product;
    }
    if (lane_quirk) {
      if (c < kLanes) negative[c] = neg;
      neg = negative[c % kLanes];
    }
    if (fix && neg) r = Fixed(path, r, b);
    if constexpr (std::is_same_v<T, int32_t>) {
      dp[c] = ToInteger<int32_t>(r, RoundMode::kTrunc, true);
    } else if constexpr (std::is_same_v<T, float>) {
      dp[c] = r;
    } else {
      dp[c] = Elem<T>::Store(r);  // r is an f16 value already
    }
  }
}

// a2a3 overwrites a source before reading it again when the destination is one (the
// sequence's vmul writes dst, then vsub reads the source there).
bool RejectAliasA2A3(Executor& ex, const Operands& o, RemainderForm form) {
  if (ex.program().arch != Arch::kA2A3) return true;
  const DType t = o.d.type->dtype;
  if (t != DType::kF32 && t != DType::kI32) return true;
  const bool on_a = o.d.base == o.a.base;
  if (!on_a && (form.scalar || o.d.base != o.b.base)) return true;
  const char* header = form.floor_mod ? (form.scalar ? "TRemS.hpp" : "TRem.hpp")
                                      : (form.scalar ? "TFmodS.hpp" : "TFmod.hpp");
  if (on_a) {
    return ex.Fault(StrCat("on a2a3 the result cannot go to the dividend tile ", ex.TileName(o.a.reg),
                           ": the NPU's sequence overwrites it with the rounded quotient times the "
                           "divisor before subtracting that from it (pto-isa a2a3 ", header,
                           "), so every element would be 0; give the result another tile"));
  }
  return ex.Fault(StrCat("on a2a3 the result cannot go to the divisor tile ", ex.TileName(o.b.reg),
                         ": the NPU's sequence writes over the divisor before it reads the divisor "
                         "again (pto-isa a2a3 ", header, "), so the result would not be the "
                         "remainder; give the result another tile"));
}

}  // namespace

bool NpuRemainder(Executor& ex, const Instr& in, RemainderForm form, bool* ok) {
  Operands o;
  *ok = false;
  if (!ex.Tile(in.operands[0], &o.d) || !ex.Tile(in.operands[1], &o.a)) return true;
  if (!form.scalar && !ex.Tile(in.operands[2], &o.b)) return true;
  const int32_t rows = o.d.valid_rows, cols = o.d.valid_cols;
  if (!RequireCovers(ex, o.a, rows, cols, "source") ||
      (!form.scalar && !RequireCovers(ex, o.b, rows, cols, "source")) ||
      !(form.scalar ? RejectPartialOverlap(ex, o.d, {&o.a}, rows, cols)
                    : RejectPartialOverlap(ex, o.d, {&o.a, &o.b}, rows, cols)) ||
      !RejectAliasA2A3(ex, o, form)) {
    return true;
  }
  const Path path = PathOf(ex, in, o.d.type->dtype, form);
  if (path == Path::kExact) return false;
  if (path == Path::kI32) {
    if (form.scalar) o.k_int = static_cast<int32_t>(ScalarAs<int32_t>(ex, in.operands[2]));
    int32_t zr, zc;
    if (form.scalar ? o.k_int == 0 : AnyZero<int32_t>(o.b, rows, cols, &zr, &zc)) {
      return false;  // the exact kernel's fault
    }
    if (!form.scalar &&
        !ex.Suspect(StrCat("on a2a3 trem on i32 leaves its divisor tile ", ex.TileName(o.b.reg),
                           " holding the divisors as f32 bit patterns: pto-isa's sequence "
                           "converts it in place and does not convert it back (a2a3 "
                           "TRem.hpp), as ptorun does with --arith npu; load it again before "
                           "reading it"))) {
      return true;
    }
  } else if (form.scalar) {
    o.k = path == Path::kF16 ? ScalarAs<Half>(ex, in.operands[2]) : ScalarAs<float>(ex, in.operands[2]);
  }
  for (int32_t r = 0; r < rows; ++r) {
    if (path == Path::kI32) Row<int32_t>(ex, path, form, o, r, cols);
    else if (path == Path::kF16) Row<Half>(ex, path, form, o, r, cols);
    else Row<float>(ex, path, form, o, r, cols);
  }
  *ok = true;
  return true;
}

}  // namespace pto::interp
