#include "pto/interp/observe/observe_tool.h"

#include "pto/interp/vm/executor.h"

namespace pto::interp::observe {

bool ObserveTool::Step(Executor& ex, const Instr& in) {
  const Function& f = ex.function();
  const uint32_t pc = ex.pc();
  const check::StepPlan& plan = plans_.At(f, pc);
  std::vector<Access>& accesses = checks_ ? checks_->step_accesses() : accesses_;
  accesses.clear();
  bool ok;
  if (plan.quiet) {
    ok = ex.Execute(in);  // touches no memory
  } else if (checks_) {
    ok = checks_->Checked(ex, in, plan);  // records into its step accesses
  } else {
    ok = check::ExecuteRecorded(ex, in, plan, &accesses);
  }
  if (ok) observer_.OnStep({&ex, &f, pc, &in, &plan, accesses});
  return ok;
}

}  // namespace pto::interp::observe
