// Lowers global tensor views: views of a pointer with a shape and strides, windows of views
// (partitions), and the sizes of a view.
#ifndef PTO_ASM_LOWERING_VIEW_LOWERING_H_
#define PTO_ASM_LOWERING_VIEW_LOWERING_H_

#include "pto/asm/function_builder.h"

namespace pto::assembler {

/// %v = pto.make_tensor_view %ptr, shape = [...], strides = [...] {layout = ...} : TYPE
bool LowerMakeView(FunctionBuilder& fb, const Statement& stmt);
/// %p = pto.partition_view %v, offsets = [...], sizes = [...] : TV -> PTV
bool LowerPartitionView(FunctionBuilder& fb, const Statement& stmt);
/// %d = pto.get_tensor_view_dim %view, %k : !pto.tensor_view<...> -> index
bool LowerViewDim(FunctionBuilder& fb, const Statement& stmt);

}  // namespace pto::assembler

#endif  // PTO_ASM_LOWERING_VIEW_LOWERING_H_
