// The VecOrder family: pto.mem_bar. ptorun executes a vector scope's loads and stores in
// program order, each finishing before the next starts, so every barrier type is already
// satisfied; the row exists so the fence assembles, verifies and shows in traces (issue 17's
// checks will read it).
#include "pto/interp/kernels.h"

namespace pto::interp {

namespace ops {
struct MemBar {};
}  // namespace ops

template <typename Op>
bool ExecVecOrder(Executor&, const Instr&) {
  return true;
}

#define PTO_IMPLEMENTS_VecOrder PTO_YES
#include "pto/interp/instantiate.inc"

}  // namespace pto::interp
