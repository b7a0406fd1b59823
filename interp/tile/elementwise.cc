// The Binary, Unary, TileScalar, Ternary and ScalarTernary families: d[i,j] = f(a[i,j], ...)
// over the valid region of d. Their operands are ND vec tiles (common/isa/operand_rules.cc), so
// rows are contiguous.
#include <cmath>
#include <type_traits>

#include "pto/common/isa/opcode.h"
#include "pto/common/strings.h"
#include "pto/interp/tile/fast_paths.h"
#include "pto/interp/tile/tile_shared.h"
#include "pto/interp/tile/npu_a2a3.h"
#include "pto/interp/tile/npu_divide.h"
#include "pto/interp/tile/npu_remainder.h"
#include "pto/interp/tile/npu_unary.h"

namespace pto::interp {

namespace {

// Integer division and remainders fault on a zero divisor (docs/semantics.md).
template <typename Op>
constexpr bool kIntDivides =
    std::is_same_v<Op, ops::Div> || std::is_same_v<Op, ops::Rem> || std::is_same_v<Op, ops::FMod>;
template <typename Op>
constexpr const char* kDivideWord = std::is_same_v<Op, ops::Div> ? "division" : "remainder";

template <typename Op>
bool ZeroDivisor(Executor& ex, const TileRef& t, int32_t r, int32_t c) {
  return ex.Fault(StrCat("integer ", kDivideWord<Op>, " by zero: ", ex.TileName(t.reg), "[", r,
                         ", ", c, "] is 0"));
}

bool Unsupported(Executor& ex, DType dtype) {
  return ex.Fault(StrCat("element type ", DTypeName(dtype), " is not supported here"));
}

}  // namespace

// Written as templates of T so that `if constexpr` on them is a dependent condition: the branch
// not taken is then never instantiated (clang checks non-dependent discarded branches).
template <typename Op, typename T>
constexpr bool kShiftOf = (std::is_same_v<Op, ops::Shl> || std::is_same_v<Op, ops::Shr>) &&
                          !Elem<T>::kFloat;
template <typename Op, typename T>
constexpr bool kApplyOf = !std::is_same_v<Op, ops::Shl> && !std::is_same_v<Op, ops::Shr> &&
                          requires(typename Elem<T>::C x) { Op::Apply(x, x); };

// Calls through function templates of the element type: the operation's members are looked up
// only when a type that uses them is instantiated.
template <typename Op, typename T, typename C>
C ShiftValue(C x, int64_t k) {
  return Op::template Shift<T>(x, k);
}
template <typename Op, typename C>
C ApplyValue(C a, C b) {
  return Op::Apply(a, b);
}

// tshl/tshr: per-element counts from b (same element type as a). A negative count faults, as a
// negative tshls/tshrs scalar does; counts of the width or more follow Shl/Shr.
template <typename Op, typename T>
bool ShiftTiles(Executor& ex, TileRef d, const TileRef& a, const TileRef& b, int32_t rows,
                int32_t cols) {
  using E = Elem<T>;
  if constexpr (E::kSigned) {
    for (int32_t r = 0; r < rows; ++r) {
      const T* bp = b.At<T>(r, 0);
      for (int32_t c = 0; c < cols; ++c) {
        if (bp[c] < 0) {
          return ex.Fault(StrCat("shift count ", ex.TileName(b.reg), "[", r, ", ", c, "] is ",
                                 static_cast<int64_t>(bp[c]), ", which is negative"));
        }
      }
    }
  }
  return WithSafeDst(ex, d, {&a, &b}, true, [&](const TileRef& dst) {
    for (int32_t r = 0; r < rows; ++r) {
      T* dp = dst.At<T>(r, 0);
      const T* ap = a.At<T>(r, 0);
      const T* bp = b.At<T>(r, 0);
      for (int32_t c = 0; c < cols; ++c) {
        dp[c] = E::Store(ShiftValue<Op, T>(E::Load(ap[c]), E::Load(bp[c])));
      }
    }
    return true;
  });
}

// The general path (any layout, valid region, element type or overlap), out of line so that
// the fast path stays a small function.
template <typename Op>
[[gnu::noinline]] bool GeneralBinary(Executor& ex, const Instr& in) {
  TileRef d, a, b;
  if (!ex.Tile(in.operands[0], &d) || !ex.Tile(in.operands[1], &a) ||
      !ex.Tile(in.operands[2], &b)) {
    return false;
  }
  const int32_t rows = d.valid_rows, cols = d.valid_cols;
  if (!RequireCovers(ex, a, rows, cols, "first source") ||
      !RequireCovers(ex, b, rows, cols, "second source") ||
      !RejectPartialOverlap(ex, d, {&a, &b}, rows, cols)) {
    return false;
  }
  bool ok = true;
  WithStorageType(d.type->dtype, [&](auto tag) {
    using T = decltype(tag);
    using E = Elem<T>;
    if constexpr (kShiftOf<Op, T>) {
      ok = ShiftTiles<Op, T>(ex, d, a, b, rows, cols);
    } else if constexpr (kApplyOf<Op, T>) {
      if constexpr (kIntDivides<Op> && !E::kFloat) {
        int32_t zr, zc;
        if (AnyZero<T>(b, rows, cols, &zr, &zc)) {
          ok = ZeroDivisor<Op>(ex, b, zr, zc);
          return;
        }
      }
      ok = WithSafeDst(ex, d, {&a, &b}, true, [&](const TileRef& dst) {
        if constexpr (std::is_same_v<T, float> && kSimdBinary<Op> >= 0) {
          simd::BinaryF32Rows(static_cast<simd::Binary>(kSimdBinary<Op>), a.Origin<T>(),
                              a.type->RowStep(), b.Origin<T>(), b.type->RowStep(),
                              dst.Origin<T>(), dst.type->RowStep(), rows, cols);
          return true;
        }
        if constexpr (kIsHalf<T> && kSimdBinary<Op> >= 0) {
          auto bits = [](const TileRef& t) { return reinterpret_cast<uint16_t*>(t.Origin<T>()); };
          simd::BinaryHalfRows(kHalfType<T>, static_cast<simd::Binary>(kSimdBinary<Op>), bits(a),
                               a.type->RowStep(), bits(b), b.type->RowStep(), bits(dst),
                               dst.type->RowStep(), rows, cols);
          return true;
        }
        for (int32_t r = 0; r < rows; ++r) {
          T* dp = dst.At<T>(r, 0);
          const T* ap = a.At<T>(r, 0);
          const T* bp = b.At<T>(r, 0);
          for (int32_t c = 0; c < cols; ++c) {
            dp[c] = E::Store(ApplyValue<Op>(E::Load(ap[c]), E::Load(bp[c])));
          }
        }
        return true;
      });
    } else {
      ok = Unsupported(ex, d.type->dtype);
    }
  });
  return ok;
}

template <typename Op>
constexpr bool kRemainder = std::is_same_v<Op, ops::Rem> || std::is_same_v<Op, ops::FMod>;

template <typename Op>
bool ExecBinary(Executor& ex, const Instr& in) {
  if constexpr (kRemainder<Op>) {  // the NPU's sequences (npu_remainder.h)
    bool ok;
    if (NpuRemainder(ex, in, {std::is_same_v<Op, ops::Rem>, false}, &ok)) return ok;
  }
  if constexpr (std::is_same_v<Op, ops::PRelu>) {
    if (!PReluApartA2A3(ex, in)) return false;
  }
  if constexpr (std::is_same_v<Op, ops::Div>) {  // a5's high precision (npu_divide.h)
    bool ok;
    if (NpuHighPrecisionDivide(ex, in, DivideForm::kTiles, &ok)) return ok;
  }
  if constexpr (kSimdBinary<Op> >= 0) {
    if (FastBinary<static_cast<simd::Binary>(kSimdBinary<Op>)>(ex, in)) return true;
  }
  return GeneralBinary<Op>(ex, in);
}

template <typename Op>
constexpr int kNpuUnaryOf = std::is_same_v<Op, ops::Rsqrt> ? static_cast<int>(NpuUnary::kRsqrt)
                            : std::is_same_v<Op, ops::Exp> ? static_cast<int>(NpuUnary::kExp)
                            : std::is_same_v<Op, ops::Log> ? static_cast<int>(NpuUnary::kLog)
                                                           : -1;

// dst = Op(a) on the valid rows and columns, element by element; a 16-bit one evaluated in
// double (exp, log, rsqrt: each has a SIMD loop) through UnaryHalfRun, rounded once.
template <typename Op, typename T>
void UnaryRows(const TileRef& dst, const TileRef& a, int32_t rows, int32_t cols) {
  using E = Elem<T>;
  for (int32_t r = 0; r < rows; ++r) {
    T* dp = dst.At<T>(r, 0);
    const T* ap = a.At<T>(r, 0);
    if constexpr (kIsHalf<T> && kInDouble<Op>) {
      static_assert(kSimdUnary<Op> >= 0);
      UnaryHalfRun<Op, T>(ap, dp, cols);
    } else {
      for (int32_t c = 0; c < cols; ++c) dp[c] = E::Store(Op::Apply(E::Load(ap[c])));
    }
  }
}

template <typename Op>
bool ExecUnary(Executor& ex, const Instr& in) {
  TileRef d, a;
  if (!ex.Tile(in.operands[0], &d) || !ex.Tile(in.operands[1], &a)) return false;
  const int32_t rows = d.valid_rows, cols = d.valid_cols;
  if (!RequireCovers(ex, a, rows, cols, "source") || !RejectPartialOverlap(ex, d, {&a}, rows, cols)) {
    return false;
  }
  bool ok = true;
  if constexpr (std::is_same_v<Op, ops::Recip>) {  // a2a3's trecip is tdivs 1 / a (npu_a2a3.h)
    if (!ScalarFirstApart(ex, d, a)) return false;
    if (NpuHighPrecisionDivide(ex, in, DivideForm::kRecip, &ok)) return ok;  // a5 (npu_divide.h)
  }
  if constexpr (kNpuUnaryOf<Op> >= 0) {  // the NPU's sequences (npu_unary.h)
    if (NpuUnarySteps(ex, in, static_cast<NpuUnary>(kNpuUnaryOf<Op>), d, a, &ok)) return ok;
  }
  WithStorageType(d.type->dtype, [&](auto tag) {
    using T = decltype(tag);
    using E = Elem<T>;
    using C = typename E::C;
    if constexpr (requires(C x) { Op::Apply(x); }) {
      ok = WithSafeDst(ex, d, {&a}, true, [&](const TileRef& dst) {
        if constexpr (std::is_same_v<T, float> && kSimdUnary<Op> >= 0) {
          ForRuns(rows, cols, {&dst, &a}, [&](int32_t r, size_t n) {
            simd::UnaryF32(static_cast<simd::Unary>(kSimdUnary<Op>), a.At<T>(r, 0),
                           dst.At<T>(r, 0), n);
          });
          return true;
        }
        UnaryRows<Op, T>(dst, a, rows, cols);
        return true;
      });
    } else {
      ok = Unsupported(ex, d.type->dtype);
    }
  });
  return ok;
}

// The general path of ExecTileScalar (out of line, as GeneralBinary).
template <typename Op>
[[gnu::noinline]] bool GeneralTileScalar(Executor& ex, const Instr& in, bool scalar_first) {
  TileRef d, a;
  if (!ex.Tile(in.operands[0], &d) || !ex.Tile(in.operands[1], &a)) return false;
  const int32_t rows = d.valid_rows, cols = d.valid_cols;
  if (!RequireCovers(ex, a, rows, cols, "source") || !RejectPartialOverlap(ex, d, {&a}, rows, cols)) {
    return false;
  }
  const uint32_t scalar_reg = in.operands[2];
  bool ok = true;
  WithStorageType(d.type->dtype, [&](auto tag) {
    using T = decltype(tag);
    using E = Elem<T>;
    using C = typename E::C;
    if constexpr (kShiftOf<Op, T>) {
      int64_t k = ex.scalar(scalar_reg).i;
      if (k < 0) {
        ok = ex.Fault(StrCat("shift count ", k, " is negative"));
        return;
      }
      ok = WithSafeDst(ex, d, {&a}, true, [&](const TileRef& dst) {
        for (int32_t r = 0; r < rows; ++r) {
          T* dp = dst.At<T>(r, 0);
          const T* ap = a.At<T>(r, 0);
          for (int32_t c = 0; c < cols; ++c) dp[c] = E::Store(ShiftValue<Op, T>(E::Load(ap[c]), k));
        }
        return true;
      });
    } else if constexpr (kApplyOf<Op, T>) {
      C k = ScalarAs<T>(ex, scalar_reg);
      if constexpr (std::is_same_v<Op, ops::Sub> && !E::kFloat) {
        if (SubtractsThroughFloat(ex, d.type->dtype)) k = NpuSubsScalar<T>(k);
      }
      if constexpr (kIntDivides<Op> && !E::kFloat) {
        int32_t zr, zc;
        if (!scalar_first && k == 0) {
          ok = ex.Fault(StrCat("integer ", kDivideWord<Op>, " by zero: the scalar divisor is 0"));
          return;
        }
        if (scalar_first && AnyZero<T>(a, rows, cols, &zr, &zc)) {
          ok = ZeroDivisor<Op>(ex, a, zr, zc);
          return;
        }
      }
      [[maybe_unused]] const NpuDivS divs =
          std::is_same_v<Op, ops::Div> ? NpuDivSOf(ex, d, a, scalar_first) : NpuDivS::kExact;
      ok = WithSafeDst(ex, d, {&a}, true, [&](const TileRef& dst) {
        if constexpr (E::kFloat) {
          if (divs == NpuDivS::kReciprocal) {
            for (int32_t r = 0; r < rows; ++r) {
              T* dp = dst.At<T>(r, 0);
              const T* ap = a.At<T>(r, 0);
              for (int32_t c = 0; c < cols; ++c) dp[c] = NpuReciprocalDivide<T>(E::Load(ap[c]), k);
            }
            return true;
          }
        }
        if constexpr (std::is_same_v<T, float> && kSimdBinary<Op> >= 0) {
          ForRuns(rows, cols, {&dst, &a}, [&](int32_t r, size_t n) {
            simd::ScalarF32(static_cast<simd::Binary>(kSimdBinary<Op>), a.At<T>(r, 0), k,
                            scalar_first, dst.At<T>(r, 0), n);
          });
          return true;
        }
        if constexpr (kIsHalf<T> && kSimdBinary<Op> >= 0) {
          ForRuns(rows, cols, {&dst, &a}, [&](int32_t r, size_t n) {
            simd::ScalarHalf(kHalfType<T>, static_cast<simd::Binary>(kSimdBinary<Op>),
                             reinterpret_cast<const uint16_t*>(a.At<T>(r, 0)), k, scalar_first,
                             reinterpret_cast<uint16_t*>(dst.At<T>(r, 0)), n);
          });
          return true;
        }
        for (int32_t r = 0; r < rows; ++r) {
          T* dp = dst.At<T>(r, 0);
          const T* ap = a.At<T>(r, 0);
          if (scalar_first) {
            for (int32_t c = 0; c < cols; ++c) dp[c] = E::Store(ApplyValue<Op>(k, E::Load(ap[c])));
          } else {
            for (int32_t c = 0; c < cols; ++c) dp[c] = E::Store(ApplyValue<Op>(E::Load(ap[c]), k));
          }
        }
        return true;
      });
    } else {
      ok = Unsupported(ex, d.type->dtype);
    }
  });
  return ok;
}

template <typename Op>
bool ExecTileScalar(Executor& ex, const Instr& in) {
  const bool scalar_first =
      HasFlag(in.op, kFlagScalarFirst) && in.count > 3 && in.operands[in.count - 1] == 1;
  if constexpr (kRemainder<Op>) {  // the NPU's sequences (npu_remainder.h)
    bool ok;
    if (NpuRemainder(ex, in, {std::is_same_v<Op, ops::Rem>, true}, &ok)) return ok;
  }
  if constexpr (std::is_same_v<Op, ops::Div>) {
    bool ok;  // a5's high precision (npu_divide.h)
    const DivideForm form = scalar_first ? DivideForm::kScalarFirst : DivideForm::kScalar;
    if (NpuHighPrecisionDivide(ex, in, form, &ok)) return ok;
    if (ex.program().arch == Arch::kA2A3) {  // a2a3's own sequences (npu_a2a3.h)
      TileRef d, a;
      if (!ex.Tile(in.operands[0], &d) || !ex.Tile(in.operands[1], &a)) return false;
      if (scalar_first && !ScalarFirstApart(ex, d, a)) return false;
      if (NpuDivSOf(ex, d, a, scalar_first) != NpuDivS::kExact) {
        return GeneralTileScalar<Op>(ex, in, scalar_first);
      }
    }
  }
  if constexpr (kSimdBinary<Op> >= 0) {
    constexpr auto op = static_cast<simd::Binary>(kSimdBinary<Op>);
    if (scalar_first ? FastScalar<op, true>(ex, in) : FastScalar<op, false>(ex, in)) return true;
  }
  return GeneralTileScalar<Op>(ex, in, scalar_first);
}

// d = (a op b) + c   or   d = (a op k) + b
template <typename Op>
bool ExecTernary(Executor& ex, const Instr& in) {
  TileRef d, a, b, c;
  if (!ex.Tile(in.operands[0], &d) || !ex.Tile(in.operands[1], &a) ||
      !ex.Tile(in.operands[2], &b) || !ex.Tile(in.operands[3], &c)) {
    return false;
  }
  const int32_t rows = d.valid_rows, cols = d.valid_cols;
  for (const TileRef* s : {&a, &b, &c}) {
    if (!RequireCovers(ex, *s, rows, cols, "source")) return false;
  }
  if (!RejectPartialOverlap(ex, d, {&a, &b, &c}, rows, cols)) return false;
  WithStorageType(d.type->dtype, [&](auto tag) {
    using T = decltype(tag);
    using E = Elem<T>;
    WithSafeDst(ex, d, {&a, &b, &c}, true, [&](const TileRef& dst) {
      for (int32_t r = 0; r < rows; ++r) {
        T* dp = dst.At<T>(r, 0);
        const T *ap = a.At<T>(r, 0), *bp = b.At<T>(r, 0), *cp = c.At<T>(r, 0);
        for (int32_t j = 0; j < cols; ++j) {
          dp[j] = E::Store(Op::Apply(E::Load(ap[j]), E::Load(bp[j]), E::Load(cp[j])));
        }
      }
      return true;
    });
  });
  return true;
}

template <typename Op>
bool ExecScalarTernary(Executor& ex, const Instr& in) {
  TileRef d, a, b;
  if (!ex.Tile(in.operands[0], &d) || !ex.Tile(in.operands[1], &a) ||
      !ex.Tile(in.operands[3], &b)) {
    return false;
  }
  const int32_t rows = d.valid_rows, cols = d.valid_cols;
  if (!RequireCovers(ex, a, rows, cols, "first source") ||
      !RequireCovers(ex, b, rows, cols, "second source") ||
      !RejectPartialOverlap(ex, d, {&a, &b}, rows, cols)) {
    return false;
  }
  WithStorageType(d.type->dtype, [&](auto tag) {
    using T = decltype(tag);
    using E = Elem<T>;
    const auto k = ScalarAs<T>(ex, in.operands[2]);
    WithSafeDst(ex, d, {&a, &b}, true, [&](const TileRef& dst) {
      for (int32_t r = 0; r < rows; ++r) {
        T* dp = dst.At<T>(r, 0);
        const T *ap = a.At<T>(r, 0), *bp = b.At<T>(r, 0);
        for (int32_t j = 0; j < cols; ++j) {
          dp[j] = E::Store(Op::Apply(E::Load(ap[j]), k, E::Load(bp[j])));
        }
      }
      return true;
    });
  });
  return true;
}

// taxpy: d = a * k + d over D(d), rounded once in d's type (the NPU's fused vaxpy, as the
// register layer's; docs/semantics.md). k is first rounded to a's type; an f16 a widens into
// an f32 d exactly.
template <typename Op>
bool ExecAxpy(Executor& ex, const Instr& in) {
  TileRef d, a;
  if (!ex.Tile(in.operands[0], &d) || !ex.Tile(in.operands[1], &a)) return false;
  const int32_t rows = d.valid_rows, cols = d.valid_cols;
  if (!RequireCovers(ex, a, rows, cols, "source") ||
      !RejectPartialOverlap(ex, d, {&a}, rows, cols)) {
    return false;
  }
  bool ok = true;
  WithStorageType(d.type->dtype, [&](auto dtag) {
    WithStorageType(a.type->dtype, [&](auto atag) {
      using D = std::remove_cvref_t<decltype(dtag)>;
      using A = std::remove_cvref_t<decltype(atag)>;
      if constexpr (Elem<D>::kFloat && Elem<A>::kFloat) {
        const double k = Elem<A>::Load(Elem<A>::Store(ScalarAs<A>(ex, in.operands[2])));
        if constexpr (std::is_same_v<D, float> && std::is_same_v<A, float>) {
          if (RowsContiguous(d) && RowsContiguous(a)) {  // the same fma, row by row in SIMD
            if (d.type->RowStep() == cols && a.type->RowStep() == cols) {  // one run
              simd::AxpyF32(a.Origin<float>(), static_cast<float>(k), d.Origin<float>(),
                            static_cast<size_t>(rows) * cols);
              return;
            }
            for (int32_t r = 0; r < rows; ++r) {
              simd::AxpyF32(a.At<float>(r, 0), static_cast<float>(k), d.At<float>(r, 0), cols);
            }
            return;
          }
        }
        for (int32_t r = 0; r < rows; ++r) {
          for (int32_t c = 0; c < cols; ++c) {
            D* to = d.At<D>(r, c);
            const double x = Elem<A>::Load(*a.At<A>(r, c)), y = Elem<D>::Load(*to);
            // fma in double, then one rounding: exact for f16/bf16; f32 fuses in float.
            if constexpr (std::is_same_v<D, float>) {
              *to = std::fma(static_cast<float>(k), static_cast<float>(x), static_cast<float>(y));
            } else {
              *to = Elem<D>::Store(Elem<D>::FromDouble(std::fma(k, x, y)));
            }
          }
        }
      } else {
        ok = Unsupported(ex, d.type->dtype);
      }
    });
  });
  return ok;
}

#define PTO_IMPLEMENTS_Axpy PTO_YES
#define PTO_IMPLEMENTS_Binary PTO_YES
#define PTO_IMPLEMENTS_Unary PTO_YES
#define PTO_IMPLEMENTS_TileScalar PTO_YES
#define PTO_IMPLEMENTS_Ternary PTO_YES
#define PTO_IMPLEMENTS_ScalarTernary PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
