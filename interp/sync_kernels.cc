// The Sync family: set_flag and wait_flag, barriers, cross-core signals and buffer tokens.
#include "pto/common/strings.h"
#include "pto/interp/kernels.h"

namespace pto::interp {

namespace ops {
struct SetFlagDyn {};
struct WaitFlagDyn {};
}  // namespace ops

template <typename Op>
bool ExecSync(Executor& ex, const Instr& in) {
  // One core executes in program order: every wait is already satisfied. Run-time event ids
  // are still checked.
  if constexpr (std::is_same_v<Op, ops::SetFlagDyn> || std::is_same_v<Op, ops::WaitFlagDyn>) {
    int64_t id = ex.scalar(in.operands[0]).i;
    if (id < 0 || id > 7) return ex.Fault(StrCat("event id ", id, " is not EVENT_ID0..7"));
  }
  return true;
}

#define PTO_IMPLEMENTS_Sync PTO_YES
#include "pto/interp/instantiate.inc"

}  // namespace pto::interp
