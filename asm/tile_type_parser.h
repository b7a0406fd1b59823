// Reading tile types (tile_type_parser.cc), for type_parser.cc's ParseTerm.
#ifndef PTO_ASM_TILE_TYPE_PARSER_H_
#define PTO_ASM_TILE_TYPE_PARSER_H_

#include <vector>

#include "pto/asm/type_parser.h"

namespace pto::assembler {

/// An element type written as one item: a word (f32, f8E4M3FN) or a PTO dialect type
/// (!pto.hif8, !pto.f4E2M1x2). kInvalid for anything else.
DType ElementTypeOf(const Item& item);

/// The parameters \a group of !pto.tile_buf<...> or !pto.tile<...>, keyed or positional.
bool ParseTileType(Context& ctx, const Item& group, Type* type);

/// !pto.multi_tile_buf<vec, 16x16xf16, count=2> or <!pto.tile_buf<...>, count=2>: count slots
/// of one tile type, side by side in memory (alloc_multi_tile, multi_tile_get).
bool ParseMultiTileType(Context& ctx, const Item& group, Type* type);

/// memref<RxCxT, #pto.address_space<vec>>: a buffer in a local memory, which is a tile of
/// that shape (row-major, all of it valid). \a entries are \a group's two parameters.
bool ParseLocalMemref(Context& ctx, const Item& group, const std::vector<ItemSpan>& entries,
                      Type* type);

}  // namespace pto::assembler

#endif  // PTO_ASM_TILE_TYPE_PARSER_H_
