#include "pto/interp/observe/vector_sequence.h"

#include <algorithm>
#include <initializer_list>

#include "pto/interp/observe/sequence_builder.h"

namespace pto::interp::observe {

namespace shapes {

// a2a3 TRowExpand: per row, the scalar unit reads the row's value, then one vector_dup.
void ScalarRowBroadcast(const SequenceShapeInput& in, const cost::VectorProfile& dup,
                        SequenceBuilder* b) {
  for (uint64_t row = 0; row < in.rows; ++row) {
    b->ScalarRoundTrip();
    b->Vector(dup, 1, RowRepeats(in), true);
  }
}

// a2a3 TColSum: pairwise folds (isBinary) or a row-by-row chain, in count mode.
void ColumnFold(const SequenceShapeInput& in, const cost::VectorProfile& add, SequenceBuilder* b) {
  const uint64_t row_bytes = in.cols * in.elem_bytes, repeats = RowRepeats(in);
  if (in.rows == 1) {
    b->Copy(BlockBytes(row_bytes));
    b->Barrier();
    return;
  }
  if (!in.binary) {
    b->Copy(BlockBytes(row_bytes));
    b->Barrier();
    for (uint64_t row = 1; row < in.rows; ++row) b->Vector(add, 1, repeats, true), b->Barrier();
    return;
  }
  auto fold = [&](uint64_t rows) {
    b->Vector(add, rows / 2, repeats, true);
    b->Barrier();
    if (rows % 2 == 1) b->Vector(add, 1, repeats, true), b->Barrier();
  };
  fold(in.rows);
  for (uint64_t rows = in.rows / 2; rows > 1; rows /= 2) fold(rows), b->Barrier();
  b->Copy(BlockBytes(row_bytes));
  b->Barrier();
}

// a2a3 TColReduceOps: the first row copied, then each further row folded in, its whole
// repeats in count mode and its remainder as one masked repeat, a barrier after each (both
// under a partial mask: [st] tcolmax half_64x64, 2713 cycles for 63 masked repeats).
void ColumnChain(const SequenceShapeInput& in, const cost::VectorProfile& op, SequenceBuilder* b) {
  const uint64_t row_bytes = in.cols * in.elem_bytes;
  const auto repeat = static_cast<uint64_t>(cost::kRepeatBytes);
  b->Copy(BlockBytes(row_bytes));
  b->Barrier();
  if (in.rows == 1) return;
  const uint64_t whole = row_bytes / repeat;
  for (uint64_t row = 1; whole > 0 && row < in.rows; ++row)
    b->Vector(op, 1, whole, true), b->Barrier();
  const bool remainder = row_bytes % repeat != 0;
  for (uint64_t row = 1; remainder && row < in.rows; ++row) b->Vector(op, 1, 1, true), b->Barrier();
  b->Barrier();
}

// a2a3 TDivS: a tile divided in place by a float is multiplied by the reciprocal; otherwise
// the scalar is broadcast (vector_dup) and divided by vdiv, integers by way of floats
// (vconv there and back, a barrier after each step).
void ScalarDivide(const SequenceShapeInput& in, const cost::VectorProfile& div,
                  SequenceBuilder* b) {
  const bool integer =
      in.elem_class == cost::ElemClass::kInt || in.elem_class == cost::ElemClass::kNarrowInt;
  if (in.in_place && !integer) {
    b->Vector(Profile("Vmuls", in.elem_class), 1, in.repeats, false);
    return;
  }
  b->Vector(Profile("Vdup", in.elem_class), 1, in.repeats, false);
  b->Barrier();
  if (!integer) {
    b->Vector(div, 1, in.repeats, false);
    return;
  }
  const cost::ElemClass as_float =
      in.elem_class == cost::ElemClass::kInt ? cost::ElemClass::kFloat : cost::ElemClass::kHalf;
  const cost::VectorProfile& conv = Profile("Vconv", as_float);
  for (int operand = 0; operand < 2; ++operand) b->Vector(conv, 1, in.repeats, false), b->Barrier();
  b->Vector(Profile("Vdiv", as_float), 1, in.repeats, false);
  b->Barrier();
  b->Vector(conv, 1, in.repeats, false);
  b->Barrier();
}

// a2a3 TRowExpandBinOp: a column-major per-row operand is broadcast to one 32-byte block a
// row first (vbrcb, 8 rows a repeat); then the operation runs row by row in count mode when a
// row has more repeats than there are rows, else a repeat a row for each 256 bytes of columns
// (the last masked to the remainder).
void RowBroadcastBinary(const SequenceShapeInput& in, const cost::VectorProfile& op,
                        SequenceBuilder* b) {
  if (in.column_major_operand) {
    b->Vector(Profile("Vbrcb", in.elem_class), 1, (in.rows + 7) / 8, false);
    b->Barrier();
  }
  const uint64_t per_row = RowRepeats(in);
  if (per_row > in.rows) {
    b->Vector(op, in.rows, per_row, true);
    return;
  }
  const bool ragged = (in.cols * in.elem_bytes) % static_cast<uint64_t>(cost::kRepeatBytes) != 0;
  b->Vector(op, per_row - (ragged ? 1 : 0), in.rows, false);
  if (ragged) b->Vector(op, 1, in.rows, true);
}

// a2a3 TFillPad: the source's valid rows copied (a repeat a row, 255 an instruction); the
// partial 32-byte block ending each row filled when the pad values differ; the first row's
// right pad filled and copied into the others; the rows below filled.
void PadFill(const SequenceShapeInput& in, const cost::VectorProfile& copy, SequenceBuilder* b) {
  const cost::VectorProfile& dup = Profile("Vdup", in.elem_class);
  b->Vector(copy, 1, in.rows, true);
  if (in.pads_differ) {
    b->Vector(dup, 1, in.rows, false);
    b->Barrier();
  }
  b->Vector(dup, 1, 1, true);
  b->Barrier();
  if (in.rows > 1) b->Vector(copy, 1, in.rows - 1, false);
  if (in.dst_rows > in.rows) b->Vector(dup, 1, 1, true);
}

// a2a3 TQuant: the row scales multiplied in (TROWEXPANDMUL), an offset added likewise (the
// optional last operand: INT8_ASYM), then three conversions through s32 and f16 to 8 bits
// (each over the region's repeats of its wider type), a barrier after each.
void QuantizeRows(const SequenceShapeInput& in, const cost::VectorProfile& conv,
                  SequenceBuilder* b) {
  RowBroadcastBinary(in, Profile("Vmul", in.elem_class), b);
  b->Barrier();
  if (in.has_tmp) {
    RowBroadcastBinary(in, Profile("Vadd", in.elem_class), b);
    b->Barrier();
  }
  const uint64_t elements = in.rows * in.cols;
  for (uint64_t wider_bytes : {4, 4, 2}) {
    b->Vector(conv, 1, RepeatsOf(elements * wider_bytes), false);
    b->Barrier();
  }
}

// a2a3 TRowExpandExpdif: TROWEXPANDSUB, a barrier, TEXP of the destination.
void RowBroadcastExpDif(const SequenceShapeInput& in, const cost::VectorProfile& exp,
                        SequenceBuilder* b) {
  RowBroadcastBinary(in, Profile("Vsub", in.elem_class), b);
  b->Barrier();
  b->Vector(exp, 1, RepeatsOf(in.rows * in.cols * in.elem_bytes), false);
}

// a2a3 TColExpandExpdif: each instruction of the column-expand path (a 256-byte column block
// over the valid rows, or a row at a time in count mode) is a vsub, a barrier and a vexp.
void ColumnExpDif(const SequenceShapeInput& in, const cost::VectorProfile& exp,
                  SequenceBuilder* b) {
  const uint64_t row_bytes = in.cols * in.elem_bytes;
  const bool narrow = row_bytes < static_cast<uint64_t>(cost::kRepeatBytes);
  const uint64_t calls = in.row_count_mode ? in.rows : narrow ? 1 : RepeatsOf(row_bytes);
  const uint64_t repeats = in.row_count_mode ? RowRepeats(in) : in.rows;
  const bool ragged = row_bytes % static_cast<uint64_t>(cost::kRepeatBytes) != 0;
  const cost::VectorProfile& sub = Profile("Vsub", in.elem_class);
  for (uint64_t call = 0; call < calls; ++call) {
    const bool masked = in.row_count_mode || (ragged && call + 1 == calls);
    b->Vector(sub, 1, repeats, masked);
    b->Barrier();
    b->Vector(exp, 1, repeats, masked);
  }
}

// a2a3 TRsqrtHighPrecision (trsqrt given a tmp tile): 1 / sqrt(x) as vsqrt then vdiv, row by
// row in count mode; without the tmp, one vrsqrt.
void RootReciprocal(const SequenceShapeInput& in, const cost::VectorProfile& rsqrt,
                    SequenceBuilder* b) {
  if (!in.has_tmp) {
    b->Vector(rsqrt, 1, in.repeats, false);
    return;
  }
  const uint64_t per_row = RowRepeats(in);
  b->Vector(Profile("Vdup", in.elem_class), 1, 1, true);
  b->Vector(Profile("Vsqrt", in.elem_class), in.rows, per_row, true);
  b->Barrier();
  b->Vector(Profile("Vdiv", in.elem_class), in.rows, per_row, true);
}

// a2a3 TColExpand: the source row copied into each valid row of the destination.
void RowCopies(const SequenceShapeInput& in, const cost::VectorProfile&, SequenceBuilder* b) {
  for (uint64_t row = 0; row < in.rows; ++row) b->Copy(BlockBytes(in.cols * in.elem_bytes));
}

// a2a3 TCmps: a compare a valid row; NE compares equal, then inverts the mask (vnot).
void RowCompare(const SequenceShapeInput& in, const cost::VectorProfile& cmp, SequenceBuilder* b) {
  b->Vector(cmp, in.rows, RowRepeats(in), false);
  if (!in.not_equal) return;
  b->Barrier();
  b->Vector(Profile("Vnot", in.elem_class), 1, RepeatsOf(in.rows * in.cols / 8), true);
}

// a2a3 TSel: per row, the row's mask address broadcast into the tmp tile, made the compare
// mask (set_cmpmask, between two barriers), then vsel of the row.
void RowSelect(const SequenceShapeInput& in, const cost::VectorProfile& sel, SequenceBuilder* b) {
  const cost::VectorProfile& dup = Profile("Vdup", in.elem_class);
  const uint64_t per_row = RowRepeats(in);
  for (uint64_t row = 0; row < in.rows; ++row) {
    b->Vector(dup, 1, 1, true);
    b->Barrier();
    b->Scalar(cost::kScalarCycles);
    b->Barrier();
    b->Vector(sel, 1, per_row, true);
  }
}

// a2a3 TFmod: a row at a time, q = a / b truncated, a - q b, each step behind a barrier.
void RowFmod(const SequenceShapeInput& in, const cost::VectorProfile& div, SequenceBuilder* b) {
  const cost::ElemClass c = in.elem_class;
  const cost::VectorProfile &conv = Profile("Vconv", c), &mul = Profile("Vmul", c);
  const cost::VectorProfile& sub = Profile("Vsub", c);
  for (uint64_t row = 0; row < in.rows; ++row) {
    Steps({&div, &conv, &mul, &sub}, RowRepeats(in), true, b);
  }
}

// a2a3 TRem: TFmod's steps with a floor, then r b < 0 found (vcmp into a mask set by
// set_cmpmask) and b added where it holds (vadd, vsel); i32 through f32.
void RowRemainder(const SequenceShapeInput& in, const cost::VectorProfile&, SequenceBuilder* b) {
  const uint64_t per_row = RowRepeats(in);
  const bool integer = in.elem_class == cost::ElemClass::kInt;
  const cost::ElemClass f32 = cost::ElemClass::kFloat;
  const cost::VectorProfile &conv = Profile("Vconv", f32), &div = Profile("Vdiv", f32);
  const cost::VectorProfile &mul = Profile("Vmul", in.elem_class),
                            &sub = Profile("Vsub", in.elem_class);
  const cost::VectorProfile &mul32 = Profile("Vmul", f32), &dup = Profile("Vdup", f32);
  const cost::VectorProfile &cmp = Profile("Vcmpvs", f32), &add = Profile("Vadd", f32);
  const cost::VectorProfile& sel = Profile("Vsel", f32);
  for (uint64_t row = 0; row < in.rows; ++row) {
    if (integer) Steps({&conv}, per_row, true, b);
    Steps({&div, &conv}, per_row, true, b);
    if (integer) Steps({&conv}, per_row, true, b);
    Steps({&mul, &sub}, per_row, true, b);
    if (integer) Steps({&conv}, per_row, true, b);
    Steps({&mul32}, per_row, true, b);
    Steps({&dup}, 1, false, b);      // the mask buffer's address, one repeat
    b->Scalar(cost::kScalarCycles);  // set_cmpmask
    b->Barrier();
    Steps({&cmp}, per_row, false, b);       // vcmpvs_lt (< 0), normal mode
    Steps({&add, &sel}, per_row, true, b);  // back in count mode (TRem.hpp:59-65)
    if (integer) Steps({&conv}, per_row, true, b);
  }
}

// a2a3 TPrelu: TMUL into the destination, TCMPS (> 0), TSEL between the two, barriers
// between.
void PReluSelect(const SequenceShapeInput& in, const cost::VectorProfile& mul, SequenceBuilder* b) {
  b->Vector(mul, 1, in.repeats, false);
  b->Barrier();
  SequenceShapeInput compare = in;
  compare.not_equal = false;
  RowCompare(compare, Profile("Vcmp", in.elem_class), b);
  b->Barrier();
  RowSelect(in, Profile("Vsel", in.elem_class), b);
}

// a2a3 TXor: (a | b) & ~(a & b) as TOR, TAND, TNOT, TAND, barriers between.
void XorByAndOr(const SequenceShapeInput& in, const cost::VectorProfile& vand, SequenceBuilder* b) {
  Steps({&Profile("Vor", in.elem_class), &vand, &Profile("Vnot", in.elem_class)}, in.repeats, false,
        b);
  b->Vector(vand, 1, in.repeats, false);
}

// a2a3 TFmodS: TFmod's steps a row at a time, the scalar broadcast first (vector_dup).
void RowFmodScalar(const SequenceShapeInput& in, const cost::VectorProfile& div,
                   SequenceBuilder* b) {
  const cost::ElemClass c = in.elem_class;
  const cost::VectorProfile &dup = Profile("Vdup", c), &conv = Profile("Vconv", c);
  const cost::VectorProfile &muls = Profile("Vmuls", c), &sub = Profile("Vsub", c);
  for (uint64_t row = 0; row < in.rows; ++row) {
    Steps({&dup, &div, &conv, &muls, &sub}, RowRepeats(in), true, b);
  }
}

// a2a3 TANDS, TORS: TEXPANDS of the scalar into the destination, a barrier, the operation.
void BroadcastBitwise(const SequenceShapeInput& in, const cost::VectorProfile& op, SequenceBuilder* b) {
  b->Vector(Profile("Vdup", in.elem_class), 1, in.repeats, false);
  b->Barrier();
  b->Vector(op, 1, in.repeats, false);
}

// a2a3 TXORS: TORS into tmp, TANDS, TNOT, TAND, barriers between.
void BroadcastXor(const SequenceShapeInput& in, const cost::VectorProfile&, SequenceBuilder* b) {
  BroadcastBitwise(in, Profile("Vor", in.elem_class), b);
  b->Barrier();
  BroadcastBitwise(in, Profile("Vand", in.elem_class), b);
  b->Barrier();
  Steps({&Profile("Vnot", in.elem_class)}, in.repeats, false, b);
  b->Vector(Profile("Vand", in.elem_class), 1, in.repeats, false);
}

}  // namespace shapes

void SequenceCost(const cost::VectorSequence& seq, const cost::VectorProfile& profile,
                  const SequenceShapeInput& in, StepCost* c) {
  using Shape = void (*)(const SequenceShapeInput&, const cost::VectorProfile&, SequenceBuilder*);
  static constexpr Shape kShapes[] = {
#define PTO_SEQUENCE_SHAPE(Name, Over) &shapes::Name,
#include "pto/common/isa/costs.def"
  };
  SequenceBuilder b;
  kShapes[static_cast<size_t>(seq.shape)](in, profile, &b);
  b.Finish(c);
}

}  // namespace pto::interp::observe
