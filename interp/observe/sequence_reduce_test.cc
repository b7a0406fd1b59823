// The reduction, arg-reduction and trems sequences' costs, worked out by hand from
// common/isa/costs.def. Profiles used (head, slope, tail, floor): vector_dup 5 1 7 0, vdiv 11
// 4 19 1, vconv 14 2 11 0, vmuls 11 1 15 0 (i32: slope 0.6), vsub 10 2 14 1, vcmpvs 6 2 0 0,
// vadds 13 1 18 0 (i32 0.6, i16 0.5), vsel 13 2 14 0, vmul 10 2 15 1, vcmax 8 7 0 0 (f16: head
// 9), vreducev2 14 14 20 0, vcmp_ge 6 2 0 0, vcopy 11 1 13 0, vmax 10 2 14 1, vadd 10 2 14 1
// (f16: slope 1.7); the floor is 16. copy_ubuf_to_ubuf moves 31.52 bytes a cycle, rounded up.
#include <doctest/doctest.h>

#include "pto/interp/observe/sequence_test_support.h"

namespace pto::interp::observe {
namespace {

TEST_CASE("trems f32 runs ten steps a row in count mode, each behind a barrier") {
  // 2 rows of 64 f32, one repeat each. A row: vector_dup 1 + drain 7; vdiv 11 + 4 + 16 + 19
  // = 50; vconv 14 + 2 + 11 = 27; vmuls 11 + 1 + 15 = 27; vsub 10 + 2 + 16 + 14 = 42; vmuls
  // 27; vcmpvs 6 + 2 = 8; set_cmpmask 1; vadds 13 + 1 + 18 = 32; vsel 13 + 2 + 14 = 29. The
  // first row's dup head (5) is the step's, the second row's is in the body.
  SequenceShapeInput in;
  in.rows = 2, in.cols = 64, in.elem_bytes = 4, in.elem_class = cost::ElemClass::kFloat;
  const StepCost c = Cost(Opcode::kTRemS, in);
  const int row = (1 + 7) + 50 + 27 + 27 + 42 + 27 + 8 + 1 + 32 + 29;
  CHECK(c.head == 5);
  CHECK(c.body == row + 5 + row);
  CHECK(c.tail == 0);
}

TEST_CASE("trems i32 goes through f32, the conversions paired") {
  // One row of 64 i32: vconv (head 14, the step's) 2 and vector_dup 1 streaming behind it,
  // the dup's drain 7; vdiv 50; two vconvs 14 + 2 x 2 + 11 = 29; i32 vmuls 11 + 0.6 + 15 =
  // 26.6; vsub 42; two vconvs 29; f32 vmuls 27; vcmpvs 8; set_cmpmask 1; vadds 32; vsel 29;
  // vconv back 27: 310.6.
  SequenceShapeInput in;
  in.rows = 1, in.cols = 64, in.elem_bytes = 4, in.elem_class = cost::ElemClass::kInt;
  const StepCost c = Cost(Opcode::kTRemS, in);
  CHECK(c.head == 14);
  CHECK(c.body == 311);
  CHECK(c.tail == 0);
}

TEST_CASE("trowprod multiplies a block at a time, then the scalar unit finishes the row") {
  // 2 rows of 20 f32: 80 bytes, 2 whole blocks and a part, 3 vmuls a row. A row: vector_dup
  // 1 + drain 7, three vmuls of 10 + 2 + 16 + 15 = 43, the flag round trip 2. The first
  // dup's head 5 is the step's; the second row's dup pays it after the round trip.
  SequenceShapeInput in;
  in.rows = 2, in.cols = 20, in.elem_bytes = 4, in.elem_class = cost::ElemClass::kFloat;
  const StepCost c = Cost(Opcode::kTRowProd, in);
  const int row = 1 + 7 + 3 * 43 + 2;
  CHECK(c.head == 5);
  CHECK(c.body == row + 5 + row);
  CHECK(c.tail == 0);
}

TEST_CASE("trowargmax of rows of one repeat at most is a vcmax a row") {
  // 16 rows of exactly 64 f32: one vcmax of 16 repeats in count mode, 7 each.
  SequenceShapeInput in;
  in.rows = 16, in.cols = 64, in.elem_bytes = 4, in.elem_class = cost::ElemClass::kInt;
  StepCost c = Cost(Opcode::kTRowArgMax, in);
  CHECK(c.head == 8);
  CHECK(c.body == 16 * 7);
  CHECK(c.tail == 0);
  // 300 rows of 10 f16: f16 vcmax (head 9) of 255 repeats, a barrier, then 45 repeats.
  in.rows = 300, in.cols = 10, in.elem_bytes = 2;
  c = Cost(Opcode::kTRowArgMin, in);
  CHECK(c.head == 9);
  CHECK(c.body == 255 * 7 + 9 + 45 * 7);
  CHECK(c.tail == 0);
}

TEST_CASE("trowargmax of wider rows folds them a repeat at a time, once or twice") {
  // 2 rows of 200 f32 (4 repeats): a row is vcmax 4 x 7 = 28; two vreducev2 of the 4 pairs
  // (32 bytes, 1 repeat) 14 + 14 + 20 = 48 each; vcmax of the 4 maxima 8 + 7 = 15; barriers
  // between (vcmax has no tail). Only the first row's first vcmax head is the step's; one
  // flag round trip 2 at the end.
  SequenceShapeInput in;
  in.rows = 2, in.cols = 200, in.elem_bytes = 4, in.elem_class = cost::ElemClass::kInt;
  StepCost c = Cost(Opcode::kTRowArgMax, in);
  CHECK(c.head == 8);
  CHECK(c.body == (28 + 2 * 48 + 15) + (8 + 28 + 2 * 48 + 15) + 2);
  CHECK(c.tail == 0);
  // 1 row of 5000 f32 (79 repeats, more than 64): vcmax 79 x 7 = 553; two vreducev2 of 632
  // bytes (3 repeats) 14 + 42 + 20 = 76 each; vcmax of the 79 maxima (2 repeats) 8 + 14; two
  // vreducev2 of 2 pairs 48 each; the last vcmax 8 + 7; the round trip 2.
  in.rows = 1, in.cols = 5000;
  c = Cost(Opcode::kTRowArgMax, in);
  CHECK(c.head == 8);
  CHECK(c.body == 553 + 2 * 76 + 22 + 2 * 48 + 15 + 2);
  CHECK(c.tail == 0);
}

TEST_CASE("tcolargmax keeps a running maximum and its row a column block at a time") {
  // 3 rows of 64 f32, one whole block: two vector_dups (head 5, 1 each), the copy of 256
  // bytes at 31.52 bytes a cycle (9), the dup's drain 7. Each further row: i32 vadds 13 +
  // 0.6, vcmp_ge 2 streaming, a barrier (no tail), vsel 13 + 2, vmax 2 (no floor: a whole
  // repeat), its drain 14: 46.6.
  SequenceShapeInput in;
  in.rows = 3, in.cols = 64, in.elem_bytes = 4, in.elem_class = cost::ElemClass::kInt;
  StepCost c = Cost(Opcode::kTColArgMax, in);
  CHECK(c.head == 5);
  CHECK(c.body == 111);  // 2 + 9 + 7 + 2 x 46.6 = 111.2
  CHECK(c.tail == 0);
  // 3 rows of 40 f16: one partial block in count mode. Two dups 2, vcopy 1 streaming, its
  // drain 13; each further row i16 vadds 13 + 0.5, vcmp_le 2, vsel 13 + 2, vmin 2 + the floor
  // 16, its drain 14: 62.5; then vconv of 1 repeat 14 + 2 + 11 and of 2, 14 + 4 + 11.
  in.cols = 40, in.elem_bytes = 2;
  c = Cost(Opcode::kTColArgMin, in);
  CHECK(c.head == 5);
  CHECK(c.body == 2 + 1 + 13 + 2 * 62.5 + 27 + 29);
  CHECK(c.tail == 0);
}

TEST_CASE("tpartadd with fewer rows operates over them, then copies the others") {
  // 4 x 64 f32, the second source 2 x 64: 2 rows are not fewer than their 1 repeat, so one
  // vadd of 2 repeats a column block (head 10, 2 x 2, tail 14 left); the other 2 rows as one
  // copy of 2 x 64 x 4 = 512 bytes (the tiles are as wide): 17.
  SequenceShapeInput in;
  in.rows = 4, in.cols = 64, in.elem_bytes = 4, in.elem_class = cost::ElemClass::kFloat;
  in.part_rows = 2, in.part_cols = 64, in.dst_tile_cols = 64;
  StepCost c = Cost(Opcode::kTPartAdd, in);
  CHECK(c.head == 10);
  CHECK(c.body == 4 + 17);
  CHECK(c.tail == 14);
  // 3 x 100 f16 in tiles of different widths, the second source 1 x 100: the masked column
  // block's f16 vadd 1.7 + the floor 16; then a copy a row of 224 bytes (7 blocks): 2 x 8.
  in.rows = 3, in.cols = 100, in.elem_bytes = 2, in.elem_class = cost::ElemClass::kHalf;
  in.part_rows = 1, in.part_cols = 100, in.dst_tile_cols = 128, in.same_width = false;
  c = Cost(Opcode::kTPartAdd, in);
  CHECK(c.head == 10);
  CHECK(c.body == 34);  // 17.7 + 16 = 33.7
  CHECK(c.tail == 14);
}

TEST_CASE("tpartmul with fewer columns copies first; few rows run in count mode") {
  // 4 x 100 f32 in 128-column tiles, the second source 4 x 40: the copy of 4 whole rows of
  // the tile (2048 bytes): 65; a barrier (nothing to drain); the 40 columns are one masked
  // column block: one vmul of 4 repeats (head 10, 4 x 2 + the floor 16, tail 15).
  SequenceShapeInput in;
  in.rows = 4, in.cols = 100, in.elem_bytes = 4, in.elem_class = cost::ElemClass::kFloat;
  in.part_rows = 4, in.part_cols = 40, in.dst_tile_cols = 128;
  StepCost c = Cost(Opcode::kTPartMul, in);
  CHECK(c.head == 10);
  CHECK(c.body == 65 + 8 + 16);
  CHECK(c.tail == 15);
  // tpartmax of two whole 2 x 512 f32 sources: 2 rows, fewer than a row's 8 repeats: a vmax
  // a row in count mode, 8 x 2 + 16 each.
  in.rows = 2, in.cols = 512, in.part_rows = 2, in.part_cols = 512, in.dst_tile_cols = 512;
  c = Cost(Opcode::kTPartMax, in);
  CHECK(c.head == 10);
  CHECK(c.body == 2 * (16 + 16));
  CHECK(c.tail == 14);
}

TEST_CASE("tpartargmax compares and selects a row and column block at a time, and copies") {
  // 2 x 100 f32 values with i32 indices in 128-column tiles, the second source 1 x 100: for
  // each of the 2 column blocks of the row, vcmp_ge (head 6, 2, no tail), a barrier, two vsels
  // (head 13, 2 each, tail 14), a barrier; the first head is the step's. Then one row's
  // values and indices copied, 512 bytes each: 17 + 17.
  SequenceShapeInput in;
  in.rows = 2, in.cols = 100, in.elem_bytes = 4, in.elem_class = cost::ElemClass::kFloat;
  in.part_rows = 1, in.part_cols = 100, in.dst_tile_cols = 128, in.index_bytes = 4;
  StepCost c = Cost(Opcode::kTPartArgMax, in);
  const int select = 13 + 4 + 14;
  CHECK(c.head == 6);
  CHECK(c.body == 2 + select + (6 + 2 + select) + 2 * 17);
  CHECK(c.tail == 0);
  // 2 x 64 f16 values with i32 indices, the second source 2 x 20: the copies first, 256
  // bytes of values (9) and 512 of indices (17), then a row at a time over one masked block.
  in.cols = 64, in.elem_bytes = 2, in.elem_class = cost::ElemClass::kHalf;
  in.part_rows = 2, in.part_cols = 20, in.dst_tile_cols = 64;
  c = Cost(Opcode::kTPartArgMin, in);
  CHECK(c.head == 6);
  CHECK(c.body == 9 + 17 + (2 + select) + (6 + 2 + select));
  CHECK(c.tail == 0);
}

}  // namespace
}  // namespace pto::interp::observe
