// The assembler's structural decisions: binding, placement, architecture, parameters.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstring>

#include "pto/asm/assembler.h"
#include "pto/common/isa/encoding.h"
#include "pto/common/isa/opcode.h"

#include "pto/tests/test_support.h"

namespace pto::testing {
namespace {

const TileReg& TileNamed(const Program& p, const std::string& name) {
  const Function& f = p.functions[p.entry];
  for (const TileReg& t : f.tiles) {
    if (p.String(t.name) == name) return t;
  }
  FAIL("no tile ", name);
  return f.tiles[0];
}

TEST_CASE("constant tassign binds the tile for the whole function") {
  Program p = Assemble(R"(
.arg %src : !pto.tile<16x16xf32>
pto.tassign %src, @tile(0x1000)
%dst = pto.tabs %src : !pto.tile<16x16xf32> -> !pto.tile<16x16xf32>
pto.tassign %dst, @tile(0x2000)
)");
  CHECK(TileNamed(p, "src").addr == 0x1000);
  CHECK(TileNamed(p, "dst").addr == 0x2000);
  // Only the tabs and the return are code: the bindings are static.
  CHECK(p.functions[0].code.size() == 4);
}

TEST_CASE("rebinding an already bound tile happens at run time") {
  Program p = Assemble(R"(
.arg %a : !pto.tile<16x16xf32>
pto.tassign %a, @tile(0x0)
%b = texp %a : !pto.tile<16x16xf32>
pto.tassign %a, @tile(0x400)
)");
  CHECK(TileNamed(p, "a").addr == 0);
  const std::vector<uint32_t>& code = p.functions[0].code;
  CHECK(static_cast<Opcode>(code[4] & 0xffff) == Opcode::kTAssign);  // after texp (4 words)
}

TEST_CASE("automatic placement avoids bound tiles and other placed tiles") {
  Program p = Assemble(R"(
.arg %a : !pto.tile<16x16xf32>
pto.tassign %a, @tile(0x400)
%b = texp %a : !pto.tile<16x16xf32>
.arg %e : !pto.tile<32x16xf32>
%c = texp %e : !pto.tile<32x16xf32>
%d = texp %c : !pto.tile<32x16xf32> -> !pto.tile<8x16xf32>
)");
  const Function& f = p.functions[0];
  struct Span {
    uint32_t begin, end;
  };
  std::vector<Span> spans;
  for (const TileReg& t : f.tiles) {
    CHECK(t.addr % 32 == 0);
    spans.push_back({t.addr, t.addr + t.type.Bytes()});
  }
  for (size_t i = 0; i < spans.size(); ++i) {
    for (size_t j = i + 1; j < spans.size(); ++j) {
      CHECK_MESSAGE((spans[i].end <= spans[j].begin || spans[j].end <= spans[i].begin),
                    "tiles ", i, " and ", j, " overlap");
    }
  }
  CHECK(TileNamed(p, "b").addr == 0);        // fits below %a
  CHECK(TileNamed(p, "e").addr == 0x800);    // after %a
  CHECK(TileNamed(p, "c").addr == 0x1000);
  CHECK(TileNamed(p, "d").addr == 0x1800);
}

TEST_CASE("tiles that do not fit their memory are rejected with the total") {
  std::string errors = AssembleErrors(R"(
.arg %a : !pto.tile<128x128xf32>
%b = texp %a : !pto.tile<128x128xf32>
%c = texp %b : !pto.tile<128x128xf32>
%d = tadd %b, %c : !pto.tile<128x128xf32>
)");
  CHECK(errors == R"(test.pto:5:1: error: no room for this tile (65536 bytes) in UB: the function's tiles need 262144 bytes, a2a3 has 196608
%d = tadd %b, %c : !pto.tile<128x128xf32>
^~
)");
  Assemble(R"(
.arg %a : !pto.tile<128x128xf32>
%b = texp %a : !pto.tile<128x128xf32>
%c = texp %b : !pto.tile<128x128xf32>
%d = texp %c : !pto.tile<128x128xf32>
)",
           Arch::kA5);  // 256 KiB of UB on a5
}

TEST_CASE("tiles that fit only by sharing the bytes of dead tiles share them") {
  // %b is dead once %c is made: %d takes its bytes; %a, a parameter, lives throughout.
  Program p = Assemble(R"(
.arg %a : !pto.tile<128x128xf32>
%b = texp %a : !pto.tile<128x128xf32>
%c = texp %b : !pto.tile<128x128xf32>
%d = texp %c : !pto.tile<128x128xf32>
)");
  CHECK(TileNamed(p, "a").addr == 0);
  CHECK(TileNamed(p, "b").addr == 0x10000);
  CHECK(TileNamed(p, "c").addr == 0x20000);
  CHECK(TileNamed(p, "d").addr == 0x10000);
}

TEST_CASE("parameters of every kind") {
  Program p = Assemble(R"(
func.func @k(%x: !pto.ptr<bf16>, %n: index, %s: f32, %flag: i1) {
  return
}
)");
  const Function& f = p.functions[0];
  REQUIRE(f.params.size() == 4);
  CHECK(f.params[0].kind == ParamKind::kPointer);
  CHECK(f.params[0].dtype == DType::kBF16);
  CHECK(f.params[1].kind == ParamKind::kScalar);
  CHECK(f.params[1].dtype == DType::kIndex);
  CHECK(f.params[2].dtype == DType::kF32);
  CHECK(f.params[3].dtype == DType::kI1);
  CHECK(p.String(f.params[0].name) == "x");
}

TEST_CASE("the entry is the pto.entry function") {
  Program p = Assemble(R"(
module {
  func.func @helper(%x: !pto.ptr<f32>) { return }
  func.func @main_kernel(%x: !pto.ptr<f32>) attributes {pto.entry} { return }
}
)");
  CHECK(p.String(p.functions[p.entry].name) == "main_kernel");
}

TEST_CASE("the module's target architecture, unless --arch says otherwise") {
  SourceFile file("t.pto",
                  "module attributes {pto.target_arch = \"a5\"} {\n"
                  "  func.func @k() { return }\n}\n");
  Diagnostics diags;
  Program p;
  REQUIRE(assembler::Assemble(file, {}, &p, diags));
  CHECK(p.arch == Arch::kA5);
  assembler::AssembleOptions options;
  options.arch_given = true;
  options.arch = Arch::kA2A3;
  REQUIRE(assembler::Assemble(file, options, &p, diags));
  CHECK(p.arch == Arch::kA2A3);
}

TEST_CASE("float constants are stored exactly as their type holds them") {
  Program p = Assemble(R"(
.arg %a : !pto.tile<1x16xf16>
.const %k = 0.1 : f16
.const %h = 0x3F800000 : f32
%b = tmuls %a, %k : !pto.tile<1x16xf16>, f16
%c = tadds %a, %h : !pto.tile<1x16xf16>, f32
)");
  std::vector<double> consts;
  for (const ConstInit& c : p.functions[0].consts) {
    double d;
    std::memcpy(&d, &c.bits, 8);
    consts.push_back(d);
  }
  CHECK(std::find(consts.begin(), consts.end(), 0.0999755859375) != consts.end());  // f16(0.1)
  CHECK(std::find(consts.begin(), consts.end(), 1.0) != consts.end());  // 0x3F800000 as f32
}

// tsels has an optional tmp before its scalar ("t|tt[t]s"): three inputs leave it out, four
// fill it; either way the scalar lands in the last slot.
TEST_CASE("an optional operand before a required one is filled only when written") {
  Program p = Assemble(R"(
.arg %m : !pto.tile<4x32xui8>
.arg %s : !pto.tile<4x16xf32>
.arg %t : !pto.tile<4x16xf32>
.arg %d : !pto.tile<4x16xf32>
.const %k = 1.5 : f32
pto.tsels ins(%m, %s, %k : !pto.tile<4x32xui8>, !pto.tile<4x16xf32>, f32) outs(%d : !pto.tile<4x16xf32>)
pto.tsels ins(%m, %s, %t, %k : !pto.tile<4x32xui8>, !pto.tile<4x16xf32>, !pto.tile<4x16xf32>, f32) outs(%d : !pto.tile<4x16xf32>)
)");
  const std::vector<uint32_t>& code = p.functions[0].code;
  std::vector<Instr> sels;
  for (size_t pc = 0; pc < code.size(); pc += Decode(&code[pc]).size()) {
    if (Decode(&code[pc]).op == Opcode::kTSelS) sels.push_back(Decode(&code[pc]));
  }
  REQUIRE(sels.size() == 2);
  CHECK(sels[0].operands[3] == kNoOperand);
  CHECK(sels[1].operands[3] != kNoOperand);
  CHECK(sels[0].operands[4] == sels[1].operands[4]);
}

// tcmp on i32 with any mode assembles on both arches, as PTOAS v0.60 accepts it: a2a3's
// equality-only compare is ptorun's to model and report (docs/semantics.md).
TEST_CASE("tcmp on i32 tiles: every mode assembles on a2a3 and a5") {
  const char* src = R"(
.arg %a : !pto.tile<4x16xi32>
%m = tcmp %a, %a {cmpMode = #pto.cmp<LT>} : !pto.tile<4x16xi32> -> !pto.tile<4x32xui8>
)";
  Assemble(src, Arch::kA2A3);
  Assemble(src, Arch::kA5);
}

}  // namespace
}  // namespace pto::testing
