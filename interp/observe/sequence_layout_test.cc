// The layout and generation sequences (sequence_layout.cc), worked out by hand from
// common/isa/costs.def. A copy_ubuf_to_ubuf moves 54.3 GiB/s: 54.3 x 2^30 / 1.85e9 = 31.516
// bytes a cycle, each copy rounded up to whole cycles.
#include <doctest/doctest.h>

#include "pto/interp/observe/sequence_test_support.h"

namespace pto::interp::observe {
namespace {

SequenceShapeInput Tile(uint64_t rows, uint64_t cols, int elem_bytes, cost::ElemClass c) {
  SequenceShapeInput in;
  in.rows = rows, in.cols = cols, in.elem_bytes = elem_bytes, in.elem_class = c;
  return in;
}

TEST_CASE("ttrans f32 runs a scatter_vnchwconv a column block, then copies the tmp out") {
  // 128x128 f32: 16 blocks of 8 columns, 8 groups of 16 rows. scatter_vnchwconv (head 6,
  // slope 2, tail 0): per block 4 set_va_reg_sb cycles and 8 repeats: 16 x (4 + 16) = 320.
  // The copy: 128 bursts of 512 bytes, 65536 bytes: 2079.5, so 2080.
  SequenceShapeInput in = Tile(128, 128, 4, cost::ElemClass::kFloat);
  in.dst_tile_cols = 128;
  const StepCost c = Cost(Opcode::kTTrans, in);
  CHECK(c.head == 6);
  CHECK(c.body == 320 + 2080);
  CHECK(c.tail == 0);
}

TEST_CASE("ttrans f16 turns the rows left over into one more instruction over the blocks") {
  // 40x32 f16 into a 32x48 tile: 2 blocks of 16 columns, 2 full groups of 16 rows, 8 left.
  // 2 x (4 + 2 x 2) for the groups, 4 + 2 blocks x 2 for the rest: 24. The copy: 32 bursts
  // of 80 bytes rounded to 96: 3072 bytes, 97.5, so 98.
  SequenceShapeInput in = Tile(40, 32, 2, cost::ElemClass::kHalf);
  in.dst_tile_cols = 48;
  const StepCost c = Cost(Opcode::kTTrans, in);
  CHECK(c.head == 6);
  CHECK(c.body == 24 + 98);
  CHECK(c.tail == 0);
}

TEST_CASE("ttrans i8 runs four half instructions a block") {
  // 32x32 i8: one block of 32 columns, one group of 32 rows: 8 set_va_reg_sb cycles and 4
  // instructions of one repeat (4 x 2). The copy: 32 bursts of 32 bytes, 32.5, so 33.
  SequenceShapeInput in = Tile(32, 32, 1, cost::ElemClass::kNarrowInt);
  in.dst_tile_cols = 32;
  const StepCost c = Cost(Opcode::kTTrans, in);
  CHECK(c.head == 6);
  CHECK(c.body == 8 + 8 + 33);
  CHECK(c.tail == 0);
}

TEST_CASE("ttrans into rows that are not whole 16-row groups is the scalar unit's") {
  // 8x16 f32 into a 16x8 tile (8 columns, not a multiple of 16): the V->S->V round trip (no
  // tail to drain, 2 flag cycles) and a cycle for each of the 128 elements.
  SequenceShapeInput in = Tile(8, 16, 4, cost::ElemClass::kFloat);
  in.dst_tile_cols = 8;
  const StepCost c = Cost(Opcode::kTTrans, in);
  CHECK(c.head == 0);
  CHECK(c.body == 2 + 128);
  CHECK(c.tail == 0);
}

TEST_CASE("tconcat copies each row of both sources when the first ends on a block") {
  // 4 rows: the first source's 8 f32 (32 bytes: 1.02, so 2 cycles a copy), the second's 16
  // (64 bytes: 2.03, so 3).
  SequenceShapeInput in = Tile(4, 8, 4, cost::ElemClass::kFloat);
  in.second_cols = 16;
  const StepCost c = Cost(Opcode::kTConcat, in);
  CHECK(c.head == 0);
  CHECK(c.body == 4 * 2 + 4 * 3);
  CHECK(c.tail == 0);
}

TEST_CASE("tconcat writes the second source by the scalar unit after a ragged first") {
  // The first source's 4 f32 (16 bytes, a 32-byte block a copy: 2 cycles) a row; then the
  // flags (2 cycles) and one cycle for each of the second's 4 x 16 elements.
  SequenceShapeInput in = Tile(4, 4, 4, cost::ElemClass::kFloat);
  in.second_cols = 16;
  const StepCost c = Cost(Opcode::kTConcat, in);
  CHECK(c.head == 0);
  CHECK(c.body == 4 * 2 + 2 + 64);
  CHECK(c.tail == 0);
}

TEST_CASE("ttri lower fills each row with zeros, then its ones, a barrier after each") {
  // 4 rows of 64 f32 (one repeat), diagonal 0: every row takes both fills of one repeat.
  // vector_dup: head 5, slope 1, tail 7 (no floor). The first row: 1 + 7 + 5 + 1 + 7 = 21
  // (its first head is the step's); each other row 2 x (5 + 1 + 7) = 26.
  SequenceShapeInput in = Tile(4, 64, 4, cost::ElemClass::kFloat);
  const StepCost c = Cost(Opcode::kTTri, in);
  CHECK(c.head == 5);
  CHECK(c.body == 21 + 3 * 26);
  CHECK(c.tail == 0);
}

TEST_CASE("ttri upper skips the second fill of the rows above the diagonal") {
  // 4 rows of 128 f32 (2 repeats), diagonal -2: rows 0 and 1 take the fill of ones only
  // (2 + 7, then 5 + 2 + 7); rows 2 and 3 zeros up to column 0 and 1, one repeat each (an
  // empty count still issues): 5 + 2 + 7 + 5 + 1 + 7 = 27 a row.
  SequenceShapeInput in = Tile(4, 128, 4, cost::ElemClass::kFloat);
  in.upper = true, in.first_scalar = -2;
  const StepCost c = Cost(Opcode::kTTri, in);
  CHECK(c.head == 5);
  CHECK(c.body == 9 + 14 + 27 + 27);
  CHECK(c.tail == 0);
}

TEST_CASE("tci i32 builds 0..63 in the tmp, then adds the start a repeat") {
  // 200 i32 columns: 3 whole repeats of 64 and 8 left. Step by step, each then a barrier
  // draining its tail: 8 vector_dup (head 5: the step's, 8 x 1; tail 7); vcgadd (14 + 1;
  // 24); f32 vmuls (11 + 1; 15); vbrcb (1 + 1; 0); vadd of 8 repeats (10 + 16; 14); vconv
  // (14 + 2; 11); 3 i32 vadds (13 + 3 x 0.6; 18); the masked one (13 + 0.6; 18, vadds has no
  // floor). 15 + 39 + 27 + 2 + 40 + 27 + 32.8 + 31.6 = 214.4.
  SequenceShapeInput in = Tile(1, 200, 4, cost::ElemClass::kInt);
  in.has_tmp = true;
  StepCost c = Cost(Opcode::kTCi, in);
  CHECK(c.head == 5);
  CHECK(c.body == 214);
  CHECK(c.tail == 0);
  // Descending: then an i32 vmuls by -1 over the row's 4 repeats (11 + 4 x 0.6, tail 15).
  in.descending = true;
  c = Cost(Opcode::kTCi, in);
  CHECK(c.body == 228);  // 214.4 + 13.4
  CHECK(c.tail == 15);
  // Without a tmp tile the scalar unit writes the 200 elements.
  in.has_tmp = false;
  c = Cost(Opcode::kTCi, in);
  CHECK(c.head == 0);
  CHECK(c.body == 200);
  CHECK(c.tail == 0);
}

TEST_CASE("tci i16 narrower than a repeat runs the seed, then count-mode steps") {
  // 64 i16 columns, descending. Each step then a barrier: 16 vector_dup (16; 7), two vcgadd
  // (2 x (14 + 1; 24)), f32 vconv (14 + 2; 11), f16 vmuls (11 + 0.5; 15), vbrcb (1 + 1; 0),
  // 8 f16 vadds masked to 16 elements (10 + 8 x (1.7 + 16); 14), f16 vconv (14 + 2; 11), i16
  // vadds (13 + 0.5; 18); then i16 vmuls (11 + 0.5), its tail 15 left to the step:
  // 23 + 78 + 27 + 26.5 + 2 + 165.6 + 27 + 31.5 + 11.5 = 392.1.
  SequenceShapeInput in = Tile(1, 64, 2, cost::ElemClass::kNarrowInt);
  in.has_tmp = true, in.descending = true;
  const StepCost c = Cost(Opcode::kTCi, in);
  CHECK(c.head == 5);
  CHECK(c.body == 392);
  CHECK(c.tail == 15);
}

TEST_CASE("tpow f32 runs |a|^b into the tmp and a^b into the destination, a call a row") {
  // 2 rows of 64 f32: a call a row of one repeat, no remainder. vabs (head 2, slope 1, tail
  // 2), vln (13, 2, 20), vmul (10, 2, 15), vexp (13, 2, 18). A tmp-pass call: vabs 1 (its
  // head 2 the step's for the first; the second follows a vexp without a barrier and pays
  // none), 2, then 13 + 2, 20, 10 + 2, 15, 13 + 2: 80. A destination-pass call: vln 2 (no
  // head), 20, 10 + 2, 15, 13 + 2: 64. Then the round trip drains vexp (18) with 2 flag
  // cycles and the scalar unit takes 128 cycles.
  SequenceShapeInput in = Tile(2, 64, 4, cost::ElemClass::kFloat);
  StepCost c = Cost(Opcode::kTPow, in);
  CHECK(c.head == 2);
  CHECK(c.body == 2 * 80 + 2 * 64 + 18 + 2 + 128);
  CHECK(c.tail == 0);
  // Integers: the scalar unit alone (4 x 8 elements).
  in = Tile(4, 8, 4, cost::ElemClass::kInt);
  c = Cost(Opcode::kTPow, in);
  CHECK(c.head == 0);
  CHECK(c.body == 2 + 32);
  CHECK(c.tail == 0);
}

TEST_CASE("tpows f32 of a whole tile runs each pass as one call over the line") {
  // 2 rows of 64 f32 filling their tile: one call of 2 repeats a pass, vmuls (11, 1, 15).
  // The tmp pass: 2 + 2 + (13 + 4) + 20 + (11 + 2) + 15 + (13 + 4) = 86 (vabs' head the
  // step's); the destination pass: 4 + 20 + 13 + 15 + 17 = 69; then 18 + 2 + 128.
  SequenceShapeInput in = Tile(2, 64, 4, cost::ElemClass::kFloat);
  in.dst_tile_cols = 64;
  StepCost c = Cost(Opcode::kTPowS, in);
  CHECK(c.head == 2);
  CHECK(c.body == 86 + 69 + 148);
  CHECK(c.tail == 0);
  // 128 valid columns of a 256-column tile, not in count mode: a call a 64-column block over
  // the 2 rows, 2 repeats each. A call follows the one before without a barrier, so the
  // second's vabs pays no head: 86 a tmp-pass call, 69 a destination-pass one; then
  // 18 + 2 + 256.
  in.cols = 128, in.dst_tile_cols = 256;
  c = Cost(Opcode::kTPowS, in);
  CHECK(c.head == 2);
  CHECK(c.body == 2 * 86 + 2 * 69 + 18 + 2 + 256);
  CHECK(c.tail == 0);
}

}  // namespace
}  // namespace pto::interp::observe
