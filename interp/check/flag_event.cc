#include "pto/interp/check/flag_event.h"

#include "pto/common/isa/pipes.h"
#include "pto/common/isa/sync_enums.h"
#include "pto/interp/executor.h"
#include "pto/interp/kernels.h"

namespace pto::interp::check {

int OpTypePipeIndex(uint32_t code) {
  const int pipe = OpTypePipe(code);
  return pipe < 0 ? -1 : PipeIndex(static_cast<uint32_t>(pipe));
}

FlagEvent DecodeFlagEvent(const Executor& ex, const Instr& in) {
  using Kind = FlagEvent::Kind;
  const uint32_t* o = in.operands;
  FlagEvent e;
  switch (in.op) {
    case Opcode::kSetFlag:
    case Opcode::kWaitFlag:
      e.kind = in.op == Opcode::kSetFlag ? Kind::kSet : Kind::kWait;
      e.src = PipeIndex(o[0]), e.dst = PipeIndex(o[1]), e.id = o[2];
      break;
    case Opcode::kSetFlagDyn:
    case Opcode::kWaitFlagDyn:
      e.kind = in.op == Opcode::kSetFlagDyn ? Kind::kSet : Kind::kWait;
      e.src = PipeIndex(o[1]), e.dst = PipeIndex(o[2]), e.id = ex.scalar(o[0]).i;
      break;
    case Opcode::kRecordEvent:
    case Opcode::kWaitEvent:
      e.kind = in.op == Opcode::kRecordEvent ? Kind::kSet : Kind::kWait;
      e.src = OpTypePipeIndex(o[0]), e.dst = OpTypePipeIndex(o[1]), e.id = o[2];
      break;
    case Opcode::kBarrier:
      if (o[0] == kPipeAllCode) {
        e.kind = Kind::kBarrierAll;
      } else {
        e.kind = Kind::kBarrier, e.src = e.dst = PipeIndex(o[0]);
      }
      break;
    case Opcode::kBarrierSync:
      e.kind = Kind::kBarrierAll;
      break;
    case Opcode::kSyncSet:
    case Opcode::kSyncWait:
      e.kind = in.op == Opcode::kSyncSet ? Kind::kCrossSet : Kind::kCrossWait;
      e.src = e.dst = PipeIndex(o[1]);
      e.id = CrossCoreFlagId(ex, in);
      break;
    default:
      break;
  }
  return e;
}

}  // namespace pto::interp::check
