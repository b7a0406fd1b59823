// The sanitizer over a whole launch (ptorun --check): a sanitizer and its tool for each core
// of each block (check_tool.h), the races between cores and between blocks found when they
// end, and what the run's checks found, each once.
#ifndef PTO_INTERP_CHECK_LAUNCH_CHECKS_H_
#define PTO_INTERP_CHECK_LAUNCH_CHECKS_H_

#include <memory>
#include <string>
#include <vector>

#include "pto/interp/check/check_tool.h"
#include "pto/interp/check/sanitizer.h"
#include "pto/interp/check/step_plan.h"
#include "pto/interp/runtime/launch.h"

namespace pto::interp::check {

class LaunchChecks final : public LaunchTool {
 public:
  /// Checks at \a level (not kOff) the blocks of \a launch, to which the caller adds this.
  LaunchChecks(const Launch& launch, Level level);

  void Attach(int b, Block& block) override;
  void Finish(int b, Block& block, bool ok) override;

  /// After Run: what the sanitizers found, each once, the kernels' ends checked too.
  std::vector<Finding> Findings();
  /// After Run: whether auto mode left races unchecked on a core (no synchronisation).
  bool RacesUnchecked() const;
  /// Whether a core's log of accesses for races between cores stopped at its cap.
  bool CoreLogCut() const;
  /// After Run: what the races between cores left unchecked, as notes (none for nothing):
  /// cores of a block that tsync orders.
  std::vector<std::string> CoresUnchecked() const;

  /// The tool of core \a c of block \a b while the block runs (null before Attach or after
  /// Finish); the observers' tool runs its checked steps.
  CheckTool* ToolOf(int b, int c) const;
  const StepPlans& plans() const { return plans_; }

 private:
  const Launch& launch_;
  Level level_;
  StepPlans plans_;
  bool core_order_modelled_;  ///< CoreOrderModelled
  /// The blocks' comm signals are followed (Sanitizer::OrderedByComm).
  bool comm_ordered_;
  std::vector<std::vector<std::shared_ptr<Sanitizer>>> sanitizers_;  ///< by block, core
  std::vector<std::vector<std::unique_ptr<CheckTool>>> tools_;       ///< by block, core
};

}  // namespace pto::interp::check

#endif  // PTO_INTERP_CHECK_LAUNCH_CHECKS_H_
