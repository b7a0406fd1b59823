// What one executed instruction costs in the cycle estimate, from the cost table
// (common/isa/costs.def) and what the instruction processed: the bytes a data-movement
// instruction wrote, a vector instruction's repeats, a matmul's fractals. The schedule
// (pipe_schedule.h) places these costs on the pipes; docs/cost-model.md explains both.
#ifndef PTO_INTERP_OBSERVE_COST_MODEL_H_
#define PTO_INTERP_OBSERVE_COST_MODEL_H_

#include <cstdint>

#include "pto/interp/check/flag_event.h"
#include "pto/interp/observe/step_observer.h"

namespace pto::interp::observe {

/// One instruction's cost: Body cycles on its pipe, plus Head when the pipe was idle, then
/// Tail cycles of drain before what waits on its pipe sees its result.
struct StepCost {
  int8_t pipe = 0;  ///< pipe index; instructions with no pipe run on the scalar unit (0)
  uint32_t head = 0, body = 0, tail = 0;
  /// For synchronisation: what it orders (FlagEvent); kNone otherwise.
  check::FlagEvent sync;
  /// Pipes and comm (tpush, tpop, tnotify, ...): everything before, then everything after.
  bool ordered = false;
};

/// The cost of \a step; \a in_vector_scope when it runs inside a VPTO vector scope, whose
/// instructions the vector unit runs as a program of its own (scalar ones included).
StepCost CostOf(const Step& step, bool in_vector_scope);

}  // namespace pto::interp::observe

#endif  // PTO_INTERP_OBSERVE_COST_MODEL_H_
