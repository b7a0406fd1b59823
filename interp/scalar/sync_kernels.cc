// The Sync family: set_flag and wait_flag, barriers, cross-core signals and buffer tokens.
#include "pto/common/isa/immediates.h"
#include "pto/common/strings.h"
#include "pto/interp/scalar/block_sync.h"
#include "pto/interp/vm/kernels.h"
#include "pto/interp/vm/pipe_hub.h"

namespace pto::interp {

namespace ops {
struct SetFlagDyn {};
struct WaitFlagDyn {};
struct SyncSet {};
struct SyncWait {};
struct SyncAll {};
struct SetCrossBlock {};
struct WaitCrossBlock {};
struct GetBufDyn {};
struct RlsBufDyn {};
}  // namespace ops

namespace {

constexpr int kFlagsPerVectorCore = PipeHub::kFlagsPerVectorCore;

// sync.set / sync.wait between the cores of a block run apart (docs/semantics.md "Cube and
// vector cores"): the cube's flags 0..15 pair with vector core 0's 0..15, its 16..31 with
// vector core 1's (Ascend C's CrossCoreSetFlag mode 4 on a5, as the public cv-mixed cases use
// it). A vector core has 16 flags in the same 32-id space: id and id - 16 name one flag (micro-
// isa 01, "A5 semaphore address space"). Faults on an id outside those.
bool CrossCoreFlag(Executor& ex, const Instr& in, bool set) {
  Core& core = ex.core();
  int64_t id = CrossCoreFlagId(ex, in);
  const bool cube = core.kind == CoreKind::kCube;
  const int64_t limit = 2 * kFlagsPerVectorCore;
  if (id < 0 || id >= limit) {
    return ex.Fault(StrCat("cross-core flag ", id, " on ", cube ? "the " : "", core.Name(), " (0 to ", limit - 1,
                           cube ? ": 16 and up are vector core 1's)" : ")"));
  }
  if (!cube) id %= kFlagsPerVectorCore;
  const int self = cube ? 0 : 1 + static_cast<int>(core.info.subblock_idx);
  if (!set) {
    std::string error;
    SyncRelease taken;
    const WaitResult r =
        core.hub->WaitFlag(self, static_cast<int>(id), core.Name(), &error, &taken);
    if (taken) core.releases_in.push_back(std::move(taken));
    if (r == WaitResult::kDone) return true;
    core.stopped = r == WaitResult::kStopped;
    return ex.Fault(error);
  }
  int to = 0, to_id = static_cast<int>(id);
  if (cube) {
    to = 1 + to_id / kFlagsPerVectorCore;
    to_id %= kFlagsPerVectorCore;
  } else {
    to_id += kFlagsPerVectorCore * static_cast<int>(core.info.subblock_idx);
  }
  if (!core.hub->SetFlag(to, to_id, std::move(core.release_out))) {
    return ex.Fault(StrCat("cross-core flag ", id, " already holds ", PipeHub::kMaxFlagCount,
                           " sets nobody waited for (the hardware counts no more)"));
  }
  return true;
}

}  // namespace

int64_t CrossCoreFlagId(const Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  return o[0] != kNoOperand ? ex.scalar(o[0]).i : o[2];
}

template <typename Op>
bool ExecSync(Executor& ex, const Instr& in) {
  // One core executes in program order: every wait is already satisfied. Run-time event ids
  // are still checked.
  if constexpr (std::is_same_v<Op, ops::SetFlagDyn> || std::is_same_v<Op, ops::WaitFlagDyn>) {
    int64_t id = ex.scalar(in.operands[0]).i;
    if (id < 0 || id > 7) return ex.Fault(StrCat("event id ", id, " is not EVENT_ID0..7"));
  }
  if constexpr (std::is_same_v<Op, ops::GetBufDyn> || std::is_same_v<Op, ops::RlsBufDyn>) {
    const int64_t id = ex.scalar(in.operands[0]).i;
    const ImmediateRange ids = RangeOfNumber("id");
    if (id < ids.min || id > ids.max) {
      return ex.Fault(StrCat("buffer id ", id, " (", ids.min, " to ", ids.max, ")"));
    }
  }
  if constexpr (std::is_same_v<Op, ops::SyncAll>) return ExecSyncAll(ex, in);
  if constexpr (std::is_same_v<Op, ops::SetCrossBlock> || std::is_same_v<Op, ops::WaitCrossBlock>) {
    return ExecCrossBlockFlag(ex, in, std::is_same_v<Op, ops::SetCrossBlock>);
  }
  // Cores run apart signal each other; one core running the block has nobody to wait for.
  if constexpr (std::is_same_v<Op, ops::SyncSet> || std::is_same_v<Op, ops::SyncWait>) {
    if (ex.core().hub) return CrossCoreFlag(ex, in, std::is_same_v<Op, ops::SyncSet>);
  }
  return true;
}

#define PTO_IMPLEMENTS_Sync PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
