// The sorts', gathers' and scatters' sequences, worked out by hand from common/isa/costs.def.
// A copy_ubuf_to_ubuf moves 54.3 GiB/s at 1.85 GHz: 31.52 bytes a cycle, rounded up.
#include <doctest/doctest.h>

#include "pto/interp/observe/sequence_test_support.h"

namespace pto::interp::observe {
namespace {

SequenceShapeInput Region(uint64_t rows, uint64_t cols, int elem_bytes) {
  SequenceShapeInput in;
  in.rows = rows, in.cols = cols, in.elem_bytes = elem_bytes;
  in.tile_rows = rows, in.tile_cols = cols;
  return in;
}

TEST_CASE("tsort32 runs a vbitsort a row, a barrier after each") {
  // 3 rows of 64 f32: 2 blocks a row. vbitsort: head 6, slope 2, tail 0; each barrier pays
  // the head again: 6 + 4, then 2 x (6 + 4).
  StepCost c = Cost(Opcode::kTSort32, Region(3, 64, 4));
  CHECK(c.head == 6);
  CHECK(c.body == 4 + 2 * (6 + 4));
  CHECK(c.tail == 0);
  // 300 blocks in one row: 255, a barrier, the other 45.
  c = Cost(Opcode::kTSort32, Region(1, 300 * 32, 4));
  CHECK(c.head == 6);
  CHECK(c.body == 510 + 6 + 90);
}

TEST_CASE("tsort32 pads a ragged row in tmp: copy, vector_dup, vbitsort of one more block") {
  // 2 rows of 80 f32 (2 blocks and 16 elements), tmp given. A row: the copy of 320 bytes
  // (10.2: 11), vector_dup (head 5, slope 1, tail 7 at the barrier), vbitsort of 3 blocks
  // (6 + 6). The first row's vector_dup head is the step's.
  SequenceShapeInput in = Region(2, 80, 4);
  in.has_tmp = true;
  StepCost c = Cost(Opcode::kTSort32, in);
  CHECK(c.head == 5);
  CHECK(c.body == (11 + 1 + 7 + 6 + 6) + (11 + 5 + 1 + 7 + 6 + 6));
  CHECK(c.tail == 0);
  // A row of 8200 f32 (256 blocks and 8) is over tmp's 8160: vbitsort of 255, a barrier, of
  // (257 % 255) - 1 = 1, a barrier; then only the 8 tail elements copied (32 bytes: 1.02, 2),
  // vector_dup (5 + 1, its tail 7), vbitsort of 1 (6 + 2).
  in = Region(1, 8200, 4);
  in.has_tmp = true;
  c = Cost(Opcode::kTSort32, in);
  CHECK(c.head == 6);
  CHECK(c.body == 510 + (6 + 2) + 2 + (5 + 1) + 7 + (6 + 2));
  CHECK(c.tail == 0);
}

TEST_CASE("tmrgsort of one list is a vmrgsort4 of a repeat a group of four blocks") {
  // vmrgsort4: head 20, slope 78, tail 0. 1024 f32 in blocks of 64: 4 repeats.
  SequenceShapeInput in = Region(1, 1024, 4);
  in.first_scalar = 64;
  StepCost c = Cost(Opcode::kTMrgSort, in);
  CHECK(c.head == 20);
  CHECK(c.body == 4 * 78);
  CHECK(c.tail == 0);
  in = Region(1, 1024, 2);  // f16 in blocks of 128: 2 repeats
  in.first_scalar = 128;
  in.elem_class = cost::ElemClass::kHalf;
  c = Cost(Opcode::kTMrgSort, in);
  CHECK(c.body == 2 * 78);
}

TEST_CASE("tmrgsort of lists merges into tmp, then copies tmp to the destination") {
  // 128 f32 of records (512 bytes): one 1024-byte repeat (20 + 78), a barrier (tail 0), the
  // copy of 512 bytes (16.2: 17).
  StepCost c = Cost(Opcode::kTMrgSortLists, Region(1, 128, 4));
  CHECK(c.head == 20);
  CHECK(c.body == 78 + 17);
  CHECK(c.tail == 0);
  // Exhausted, 1024 f16 (2048 bytes): 2 repeats, a V->S flag (1), the copy (65.0: 65).
  SequenceShapeInput in = Region(1, 1024, 2);
  in.exhausted = true;
  in.elem_class = cost::ElemClass::kHalf;
  c = Cost(Opcode::kTMrgSortListsTmp, in);
  CHECK(c.head == 20);
  CHECK(c.body == 2 * 78 + 1 + 65);
}

TEST_CASE("tgather by index scales a row's indices, a barrier, then gathers the row") {
  // 4 rows of 64 f32. vmuls on i32: head 11, slope 0.6, tail 15; vgather: head 24, slope 2,
  // tail 0. A row: 0.6, the barrier's 15, vgather's head 24 and 2 (the first vmuls' head is
  // the step's; vgather leaves the pipe streaming, so later vmuls pay none): 4 x 41.6.
  const StepCost c = Cost(Opcode::kTGather, Region(4, 64, 4));
  CHECK(c.head == 11);
  CHECK(c.body == 166);
  CHECK(c.tail == 0);
}

TEST_CASE("tgather by mask: one vreducev2 over the rows, or a vcopy a row for columns") {
  // 3 rows of 32 f32 (one repeat each). vreducev2: head 14, slope 14, tail 20.
  SequenceShapeInput in = Region(3, 32, 4);
  StepCost c = Cost(Opcode::kTGatherMask, in);
  CHECK(c.head == 14);
  CHECK(c.body == 3 * 14);
  CHECK(c.tail == 20);
  in.column_axis = true;  // vcopy: head 11, slope 1, tail 13
  c = Cost(Opcode::kTGatherMask, in);
  CHECK(c.head == 11);
  CHECK(c.body == 3);
  CHECK(c.tail == 13);
}

TEST_CASE("tgather by compare: index fill, k converted, a flag round trip a compare, vreducev2") {
  // A 4x32 f16 source, 3x20 valid. The scalar fill of 128 indices (128) and its S->V flag (1);
  // vconv of k (one repeat: head 14, slope 2, tail 11). 20 f16 is one repeat a row, under
  // TCMPS's 240: the first pass over the rows is flag round trips alone (the first drains
  // vconv's 11; 2 flags each), the second a round trip and a vcmpvs (head 6, slope 2, tail 0)
  // a row. A barrier; vreducev2 of a row's 80 index bytes (1 repeat) for 3 rows: 14 + 3 x 14.
  SequenceShapeInput in = Region(3, 20, 2);
  in.tile_rows = 4, in.tile_cols = 32, in.over_class = cost::ElemClass::kHalf;
  in.elem_class = cost::ElemClass::kInt;  // the destination's i32
  StepCost c = Cost(Opcode::kTGatherCmp, in);
  CHECK(c.head == 14);
  CHECK(c.body == 128 + 1 + 2 + (11 + 3 * 2) + 3 * (2 + 6 + 2) + (14 + 3 * 14));
  CHECK(c.tail == 20);
  // An i32 source copies k on the scalar unit instead (a load and a store a row of 4): the
  // first vcmpvs's head is the step's.
  in.elem_bytes = 4, in.over_class = cost::ElemClass::kInt;
  c = Cost(Opcode::kTGatherCmp, in);
  CHECK(c.head == 6);
  CHECK(c.body == 128 + 1 + 8 + 3 * 2 + (2 + 2) + 2 * (2 + 6 + 2) + (14 + 3 * 14));
  CHECK(c.tail == 20);
}

TEST_CASE("tgatherb gathers a row's whole repeats, then the remainder a repeat a row") {
  // 2 rows of 80 f32 (320 bytes: a whole repeat and a remainder). vgatherb: head 6, slope 2,
  // tail 0, no barriers: 2 + 2, then one instruction of 2 repeats.
  StepCost c = Cost(Opcode::kTGatherB, Region(2, 80, 4));
  CHECK(c.head == 6);
  CHECK(c.body == 2 + 2 + 4);
  CHECK(c.tail == 0);
  c = Cost(Opcode::kTGatherB, Region(1, 300 * 64, 4));  // 300 repeats: 255 and 45
  CHECK(c.body == 600);
}

TEST_CASE("tscatter zeroes the destination, then moves each element on the scalar unit") {
  // a 3x32 f32 source into a 4x128 f32 destination (2048 bytes: 8 repeats of vector_dup,
  // head 5, slope 1, tail 7), the V->S->V round trip (7 + 2), 96 elements x 3 accesses.
  SequenceShapeInput in = Region(3, 32, 4);
  in.dst_bytes = 4 * 128 * 4;
  const StepCost c = Cost(Opcode::kTScatter, in);
  CHECK(c.head == 5);
  CHECK(c.body == 8 + 7 + 2 + 288);
  CHECK(c.tail == 0);
}

TEST_CASE("tscatter by mask: zero fill, then scalar moves (row) or a vcopy a row (col)") {
  // Row axis, 3x32 i16 into 4x64 i16 (512 bytes: 2 repeats): the fill, the round trip, 96
  // elements x a load and a store.
  SequenceShapeInput in = Region(3, 32, 2);
  in.elem_class = cost::ElemClass::kNarrowInt;
  in.dst_bytes = 4 * 64 * 2;
  StepCost c = Cost(Opcode::kTScatterMask, in);
  CHECK(c.head == 5);
  CHECK(c.body == 2 + 7 + 2 + 192);
  CHECK(c.tail == 0);
  // Col axis, 3x32 f32 into 16x32 f32 (2048 bytes: 8 repeats): then 3 vcopys (head 11 after
  // the drain, slope 1, tail 13).
  in = Region(3, 32, 4);
  in.dst_bytes = 16 * 32 * 4, in.column_axis = true;
  c = Cost(Opcode::kTScatterMask, in);
  CHECK(c.head == 5);
  CHECK(c.body == 8 + 7 + 2 + 11 + 3);
  CHECK(c.tail == 13);
  // P1111 is a move: 3 whole rows of 32 f32 in one copy (384 bytes: 12.2, 13); rows narrower
  // than a 64-column tile, a copy of 128 bytes each (4.06: 5).
  in.whole_pattern = true;
  c = Cost(Opcode::kTScatterMask, in);
  CHECK(c.head == 0);
  CHECK(c.body == 13);
  in.tile_cols = 64;
  c = Cost(Opcode::kTScatterMask, in);
  CHECK(c.body == 3 * 5);
}

}  // namespace
}  // namespace pto::interp::observe
