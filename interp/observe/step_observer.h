// What ptorun watches of a run besides its results (--stats): every instruction a core
// executes, with its plan (pipe, kind) and the bytes it touched, recorded as the checked step
// records them (interp/observe/observe_tool.h).
#ifndef PTO_INTERP_OBSERVE_STEP_OBSERVER_H_
#define PTO_INTERP_OBSERVE_STEP_OBSERVER_H_

#include <cstdint>
#include <span>
#include <vector>

#include "pto/common/isa/encoding.h"
#include "pto/common/program.h"
#include "pto/interp/vm/memory_access.h"
#include "pto/interp/check/step_plan.h"

namespace pto::interp {
class Executor;
}

namespace pto::interp::observe {

/// One instruction a core executed: where it is, what it is, and the bytes it read and wrote
/// (on-chip memories and global buffers; none for scalar arithmetic and control flow).
struct Step {
  const Executor* ex;  ///< its core's, after it ran
  const Function* function;
  uint32_t pc;
  const Instr* in;
  const check::StepPlan* plan;
  std::span<const Access> accesses;
};

/// Told of each instruction one core executes, on that core's thread.
class StepObserver {
 public:
  virtual ~StepObserver() = default;
  virtual void OnStep(const Step& step) = 0;
};

/// Several observers of one core, told in order.
class Observers final : public StepObserver {
 public:
  void Add(StepObserver* o) { list_.push_back(o); }
  void OnStep(const Step& step) override {
    for (StepObserver* o : list_) o->OnStep(step);
  }

 private:
  std::vector<StepObserver*> list_;
};

}  // namespace pto::interp::observe

#endif  // PTO_INTERP_OBSERVE_STEP_OBSERVER_H_
