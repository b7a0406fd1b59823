// When each placed tile is in use, for placement's reuse of on-chip memory (asm/placement.h):
// PTOAS v0.60's PlanMemory lets tiles whose lifetimes do not overlap share bytes.
#ifndef PTO_ASM_TILE_LIFETIMES_H_
#define PTO_ASM_TILE_LIFETIMES_H_

#include <cstdint>
#include <vector>

#include "pto/asm/function_builder.h"

namespace pto::assembler {

/// The code offsets from a tile's first use to its last, both included; empty when begin > end.
struct Lifetime {
  uint32_t begin = UINT32_MAX;
  uint32_t end = 0;

  bool Overlaps(const Lifetime& o) const { return begin <= o.end && o.begin <= end; }
  static Lifetime Whole() { return {0, UINT32_MAX}; }
};

/// The lifetime of every tile register of \a fb's function, from its code: a tile lives from
/// the first instruction that names it to the last, and the tiles an instruction relates to a
/// tile bound at run time (a window, a select, a bitcast) live as long as each other; a loop
/// (a backward jump) that a lifetime enters keeps it alive to the loop's end and from its
/// start. Parameters and tiles whose address is taken live through the whole function.
std::vector<Lifetime> TileLifetimes(const Program& program, FunctionBuilder& fb);

}  // namespace pto::assembler

#endif  // PTO_ASM_TILE_LIFETIMES_H_
