#include "pto/interp/check/flag_event.h"

#include "pto/common/isa/roles.h"
#include "pto/common/isa/pipes.h"
#include "pto/common/isa/sync_enums.h"
#include "pto/interp/vm/executor.h"
#include "pto/interp/vm/kernels.h"

namespace pto::interp::check {

int OpTypePipeIndex(uint32_t code) {
  const int pipe = OpTypePipe(code);
  return pipe < 0 ? -1 : PipeIndex(static_cast<uint32_t>(pipe));
}

FlagEvent DecodeFlagEvent(const Executor& ex, const Instr& in) {
  using Kind = FlagEvent::Kind;
  const uint32_t* o = in.operands;
  FlagEvent e;
  const Role role = RoleOf(in.op);
  switch (role) {
    case Role::kSetFlag:
    case Role::kWaitFlag:
      e.kind = role == Role::kSetFlag ? Kind::kSet : Kind::kWait;
      e.src = PipeIndex(o[0]), e.dst = PipeIndex(o[1]), e.id = o[2];
      break;
    case Role::kSetFlagDyn:
    case Role::kWaitFlagDyn:
      e.kind = role == Role::kSetFlagDyn ? Kind::kSet : Kind::kWait;
      e.src = PipeIndex(o[1]), e.dst = PipeIndex(o[2]), e.id = ex.scalar(o[0]).i;
      break;
    case Role::kRecordEvent:
    case Role::kWaitEvent:
      e.kind = role == Role::kRecordEvent ? Kind::kSet : Kind::kWait;
      e.src = OpTypePipeIndex(o[0]), e.dst = OpTypePipeIndex(o[1]), e.id = o[2];
      break;
    case Role::kPipeBarrier:
      if (o[0] == kPipeAllCode) {
        e.kind = Kind::kBarrierAll;
      } else {
        e.kind = Kind::kBarrier, e.src = e.dst = PipeIndex(o[0]);
      }
      break;
    case Role::kBarrierAll:
      e.kind = Kind::kBarrierAll;
      break;
    case Role::kCrossCoreSet:
    case Role::kCrossCoreWait:
      e.kind = role == Role::kCrossCoreSet ? Kind::kCrossSet : Kind::kCrossWait;
      e.src = e.dst = PipeIndex(o[1]);
      e.id = CrossCoreFlagId(ex, in);
      break;
    default:
      break;
  }
  return e;
}

}  // namespace pto::interp::check
