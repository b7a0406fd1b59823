// How a tile instruction's attributes name its immediates (asm/lowering/tile_op_lowering.cc):
// the spellings of an attribute's name, the attributes PTOAS carries that set none, and the
// value names for messages.
#ifndef PTO_ASM_LOWERING_TILE_OP_ATTRIBUTES_H_
#define PTO_ASM_LOWERING_TILE_OP_ATTRIBUTES_H_

#include <string>
#include <string_view>

#include "pto/common/isa/attributes.h"
#include "pto/common/isa/opcode.h"

namespace pto::assembler {

/// "EQ NE LT ..." for messages (values without a spelling left out).
std::string ValueNames(const AttrInfo& info);
/// True if attribute \a written sets the immediate \a spec (in any spelling of its name).
bool NamesImmediate(const OperandSpec& spec, std::string_view written);
/// True for the attributes PTOAS programs carry that set no immediate.
bool IsCarriedAttribute(std::string_view name);

}  // namespace pto::assembler

#endif  // PTO_ASM_LOWERING_TILE_OP_ATTRIBUTES_H_
