#include "pto/interp/check/step_plan.h"

#include <algorithm>
#include <array>

#include "pto/common/isa/roles.h"
#include "pto/common/code_walk.h"
#include "pto/common/isa/access.h"
#include "pto/common/isa/pipes.h"

namespace pto::interp::check {

namespace {

// The vector, mask and align registers' classes, VMI's logical ones too; the loads behind
// them are tracked.
bool Tracked(RegClass cls) {
  return cls == RegClass::kVReg || cls == RegClass::kMask || cls == RegClass::kAlign ||
         cls == RegClass::kLVec || cls == RegClass::kLMask;
}

// Each register's operands as (class, number), numbered into slots once all are known.
struct RawReg {
  int cls;
  uint32_t reg;
};

StepPlan PlanOf(const Program& program, const Function& f, const Instr& in,
               std::vector<RawReg>* regs) {
  StepPlan p;
  const OpInfo& info = GetOpInfo(in.op);
  if (info.family == Family::kSync) p.kind = StepPlan::Kind::kSync;
  if (RoleOf(in.op) == Role::kMemBar) p.kind = StepPlan::Kind::kMemBar;
  if (info.family == Family::kVecScope) p.kind = StepPlan::Kind::kVecScope;
  p.pipe = static_cast<int8_t>(PipeIndex(static_cast<uint32_t>(PipeOf(f, in))));
  p.ordered = info.is_pipe() || info.is_comm();
  p.described = !AccessesOf(in.op).empty();
  p.register_layer = OnVectorRegisters(info.layer());
  p.local_scalar = info.family == Family::kLocalScalar;
  p.quiet = info.layer() == Layer::kScalar && info.family != Family::kMemory && !p.described &&
            p.kind == StepPlan::Kind::kPlain && !p.ordered;
  p.vector_lane = p.register_layer && p.pipe >= 0 && kPipes[p.pipe] == Pipe::kV &&
                  !p.local_scalar && !p.described && !p.ordered && p.kind == StepPlan::Kind::kPlain;
  p.register_only = p.vector_lane && std::none_of(info.operands.begin(), info.operands.end(),
                                                   [](const OperandSpec& o) {
                                                     return o.kind == OperandKind::kInt ||
                                                            o.kind == OperandKind::kScalar;
                                                   });
  p.regs = static_cast<uint32_t>(regs->size());
  for (const bool outputs : {false, true}) {
    ForEachRegister(program, in, [&](const RegisterOperand& r) {
      if (r.output != outputs) return;
      if (!Tracked(r.cls)) return;
      regs->push_back({static_cast<int>(r.cls), r.reg});
      ++(outputs ? p.results : p.sources);
    });
  }
  return p;
}

}  // namespace

StepPlans::StepPlans(const Program& program)
    : functions_(program.functions.data()), by_function_(program.functions.size()) {
  std::vector<RawReg> raw;
  for (size_t i = 0; i < program.functions.size(); ++i) {
    const Function& f = program.functions[i];
    std::vector<StepPlan>& plans = by_function_[i];
    plans.resize(f.code.size());
    for (const CodeSite& site : Instructions(f.code)) plans[site.pc] = PlanOf(program, f, site.in, &raw);
    std::vector<uint8_t>& watched = watched_.emplace_back(f.code.size());
    for (size_t pc = 0; pc < plans.size(); ++pc) watched[pc] = plans[pc].quiet ? 0 : 1;
    every_.resize(std::max(every_.size(), f.code.size()), 1);
  }
  std::array<uint32_t, kRegClassCount> first{};  // each class's first slot
  for (const RawReg& r : raw) first[r.cls] = std::max(first[r.cls], r.reg + 1);
  for (uint32_t& n : first) {
    const uint32_t count = n;
    n = register_slots_;
    register_slots_ += count;
  }
  regs_.reserve(raw.size());
  for (const RawReg& r : raw) regs_.push_back({first[r.cls] + r.reg});
}

}  // namespace pto::interp::check
