// What the checked step (check_tool.cc) needs to know of an instruction before it runs,
// decided once per program when checks are on: its pipe, its kind, whether it has an access
// description, and the vector, mask and align registers it reads and writes. Without these
// plans every checked instruction walked its operand table and the pipe rules again.
#ifndef PTO_INTERP_CHECK_STEP_PLAN_H_
#define PTO_INTERP_CHECK_STEP_PLAN_H_

#include <cstdint>
#include <span>
#include <vector>

#include "pto/common/program.h"

namespace pto::interp::check {

struct StepPlan {
  enum class Kind : uint8_t { kPlain, kSync, kMemBar, kVecScope };
  Kind kind = Kind::kPlain;
  int8_t pipe = -1;             ///< the pipe's index (PipeIndex), or -1
  bool ordered = false;         ///< pipes and comm: everything before, then everything after
  bool described = false;       ///< its accesses come from its access description
  bool register_layer = false;  ///< a register-layer (VPTO) instruction
  bool local_scalar = false;    ///< a scalar load or store of on-chip memory
  /// Nothing to check: a scalar-layer instruction that touches no memory and orders nothing
  /// (arithmetic, casts, moves, control flow): it runs as it would unchecked.
  bool quiet = false;
  /// A register-layer instruction of the vector pipe whose accesses are recorded: inside a
  /// vector scope (most of a VPTO kernel's steps) it takes the checked step's short lane.
  bool vector_lane = false;
  /// A vector_lane instruction with no integer or scalar operand: it has no address, so it
  /// touches no memory, and inside a vector scope it runs unchecked once its results hold
  /// the loads behind its sources (CheckTool::Step).
  bool register_only = false;
  /// The vector, mask and align registers it reads and writes: StepPlans::Sources, Results.
  uint32_t regs = 0;
  uint16_t sources = 0, results = 0;
};

/// A register operand of a plan: its slot in the table of the loads behind each register
/// (Sanitizer::LoadsBehind), one slot per register class and number.
struct PlanReg {
  uint32_t slot;
};

/// The plans of every instruction of a program.
class StepPlans {
 public:
  explicit StepPlans(const Program& program);
  /// The plan of the instruction at code offset \a pc of \a f (a function of the program).
  const StepPlan& At(const Function& f, uint32_t pc) const { return Of(f)[pc]; }
  /// The plans of \a f, by code offset.
  const StepPlan* Of(const Function& f) const {
    return by_function_[static_cast<size_t>(&f - functions_)].data();
  }
  std::span<const PlanReg> Sources(const StepPlan& p) const { return {&regs_[p.regs], p.sources}; }
  std::span<const PlanReg> Results(const StepPlan& p) const {
    return {&regs_[p.regs + p.sources], p.results};
  }
  /// The slots PlanReg numbers: the register classes' highest numbers, plus one, summed.
  uint32_t register_slots() const { return register_slots_; }
  /// One byte per code offset of \a f: 1 where the plan is not quiet (the checked step runs
  /// the instruction), 0 elsewhere (vm/tools.h StepTool::Watched).
  const uint8_t* Watched(const Function& f) const {
    return watched_[static_cast<size_t>(&f - functions_)].data();
  }
  /// One byte per code offset of \a f, all 1: every instruction (what observers watch).
  const uint8_t* Every(const Function& f) const {
    (void)f;
    return every_.data();
  }

 private:
  const Function* functions_;
  std::vector<std::vector<StepPlan>> by_function_;  ///< by function, then code offset
  std::vector<std::vector<uint8_t>> watched_;       ///< by function, then code offset
  std::vector<uint8_t> every_;  ///< as long as the longest function's code
  std::vector<PlanReg> regs_;  ///< each plan's sources, then its results
  uint32_t register_slots_ = 0;
};

}  // namespace pto::interp::check

#endif  // PTO_INTERP_CHECK_STEP_PLAN_H_
