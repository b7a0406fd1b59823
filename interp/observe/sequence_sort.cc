// The sorts, gathers and scatters of costs.def's PTO_VECTOR_SEQUENCE: each shape as the a2a3
// implementation its row cites runs it.
#include <algorithm>

#include "pto/interp/observe/sequence_builder.h"

namespace pto::interp::observe {

namespace {

constexpr uint64_t kSortBlock = 32;           // vbitsort sorts 32 elements a repeat
constexpr uint64_t kMaxSortTmp = 32 * kRepeatMax;  // TSort32's tmp holds a row up to this
constexpr uint64_t kCompareMaxRepeats = 240;  // TCMPS_REPEAT_MAX
constexpr uint64_t kMergeRepeatBytes = 1024;  // vmrgsort4's calibrated repeat: 4 x 32 records
constexpr uint64_t kIndexBytes = 4;           // u32 indices and offsets

bool Ragged(uint64_t bytes) { return bytes % static_cast<uint64_t>(cost::kRepeatBytes) != 0; }

// \a repeats (at least one) as instructions of 255 repeats at most, back to back.
void Chunked(const cost::VectorProfile& p, uint64_t repeats, SequenceBuilder* b) {
  b->Vector(p, repeats / kRepeatMax, kRepeatMax, false);
  b->Vector(p, repeats % kRepeatMax > 0 ? 1 : 0, repeats % kRepeatMax, false);
}

// Scalar-unit loads and stores of UB, a scalar cycle each.
void ScalarAccesses(uint64_t n, SequenceBuilder* b) {
  b->Scalar(static_cast<double>(n) * cost::kScalarCycles);
}

// TSort32's padded tail: the part copied to tmp, a barrier, the pad filled with -NaN (one
// masked repeat), a barrier, vbitsort of \a repeats blocks from tmp, a barrier.
void PaddedSort(const SequenceShapeInput& in, uint64_t copied, uint64_t repeats,
                const cost::VectorProfile& sort, SequenceBuilder* b) {
  b->Copy(BlockBytes(copied * in.elem_bytes));
  b->Barrier();
  b->Vector(Profile("Vdup", in.elem_class), 1, 1, true);
  b->Barrier();
  b->Vector(sort, 1, repeats, false);
  b->Barrier();
}

}  // namespace

namespace shapes {

// a2a3 TSort32: vbitsort a row at a time, a barrier after each; a ragged row given tmp is
// padded to whole blocks there first (rows over kMaxSortTmp: only the last block is).
void BitSort32(const SequenceShapeInput& in, const cost::VectorProfile& sort, SequenceBuilder* b) {
  const uint64_t blocks = in.cols / kSortBlock, tail = in.cols % kSortBlock;
  for (uint64_t row = 0; row < in.rows; ++row) {
    if (!in.has_tmp || tail == 0) {
      // Over 255 blocks, 255 an instruction and the rest (none when a multiple: one of 0).
      const uint64_t loops = blocks <= kRepeatMax ? 1 : CeilDiv(blocks, kRepeatMax);
      for (uint64_t j = 0; j < loops; ++j) {
        const bool last = j + 1 == loops;
        b->Vector(sort, 1, loops == 1 ? blocks : last ? blocks % kRepeatMax : kRepeatMax, false);
        b->Barrier();
      }
    } else if (in.cols <= kMaxSortTmp) {
      PaddedSort(in, in.cols, blocks + 1, sort, b);
    } else {
      const uint64_t loops = (blocks + kRepeatMax) / kRepeatMax;  // ceil((blocks + 1) / 255)
      for (uint64_t j = 0; j + 1 < loops; ++j) b->Vector(sort, 1, kRepeatMax, false), b->Barrier();
      const uint64_t last = (blocks + 1) % kRepeatMax;  // srcTailRepeatNum
      b->Vector(sort, 1, last > 0 ? last - 1 : 0, false);
      b->Barrier();
      PaddedSort(in, tail, 1, sort, b);
    }
  }
}

// a2a3 TMrgSort, one list: one vmrgsort4 whose repeats are the groups of four blocks.
void MergeBlocks4(const SequenceShapeInput& in, const cost::VectorProfile& merge,
                  SequenceBuilder* b) {
  const uint64_t block_len = static_cast<uint64_t>(std::max<int64_t>(0, in.first_scalar));
  const uint64_t group = std::max<uint64_t>(1, 4 * block_len);
  b->Vector(merge, 1, std::max<uint64_t>(1, in.cols / group), false);
}

// a2a3 TMrgSort, 2-4 lists: vmrgsort4 into tmp (exhausted: the counts read over a V->S flag),
// a barrier, tmp copied into the destination's valid columns.
void MergeLists(const SequenceShapeInput& in, const cost::VectorProfile& merge,
                SequenceBuilder* b) {
  const uint64_t bytes = in.cols * in.elem_bytes;
  b->Vector(merge, 1, std::max<uint64_t>(1, (bytes + kMergeRepeatBytes - 1) / kMergeRepeatBytes),
            false);
  if (in.exhausted) b->Barrier(), b->Scalar(cost::kFlagCycles);
  b->Barrier();
  b->Copy(BlockBytes(bytes));
}

// a2a3 TGather with an index tile: per row, the indices scaled to byte offsets (i32 vmuls),
// a barrier, then vgather of the row; all in count mode.
void IndexGather(const SequenceShapeInput& in, const cost::VectorProfile& gather,
                 SequenceBuilder* b) {
  const cost::VectorProfile& muls = Profile("Vmuls", cost::ElemClass::kInt);
  for (uint64_t row = 0; row < in.rows; ++row) {
    b->Vector(muls, 1, RepeatsOf(in.cols * kIndexBytes), true);
    b->Barrier();
    b->Vector(gather, 1, RowRepeats(in), true);
  }
}

// a2a3 TGather by a mask pattern: rows, one vreducev2 of a repeat a row; columns, a vcopy of
// each picked row; count mode over the valid columns.
void MaskGather(const SequenceShapeInput& in, const cost::VectorProfile& reduce,
                SequenceBuilder* b) {
  if (in.column_axis) {
    b->Vector(Profile("Vcopy", in.elem_class), in.rows, RowRepeats(in), true);
    return;
  }
  b->Vector(reduce, 1, in.rows * RowRepeats(in), true);
}

// a2a3 TGather by compare: indices and k prepared (TGather_cmp_FillIndexAndConvertK), the
// compares (TGather_cmp_RunTcmps: k read by the scalar unit for each row, and again for each
// row's remainder), then the indices where they hold packed a row at a time.
void CompareGather(const SequenceShapeInput& in, const cost::VectorProfile& compare,
                   SequenceBuilder* b) {
  ScalarAccesses(in.tile_rows * in.tile_cols, b);
  b->Scalar(cost::kFlagCycles);
  if (in.over_class == cost::ElemClass::kInt) {
    ScalarAccesses(2 * in.tile_rows, b);  // k copied a row at a time: a load and a store
  } else {
    b->Vector(Profile("Vconv", in.over_class), 1, RepeatsOf(in.rows * in.elem_bytes), false);
  }
  const uint64_t per_row = RowRepeats(in);
  const uint64_t whole = per_row / kCompareMaxRepeats, rest = per_row % kCompareMaxRepeats;
  for (uint64_t row = 0; row < in.rows; ++row) {
    b->ScalarRoundTrip();
    b->Vector(compare, whole, kCompareMaxRepeats, false);
  }
  for (uint64_t row = 0; rest > 0 && row < in.rows; ++row) {
    b->ScalarRoundTrip();
    b->Vector(compare, 1, rest, false);
  }
  b->Barrier();
  b->Vector(Profile("Vreducev2", in.elem_class), in.rows, RepeatsOf(in.cols * kIndexBytes), true);
}

// a2a3 TGatherB: a row's whole repeats a row at a time; the ragged remainder of every row as
// one repeat a row (255 rows at most an instruction).
void BlockGather(const SequenceShapeInput& in, const cost::VectorProfile& gather,
                 SequenceBuilder* b) {
  const uint64_t row_bytes = in.cols * in.elem_bytes;
  const uint64_t whole = row_bytes / static_cast<uint64_t>(cost::kRepeatBytes);
  for (uint64_t row = 0; whole > 0 && row < in.rows; ++row) {
    Chunked(gather, whole, b);
  }
  if (Ragged(row_bytes) && in.rows > 0) Chunked(gather, in.rows, b);
}

// a2a3 TScatter with an index tile: the destination zeroed (vector_dup, count mode), then the
// scalar unit moves each element between a V->S and an S->V flag.
void FlatScatter(const SequenceShapeInput& in, const cost::VectorProfile& dup, SequenceBuilder* b) {
  b->Vector(dup, 1, RepeatsOf(in.dst_bytes), true);
  b->ScalarRoundTrip();
  ScalarAccesses(3 * in.rows * in.cols, b);  // the index, the element, the store
}

// a2a3 TScatter by a mask pattern: P1111 is TMOV (copy_ubuf_to_ubuf); otherwise the zero fill
// and flags of FlatScatter, and a vcopy a row (col axis) or a scalar load and store an element.
void MaskScatter(const SequenceShapeInput& in, const cost::VectorProfile& dup, SequenceBuilder* b) {
  if (in.whole_pattern) {
    const bool whole_rows = in.cols == in.tile_cols;
    const uint64_t copies = whole_rows ? 1 : in.rows;
    const uint64_t bytes = (whole_rows ? in.rows * in.tile_cols : in.cols) * in.elem_bytes;
    for (uint64_t i = 0; i < copies; ++i) b->Copy(BlockBytes(bytes));
    return;
  }
  b->Vector(dup, 1, RepeatsOf(in.dst_bytes), true);
  b->ScalarRoundTrip();
  if (in.column_axis) {
    b->Vector(Profile("Vcopy", in.elem_class), in.rows, RowRepeats(in), true);
  } else {
    ScalarAccesses(2 * in.rows * in.cols, b);
  }
}

}  // namespace shapes

}  // namespace pto::interp::observe
