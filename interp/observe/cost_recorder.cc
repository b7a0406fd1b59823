#include "pto/interp/observe/cost_recorder.h"

#include <algorithm>

#include "pto/common/isa/roles.h"
#include "pto/common/isa/opcode.h"

namespace pto::interp::observe {

CostRecorder::CostRecorder(bool implied_order) : implied_order_(implied_order) {}

void CostRecorder::OnStep(const Step& step) {
  const uint64_t now = HostTicks();
  const OpInfo& info = GetOpInfo(step.in->op);
  HostTime& host = host_[static_cast<size_t>(info.family)];
  ++host.instructions;
  if (!records_.empty()) host.ticks += now - last_;
  // Only the outermost scope's markers start and end it (a called function's scope nests).
  const Role role = RoleOf(step.in->op);
  const bool in_scope = vector_scopes_.inside();
  const bool marker = role == Role::kScopeBegin || role == Role::kScopeEnd;
  const bool outermost = marker && vector_scopes_.Step(role == Role::kScopeBegin);
  const bool scope_end = role == Role::kScopeEnd && outermost && in_scope;
  const StepCost c = CostOf(step, in_scope && !scope_end);
  Append({step.function, step.pc, c.head, c.body, static_cast<int32_t>(c.sync.id), c.sync.kind,
          c.pipe, static_cast<int8_t>(c.sync.src), static_cast<int8_t>(c.sync.dst), c.ordered,
          in_scope && !scope_end, step.in->op, -1,
          static_cast<uint16_t>(std::min<uint32_t>(c.tail, 0xffff))});
  if (implied_order_ && c.sync.kind == check::FlagEvent::Kind::kNone) {
    PipeDeps deps;
    if (order_.Add(static_cast<int32_t>(records_.size() - 1), c.pipe, step.accesses, &deps)) {
      records_.back().deps = static_cast<int32_t>(deps_.size());
      deps_.push_back(deps);
    }
  }
  for (const Access& a : step.accesses) {
    if (a.place.global || a.place.owner >= 0) continue;
    if (a.place.mem != Memory::kVec && a.place.mem != Memory::kMat) continue;
    uint64_t& peak = a.place.mem == Memory::kVec ? peak_vec_ : peak_mat_;
    const uint64_t top = a.end + uint64_t{a.count - 1} * a.stride;
    if (top > peak) {
      peak = top;
      footprints_.push_back({records_.size() - 1, a.place.mem, top});
    }
  }
  last_ = now;
}

}  // namespace pto::interp::observe
