// Where the assembler finds a statement: each spelling is in exactly one of the two tables (the
// structure operations of asm/lowering/structure_ops.def, the instructions of common/isa/opcodes.def),
// an instruction is lowered by its family's lowering whatever its prefix, and the suggestions
// for an unknown name come from both tables.
#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <vector>

#include "pto/common/isa/encoding.h"
#include "pto/common/isa/opcode.h"
#include "pto/common/strings.h"

#include "pto/tests/test_support.h"

namespace pto::testing {
namespace {

constexpr std::string_view kStructureOps[] = {
#define PTO_STRUCTURE_OP(spelling, Lowering) spelling,
#include "pto/asm/lowering/structure_ops.def"
#undef PTO_STRUCTURE_OP
};

struct FamilyLowering {
  Family family;
  std::string_view lowering;
};
constexpr FamilyLowering kFamilyLowerings[] = {
#define PTO_FAMILY(Name, Layer, Rules, Lowering, Access, Pipe) {Family::k##Name, #Lowering},
#include "pto/common/isa/families.def"
#undef PTO_FAMILY
};

bool IsStructureOp(std::string_view name) {
  for (std::string_view s : kStructureOps) {
    if (s == name) return true;
  }
  return false;
}

// Every assembly name of the ISA table: mnemonics and PTO_SPELLING alternates.
std::vector<std::string_view> IsaSpellings() {
  std::vector<std::string_view> names;
  for (int i = 0; i < kOpcodeCount; ++i) {
    const OpInfo& info = GetOpInfo(static_cast<Opcode>(i));
    if (!info.has_spelling()) continue;
    names.push_back(info.mnemonic);
    for (std::string_view alternate : AlternateSpellings(info.opcode)) names.push_back(alternate);
  }
  return names;
}

TEST_CASE("no spelling is both a structure operation and an instruction") {
  for (std::string_view s : kStructureOps) {
    CAPTURE(s);
    CHECK(LookupMnemonic(s) == nullptr);
    if (s.substr(0, 4) == "pto.") CHECK(LookupMnemonic(s.substr(4)) == nullptr);
  }
  for (std::string_view m : IsaSpellings()) {
    CAPTURE(m);
    CHECK_FALSE(IsStructureOp(m));
    CHECK_FALSE(IsStructureOp(std::string("pto.") + std::string(m)));
  }
}

TEST_CASE("the structure table lists each spelling once") {
  for (size_t i = 0; i < std::size(kStructureOps); ++i) {
    for (size_t j = i + 1; j < std::size(kStructureOps); ++j) {
      CAPTURE(kStructureOps[i]);
      CHECK(kStructureOps[i] != kStructureOps[j]);
    }
  }
}

TEST_CASE("every spelled instruction's family has a lowering, and only those") {
  for (int i = 0; i < kOpcodeCount; ++i) {
    const OpInfo& info = GetOpInfo(static_cast<Opcode>(i));
    const std::string_view lowering = kFamilyLowerings[static_cast<int>(info.family)].lowering;
    CAPTURE(info.mnemonic);
    CHECK(kFamilyLowerings[static_cast<int>(info.family)].family == info.family);
    CHECK((lowering == "NoLowering") == !info.has_spelling());
  }
}

// The code of the entry function of \a source.
std::vector<uint32_t> CodeOf(std::string_view source) {
  const Program p = Assemble(source);
  return p.functions[p.entry].code;
}

TEST_CASE("an instruction lowers the same with and without the pto. prefix") {
  const char* kTile = ".arg %t : !pto.tile_buf<vec, 16x32xf32>\n.arg %k : index\n";
  CHECK(CodeOf(std::string(kTile) + "pto.tassign %t, %k : !pto.tile_buf<vec, 16x32xf32>, index") ==
        CodeOf(std::string(kTile) + "tassign %t, %k : !pto.tile_buf<vec, 16x32xf32>, index"));
  // tgetval in each of its syntaxes; the result has the tile's element type.
  const std::string get = std::string(kTile) + "%v = ";
  const std::vector<uint32_t> reference = CodeOf(get + "tgetval %t, %k");
  for (const char* form : {
           "pto.tgetval ins(%t, %k : !pto.tile_buf<vec, 16x32xf32>, index) outs : f32",
           "tgetval ins(%t, %k : !pto.tile_buf<vec, 16x32xf32>, index) outs : f32",
           "pto.tgetval %t, %k : !pto.tile_buf<vec, 16x32xf32>, index -> f32",
           "pto.tgetval(%t, %k : !pto.tile_buf<vec, 16x32xf32>, index) -> f32",
       }) {
    CAPTURE(form);
    CHECK(CodeOf(get + form) == reference);
  }
  CHECK(AssembleErrors(get + "tgetval %t, %k : !pto.tile_buf<vec, 16x32xf32>, index -> i32")
            .find("the tile holds f32, not i32") != std::string::npos);
}

TEST_CASE("pipe instructions lower the same with and without the pto. prefix") {
  // '$' stands for the prefix.
  const std::string kernel = R"(
module {
  func.func @cube(%a : i32) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %t = pto.alloc_tile : !pto.tile_buf<acc, 16x16xf32>
    $aic_initialize_pipe {dir_mask = 3, slot_size = 1024} (%a, %a : i32, i32)
    $tpush_to_aiv(%t : !pto.tile_buf<acc, 16x16xf32>) {split = 0}
    %m = $tpop_from_aiv {split = 0} -> !pto.tile_buf<mat, 16x16xf32>
    $tfree_from_aiv {split = 0}
    return
  }
}
)";
  auto with = [&](const std::string& prefix) {
    std::string s = kernel;
    for (size_t at = s.find('$'); at != std::string::npos; at = s.find('$', at)) {
      s.replace(at, 1, prefix);
    }
    return CodeOf(s);
  };
  CHECK(with("pto.") == with(""));
}

