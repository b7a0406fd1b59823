// The Bind family: tassign binds a tile register to an address (checked as %alloc_tile checks
// it, machine_kernels.cc).
#include "interp/kernels.h"

namespace pto::interp {

template <typename Op>
bool ExecBind(Executor& ex, const Instr& in) {
  return BindAddress(ex, in.operands[0], ex.scalar(in.operands[1]).i);
}

#define PTO_IMPLEMENTS_Bind PTO_YES
#include "interp/instantiate.inc"

}  // namespace pto::interp
