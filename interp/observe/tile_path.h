// The repeats an a2a3 tile instruction of one vector intrinsic issues (costs.def:
// PTO_TILE_PATH): its implementation chooses, from the tiles' shapes and whether their valid
// columns are known to fill them, one line over the whole valid region or a group of repeats
// a row, in normal or count mode. The same valid region can cost four times as many repeats
// on one path as on another (a 256x16 f32 tile: 64 as one line, 256 a row at a time).
#ifndef PTO_INTERP_OBSERVE_TILE_PATH_H_
#define PTO_INTERP_OBSERVE_TILE_PATH_H_

#include <cstdint>

#include "pto/common/isa/cost_table.h"

namespace pto::interp::observe {

/// The destination tile and what the dispatch knows of the operands at compile time.
struct TileGeometry {
  int64_t rows = 1, cols = 1;  ///< the destination tile's shape
  int elem_bytes = 4;
  bool static_whole = false;  ///< every tile operand's valid columns are static and its width
  bool one_row = false;       ///< every tile operand is one row
  bool same_shape = true;     ///< every tile operand has the destination's shape
};

/// The vector repeats a path issues, and how many of its instructions run under a partial
/// mask: in count mode, or masked to fewer elements than a repeat. Such an instruction pays
/// the count-mode floor (costs.def: CountModeFloor) where its profile says so.
struct PathRepeats {
  uint64_t repeats = 0;
  uint64_t masked_instructions = 0;
  bool row_count_mode = false;  ///< an instruction a valid row, in count mode
};

/// What \a path issues for a valid region of \a valid_rows x \a valid_cols of \a tile.
PathRepeats TilePathRepeats(cost::TilePath path, const TileGeometry& tile, int64_t valid_rows,
                            int64_t valid_cols);

}  // namespace pto::interp::observe

#endif  // PTO_INTERP_OBSERVE_TILE_PATH_H_
