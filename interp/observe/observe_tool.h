// The observers as the tool of one core (vm/tools.h; ptorun --stats, --trace, --profile,
// --timeline): every instruction runs here, recorded as the checked step records it, and the
// core's observers are told what it was and what it touched.
#ifndef PTO_INTERP_OBSERVE_OBSERVE_TOOL_H_
#define PTO_INTERP_OBSERVE_OBSERVE_TOOL_H_

#include <cstdint>
#include <string>
#include <vector>

#include "pto/interp/check/check_tool.h"
#include "pto/interp/check/step_plan.h"
#include "pto/interp/observe/step_observer.h"
#include "pto/interp/vm/tools.h"

namespace pto::interp::observe {

class ObserveTool final : public StepTool {
 public:
  /// \a checks: the core's sanitizer, which then runs the steps it checks (or null).
  ObserveTool(StepObserver& observer, const check::StepPlans& plans, check::CheckTool* checks)
      : observer_(observer), plans_(plans), checks_(checks) {
    if (checks_) checks_->set_observed(true);
  }

  const uint8_t* Watched(const Function& fn) const override { return plans_.Every(fn); }
  bool Step(Executor& ex, const Instr& in) override;
  bool Suspect(const Function& fn, uint32_t pc, std::string message) override {
    return checks_ == nullptr || checks_->Suspect(fn, pc, std::move(message));
  }

 private:
  StepObserver& observer_;
  const check::StepPlans& plans_;
  check::CheckTool* checks_;
  std::vector<Access> accesses_;  ///< the step's, without checks
};

}  // namespace pto::interp::observe

#endif  // PTO_INTERP_OBSERVE_OBSERVE_TOOL_H_
