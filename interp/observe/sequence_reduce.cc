// The shapes of reductions, arg-reductions and trems (costs.def: PTO_SEQUENCE_SHAPE), each as
// the a2a3 implementation its PTO_VECTOR_SEQUENCE row cites runs it.
#include <cstdint>

#include "pto/interp/observe/sequence_builder.h"

namespace pto::interp::observe::shapes {

namespace {

constexpr auto kRepeat = static_cast<uint64_t>(cost::kRepeatBytes);

// The class the NPU compares a source of \a elem_bytes in (its half / float view).
cost::ElemClass ValueClass(int elem_bytes) {
  return elem_bytes == 2 ? cost::ElemClass::kHalf : cost::ElemClass::kFloat;
}

// TRemS.hpp:21-65: one f32 row, every step behind a barrier.
void RemainderScalarF32(uint64_t repeats, SequenceBuilder* b) {
  const cost::ElemClass f32 = cost::ElemClass::kFloat;
  Steps(
      {&Profile("Vdup", f32), &Profile("Vdiv", f32), &Profile("Vconv", f32), &Profile("Vmuls", f32),
       &Profile("Vsub", f32), &Profile("Vmuls", f32), &Profile("Vcmpvs", f32)},
      repeats, true, b);
  b->Scalar(cost::kScalarCycles);  // set_cmpmask
  b->Barrier();
  Steps({&Profile("Vadds", f32), &Profile("Vsel", f32)}, repeats, true, b);
}

// TRemS.hpp:67-113: one i32 row through f32; the quotient's multiply and the subtraction run
// on the integers, the conversions pairwise before a barrier.
void RemainderScalarI32(uint64_t repeats, SequenceBuilder* b) {
  const cost::ElemClass f32 = cost::ElemClass::kFloat, i32 = cost::ElemClass::kInt;
  const cost::VectorProfile& conv = Profile("Vconv", f32);
  b->Vector(conv, 1, repeats, true);
  b->Vector(Profile("Vdup", f32), 1, repeats, true);
  b->Barrier();
  Steps({&Profile("Vdiv", f32)}, repeats, true, b);
  b->Vector(conv, 2, repeats, true);
  b->Barrier();
  Steps({&Profile("Vmuls", i32), &Profile("Vsub", i32)}, repeats, true, b);
  b->Vector(conv, 2, repeats, true);
  b->Barrier();
  Steps({&Profile("Vmuls", f32), &Profile("Vcmpvs", f32)}, repeats, true, b);
  b->Scalar(cost::kScalarCycles);  // set_cmpmask
  b->Barrier();
  Steps({&Profile("Vadds", f32), &Profile("Vsel", f32), &conv}, repeats, true, b);
}

// TRowReduceIdxOps.hpp:44-59: the reduction of \a count elements to one (value, index) pair a
// repeat, then two vreducev2 gathering the values and the indices apart.
void ReduceThenGroup(uint64_t count, int elem_bytes, const cost::VectorProfile& reduce,
                     SequenceBuilder* b) {
  const cost::VectorProfile& gather = Profile("Vreducev2", ValueClass(elem_bytes));
  const uint64_t pairs = CeilDiv(count, kRepeat / elem_bytes);
  b->Vector(reduce, 1, RepeatsOf(count * elem_bytes), true);
  b->Barrier();
  Steps({&gather, &gather}, RepeatsOf(2 * pairs * elem_bytes), true, b);
}

// TColReduceIdx.hpp:116-207: one column block of \a repeat_bytes (a partial one in count
// mode): the index vectors zeroed, the first row copied, then a compare, select and update a
// further row.
void ColumnArgBlock(const SequenceShapeInput& in, const cost::VectorProfile& update, bool last,
                    SequenceBuilder* b) {
  const cost::ElemClass value = ValueClass(in.elem_bytes);
  const cost::ElemClass index =
      in.elem_bytes == 2 ? cost::ElemClass::kNarrowInt : cost::ElemClass::kInt;
  b->Vector(Profile("Vdup", index), 2, 1, last);
  if (last) {
    b->Vector(Profile("Vcopy", index), 1, 1, true);
  } else {
    b->Copy(kRepeat);
  }
  b->Barrier();
  for (uint64_t row = 1; row < in.rows; ++row) {
    b->Vector(Profile("Vadds", index), 1, 1, last);
    b->Vector(Profile("VcmpMask", value), 1, 1, last);
    b->Barrier();
    b->Vector(Profile("Vsel", value), 1, 1, last);
    b->Vector(update, 1, 1, last);
    b->Barrier();
  }
  if (in.elem_bytes == 2) {  // the 16-bit indices widened to i32 by way of f16
    const cost::VectorProfile& conv = Profile("Vconv", value);
    Steps({&conv}, 1, last, b);
    Steps({&conv}, 2, last, b);
  }
}

// TPartOp.hpp:134-153: op over \a rows x \a cols: in count mode a row an instruction when
// the tile's stride overflows a repeat stride or there are fewer rows than repeats a row;
// else per 256-byte column block 255 rows an instruction, the last block masked.
void PartOps(uint64_t rows, uint64_t cols, const SequenceShapeInput& in,
             const cost::VectorProfile& op, SequenceBuilder* b) {
  const uint64_t per_repeat = kRepeat / in.elem_bytes;
  const bool stride_over = in.dst_tile_cols * in.elem_bytes / kBlockBytes > kRepeatMax;
  if (stride_over || rows < CeilDiv(cols, per_repeat) * CeilDiv(rows, kRepeatMax)) {
    b->Vector(op, rows, RepeatsOf(cols * in.elem_bytes), true);
    return;
  }
  const uint64_t full_groups = rows / kRepeatMax, rest = rows % kRepeatMax;
  const uint64_t whole = cols / per_repeat;
  b->Vector(op, whole * full_groups, kRepeatMax, false);
  if (rest != 0) b->Vector(op, whole, rest, false);
  if (cols % per_repeat == 0) return;
  b->Vector(op, full_groups, kRepeatMax, true);
  if (rest != 0) b->Vector(op, 1, rest, true);
}

// TPartOp.hpp:18-41, TPartArgOp.hpp:18-41: \a rows of the whole source, of \a elem_bytes,
// copied into the destination: one copy when the tiles are as wide, else a copy a row.
void PartCopy(uint64_t rows, int elem_bytes, const SequenceShapeInput& in, SequenceBuilder* b) {
  if (in.same_width) {
    b->Copy(BlockBytes(in.dst_tile_cols * rows * elem_bytes));
    return;
  }
  for (uint64_t row = 0; row < rows; ++row) b->Copy(BlockBytes(in.cols * elem_bytes));
}

// TPartArgOp.hpp:46-101: per 256-byte column block (the last masked) and row, a compare into
// the mask, a barrier, vsel of the values and of the indices, a barrier.
void PartArgOps(uint64_t rows, uint64_t cols, const SequenceShapeInput& in,
                const cost::VectorProfile& cmp, SequenceBuilder* b) {
  const cost::VectorProfile& sel = Profile("Vsel", ValueClass(in.elem_bytes));
  const uint64_t per_repeat = kRepeat / in.elem_bytes;
  const uint64_t blocks = CeilDiv(cols, per_repeat);
  for (uint64_t block = 0; block < blocks; ++block) {
    const bool masked = block + 1 == blocks && cols % per_repeat != 0;
    for (uint64_t row = 0; row < rows; ++row) {
      Steps({&cmp}, 1, masked, b);
      b->Vector(sel, 2, 1, masked);
      b->Barrier();
    }
  }
}

}  // namespace

// a2a3 TRemS: TRem's steps with the scalar broadcast first, a row at a time in count mode.
void RowRemainderScalar(const SequenceShapeInput& in, const cost::VectorProfile&,
                        SequenceBuilder* b) {
  const bool integer = in.elem_class == cost::ElemClass::kInt;
  for (uint64_t row = 0; row < in.rows; ++row) {
    if (integer) {
      RemainderScalarI32(RowRepeats(in), b);
    } else {
      RemainderScalarF32(RowRepeats(in), b);
    }
  }
}

// a2a3 TRowProd: the row multiplied into one block of partial products a block at a time,
// which the scalar unit then multiplies out.
void RowBlockProduct(const SequenceShapeInput& in, const cost::VectorProfile& mul,
                     SequenceBuilder* b) {
  const uint64_t row_bytes = in.cols * in.elem_bytes;
  const uint64_t blocks = CeilDiv(row_bytes, kBlockBytes);
  for (uint64_t row = 0; row < in.rows; ++row) {
    Steps({&Profile("Vdup", in.elem_class)}, 1, true, b);
    for (uint64_t block = 0; block < blocks; ++block) Steps({&mul}, 1, true, b);
    b->ScalarRoundTrip();
  }
}

// a2a3 TRowReduceIdxOps (the index alone): a row of one repeat at most is one vcmax a row;
// a wider row folds a repeat at a time, once (up to a repeat of repeats) or twice, and the
// scalar unit composes the index.
void RowArgReduce(const SequenceShapeInput& in, const cost::VectorProfile&, SequenceBuilder* b) {
  const cost::VectorProfile& reduce = Profile("Vcmax", ValueClass(in.elem_bytes));
  const uint64_t per_repeat = kRepeat / in.elem_bytes;
  if (in.cols == per_repeat) {  // count mode over all rows at once
    Steps({&reduce}, in.rows, true, b);
    return;
  }
  if (in.cols < per_repeat) {  // 255 rows an instruction, the last with the rest (maybe none)
    for (uint64_t done = 0; done + kRepeatMax <= in.rows; done += kRepeatMax)
      Steps({&reduce}, kRepeatMax, true, b);
    Steps({&reduce}, in.rows % kRepeatMax, true, b);
    return;
  }
  const uint64_t firsts = CeilDiv(in.cols, per_repeat);
  for (uint64_t row = 0; row < in.rows; ++row) {
    ReduceThenGroup(in.cols, in.elem_bytes, reduce, b);
    uint64_t left = firsts;
    if (in.cols > per_repeat * per_repeat) {
      ReduceThenGroup(firsts, in.elem_bytes, reduce, b);
      left = CeilDiv(firsts, per_repeat);
    }
    Steps({&reduce}, RepeatsOf(left * in.elem_bytes), true, b);
  }
  b->ScalarRoundTrip();
}

// a2a3 TColReduceIdx (the index alone): a column block at a time, the running extreme and
// its row kept by a compare and select per row.
void ColumnArgReduce(const SequenceShapeInput& in, const cost::VectorProfile& update,
                     SequenceBuilder* b) {
  const uint64_t row_bytes = in.cols * in.elem_bytes;
  for (uint64_t block = 0; block < row_bytes / kRepeat; ++block)
    ColumnArgBlock(in, update, false, b);
  if (row_bytes % kRepeat != 0) {
    ColumnArgBlock(in, update, true, b);
    b->Barrier();
  }
}

// a2a3 TPartAdd (TPartMul, TPartMax, TPartMin): over the smaller source's region when it has
// fewer rows, then the rest of the rows copied from the whole source; when it has fewer
// columns, the whole source copied first, a barrier, then the operation; else the operation.
void PartialBinary(const SequenceShapeInput& in, const cost::VectorProfile& op,
                   SequenceBuilder* b) {
  if (in.part_rows < in.rows && in.part_cols == in.cols) {
    if (in.part_rows != 0) PartOps(in.part_rows, in.part_cols, in, op, b);
    PartCopy(in.rows - in.part_rows, in.elem_bytes, in, b);
  } else if (in.part_cols < in.cols) {
    PartCopy(in.rows, in.elem_bytes, in, b);
    if (in.part_cols == 0) return;
    b->Barrier();
    PartOps(in.part_rows, in.part_cols, in, op, b);
  } else {
    PartOps(in.rows, in.cols, in, op, b);
  }
}

// a2a3 TPartArgMax, TPartArgMin: the compare and two selects over the sources' common region;
// the rest of the larger source's values and indices copied after it (fewer rows) or before
// it (fewer columns, without a barrier between).
void PartialArgSelect(const SequenceShapeInput& in, const cost::VectorProfile& cmp,
                      SequenceBuilder* b) {
  const bool fewer_rows = in.part_rows < in.rows && in.part_cols == in.cols;
  const bool fewer_cols = in.part_cols < in.cols;
  const uint64_t copied = fewer_rows ? in.rows - in.part_rows : in.rows;
  if (fewer_cols) PartCopy(copied, in.elem_bytes, in, b), PartCopy(copied, in.index_bytes, in, b);
  PartArgOps(in.part_rows, in.part_cols, in, cmp, b);
  if (fewer_rows) PartCopy(copied, in.elem_bytes, in, b), PartCopy(copied, in.index_bytes, in, b);
}

}  // namespace pto::interp::observe::shapes
