// The observers over a whole launch (ptorun --stats, --trace, --profile, --timeline): for each
// core of each block, its counts, its trace records and its costs, told of every instruction by
// the core's tool (observe_tool.h), and read back merged after the run.
#ifndef PTO_INTERP_OBSERVE_LAUNCH_OBSERVERS_H_
#define PTO_INTERP_OBSERVE_LAUNCH_OBSERVERS_H_

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "pto/interp/check/launch_checks.h"
#include "pto/interp/check/step_plan.h"
#include "pto/interp/observe/cost_recorder.h"
#include "pto/interp/observe/observe_tool.h"
#include "pto/interp/observe/run_stats.h"
#include "pto/interp/observe/step_observer.h"
#include "pto/interp/observe/text_sink.h"
#include "pto/interp/observe/trace_writer.h"
#include "pto/interp/runtime/launch.h"

namespace pto::interp::observe {

/// Which observers each core gets.
struct ObserverSet {
  bool stats = false;        ///< ptorun --stats (run_stats.h)
  bool trace = false;        ///< ptorun --trace (trace_writer.h), trace_limit records in all
  int64_t trace_limit = 0;
  bool costs = false;        ///< ptorun --profile, --timeline (cost_recorder.h)
};

class LaunchObservers final : public LaunchTool {
 public:
  /// Observes the blocks of \a launch, to which the caller adds this; \a checks: the launch's
  /// sanitizers (added before this), whose checked steps the observers' tool runs, or null.
  LaunchObservers(const Launch& launch, const ObserverSet& set, const check::LaunchChecks* checks);

  void Attach(int b, Block& block) override;
  void Finish(int b, Block& block, bool ok) override {
    (void)b, (void)block, (void)ok;
  }

  /// After Run: every core's counts, merged (ObserverSet::stats).
  RunStats Stats() const;
  /// After Run: the records, by block and core; \a cut: whether the limit stopped them.
  std::string Trace(bool* cut) const;
  /// The same records handed to \a sink piece by piece (a trace larger than memory); false if
  /// the sink failed or the records could not be read back.
  bool WriteTrace(const TextSink& sink, bool* cut) const;
  /// After Run: every core's recorder, by block (ObserverSet::costs).
  std::vector<std::vector<CoreCosts>> Costs() const;

 private:
  /// What observes one core: its counts, its records, and all of them as one observer.
  struct CoreObservers {
    std::unique_ptr<RunStats> stats;
    std::unique_ptr<TraceWriter> trace;
    std::unique_ptr<CostRecorder> costs;
    std::string name;  ///< the core's ("" for a block run on one core)
    Observers all;
    std::unique_ptr<ObserveTool> tool;
  };

  const Launch& launch_;
  ObserverSet set_;
  const check::LaunchChecks* checks_;
  std::unique_ptr<check::StepPlans> own_plans_;  ///< without checks
  const check::StepPlans& plans_;
  bool implied_order_;  ///< costs of a kernel without synchronisation of its own
  std::atomic<int64_t> trace_budget_;
  std::vector<std::vector<std::unique_ptr<CoreObservers>>> observers_;  ///< by block, core
};

}  // namespace pto::interp::observe

#endif  // PTO_INTERP_OBSERVE_LAUNCH_OBSERVERS_H_
