// Lowers where code runs: the block and subblock a core belongs to, and sections of code for
// one kind of core.
#ifndef PTO_ASM_LOWERING_BLOCK_LOWERING_H_
#define PTO_ASM_LOWERING_BLOCK_LOWERING_H_

#include "pto/asm/lowering/body_lowering.h"

namespace pto::assembler {

/// %i = pto.get_block_idx (and get_block_num, get_subblock_idx, get_subblock_num): i64 values,
/// as PTOAS has them (or the integer type written after ':').
bool LowerBlockInfo(FunctionBuilder& fb, const Statement& stmt);
/// pto.section.cube { ... } / pto.section.vector { ... }: code for one kind of core.
bool LowerSection(BodyLowering& body, const Statement& stmt);

}  // namespace pto::assembler

#endif  // PTO_ASM_LOWERING_BLOCK_LOWERING_H_
