// Lowers the questions a program asks of a tile: its valid shape and its address.
#ifndef PTO_ASM_LOWERING_TILE_QUERY_LOWERING_H_
#define PTO_ASM_LOWERING_TILE_QUERY_LOWERING_H_

#include "pto/asm/function_builder.h"

namespace pto::assembler {

/// %r, %c = pto.get_validshape %t : T   (index values)
/// %r = pto.tile_valid_rows %t [: T -> index]   %c = pto.tile_valid_cols %t [: T -> index]
bool LowerTileValid(FunctionBuilder& fb, const Statement& stmt);

/// %p = pto.tile_buf_addr %t : T -> !pto.ptr<E, ub>   (or -> i64): the tile's byte address in
/// its memory, as an on-chip pointer.
bool LowerTileBufAddr(FunctionBuilder& fb, const Statement& stmt);

}  // namespace pto::assembler

#endif  // PTO_ASM_LOWERING_TILE_QUERY_LOWERING_H_
