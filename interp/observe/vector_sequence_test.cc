// The multi-instruction sequences' costs, worked out by hand from common/isa/costs.def.
#include <doctest/doctest.h>

#include "pto/interp/observe/sequence_test_support.h"

namespace pto::interp::observe {
namespace {

TEST_CASE("tcolsum isBinary folds pairs of rows, a barrier after each level, then copies") {
  // 64 rows of 64 f32 (one repeat a row), vadd: head 10, slope 2, tail 14, count-mode floor
  // 16. Levels of 32, 16, 8, 4, 2, 1 vadds of (2 + 16) each; every level but the first pays
  // the head again, and each ends in a barrier draining the tail: 63 x 18 + 5 x 10 + 6 x 14
  // = 1268. The copy of 256 bytes at 54.3 GiB/s (31.52 bytes per cycle): 9.
  SequenceShapeInput in;
  in.rows = 64, in.cols = 64, in.elem_bytes = 4, in.binary = true;
  const StepCost c = Cost(Opcode::kTColSum, in);
  CHECK(c.head == 10);
  CHECK(c.body == 1268 + 9);
  CHECK(c.tail == 0);  // the last barrier drained it
}

TEST_CASE("tcolsum of one row is the copy alone") {
  SequenceShapeInput in;
  in.rows = 1, in.cols = 3072, in.elem_bytes = 4, in.binary = true;
  const StepCost c = Cost(Opcode::kTColSum, in);
  CHECK(c.head == 0);
  CHECK(c.body == 390);  // 12288 bytes at 31.52 bytes per cycle: 389.9
}

TEST_CASE("trowexpand pays a flag round trip and a vector_dup per row") {
  // vector_dup: head 5, slope 1, tail 7. Per row: the drain of the row before (none for the
  // first), 2 flag cycles, the head (the first row's is the step's), 1 repeat.
  SequenceShapeInput in;
  in.rows = 4, in.cols = 64, in.elem_bytes = 4;
  const StepCost c = Cost(Opcode::kTRowExpand, in);
  CHECK(c.head == 5);
  CHECK(c.body == (2 + 1) + 3 * (7 + 2 + 5 + 1));
  CHECK(c.tail == 7);
}

TEST_CASE("trowexpandsub broadcasts a column-major operand, then a repeat a row per column block") {
  // 32 rows of 128 f32: vbrcb of 4 repeats (head 1, slope 1), a barrier (no tail), then two
  // vsubs of 32 repeats (head 10, slope 2, tail 14, no floor in normal mode).
  SequenceShapeInput in;
  in.rows = 32, in.cols = 128, in.elem_bytes = 4, in.column_major_operand = true;
  StepCost c = Cost(Opcode::kTRowExpandSub, in);
  CHECK(c.head == 1);
  CHECK(c.body == 4 + 10 + 2 * 32 * 2);
  CHECK(c.tail == 14);
  // A row-major operand is already a block a row; 2 rows of 512 f32 take 8 repeats a row:
  // count mode (the floor 16), an instruction a row.
  in.column_major_operand = false;
  in.rows = 2, in.cols = 512;
  c = Cost(Opcode::kTRowExpandSub, in);
  CHECK(c.head == 10);
  CHECK(c.body == 2 * (8 * 2 + 16));
}

TEST_CASE("trowexpandexpdif is trowexpandsub, a barrier, then vexp over the destination") {
  // 32 rows of 64 f32: vbrcb 4 repeats (1 + 4), a barrier; one vsub of 32 repeats (10 + 64,
  // its tail 14 at the barrier); vexp of 32 repeats (head 13, slope 2, tail 18).
  SequenceShapeInput in;
  in.rows = 32, in.cols = 64, in.elem_bytes = 4, in.column_major_operand = true;
  const StepCost c = Cost(Opcode::kTRowExpandExpDif, in);
  CHECK(c.head == 1);
  CHECK(c.body == 4 + (10 + 64 + 14) + (13 + 64));
  CHECK(c.tail == 18);
}

TEST_CASE("trsqrt with a tmp tile is vsqrt then vdiv, row by row; without one, vrsqrt") {
  // 4 rows of 64 f32 (one repeat each): vector_dup of one block (5 + 1), four vsqrts (head
  // 14, slope 2, no floor), a barrier (vsqrt's tail 25), four vdivs (head 11, slope 4, floor
  // 16 in count mode), vdiv's tail 19 left.
  SequenceShapeInput in;
  in.rows = 4, in.cols = 64, in.elem_bytes = 4, in.repeats = 4, in.has_tmp = true;
  StepCost c = Cost(Opcode::kTRsqrt, in);
  CHECK(c.head == 5);
  CHECK(c.body == 1 + 4 * 2 + 25 + 11 + 4 * (4 + 16));
  CHECK(c.tail == 19);
  in.has_tmp = false;
  c = Cost(Opcode::kTRsqrt, in);
  CHECK(c.head == 10);  // vrsqrt: head 10, slope 1, tail 14
  CHECK(c.body == 4);
  CHECK(c.tail == 14);
}

TEST_CASE("tcolexpand copies the row into each valid row") {
  // 8 rows of 100 f32: 400 bytes, 13 blocks (416 bytes) a copy at 31.52 bytes per cycle: 13.2,
  // each copy rounded up as data movement is: 8 x 14.
  SequenceShapeInput in;
  in.rows = 8, in.cols = 100, in.elem_bytes = 4;
  const StepCost c = Cost(Opcode::kTColExpand, in);
  CHECK(c.head == 0);
  CHECK(c.body == 8 * 14);
  CHECK(c.tail == 0);
}

TEST_CASE("tcmps compares a row at a time; not-equal inverts the mask after a barrier") {
  // 16 rows of 32 f32 (half a repeat each): 16 vcmps of one repeat (head 14, slope 2, tail 22).
  SequenceShapeInput in;
  in.rows = 16, in.cols = 32, in.elem_bytes = 4;
  StepCost c = Cost(Opcode::kTCmpS, in);
  CHECK(c.head == 14);
  CHECK(c.body == 16 * 2);
  CHECK(c.tail == 22);
  // NE: then the drain, and one vnot over the 64 mask bytes (1 repeat: head 8, slope 2, tail
  // 12; no count-mode floor for vnot).
  in.not_equal = true;
  c = Cost(Opcode::kTCmpS, in);
  CHECK(c.body == 16 * 2 + 22 + 8 + 2);
  CHECK(c.tail == 12);
}

TEST_CASE("tsel sets the compare mask and selects a row at a time") {
  // 2 rows of 64 f32: per row vector_dup (head 5 once it drained, slope 1, tail 7), a
  // barrier, set_cmpmask (1), a barrier (nothing left), vsel of one repeat in count mode
  // (head 13, slope 2, tail 14, no floor). The second row's vector_dup follows vsel without a
  // barrier: no head, and vsel's tail is taken over.
  SequenceShapeInput in;
  in.rows = 2, in.cols = 64, in.elem_bytes = 4;
  const StepCost c = Cost(Opcode::kTSel, in);
  CHECK(c.head == 5);
  const int row = 7 + 1 + 13 + 2;  // the dup's drain, set_cmpmask, vsel's head and repeat
  CHECK(c.body == 1 + row + 1 + row);
  CHECK(c.tail == 14);
}

TEST_CASE("tfmod runs four steps a row, each behind a barrier") {
  // 2 rows of 64 f32 (one repeat): vdiv 11 + 4 + 16 + 19, vconv 14 + 2 + 11, vmul 10 + 2 + 16
  // + 15, vsub 10 + 2 + 16 + 14 (head + repeat + count-mode floor + tail); the first head is
  // the step's.
  SequenceShapeInput in;
  in.rows = 2, in.cols = 64, in.elem_bytes = 4;
  const StepCost c = Cost(Opcode::kTFMod, in);
  const int row = (11 + 4 + 16 + 19) + (14 + 2 + 11) + (10 + 2 + 16 + 15) + (10 + 2 + 16 + 14);
  CHECK(c.head == 11);
  CHECK(c.body == 2 * row - 11);
  CHECK(c.tail == 0);
}

TEST_CASE("trem adds a sign fix to tfmod's steps") {
  // One row of 64 f32: vdiv 50, vconv 27, vmul 43, vsub 42, vmul 43 (count mode, as tfmod);
  // vector_dup 5 + 1 + 7, set_cmpmask 1, vcmpvs_lt 6 + 2 + 0 (normal mode), then in count
  // mode vadd 10 + 2 + 16 + 14 and vsel 13 + 2 + 14 (vsel has no floor).
  SequenceShapeInput in;
  in.rows = 1, in.cols = 64, in.elem_bytes = 4;
  const StepCost c = Cost(Opcode::kTRem, in);
  CHECK(c.head == 11);
  CHECK(c.body == 50 + 27 + 43 + 42 + 43 + 13 + 1 + 8 + 42 + 29 - 11);
}

TEST_CASE("tprelu is tmul, tcmps and tsel behind barriers; txor is four bitwise steps") {
  // 2 rows of 64 f32: tmul of 2 repeats (head 10, 2 x 2, tail 15); two vcmps of one repeat
  // (head 14, 2 each, tail 22); then tsel's two rows as in the tsel case (29 after a drain:
  // vector_dup 5 + 1 + 7, set_cmpmask 1, vsel 13 + 2), the second row's dup streaming (24).
  SequenceShapeInput in;
  in.rows = 2, in.cols = 64, in.elem_bytes = 4, in.repeats = 2;
  StepCost c = Cost(Opcode::kTPRelu, in);
  CHECK(c.head == 10);
  CHECK(c.body == 4 + 15 + (14 + 4 + 22) + (5 + 1 + 7 + 1 + 13 + 2) + (1 + 7 + 1 + 13 + 2));
  CHECK(c.tail == 14);
  // txor on 4 repeats of i16: vor (its head the step's, 8, its drain 12), vand and vnot (8 +
  // 8 + 12 each: head, 4 repeats, drain), then vand (8 + 8, its tail left).
  in.elem_class = cost::ElemClass::kNarrowInt, in.repeats = 4;
  c = Cost(Opcode::kTXor, in);
  CHECK(c.head == 8);
  CHECK(c.body == (8 + 12) + 2 * (8 + 8 + 12) + (8 + 8));
  CHECK(c.tail == 12);
}

TEST_CASE("tands broadcasts the scalar, then ands; txors is tors, tands, tnot, tand") {
  // 4 repeats of i16: vector_dup (head 5, slope 1, tail 7), a barrier, vand (head 8, slope
  // 2, tail 12).
  SequenceShapeInput in;
  in.repeats = 4, in.elem_bytes = 2, in.elem_class = cost::ElemClass::kNarrowInt;
  StepCost c = Cost(Opcode::kTAndS, in);
  CHECK(c.head == 5);
  CHECK(c.body == 4 + 7 + 8 + 8);
  CHECK(c.tail == 12);
  c = Cost(Opcode::kTXorS, in);
  const int bitwise = 5 + 4 + 7 + 8 + 8 + 12;  // a broadcast and its operation, drained
  CHECK(c.body == 2 * bitwise + (8 + 8 + 12) + (8 + 8) - 5);
  CHECK(c.tail == 12);
}

TEST_CASE("tdivs: in place a vmuls by the reciprocal, else vector_dup then vdiv") {
  SequenceShapeInput in;
  in.repeats = 32, in.elem_bytes = 4, in.elem_class = cost::ElemClass::kFloat, in.in_place = true;
  StepCost c = Cost(Opcode::kTDivS, in);
  CHECK(c.head == 11);  // vmuls: head 11, slope 1, tail 15
  CHECK(c.body == 32);
  CHECK(c.tail == 15);
  in.in_place = false;
  c = Cost(Opcode::kTDivS, in);
  CHECK(c.head == 5);                     // vector_dup's: 5 + 32, its tail 7 at the barrier
  CHECK(c.body == 32 + 7 + 11 + 4 * 32);  // then vdiv: head 11, slope 4
  CHECK(c.tail == 19);
}

TEST_CASE("tcolexpandexpdif is a vsub, a barrier and a vexp per column block or row") {
  // 16 rows of 128 f32, statically whole: two 256-byte column blocks, 16 repeats each. vsub
  // (head 10, slope 2, tail 14) 32, its drain 14, vexp's head 13 and 32; the second vsub
  // streams behind the vexp (32), drains 14, vexp 13 + 32; vexp's tail 18 is the step's.
  SequenceShapeInput in;
  in.rows = 16, in.cols = 128, in.elem_bytes = 4;
  StepCost c = Cost(Opcode::kTColExpandExpDif, in);
  CHECK(c.head == 10);
  CHECK(c.body == 2 * (32 + 14 + 13 + 32));
  CHECK(c.tail == 18);
  // 4 rows of 64 f32 in count mode (a valid=?x? tile): a row at a time, vsub 2 + the floor
  // 16, its drain 14, vexp 13 + 2.
  in.rows = 4, in.cols = 64, in.row_count_mode = true;
  c = Cost(Opcode::kTColExpandExpDif, in);
  CHECK(c.body == 4 * (2 + 16 + 14 + 13 + 2));
}

TEST_CASE("tquant scales the rows, then converts three times, a barrier after each") {
  // 4 rows of 64 f32 with a column-major scale: vbrcb of ceil(4 / 8) = 1 repeat (head 1, slope
  // 1, the step's head), its drain 0; vmul of the one 256-byte column block over the 4 rows
  // (head 10 + 2 x 4), its drain 15; then vconv (head 14, slope 2, tail 11) of 4 repeats
  // (f32 -> s32), 4 (s32 -> f16), 2 (f16 -> i8), each drained.
  SequenceShapeInput in;
  in.rows = 4, in.cols = 64, in.elem_bytes = 4, in.column_major_operand = true;
  StepCost c = Cost(Opcode::kTQuant, in);
  const int converts = (14 + 8 + 11) + (14 + 8 + 11) + (14 + 4 + 11);
  CHECK(c.head == 1);
  CHECK(c.body == 1 + (10 + 8) + 15 + converts);
  CHECK(c.tail == 0);
  // INT8_ASYM (an offset): vbrcb again (head 1 + 1), vadd (10 + 8), its drain 14.
  in.has_tmp = true;
  c = Cost(Opcode::kTQuant, in);
  CHECK(c.body == 1 + (10 + 8) + 15 + (1 + 1) + (10 + 8) + 14 + converts);
}

TEST_CASE("tfillpad copies the rows, then pads right and below") {
  // 4 valid rows of a 4x60 f32 source, a 6-row destination, different pad values. vcopy (head
  // 11, slope 1, tail 13, no floor) of 4 repeats, the step's head; vector_dup (5, 1, 7) of
  // the 4 rows' last blocks streams behind it (4), its drain 7; vector_dup of the first row's
  // pad, 5 + 1, drained 7; vcopy of it into the 3 others, 11 + 3; vector_dup of the 2 rows
  // below streams behind (1) and owes its tail 7.
  SequenceShapeInput in;
  in.rows = 4, in.cols = 60, in.elem_bytes = 4, in.dst_rows = 6, in.pads_differ = true;
  StepCost c = Cost(Opcode::kTFillPad, in);
  CHECK(c.head == 11);
  CHECK(c.body == 4 + 4 + 7 + (5 + 1) + 7 + (11 + 3) + 1);
  CHECK(c.tail == 7);
  // The same pad values and no rows below: no block fill, no bottom fill; vcopy's tail is
  // the step's.
  in.dst_rows = 4, in.pads_differ = false;
  c = Cost(Opcode::kTFillPad, in);
  CHECK(c.body == 4 + 1 + 7 + (11 + 3));
  CHECK(c.tail == 13);
}

}  // namespace
}  // namespace pto::interp::observe
