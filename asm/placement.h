// Places tiles and pipe buffers that no instruction binds at non-overlapping addresses (auto
// mode), function by function, so that a callee's buffers stay clear of its callers'.
#ifndef PTO_ASM_PLACEMENT_H_
#define PTO_ASM_PLACEMENT_H_

#include <array>
#include <vector>

#include "pto/asm/function_builder.h"

namespace pto::assembler {

/// Bytes of each memory in use, from address 0 up to the end of the highest buffer.
using MemoryExtent = std::array<uint64_t, kMemoryCount>;

/// Gives every tile register that is bound neither statically nor at run time, and every
/// automatic pipe buffer, an address at or above \a base in its memory that overlaps no
/// statically bound buffer and nothing else placed. Reports buffers that do not fit. Returns
/// the function's extent: the end of its highest buffer in each memory. A tile that is only
/// ever the tmp of instructions the architecture runs without it (kFlagTmpIdleA5) takes no
/// room: it gets the base address, as PTOAS v0.60 leaves it unplaced.
MemoryExtent PlaceFunction(const Program& program, FunctionBuilder& fb, const MemoryExtent& base);

/// Places every function of a module. A function's automatic buffers start above the extent
/// of every function that calls it (directly or not), as if each call stacked a frame: a
/// callee's scratch tiles never overwrite the tiles its callers still hold.
void PlaceModule(Program& program, const std::vector<FunctionBuilder*>& builders);

}  // namespace pto::assembler

#endif  // PTO_ASM_PLACEMENT_H_
