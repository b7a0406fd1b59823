// The scalar and control-flow kernels (the arith dialect on scalar registers, register moves,
// branches and loops), as inline templates: executor.cc's dispatch switch inlines them, which
// keeps a scalar instruction to a few nanoseconds. The casts stay in scalar_kernels.cc.
#ifndef PTO_INTERP_SCALAR_SCALAR_OPS_H_
#define PTO_INTERP_SCALAR_SCALAR_OPS_H_

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "pto/common/isa/scalar_rules.h"
#include "pto/common/strings.h"
#include "pto/interp/vm/kernels.h"

namespace pto::interp {

namespace ops {

// Integer kernels get operands as stored (sign- or zero-extended) and the operand type's bit
// width; unsigned kernels look at the low \a bits only. Results are wrapped by the caller.
inline uint64_t Low(int64_t v, int bits) {
  return bits >= 64 ? static_cast<uint64_t>(v) : static_cast<uint64_t>(v) & ((1ull << bits) - 1);
}

struct AddI { static bool Apply(int64_t a, int64_t b, int, int64_t* r) { *r = WrapAdd(a, b); return true; } };
struct SubI { static bool Apply(int64_t a, int64_t b, int, int64_t* r) { *r = WrapSub(a, b); return true; } };
struct MulI { static bool Apply(int64_t a, int64_t b, int, int64_t* r) { *r = WrapMul(a, b); return true; } };
struct DivSI {
  static bool Apply(int64_t a, int64_t b, int, int64_t* r) {
    if (b == 0) return false;
    *r = b == -1 ? WrapSub(0, a) : a / b;
    return true;
  }
};
struct DivUI {
  static bool Apply(int64_t a, int64_t b, int bits, int64_t* r) {
    if (Low(b, bits) == 0) return false;
    *r = static_cast<int64_t>(Low(a, bits) / Low(b, bits));
    return true;
  }
};
struct RemSI {
  static bool Apply(int64_t a, int64_t b, int, int64_t* r) {
    if (b == 0) return false;
    *r = b == -1 ? 0 : a % b;
    return true;
  }
};
struct RemUI {
  static bool Apply(int64_t a, int64_t b, int bits, int64_t* r) {
    if (Low(b, bits) == 0) return false;
    *r = static_cast<int64_t>(Low(a, bits) % Low(b, bits));
    return true;
  }
};
struct CeilDivSI {
  static bool Apply(int64_t a, int64_t b, int bits, int64_t* r) {
    if (!DivSI::Apply(a, b, bits, r)) return false;
    if (b != -1 && *r * b != a && ((a > 0) == (b > 0))) ++*r;
    return true;
  }
};
struct CeilDivUI {
  static bool Apply(int64_t a, int64_t b, int bits, int64_t* r) {
    uint64_t ua = Low(a, bits), ub = Low(b, bits);
    if (ub == 0) return false;
    *r = static_cast<int64_t>(ua / ub + (ua % ub != 0));
    return true;
  }
};
struct FloorDivSI {
  static bool Apply(int64_t a, int64_t b, int bits, int64_t* r) {
    if (!DivSI::Apply(a, b, bits, r)) return false;
    if (b != -1 && *r * b != a && ((a < 0) != (b < 0))) --*r;
    return true;
  }
};
struct MinSI { static bool Apply(int64_t a, int64_t b, int, int64_t* r) { *r = a < b ? a : b; return true; } };
struct MaxSI { static bool Apply(int64_t a, int64_t b, int, int64_t* r) { *r = a < b ? b : a; return true; } };
struct MinUI {
  static bool Apply(int64_t a, int64_t b, int bits, int64_t* r) {
    *r = Low(a, bits) < Low(b, bits) ? a : b;
    return true;
  }
};
struct MaxUI {
  static bool Apply(int64_t a, int64_t b, int bits, int64_t* r) {
    *r = Low(a, bits) < Low(b, bits) ? b : a;
    return true;
  }
};
struct AndI { static bool Apply(int64_t a, int64_t b, int, int64_t* r) { *r = a & b; return true; } };
struct OrI { static bool Apply(int64_t a, int64_t b, int, int64_t* r) { *r = a | b; return true; } };
struct XOrI { static bool Apply(int64_t a, int64_t b, int, int64_t* r) { *r = a ^ b; return true; } };
// Shift counts are unsigned; counts of the width or more give 0 (or the sign fill).
struct ShLI {
  static bool Apply(int64_t a, int64_t b, int bits, int64_t* r) {
    uint64_t k = Low(b, bits);
    *r = k >= static_cast<uint64_t>(bits) ? 0 : static_cast<int64_t>(static_cast<uint64_t>(a) << k);
    return true;
  }
};
struct ShRSI {
  static bool Apply(int64_t a, int64_t b, int bits, int64_t* r) {
    uint64_t k = Low(b, bits);
    *r = a >> (k >= static_cast<uint64_t>(bits) ? 63 : k);
    return true;
  }
};
struct ShRUI {
  static bool Apply(int64_t a, int64_t b, int bits, int64_t* r) {
    uint64_t k = Low(b, bits);
    *r = k >= static_cast<uint64_t>(bits) ? 0 : static_cast<int64_t>(Low(a, bits) >> k);
    return true;
  }
};

struct AddF { static double Apply(double a, double b) { return a + b; } };
struct SubF { static double Apply(double a, double b) { return a - b; } };
struct MulF { static double Apply(double a, double b) { return a * b; } };
struct DivF { static double Apply(double a, double b) { return a / b; } };
struct RemF { static double Apply(double a, double b) { return std::fmod(a, b); } };
struct MaximumF {
  static double Apply(double a, double b) {
    if (std::isnan(a) || std::isnan(b)) return std::numeric_limits<double>::quiet_NaN();
    if (a == b) return std::signbit(a) ? b : a;  // +0 > -0
    return a < b ? b : a;
  }
};
struct MinimumF {
  static double Apply(double a, double b) {
    if (std::isnan(a) || std::isnan(b)) return std::numeric_limits<double>::quiet_NaN();
    if (a == b) return std::signbit(a) ? a : b;
    return b < a ? b : a;
  }
};
struct MaxNumF { static double Apply(double a, double b) { return std::fmax(a, b); } };
struct MinNumF { static double Apply(double a, double b) { return std::fmin(a, b); } };
struct NegF { static double Apply(double a) { return -a; } };

struct IndexCast {};
struct IndexCastUI {};
struct ExtSI {};
struct ExtUI {};
struct TruncI {};
struct SIToFP {};
struct UIToFP {};
struct FPToSI {};
struct FPToUI {};
struct ExtF {};
struct TruncF {};
struct Bitcast {};

struct Move {};
struct MoveTile {};
struct MoveView {};
struct MoveVReg {};
struct MoveMask {};
struct MoveAlign {};
struct MoveLVec {};
struct MoveLMask {};
struct RetypeView {};
struct Jump {};
struct BranchIfNot {};
struct ForCheck {};
struct ForNext {};
struct Section {};
struct Call {};

}  // namespace ops

template <typename Op>
bool ExecIntBinary(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  int bits = 64 - ex.scalar_info(o[1]).shift;
  int64_t r;
  if (!Op::Apply(ex.scalar(o[1]).i, ex.scalar(o[2]).i, bits, &r)) {
    return ex.Fault("integer division by zero");
  }
  ex.scalar(o[0]).i = ex.Wrap(o[0], r);
  return true;
}

template <typename Op>
bool ExecFloatBinary(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  ex.scalar(o[0]).f = ex.Round(o[0], Op::Apply(ex.scalar(o[1]).f, ex.scalar(o[2]).f));
  return true;
}

template <typename Op>
bool ExecFloatUnary(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  ex.scalar(o[0]).f = ex.Round(o[0], Op::Apply(ex.scalar(o[1]).f));
  return true;
}

template <typename Op>
bool ExecCompareInt(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  const int bits = 64 - ex.scalar_info(o[1]).shift;
  const int64_t a = ex.scalar(o[1]).i, b = ex.scalar(o[2]).i;
  const uint64_t ua = ops::Low(a, bits), ub = ops::Low(b, bits);
  bool r = false;
  switch (static_cast<IntPredicate>(o[3])) {
    case IntPredicate::kEq: r = a == b; break;
    case IntPredicate::kNe: r = a != b; break;
    case IntPredicate::kSlt: r = a < b; break;
    case IntPredicate::kSle: r = a <= b; break;
    case IntPredicate::kSgt: r = a > b; break;
    case IntPredicate::kSge: r = a >= b; break;
    case IntPredicate::kUlt: r = ua < ub; break;
    case IntPredicate::kUle: r = ua <= ub; break;
    case IntPredicate::kUgt: r = ua > ub; break;
    case IntPredicate::kUge: r = ua >= ub; break;
  }
  ex.scalar(o[0]).i = r;
  return true;
}

template <typename Op>
bool ExecCompareFloat(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  const double a = ex.scalar(o[1]).f, b = ex.scalar(o[2]).f;
  const bool unordered = std::isnan(a) || std::isnan(b);
  bool r = false;
  switch (static_cast<FloatPredicate>(o[3])) {
    case FloatPredicate::kFalse: r = false; break;
    case FloatPredicate::kOeq: r = !unordered && a == b; break;
    case FloatPredicate::kOgt: r = !unordered && a > b; break;
    case FloatPredicate::kOge: r = !unordered && a >= b; break;
    case FloatPredicate::kOlt: r = !unordered && a < b; break;
    case FloatPredicate::kOle: r = !unordered && a <= b; break;
    case FloatPredicate::kOne: r = !unordered && a != b; break;
    case FloatPredicate::kOrd: r = !unordered; break;
    case FloatPredicate::kUeq: r = unordered || a == b; break;
    case FloatPredicate::kUgt: r = unordered || a > b; break;
    case FloatPredicate::kUge: r = unordered || a >= b; break;
    case FloatPredicate::kUlt: r = unordered || a < b; break;
    case FloatPredicate::kUle: r = unordered || a <= b; break;
    case FloatPredicate::kUne: r = unordered || a != b; break;
    case FloatPredicate::kUno: r = unordered; break;
    case FloatPredicate::kTrue: r = true; break;
  }
  ex.scalar(o[0]).i = r;
  return true;
}

template <typename Op>
bool ExecSelect(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  ex.scalar(o[0]) = ex.scalar(o[1]).i ? ex.scalar(o[2]) : ex.scalar(o[3]);
  return true;
}

/// pto.castptr between GM pointers of two element types (scalar_memory_kernels.cc).
bool RetypeView(Executor& ex, const Instr& in);

template <typename Op>
bool ExecTransfer(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  if constexpr (std::is_same_v<Op, ops::Move>) {
    ex.scalar(o[0]) = ex.scalar(o[1]);
  } else if constexpr (std::is_same_v<Op, ops::MoveTile>) {
    ex.tile(o[0]) = ex.tile(o[1]);
  } else if constexpr (std::is_same_v<Op, ops::MoveVReg>) {
    ex.vreg(o[0]) = ex.vreg(o[1]);
  } else if constexpr (std::is_same_v<Op, ops::MoveMask>) {
    ex.mask(o[0]) = ex.mask(o[1]);
  } else if constexpr (std::is_same_v<Op, ops::MoveAlign>) {
    ex.align(o[0]) = ex.align(o[1]);
  } else if constexpr (std::is_same_v<Op, ops::MoveLVec>) {
    // The assembler moves values into registers made like them; a bytecode file could pair
    // two sizes, so no more than the smaller is copied.
    const auto& regs = ex.function().lvecs;
    std::memmove(ex.lvec(o[0]), ex.lvec(o[1]),
                 static_cast<size_t>(std::min(regs[o[0]].Bytes(), regs[o[1]].Bytes())));
  } else if constexpr (std::is_same_v<Op, ops::MoveLMask>) {
    const auto& regs = ex.function().lmasks;
    std::memmove(ex.lmask(o[0]), ex.lmask(o[1]), std::min(regs[o[0]].lanes, regs[o[1]].lanes));
  } else if constexpr (std::is_same_v<Op, ops::RetypeView>) {
    return RetypeView(ex, in);
  } else {
    ex.view(o[0]) = ex.view(o[1]);
  }
  return true;
}

bool RunCall(Executor& ex, const Instr& in);  // control_kernels.cc
/// Copies the arguments \a args of a call into the parameters of \a callee's frame.
void PassArguments(Executor& ex, Executor& frame, const Function& callee, const uint32_t* args);
/// Runs SIMT entry \a body once per workitem of the launch pto.store_vfsimt_info configured
/// (interp/register/simt/simt_launch.cc).
bool RunSimtLaunch(Executor& ex, const Function& body, const uint32_t* args);
/// The fault of an scf.for whose step is not positive (out of line, so that the loop step
/// itself is small enough to inline into the dispatch loop).
[[gnu::cold]] bool NonPositiveStep(Executor& ex, int64_t step);

template <typename Op>
bool ExecControl(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  if constexpr (std::is_same_v<Op, ops::Jump>) {
    return ex.JumpTo(o[0]);
  } else if constexpr (std::is_same_v<Op, ops::BranchIfNot>) {
    return ex.scalar(o[0]).i ? true : ex.JumpTo(o[1]);
  } else if constexpr (std::is_same_v<Op, ops::ForCheck>) {
    // |i ub target unsigned|: leave the loop before the first iteration if i >= ub.
    int64_t i = ex.scalar(o[0]).i, ub = ex.scalar(o[1]).i;
    bool more = o[3] ? static_cast<uint64_t>(i) < static_cast<uint64_t>(ub) : i < ub;
    return more ? true : ex.JumpTo(o[2]);
  } else if constexpr (std::is_same_v<Op, ops::ForNext>) {
    // |i step ub target unsigned|, i also written: next iteration, back to the body if i < ub.
    int64_t step = ex.scalar(o[1]).i;
    if (step <= 0) [[unlikely]] return NonPositiveStep(ex, step);
    int64_t i = ex.Wrap(o[0], ops::WrapAdd(ex.scalar(o[0]).i, step));
    int64_t ub = ex.scalar(o[2]).i;
    // A step that wraps past the top of the type ends the loop instead of restarting it.
    bool wrapped = o[4] ? static_cast<uint64_t>(i) < static_cast<uint64_t>(ex.scalar(o[0]).i)
                        : i < ex.scalar(o[0]).i;
    ex.scalar(o[0]).i = i;
    bool more = !wrapped && (o[4] ? static_cast<uint64_t>(i) < static_cast<uint64_t>(ub) : i < ub);
    return more ? ex.JumpTo(o[3]) : true;
  } else if constexpr (std::is_same_v<Op, ops::Section>) {
    // |target kind|: a core of the other kind skips to the section's end; a whole-block core
    // runs every section.
    const CoreKind core = ex.core().kind;
    const bool other = (core == CoreKind::kCube && o[1] != 1) ||
                       (core == CoreKind::kVector && o[1] != 2);
    return other ? ex.JumpTo(o[0]) : true;
  } else {
    static_assert(std::is_same_v<Op, ops::Call>);
    return RunCall(ex, in);
  }
}

}  // namespace pto::interp

#endif  // PTO_INTERP_SCALAR_SCALAR_OPS_H_
