// Instructions with several forms under one mnemonic (rows of opcodes.def that NextOverload
// links, such as tgather with an index tile or with a maskPattern): which row a statement means.
#ifndef PTO_ASM_LOWERING_OP_OVERLOAD_H_
#define PTO_ASM_LOWERING_OP_OVERLOAD_H_

#include "pto/asm/items.h"
#include "pto/common/isa/opcode.h"

namespace pto::assembler {

/// Of the forms of the instruction spelled like \a first, the one \a stmt's operand counts and
/// required attributes select.
const OpInfo& ChooseForm(const OpInfo& first, const Statement& stmt);

}  // namespace pto::assembler

#endif  // PTO_ASM_LOWERING_OP_OVERLOAD_H_
