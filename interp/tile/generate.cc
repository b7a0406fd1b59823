// The Fill, Triangle, Iota and FillPad families: tiles generated from scalars (texpands, ttri,
// tci) and padded copies (tfillpad and its in-place and expanding forms).
#include <cstring>

#include "pto/common/strings.h"
#include "pto/interp/tile/tile_shared.h"

namespace pto::interp {

template <typename Op>
bool ExecFill(Executor& ex, const Instr& in) {
  TileRef d;
  if (!ex.Tile(in.operands[0], &d)) return false;
  WithStorageType(d.type->dtype, [&](auto tag) {
    using T = decltype(tag);
    const T value = Elem<T>::Store(ScalarAs<T>(ex, in.operands[1]));
    if (d.type->mem == Memory::kMat) {  // pto-isa fills an L1 tile's whole storage
      T* all = reinterpret_cast<T*>(d.base);
      std::fill(all, all + int64_t{d.type->rows} * d.type->cols, value);
      return;
    }
    for (int32_t r = 0; r < d.valid_rows; ++r) {
      T* dp = d.At<T>(r, 0);
      for (int32_t c = 0; c < d.valid_cols; ++c) dp[c] = value;
    }
  });
  return true;
}

// Lower: d[i,j] = 1 if j <= i + k else 0. Upper: d[i,j] = 1 if j >= i + k else 0.
template <typename Op>
bool ExecTriangle(Executor& ex, const Instr& in) {
  TileRef d;
  if (!ex.Tile(in.operands[0], &d)) return false;
  const int64_t diag = ex.scalar(in.operands[1]).i;
  const bool upper = in.operands[2] == 1;
  WithStorageType(d.type->dtype, [&](auto tag) {
    using T = decltype(tag);
    using E = Elem<T>;
    const T one = E::Store(E::FromInt(1)), zero = E::Store(E::FromInt(0));
    for (int32_t r = 0; r < d.valid_rows; ++r) {
      T* dp = d.At<T>(r, 0);
      for (int32_t j = 0; j < d.valid_cols; ++j) {
        bool set = upper ? j >= r + diag : j <= r + diag;
        dp[j] = set ? one : zero;
      }
    }
  });
  return true;
}

// a2a3's descending tci with a tmp tile builds k + j, then negates it (pto-isa a2a3 TCI.hpp,
// TCI_b32_repeat and its siblings: vadds, then vmuls by -1): -(k + j), not k - j. --arith npu
// follows it and reports it (a warning; an error with --check=strict). False when the run stops.
bool NegatesDescending(Executor& ex, const Instr& in, bool* negate) {
  *negate = ex.core().arith == Arith::kNpu && ex.program().arch == Arch::kA2A3 &&
            in.operands[2] != kNoOperand && in.operands[3] == 1;
  return !*negate ||
         ex.Suspect("on a2a3 a descending tci with a tmp tile gives -(start + j), not start - j: "
                    "pto-isa's TCI counts up from start and negates the result (what ptorun "
                    "computes with --arith npu); drop the tmp tile, or run with --arith exact");
}

// d[0,j] = k + j, or k - j when descending, for j in the valid columns; wraps in d's type.
template <typename Op>
bool ExecIota(Executor& ex, const Instr& in) {
  TileRef d;
  if (!ex.Tile(in.operands[0], &d)) return false;
  const int64_t start = ex.scalar(in.operands[1]).i;
  const bool descending = in.operands[3] == 1;
  bool negate;
  if (!NegatesDescending(ex, in, &negate)) return false;
  WithStorageType(d.type->dtype, [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_integral_v<T>) {  // the verifier admits integer tiles only
      T* dp = d.Origin<T>();
      for (int32_t j = 0; j < d.valid_cols; ++j) {
        if (negate) {
          dp[j] = static_cast<T>(ops::WrapSub(0, ops::WrapAdd(start, j)));
        } else {
          dp[j] = static_cast<T>(descending ? ops::WrapSub(start, j) : ops::WrapAdd(start, j));
        }
      }
    }
  });
  return true;
}

// The whole of d: a's elements inside a's valid region, d's pad value elsewhere.
template <typename Op>
bool ExecFillPad(Executor& ex, const Instr& in) {
  TileRef d, a;
  if (!ex.Tile(in.operands[0], &d) || !ex.Tile(in.operands[1], &a)) return false;
  if (a.valid_rows > d.type->rows || a.valid_cols > d.type->cols) {
    return ex.Fault(StrCat("the source's valid region (", a.valid_rows, "x", a.valid_cols,
                           ") does not fit in ", ex.TileName(d.reg), " (", d.type->rows, "x",
                           d.type->cols, ")"));
  }
  WithStorageType(d.type->dtype, [&](auto tag) {
    using T = decltype(tag);
    const T pad = PadElement<T>(*d.type, ex.function().backend);
    WithSafeDst(ex, d, {&a}, false, [&](const TileRef& dst) {
      for (int32_t r = 0; r < d.type->rows; ++r) {
        for (int32_t j = 0; j < d.type->cols; ++j) {
          bool inside = r < a.valid_rows && j < a.valid_cols;
          std::memcpy(dst.At<T>(r, j), inside ? a.At<T>(r, j) : &pad, sizeof(T));
        }
      }
      return true;
    });
  });
  return true;
}

#define PTO_IMPLEMENTS_Fill PTO_YES
#define PTO_IMPLEMENTS_Triangle PTO_YES
#define PTO_IMPLEMENTS_Iota PTO_YES
#define PTO_IMPLEMENTS_FillPad PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
