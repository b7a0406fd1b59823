// Lowers the im2col configuration: pto.make_fmatrix_config, which makes a !pto.fmatrix_config
// value known at assembly time, and the instructions that load it into the core's settings
// (tsetfmatrix, tset_img2col_rpt, tset_img2col_padding).
#ifndef PTO_ASM_LOWERING_IMG2COL_LOWERING_H_
#define PTO_ASM_LOWERING_IMG2COL_LOWERING_H_

#include "pto/asm/function_builder.h"
#include "pto/common/isa/opcode.h"

namespace pto::assembler {

/// %cfg = pto.make_fmatrix_config {fmap_h = 8, fmap_w = 8, pad_top = 1, ...,
///                                 pad_value = 0.5 : f16, repeat_time = 1} : !pto.fmatrix_config
bool LowerFmatrixConfig(FunctionBuilder& fb, const Statement& stmt);

/// Lowers \a stmt, an instruction of the Img2col family (\a info). The settings instructions
/// take a config or attributes:
///   pto.tsetfmatrix %cfg : !pto.fmatrix_config -> ()
///   pto.tsetfmatrix ins(%cfg : !pto.fmatrix_config) outs()
///   tset_img2col_padding %cfg            tset_img2col_padding {pad_value = -1 : i8}
/// The settings come from the config and from attributes written on the instruction (which
/// win); settings given by neither take their reset values. timg2col itself is lowered as any
/// tile instruction (LowerTileOp).
bool LowerImg2colOp(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt);

}  // namespace pto::assembler

#endif  // PTO_ASM_LOWERING_IMG2COL_LOWERING_H_
