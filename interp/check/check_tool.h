// The sanitizer as the tool of one core (vm/tools.h; ptorun --check): each instruction its plan
// does not mark quiet runs here, with the bytes it touches (from its access description before
// it runs, or, for the register and repeat layers, recorded by their memory events while it
// runs), then the sanitizer's checks. Synchronisation instructions move the pipes' clocks.
#ifndef PTO_INTERP_CHECK_CHECK_TOOL_H_
#define PTO_INTERP_CHECK_CHECK_TOOL_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "pto/common/isa/encoding.h"
#include "pto/interp/check/sanitizer.h"
#include "pto/interp/check/step_plan.h"
#include "pto/interp/vm/tools.h"

namespace pto::interp::check {

class CheckTool final : public StepTool {
 public:
  CheckTool(std::shared_ptr<Sanitizer> sanitizer, const StepPlans& plans)
      : sanitizer_(std::move(sanitizer)), plans_(plans) {}

  const uint8_t* Watched(const Function& fn) const override { return plans_.Watched(fn); }
  bool Step(Executor& ex, const Instr& in) override;
  bool Suspect(const Function& fn, uint32_t pc, std::string message) override;

  /// The checked step of \a in, whose plan is \a plan (not quiet): the observers' tool runs it
  /// so; the bytes it touched are then in step_accesses().
  bool Checked(Executor& ex, const Instr& in, const StepPlan& plan);
  /// An observer sees every step's accesses: a repeated tile step still lists them.
  void set_observed(bool observed) { observed_ = observed; }

  Sanitizer& sanitizer() { return *sanitizer_; }
  const StepPlans& plans() const { return plans_; }
  std::vector<Access>& step_accesses() { return step_accesses_; }
  bool observed() const { return observed_; }
  bool in_vector_scope() const { return vector_scopes_.inside(); }
  /// A scope's start or end (VectorScopeDepth::Step): whether it is the outermost scope's.
  bool StepScope(bool begin) { return vector_scopes_.Step(begin); }

 private:
  std::shared_ptr<Sanitizer> sanitizer_;
  const StepPlans& plans_;
  std::vector<Access> step_accesses_;  ///< the step's, kept for their capacity
  const Function* plans_of_ = nullptr;          ///< the function whose plans these are
  const StepPlan* function_plans_ = nullptr;
  VectorScopeDepth vector_scopes_;
  bool observed_ = false;
};

/// Runs \a in in \a ex with the bytes it touches in \a accesses: from its access description,
/// or recorded by its memory events as it runs. (One that faults records what it may.)
bool ExecuteRecorded(Executor& ex, const Instr& in, const StepPlan& plan,
                     std::vector<Access>* accesses);

}  // namespace pto::interp::check

#endif  // PTO_INTERP_CHECK_CHECK_TOOL_H_
