// The VecOrder and VecScope families: pto.mem_bar and the vector scope's ends. ptorun executes a vector
// scope's loads and stores in program order, each finishing before the next starts, so every
// barrier type is already satisfied; the rows matter to ptorun --check (check/check_tool.h), which
// orders the scope's UB queues by them, and to traces.
#include "pto/interp/vm/kernels.h"

namespace pto::interp {

namespace ops {
struct MemBar {};
struct VecScopeBegin {};
struct VecScopeEnd {};
}  // namespace ops

template <typename Op>
bool ExecVecOrder(Executor&, const Instr&) {
  return true;
}

template <typename Op>
bool ExecVecScope(Executor&, const Instr&) {
  return true;
}

#define PTO_IMPLEMENTS_VecOrder PTO_YES
#define PTO_IMPLEMENTS_VecScope PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