TEST_CASE("pipe instructions take bare operand lists and a tile handle to pop into") {
  const Program p = Assemble(R"(
module {
  func.func @vec(%a : i32, %r : index) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    aiv_initialize_pipe %a, %a {dir_mask = 3, slot_size = 1024}
    %t = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
    %d = pto.declare_tile -> !pto.tile_buf<vec, 16x16xf32, valid=?x?>
    tpop_from_aic outs(%t : !pto.tile_buf<vec, 16x16xf32>) {split = 0}
    %u = tpop_from_aic %r, %r {split = 0} : index, index -> !pto.tile_buf<vec, 16x16xf32, valid=?x?>
    pto.tpop_from_aic ins(%r, %r : index, index) outs(%d : !pto.tile_buf<vec, 16x16xf32, valid=?x?>) {split = 0}
    tfree_from_aic {split = 0}
    tpush_to_aic %t {split = 0} : !pto.tile_buf<vec, 16x16xf32>
    return
  }
}
)");
  const std::vector<uint32_t>& code = p.functions[p.entry].code;
  int pops = 0;
  for (size_t pc = 0; pc < code.size(); pc += 1 + HeaderCount(code[pc])) {
    pops += static_cast<Opcode>(HeaderOpcode(code[pc])) == Opcode::kTPopFromAic;
  }
  CHECK(pops == 3);
}

TEST_CASE("unknown operations are matched against both tables") {
  const std::string errors = AssembleErrors(R"(
%t = pto.aloc_tile : !pto.tile_buf<vec, 16x16xf32>
scf.fo %i = %a to %b step %c {
}
%u = pto.tasign %t, %k
)");
  CHECK(errors.find("unknown operation 'pto.aloc_tile'; did you mean 'pto.alloc_tile'?") !=
        std::string::npos);
  CHECK(errors.find("unknown operation 'scf.fo'; did you mean 'scf.for'?") != std::string::npos);
  CHECK(errors.find("unknown operation 'pto.tasign'; did you mean 'tassign'?") !=
        std::string::npos);
}

TEST_CASE("every register-layer and VMI instruction is refused on a2a3 where it stands") {
  // Whatever its family's lowering: the check comes before the operands are read.
  for (int i = 0; i < kOpcodeCount; ++i) {
    const OpInfo& info = GetOpInfo(static_cast<Opcode>(i));
    if (!info.has_spelling() || !OnVectorRegisters(info.layer()) || info.types(Arch::kA2A3)) {
      continue;
    }
    CAPTURE(info.mnemonic);
    const std::string errors = AssembleErrors(StrCat(
        "module {\n  func.func @k() {\n    pto.", info.mnemonic, "\n    return\n  }\n}\n"));
    const char* what = info.layer() == Layer::kVmi ? " is a VMI instruction of a5"
                                                   : " is a register-layer (VPTO) instruction of a5";
    CHECK(errors.find(StrCat(info.mnemonic, what)) != std::string::npos);
  }
}

}  // namespace
}  // namespace pto::testing
