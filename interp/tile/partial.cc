// The Partial family: elementwise operations over the union of two valid regions
// (tpartadd/mul/max/min).
#include <limits>

#include "pto/common/strings.h"
#include "pto/interp/tile/tile_shared.h"

namespace pto::interp {

namespace {

bool FitsIn(const TileRef& s, const TileRef& d) {
  return s.valid_rows <= d.valid_rows && s.valid_cols <= d.valid_cols;
}

bool SameValid(const TileRef& s, const TileRef& d) {
  return s.valid_rows == d.valid_rows && s.valid_cols == d.valid_cols;
}

// tpartmax and tpartmin (a5) fill the part of D(d) neither source covers with the type's
// lowest (highest) finite value, as PTOAS v0.60's a5 expansion does (docs/semantics.md).
template <typename Op>
constexpr bool PadsUncovered() {
  return std::is_same_v<Op, ops::Max> || std::is_same_v<Op, ops::Min>;
}

template <typename T, typename Op>
T UncoveredPad() {
  using E = Elem<T>;
  constexpr bool kMax = std::is_same_v<Op, ops::Max>;
  if constexpr (E::kFloat) {
    float finite_max = std::numeric_limits<float>::max();
    if constexpr (std::is_same_v<T, Half>) finite_max = 65504.0f;
    if constexpr (std::is_same_v<T, BFloat16>) finite_max = 3.3895313892515355e38f;  // 0x7f7f
    return E::Store(kMax ? -finite_max : finite_max);
  } else {
    return kMax ? std::numeric_limits<T>::lowest() : std::numeric_limits<T>::max();
  }
}

}  // namespace

// Over D(d): Op(a, b) where both sources are valid, else the one that is. Both valid regions
// must fit in d's; where neither covers a place of D(d), tpartmax/tpartmin write the pad above
// and tpartadd/tpartmul fault (the NPU's implementation needs one source equal to d).
template <typename Op>
bool ExecPartial(Executor& ex, const Instr& in) {
  TileRef d, a, b;
  if (!ex.Tile(in.operands[0], &d) || !ex.Tile(in.operands[1], &a) ||
      !ex.Tile(in.operands[2], &b)) {
    return false;
  }
  const bool one_covers = SameValid(a, d) || SameValid(b, d);
  if (!FitsIn(a, d) || !FitsIn(b, d) || (!one_covers && !PadsUncovered<Op>())) {
    return ex.Fault(StrCat("the sources' valid shapes (", a.valid_rows, "x", a.valid_cols, " and ",
                           b.valid_rows, "x", b.valid_cols, ") must fit in the destination's (",
                           d.valid_rows, "x", d.valid_cols, ")",
                           PadsUncovered<Op>() ? "" : " and one must equal it"));
  }
  const int32_t rows = d.valid_rows, cols = d.valid_cols;
  WithStorageType(d.type->dtype, [&](auto tag) {
    using T = decltype(tag);
    using E = Elem<T>;
    WithSafeDst(ex, d, {&a, &b}, true, [&](const TileRef& dst) {
      for (int32_t r = 0; r < rows; ++r) {
        T* dp = dst.At<T>(r, 0);
        const bool row_a = r < a.valid_rows, row_b = r < b.valid_rows;
        const T* ap = row_a ? a.At<T>(r, 0) : nullptr;
        const T* bp = row_b ? b.At<T>(r, 0) : nullptr;
        for (int32_t j = 0; j < cols; ++j) {
          const bool in_a = row_a && j < a.valid_cols, in_b = row_b && j < b.valid_cols;
          if (in_a && in_b) {
            dp[j] = E::Store(Op::Apply(E::Load(ap[j]), E::Load(bp[j])));
          } else if (in_a || in_b) {
            dp[j] = in_a ? ap[j] : bp[j];
          } else {
            if constexpr (PadsUncovered<Op>()) dp[j] = UncoveredPad<T, Op>();
          }
        }
      }
      return true;
    });
  });
  return true;
}

namespace ops {
struct ArgMax {};
struct ArgMin {};
}  // namespace ops

namespace {

// Whether (b, bi) replaces (a, ai). A2/A3 keeps a when a >= b (a <= b for the minimum), so a
// NaN on either side picks b; A5 takes b when b > a (b < a), so a NaN keeps a. Ties keep a.
template <typename Op, typename C>
bool TakesSecond(Arch arch, C a, C b) {
  constexpr bool kMax = std::is_same_v<Op, ops::ArgMax>;
  if (arch == Arch::kA2A3) return kMax ? !(a >= b) : !(a <= b);
  return kMax ? b > a : b < a;
}

}  // namespace

// tpartargmax / tpartargmin (d, di | a, b, ai, bi): over D(d), the winning (value, index) pair
// where both sources are valid, else the valid one's pair (pto-isa's TPartArg*, per arch).
template <typename Op>
bool ExecPartialArg(Executor& ex, const Instr& in) {
  TileRef t[6];  // d, di, a, b, ai, bi
  for (int i = 0; i < 6; ++i) {
    if (!ex.Tile(in.operands[i], &t[i])) return false;
  }
  const TileRef &d = t[0], &di = t[1], &a = t[2], &b = t[3], &ai = t[4], &bi = t[5];
  if (!FitsIn(a, d) || !FitsIn(b, d) || (!SameValid(a, d) && !SameValid(b, d))) {
    return ex.Fault(StrCat("the sources' valid shapes (", a.valid_rows, "x", a.valid_cols, " and ",
                           b.valid_rows, "x", b.valid_cols, ") must fit in the destination's (",
                           d.valid_rows, "x", d.valid_cols, ") and one must equal it"));
  }
  for (int i : {1, 4, 5}) {
    if (!SameValid(t[i], t[i == 1 ? 0 : i - 2])) {
      return ex.Fault(StrCat(ex.TileName(t[i].reg), " must have its value tile's valid shape"));
    }
  }
  const Arch arch = ex.program().arch;
  WithStorageType(d.type->dtype, [&](auto tag) {
    using T = decltype(tag);
    using E = Elem<T>;
    for (int32_t r = 0; r < d.valid_rows; ++r) {
      for (int32_t c = 0; c < d.valid_cols; ++c) {
        const bool in_a = r < a.valid_rows && c < a.valid_cols;
        const bool in_b = r < b.valid_rows && c < b.valid_cols;
        const bool second = !in_a || (in_b && TakesSecond<Op>(arch, E::Load(*a.At<T>(r, c)),
                                                             E::Load(*b.At<T>(r, c))));
        *d.At<T>(r, c) = *(second ? b : a).template At<T>(r, c);
        *di.At<uint32_t>(r, c) = *(second ? bi : ai).template At<uint32_t>(r, c);
      }
    }
  });
  return true;
}

#define PTO_IMPLEMENTS_PartialArg PTO_YES
#define PTO_IMPLEMENTS_Partial PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
