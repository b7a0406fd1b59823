// The repeat layer's vector instructions (A2/A3): binary (vec_add ...), unary (vec_exp ...),
// vector-scalar (vec_adds ...) and vec_dup, on the repeat engine. A contiguous, fully
// masked instruction is one run of elements and takes the tile kernels' SIMD loops.
#include "pto/common/strings.h"
#include "pto/interp/host_simd/simd.h"
#include "pto/interp/vm/kernels.h"
#include "pto/interp/repeat/repeat_engine.h"
#include "pto/interp/tile/tile_shared.h"

namespace pto::interp {

namespace ops {
struct Dup {};
}  // namespace ops

namespace {

// The binary operations the accumulate exception covers (seed 001).
template <typename Op>
constexpr bool kAccumulates =
    std::is_same_v<Op, ops::Add> || std::is_same_v<Op, ops::Sub> || std::is_same_v<Op, ops::Mul> ||
    std::is_same_v<Op, ops::Max> || std::is_same_v<Op, ops::Min> || std::is_same_v<Op, ops::And> ||
    std::is_same_v<Op, ops::Or>;
template <typename Op>
constexpr bool kShift = std::is_same_v<Op, ops::Shl> || std::is_same_v<Op, ops::Shr>;

// Written as templates of T so that a branch not taken is never instantiated.
template <typename Op, typename T>
constexpr bool kBinaryOf = requires(typename Elem<T>::C x) { Op::Apply(x, x); };
template <typename Op, typename T>
constexpr bool kUnaryOf = requires(typename Elem<T>::C x) { Op::Apply(x); };

template <typename Op, typename T>
typename Elem<T>::C Binary(typename Elem<T>::C a, typename Elem<T>::C b) {
  if constexpr (kShift<Op>) {
    return Op::template Shift<T>(a, b);
  } else {
    return Op::Apply(a, b);
  }
}

bool Unsupported(Executor& ex, DType dtype) {
  return ex.Fault(StrCat("element type ", DTypeName(dtype), " is not supported here"));
}

// One run of n elements per operand (IsOneRun): the SIMD loops where they exist.
template <typename Op, typename T>
bool OneRunBinary(const repeat::Geometry& g, size_t n) {
  T* d = reinterpret_cast<T*>(g.ub + g.x[0].base);
  const T* a = reinterpret_cast<const T*>(g.ub + g.x[1].base);
  const T* b = reinterpret_cast<const T*>(g.ub + g.x[2].base);
  if constexpr (std::is_same_v<T, float> && kSimdBinary<Op> >= 0) {
    simd::BinaryF32(static_cast<simd::Binary>(kSimdBinary<Op>), a, b, d, n);
    return true;
  } else if constexpr (kIsHalf<T> && kSimdBinary<Op> >= 0) {
    auto bits = [](const T* p) { return reinterpret_cast<uint16_t*>(const_cast<T*>(p)); };
    simd::BinaryHalfRows(kHalfType<T>, static_cast<simd::Binary>(kSimdBinary<Op>), bits(a), n,
                         bits(b), n, bits(d), n, 1, n);
    return true;
  }
  return false;
}

template <typename Op, typename T>
bool OneRunScalar(const repeat::Geometry& g, size_t n, typename Elem<T>::C k) {
  T* d = reinterpret_cast<T*>(g.ub + g.x[0].base);
  const T* a = reinterpret_cast<const T*>(g.ub + g.x[1].base);
  if constexpr (std::is_same_v<T, float> && kSimdBinary<Op> >= 0) {
    simd::ScalarF32(static_cast<simd::Binary>(kSimdBinary<Op>), a, k, false, d, n);
    return true;
  } else if constexpr (kIsHalf<T> && kSimdBinary<Op> >= 0) {
    simd::ScalarHalf(kHalfType<T>, static_cast<simd::Binary>(kSimdBinary<Op>),
                     reinterpret_cast<const uint16_t*>(a), k, false, reinterpret_cast<uint16_t*>(d),
                     n);
    return true;
  }
  return false;
}

template <typename Op, typename T>
bool OneRunUnary(const repeat::Geometry& g, size_t n) {
  if constexpr (std::is_same_v<T, float> && kSimdUnary<Op> >= 0) {
    simd::UnaryF32(static_cast<simd::Unary>(kSimdUnary<Op>),
                   reinterpret_cast<const float*>(g.ub + g.x[1].base),
                   reinterpret_cast<float*>(g.ub + g.x[0].base), n);
    return true;
  }
  return false;
}

// The elements of one run, when the instruction is one (else 0).
size_t RunLength(const repeat::Geometry& g) {
  return repeat::IsOneRun(g) ? static_cast<size_t>(g.repeats) *
                                pto::repeat::LanesPerRepeat(g.shape.elem_bytes)
                          : 0;
}

// Decodes an instruction of family F (repeat_engine.h), then runs body(tag, g) with a value of
// its element type as tag; body returns false on a fault. An element type without lanes in
// WithStorageType is a fault too.
template <Family F, bool kAccumulate, typename Body>
bool WithLanes(Executor& ex, const Instr& in, Body&& body) {
  repeat::Geometry g;
  if (!repeat::Decode(ex, in, RepeatOperandsOf(F), kAccumulate, &g)) return false;
  bool ok = false;
  const bool typed = WithStorageType(g.dtype, [&](auto tag) { ok = body(tag, g); });
  return typed ? ok : Unsupported(ex, g.dtype);
}

}  // namespace

template <typename Op>
bool ExecRepeatBinary(Executor& ex, const Instr& in) {
  return WithLanes<Family::kRepeatBinary, kAccumulates<Op>>(ex, in, [&](auto tag, const repeat::Geometry& g) {
    using T = decltype(tag);
    using E = Elem<T>;
    if constexpr (kBinaryOf<Op, T> && sizeof(T) >= 2) {
      if (const size_t n = RunLength(g); n && OneRunBinary<Op, T>(g, n)) return true;
      repeat::RunLanes<T>(g, [](T a, T b) { return E::Store(Op::Apply(E::Load(a), E::Load(b))); });
      return true;
    } else {
      return Unsupported(ex, g.dtype);
    }
  });
}

template <typename Op>
bool ExecRepeatUnary(Executor& ex, const Instr& in) {
  return WithLanes<Family::kRepeatUnary, false>(ex, in, [&](auto tag, const repeat::Geometry& g) {
    using T = decltype(tag);
    using E = Elem<T>;
    if constexpr (kUnaryOf<Op, T> && sizeof(T) >= 2) {
      if (const size_t n = RunLength(g); n && OneRunUnary<Op, T>(g, n)) return true;
      repeat::RunLanes<T>(g, [](T a, T) { return E::Store(Op::Apply(E::Load(a))); });
      return true;
    } else {
      return Unsupported(ex, g.dtype);
    }
  });
}

template <typename Op>
bool ExecRepeatScalar(Executor& ex, const Instr& in) {
  return WithLanes<Family::kRepeatScalar, false>(ex, in, [&](auto tag, const repeat::Geometry& g) {
    using T = decltype(tag);
    using E = Elem<T>;
    if constexpr ((kBinaryOf<Op, T> || (kShift<Op> && !E::kFloat)) && sizeof(T) >= 2) {
      const typename E::C k =
          ScalarAs<T>(ex, in.operands[RepeatOperandsOf(Family::kRepeatScalar).scalar]);
      if constexpr (kShift<Op>) {
        if (k < 0) return ex.Fault(StrCat("shift count ", static_cast<int64_t>(k), " is negative"));
      }
      if (const size_t n = RunLength(g); n && OneRunScalar<Op, T>(g, n, k)) return true;
      repeat::RunLanes<T>(g, [k](T a, T) { return E::Store(Binary<Op, T>(E::Load(a), k)); });
      return true;
    } else {
      return Unsupported(ex, g.dtype);
    }
  });
}

template <typename Op>
bool ExecRepeatDup(Executor& ex, const Instr& in) {
  return WithLanes<Family::kRepeatDup, false>(ex, in, [&](auto tag, const repeat::Geometry& g) {
    using T = decltype(tag);
    const T k = Elem<T>::Store(
        ScalarAs<T>(ex, in.operands[RepeatOperandsOf(Family::kRepeatDup).scalar]));
    if (const size_t n = RunLength(g)) {
      T* d = reinterpret_cast<T*>(g.ub + g.x[0].base);
      std::fill(d, d + n, k);
      return true;
    }
    repeat::RunLanes<T>(g, [k](T, T) { return k; });
    return true;
  });
}

#define PTO_IMPLEMENTS_RepeatBinary PTO_YES
#define PTO_IMPLEMENTS_RepeatUnary PTO_YES
#define PTO_IMPLEMENTS_RepeatScalar PTO_YES
#define PTO_IMPLEMENTS_RepeatDup PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
