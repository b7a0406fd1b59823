// The cost of a tile instruction the NPU runs as several vector instructions (costs.def:
// PTO_VECTOR_SEQUENCE): the sequence its shape names, each instruction priced by the row's
// profile, each pipe_barrier(PIPE_V) of the sequence draining the last one's tail.
#ifndef PTO_INTERP_OBSERVE_VECTOR_SEQUENCE_H_
#define PTO_INTERP_OBSERVE_VECTOR_SEQUENCE_H_

#include <cstdint>

#include "pto/common/isa/cost_table.h"
#include "pto/interp/observe/cost_model.h"

namespace pto::interp::observe {

/// What a sequence's shape depends on: the valid region it runs over (the destination's for
/// a broadcast, the source's for a reduction) and its element size.
struct SequenceShapeInput {
  uint64_t rows = 1, cols = 1;
  int elem_bytes = 4;
  bool binary = false;   ///< tcolsum's isBinary
  uint64_t repeats = 1;  ///< the instruction's repeats over its largest operand
  cost::ElemClass elem_class = cost::ElemClass::kFloat;
  bool in_place = false;              ///< its destination is its first source
  bool column_major_operand = false;  ///< its second source is column-major (a row expand's)
  uint64_t dst_rows = 0;              ///< its destination's valid rows
  bool pads_differ = false;           ///< its destination's pad value is not its first source's
  bool has_tmp = false;  ///< it was given its optional last tile (a tmp; tquant's offset)
  bool not_equal = false;             ///< a compare's cmpMode is NE
  bool row_count_mode = false;        ///< its tile path runs an instruction a row, count mode
  /// The declared shape and element class of the tile whose valid region rows, cols are.
  uint64_t tile_rows = 1, tile_cols = 1;
  cost::ElemClass over_class = cost::ElemClass::kFloat;
  uint64_t dst_bytes = 0;      ///< the destination tile's declared bytes
  bool exhausted = false;      ///< tmrgsort's exhausted
  bool column_axis = false;    ///< a mask gather's or scatter's axis is col
  bool whole_pattern = false;  ///< its maskPattern is P1111
  uint64_t dst_tile_cols = 0;         ///< its destination's row stride, in elements
  uint64_t second_cols = 1;           ///< its second source's valid columns
  int64_t first_scalar = 0;  ///< its first scalar source: ttri's diagonal, tmrgsort's blockLen
  bool upper = false;                 ///< ttri's upperOrLower is UPPER
  bool descending = false;            ///< tci counts down
  uint64_t part_rows = 1, part_cols = 1;  ///< a partial op's smaller source's valid region
  bool same_width = true;                 ///< its source tiles are as wide as its destination
  int index_bytes = 4;                    ///< an arg op's index element size (its 2nd output)
};

/// Sets \a c's head, body and tail to those of \a seq over \a in, priced by \a profile.
void SequenceCost(const cost::VectorSequence& seq, const cost::VectorProfile& profile,
                  const SequenceShapeInput& in, StepCost* c);

}  // namespace pto::interp::observe

#endif  // PTO_INTERP_OBSERVE_VECTOR_SEQUENCE_H_
