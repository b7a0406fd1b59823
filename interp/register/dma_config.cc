// The DmaConfig family: the DMA loop registers of the older copy forms. ptorun keeps them per
// core; the grouped DMA (dma.cc) carries its loops in its own operands and does not read them.
#include "pto/interp/vm/kernels.h"

namespace pto::interp {

namespace ops {
struct Loop1OutToUb {};
struct Loop2OutToUb {};
struct SizeOutToUb {};
struct Loop1UbToOut {};
struct Loop2UbToOut {};
struct SizeUbToOut {};
}  // namespace ops

template <typename Op>
bool ExecDmaConfig(Executor& ex, const Instr& in) {
  const int64_t a = ex.scalar(in.operands[0]).i, b = ex.scalar(in.operands[1]).i;
  constexpr bool kOut = std::is_same_v<Op, ops::Loop1OutToUb> ||
                        std::is_same_v<Op, ops::Loop2OutToUb> || std::is_same_v<Op, ops::SizeOutToUb>;
  DmaLoopState& s = kOut ? ex.core().out_to_ub : ex.core().ub_to_out;
  if constexpr (std::is_same_v<Op, ops::Loop1OutToUb> || std::is_same_v<Op, ops::Loop1UbToOut>) {
    s.loop1_src = a, s.loop1_dst = b;
  } else if constexpr (std::is_same_v<Op, ops::Loop2OutToUb> || std::is_same_v<Op, ops::Loop2UbToOut>) {
    s.loop2_src = a, s.loop2_dst = b;
  } else {
    s.size1 = a, s.size2 = b;
  }
  return true;
}

#define PTO_IMPLEMENTS_DmaConfig PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
