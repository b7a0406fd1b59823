// Cycles of calls. Kernels run on fixed on-chip memory with no stack: no function may call
// itself, directly or through others. The verifier rejects such a program; the assembler and
// the linker report the call that closes the cycle.
#ifndef PTO_COMMON_CALL_GRAPH_H_
#define PTO_COMMON_CALL_GRAPH_H_

#include <cstddef>
#include <cstdint>
#include <vector>

#include "pto/common/program.h"

namespace pto {

/// One call: the \a index-th call that function \a caller makes (calls[caller][index]).
struct CallEdge {
  uint32_t caller = 0;
  size_t index = 0;
};

/// The first cycle found in \a calls (calls[f]: the function each call of f calls, in order),
/// searching from function 0 on: its calls in order, the first made by the function the
/// search found calling itself, each leading to the next one's caller and the last back to
/// the first's. Empty if no function calls itself.
std::vector<CallEdge> FindCallCycle(const std::vector<std::vector<uint32_t>>& calls);

/// The callee of every %call of each function of \a program, in code order (code that decodes:
/// the assembler's, or verified code).
std::vector<std::vector<uint32_t>> CallsOf(const Program& program);

}  // namespace pto

#endif  // PTO_COMMON_CALL_GRAPH_H_
