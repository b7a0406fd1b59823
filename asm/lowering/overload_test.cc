// Instructions with several forms under one mnemonic (tgather, tscatter, tmrgsort): the assembler picks
// the row of opcodes.def whose operands and attributes match what is written.
#include <doctest/doctest.h>

#include <algorithm>
#include <vector>

#include "pto/asm/assembler.h"
#include "pto/common/isa/encoding.h"
#include "pto/common/isa/opcode.h"

#include "pto/tests/test_support.h"

namespace pto::testing {
namespace {

// The opcodes of a program's entry function, in order.
std::vector<Opcode> Opcodes(const Program& p) {
  std::vector<Opcode> ops;
  const std::vector<uint32_t>& code = p.functions[p.entry].code;
  for (size_t pc = 0; pc < code.size();) {
    Instr in = Decode(&code[pc]);
    ops.push_back(in.op);
    pc += in.size();
  }
  return ops;
}

TEST_CASE("every form of an overloaded mnemonic is reachable from its first row") {
  const OpInfo* gather = LookupMnemonic("tgather");
  REQUIRE(gather);
  CHECK(gather->opcode == Opcode::kTGather);
  REQUIRE(NextOverload(*gather));
  CHECK(NextOverload(*gather)->opcode == Opcode::kTGatherMask);
  const OpInfo* third = NextOverload(*NextOverload(*gather));
  REQUIRE(third);
  CHECK(third->opcode == Opcode::kTGatherCmp);
  CHECK(NextOverload(*third) == nullptr);
  REQUIRE(NextOverload(*LookupMnemonic("tscatter")));
  CHECK(NextOverload(*LookupMnemonic("tscatter"))->opcode == Opcode::kTScatterMask);
  CHECK(NextOverload(*LookupMnemonic("tadd")) == nullptr);
}

TEST_CASE("tgather: an index tile or a mask pattern picks the form, in every spelling") {
  Program p = Assemble(R"(
.arg %s : !pto.tile_buf<vec, 4x32xf32>
.arg %i : !pto.tile_buf<vec, 4x32xi32>
%a = tgather %s, %i : !pto.tile_buf<vec, 4x32xf32>, !pto.tile_buf<vec, 4x32xi32> -> !pto.tile_buf<vec, 4x32xf32>
%b = pto.tgather %s {maskPattern = #pto.mask_pattern<P0101>} : (!pto.tile_buf<vec, 4x32xf32>) -> !pto.tile_buf<vec, 4x32xf32>
pto.tgather ins(%s, {maskPattern = #pto.mask_pattern<P1000>} : !pto.tile_buf<vec, 4x32xf32>) outs(%a : !pto.tile_buf<vec, 4x32xf32>)
pto.tgather ins(%s, %i : !pto.tile_buf<vec, 4x32xf32>, !pto.tile_buf<vec, 4x32xi32>) outs(%b : !pto.tile_buf<vec, 4x32xf32>)
)", Arch::kA5);  // a5: the index form needs no tmp tile
  std::vector<Opcode> ops = Opcodes(p);
  REQUIRE(ops.size() >= 4);
  CHECK(ops[0] == Opcode::kTGather);
  CHECK(ops[1] == Opcode::kTGatherMask);
  CHECK(ops[2] == Opcode::kTGatherMask);
  CHECK(ops[3] == Opcode::kTGather);
}

TEST_CASE("tgather and tscatter: PTOAS v0.60's axis after the types, and two outputs") {
  Program p = Assemble(R"(
.arg %w : !pto.tile_buf<vec, 4x64xf32>
.arg %n : !pto.tile_buf<vec, 4x32xf32>
.arg %d : !pto.tile_buf<vec, 4x32xi32>
.arg %c : !pto.tile_buf<vec, 1x8xi32>
.arg %t : !pto.tile_buf<vec, 4x32xui8>
%k = arith.constant 1.0 : f32
pto.tgather ins(%w, {maskPattern = #pto.mask_pattern<P0101>} : !pto.tile_buf<vec, 4x64xf32>, "row") outs(%n : !pto.tile_buf<vec, 4x32xf32>)
pto.tscatter ins(%n, {maskPattern = #pto.mask_pattern<P1010>} : !pto.tile_buf<vec, 4x32xf32>, "row") outs(%w : !pto.tile_buf<vec, 4x64xf32>)
pto.tgather ins(%n, %k, %t : !pto.tile_buf<vec, 4x32xf32>, f32, !pto.tile_buf<vec, 4x32xui8>) outs(%d, %c : !pto.tile_buf<vec, 4x32xi32>, !pto.tile_buf<vec, 1x8xi32>) {offset = 7 : i32}
)");
  std::vector<Opcode> ops = Opcodes(p);
  for (Opcode op : {Opcode::kTGatherMask, Opcode::kTScatterMask, Opcode::kTGatherCmp}) {
    CHECK(std::count(ops.begin(), ops.end(), op) == 1);
  }
}

TEST_CASE("tmrgsort: a blockLen makes the one-list form, two results the multi-list form") {
  Program p = Assemble(R"(
.arg %s : !pto.tile_buf<vec, 1x256xf32>
%a = pto.tmrgsort %s, 64 : (!pto.tile_buf<vec, 1x256xf32>, i32) -> !pto.tile_buf<vec, 1x256xf32>
%b, %n = pto.tmrgsort %s, %a : (!pto.tile_buf<vec, 1x256xf32>, !pto.tile_buf<vec, 1x256xf32>) -> (!pto.tile_buf<vec, 1x256xf32>, vector<4xi16>)
)");
  std::vector<Opcode> ops = Opcodes(p);
  REQUIRE(ops.size() >= 2);
  CHECK(ops[0] == Opcode::kTMrgSort);
  CHECK(ops[1] == Opcode::kTMrgSortLists);
}

TEST_CASE("a tgather with one input and no pattern asks for the pattern") {
  std::string errors = AssembleErrors(R"(
.arg %s : !pto.tile_buf<vec, 4x32xf32>
%a = pto.tgather %s : (!pto.tile_buf<vec, 4x32xf32>) -> !pto.tile_buf<vec, 4x32xf32>
)");
  CHECK(errors.find("tgather needs the attribute {maskPattern = ...}") != std::string::npos);
}

}  // namespace
}  // namespace pto::testing
