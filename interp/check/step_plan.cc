#include "pto/interp/check/step_plan.h"

#include "pto/common/code_walk.h"
#include "pto/common/isa/access.h"
#include "pto/common/isa/pipes.h"

namespace pto::interp::check {

namespace {

StepPlan PlanOf(const Program& program, const Function& f, const Instr& in,
               std::vector<PlanReg>* regs) {
  StepPlan p;
  const OpInfo& info = GetOpInfo(in.op);
  if (info.family == Family::kSync) p.kind = StepPlan::Kind::kSync;
  if (in.op == Opcode::kMemBar) p.kind = StepPlan::Kind::kMemBar;
  if (info.family == Family::kVecScope) p.kind = StepPlan::Kind::kVecScope;
  p.pipe = static_cast<int8_t>(PipeIndex(static_cast<uint32_t>(PipeOf(f, in))));
  p.ordered = info.family == Family::kPipe || info.family == Family::kComm;
  p.described = !AccessesOf(in.op).empty();
  p.register_layer = info.layer() == Layer::kRegister;
  p.local_scalar = info.family == Family::kLocalScalar;
  p.quiet = info.layer() == Layer::kScalar && info.family != Family::kMemory && !p.described &&
            p.kind == StepPlan::Kind::kPlain && !p.ordered;
  p.regs = static_cast<uint32_t>(regs->size());
  for (const bool outputs : {false, true}) {
    ForEachRegister(program, in, [&](const RegisterOperand& r) {
      if (r.output != outputs) return;
      if (r.cls != RegClass::kVReg && r.cls != RegClass::kMask && r.cls != RegClass::kAlign) return;
      regs->push_back({static_cast<int>(r.cls), r.reg});
      ++(outputs ? p.results : p.sources);
    });
  }
  return p;
}

}  // namespace

StepPlans::StepPlans(const Program& program)
    : functions_(program.functions.data()), by_function_(program.functions.size()) {
  for (size_t i = 0; i < program.functions.size(); ++i) {
    const Function& f = program.functions[i];
    std::vector<StepPlan>& plans = by_function_[i];
    plans.resize(f.code.size());
    for (const CodeSite& site : Instructions(f.code)) plans[site.pc] = PlanOf(program, f, site.in, &regs_);
  }
}

}  // namespace pto::interp::check
