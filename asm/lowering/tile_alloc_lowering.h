// Lowers the tiles a program makes without an instruction: allocated tiles, tile handles bound
// later, valid shapes set at run time, and tassign's binding of a tile to an address.
#ifndef PTO_ASM_LOWERING_TILE_ALLOC_LOWERING_H_
#define PTO_ASM_LOWERING_TILE_ALLOC_LOWERING_H_

#include "pto/asm/function_builder.h"
#include "pto/common/isa/opcode.h"

namespace pto::assembler {

/// %t = pto.alloc_tile [addr = %a] [valid_row = %r] [valid_col = %c] : TYPE
bool LowerAllocTile(FunctionBuilder& fb, const Statement& stmt);
/// %m = memref.alloc() : memref<RxCxT, #pto.address_space<vec>>: a tile of that memory.
bool LowerMemrefAlloc(FunctionBuilder& fb, const Statement& stmt);
/// %t = pto.declare_tile -> T (or : T): a tile handle that a later tassign binds.
bool LowerDeclareTile(FunctionBuilder& fb, const Statement& stmt);
/// pto.set_validshape %tile, %rows, %cols [: T]
bool LowerSetValidShape(FunctionBuilder& fb, const Statement& stmt);
/// %mb = pto.alloc_multi_tile [addr = %a] : !pto.multi_tile_buf<T, count=N>
bool LowerAllocMultiTile(FunctionBuilder& fb, const Statement& stmt);
/// %t = pto.multi_tile_get %mb[%k] : MT -> T
bool LowerMultiTileGet(FunctionBuilder& fb, const Statement& stmt);
/// Lowers \a stmt, an instruction of the Bind family (\a info, tassign):
///   pto.tassign %t, @tile(0x1000)    tassign %t, %addr : T, index
///   pto.tassign ins(%t, %a : T, i64)  %t2 = pto.tassign %t, %addr : T -> T (a new handle)
/// A constant address binds the tile for the whole function (its register's address); others
/// bind it when the instruction runs.
bool LowerBindOp(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt);

}  // namespace pto::assembler

#endif  // PTO_ASM_LOWERING_TILE_ALLOC_LOWERING_H_
