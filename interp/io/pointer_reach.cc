#include "pto/interp/io/pointer_reach.h"

#include <algorithm>
#include <map>
#include <set>
#include <vector>

#include "pto/common/code_walk.h"
#include "pto/common/dtype.h"
#include "pto/interp/vm/machine.h"

namespace pto::interp {

namespace {

class ReachFinder {
 public:
  ReachFinder(const Program& program, const Function& fn, const ScalarArgument& scalar)
      : program_(program), fn_(fn), scalar_(scalar) {
    for (const CodeSite& site : Instructions(fn.code)) {
      ForEachRegister(program, site.in, [&](const RegisterOperand& r) {
        if (r.output && r.cls == RegClass::kScalar) ++scalar_writes_[r.reg];
        if (r.output && r.cls == RegClass::kView) ++view_writes_[r.reg];
      });
    }
    for (const ConstInit& c : fn.consts) consts_[c.reg] = static_cast<int64_t>(c.bits);
    for (const Param& p : fn.params) {
      if (p.kind == ParamKind::kScalar) scalar_params_.insert(p.reg);
    }
  }

  std::optional<uint64_t> Reach(uint32_t param_reg) {
    if (view_writes_.count(param_reg)) return std::nullopt;
    pointers_[param_reg] = 0;
    // Pointers derived in a loop's body may come before the one they derive from: passes
    // until none is added.
    for (size_t before = 0; before != pointers_.size();) {
      before = pointers_.size();
      for (const CodeSite& site : Instructions(fn_.code)) {
        if (!Visit(site.in)) return std::nullopt;
      }
    }
    if (!made_view_) return std::nullopt;
    return reach_;
  }

 private:
  // A scalar operand's value: a constant or a scalar argument no instruction overwrites.
  std::optional<int64_t> Value(uint32_t reg) const {
    if (reg == kNoOperand || scalar_writes_.count(reg)) return std::nullopt;
    if (auto c = consts_.find(reg); c != consts_.end()) return c->second;
    if (scalar_params_.count(reg)) return scalar_(reg);
    return std::nullopt;
  }

  int ElementSize(uint32_t view) const { return std::max(1, DTypeSize(fn_.views[view].dtype)); }

  // Derives view \a d from pointer \a from at byte offset \a offset; false when \a d is not
  // written once (a loop's pointer), or the offset is negative.
  bool Derive(uint32_t d, int64_t offset) {
    if (view_writes_[d] != 1 || offset < 0) return false;
    pointers_[d] = offset;
    return true;
  }

  // Takes what \a in does with a tracked pointer; false when it does something else with one.
  bool Visit(const Instr& in) {
    const uint32_t* o = in.operands;
    bool uses = false;
    ForEachRegister(program_, in, [&](const RegisterOperand& r) {
      uses |= !r.output && r.cls == RegClass::kView && pointers_.count(r.reg);
    });
    if (!uses) return true;
    switch (in.op) {
      case Opcode::kMoveView:
      case Opcode::kRetypeView:
        return pointers_.count(o[1]) && Derive(o[0], pointers_[o[1]]);
      case Opcode::kAddPtr: {
        const std::optional<int64_t> k = Value(o[2]);
        return pointers_.count(o[1]) && k && *k >= 0 &&
               Derive(o[0], pointers_[o[1]] + *k * ElementSize(o[1]));
      }
      case Opcode::kMakeView:
        return pointers_.count(o[1]) && AddView(in);
      default:
        return false;
    }
  }

  // A tensor view of pointer o[1]: sizes from o[2], strides from o[2 + kMaxViewRank].
  bool AddView(const Instr& in) {
    const uint32_t* o = in.operands;
    int64_t last = 0;  // its farthest element
    for (int i = 0; i < kMaxViewRank && o[2 + i] != kNoOperand; ++i) {
      const std::optional<int64_t> size = Value(o[2 + i]), stride = Value(o[2 + kMaxViewRank + i]);
      if (!size || !stride || *size < 0 || *stride < 0) return false;
      if (*size == 0) return made_view_ = true;  // reaches nothing
      int64_t span;
      if (__builtin_mul_overflow(*size - 1, *stride, &span) ||
          __builtin_add_overflow(last, span, &last)) {
        return false;
      }
    }
    const uint64_t end = static_cast<uint64_t>(pointers_[o[1]]) +
                         (static_cast<uint64_t>(last) + 1) * static_cast<uint64_t>(ElementSize(o[0]));
    reach_ = std::max(reach_, end);
    made_view_ = true;
    return true;
  }

  const Program& program_;
  const Function& fn_;
  const ScalarArgument& scalar_;
  std::map<uint32_t, int> scalar_writes_, view_writes_;
  std::map<uint32_t, int64_t> consts_;
  std::set<uint32_t> scalar_params_;
  std::map<uint32_t, int64_t> pointers_;  ///< tracked pointer registers: byte offset
  uint64_t reach_ = 0;
  bool made_view_ = false;
};

}  // namespace

std::optional<uint64_t> PointerReach(const Program& program, const Function& fn,
                                     const Param& param, const ScalarArgument& scalar) {
  if (param.kind != ParamKind::kPointer || !fn.defined) return std::nullopt;
  return ReachFinder(program, fn, scalar).Reach(param.reg);
}

}  // namespace pto::interp
