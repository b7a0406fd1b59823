// Lowers windows of tiles: a tile value that views part of another tile's storage.
#ifndef PTO_ASM_LOWERING_TILE_WINDOW_LOWERING_H_
#define PTO_ASM_LOWERING_TILE_WINDOW_LOWERING_H_

#include "pto/asm/function_builder.h"

namespace pto::assembler {

/// %w = pto.subset %t[%r, %c] sizes [R, C] : T
/// %w = pto.subview %t[%r, %c] sizes [R, C] [valid [%vr, %vc]] : T -> W
/// A window of tile %t starting at element (%r, %c): it keeps %t's shape and layout (so its
/// rows step like %t's) and has the valid shape R x C, or the given one.
bool LowerSubView(FunctionBuilder& fb, const Statement& stmt);
/// %r = pto.bitcast %t : T -> U: tile %t's bytes with another element type (same shape, valid
/// shape and layout, no more bytes).
bool LowerTileBitcast(FunctionBuilder& fb, const Statement& stmt);

}  // namespace pto::assembler

#endif  // PTO_ASM_LOWERING_TILE_WINDOW_LOWERING_H_
