// Vector scopes inferred where the source writes none: where each begins and ends, read back
// from the assembled code as a sequence of instructions with "[" and "]" for a scope's ends.
#include <doctest/doctest.h>

#include <string>
#include <string_view>

#include "pto/common/isa/encoding.h"
#include "pto/common/isa/opcode.h"
#include "pto/common/strings.h"
#include "pto/tests/test_support.h"

namespace pto::testing {
namespace {

// The vector and sync instructions and scope ends of \a name's code, in order.
std::string Shape(const Program& program, std::string_view name) {
  std::string out;
  for (const Function& f : program.functions) {
    if (program.String(f.name) != name) continue;
    for (size_t pc = 0; pc < f.code.size();) {
      const Instr in = Decode(&f.code[pc]);
      pc += in.size();
      const OpInfo& info = GetOpInfo(in.op);
      if (in.op == Opcode::kVecScopeBegin)
        out += "[ ";
      else if (in.op == Opcode::kVecScopeEnd)
        out += "] ";
      else if (info.layer() == Layer::kRegister || info.layer() == Layer::kSync) {
        out += StrCat(info.mnemonic, " ");
      }
    }
  }
  return out;
}

constexpr std::string_view kHead = R"(module attributes {pto.target_arch = "a5"} {
  func.func @k(%x: !pto.ptr<f32, gm>) attributes {pto.kernel} {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c256 = arith.constant 256 : index
    %a = arith.constant 0 : i64
    %ub = pto.castptr %a : i64 -> !pto.ptr<f32, ub>
    %one = arith.constant 1.0 : f32
)";
constexpr std::string_view kTail = R"(    return
  }
}
)";

std::string Module(std::string_view body) { return StrCat(kHead, body, kTail); }

TEST_CASE("a run of vector instructions outside every scope is one inferred scope") {
  const Program p = Assemble(Module(R"(
    %m = pto.pset_b32 "PAT_ALL" : !pto.mask<b32>
    %v = pto.vlds %ub[%c0] : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
    %c1 = arith.constant 1 : index
    %w = pto.vadds %v, %one, %m : !pto.vreg<64xf32>, f32, !pto.mask<b32> -> !pto.vreg<64xf32>
    pto.vsts %w, %ub[%c0], %m : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.mask<b32>
)"),
                             Arch::kA5);
  CHECK(Shape(p, "k") == "[ pset_b32 vlds vadds vsts ] ");
}

TEST_CASE("a boundary ends the inferred scope; the next vector instruction opens another") {
  const Program p = Assemble(Module(R"(
    %m = pto.pset_b32 "PAT_ALL" : !pto.mask<b32>
    %v = pto.vlds %ub[%c0] : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
    pto.set_flag["PIPE_V", "PIPE_MTE3", "EVENT_ID0"]
    pto.wait_flag["PIPE_V", "PIPE_MTE3", "EVENT_ID0"]
    pto.vsts %v, %ub[%c64], %m : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.mask<b32>
)"),
                             Arch::kA5);
  CHECK(Shape(p, "k") == "[ pset_b32 vlds ] set_flag wait_flag [ vsts ] ");
}

TEST_CASE("a loop of vector code only is inside one scope; a loop with a boundary holds its own") {
  const Program whole = Assemble(Module(R"(
    %m = pto.pset_b32 "PAT_ALL" : !pto.mask<b32>
    scf.for %i = %c0 to %c256 step %c64 {
      %v = pto.vlds %ub[%i] : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
      pto.vsts %v, %ub[%i], %m : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.mask<b32>
    }
)"),
                                 Arch::kA5);
  CHECK(Shape(whole, "k") == "[ pset_b32 vlds vsts ] ");
  const Program split = Assemble(Module(R"(
    scf.for %i = %c0 to %c256 step %c64 {
      %m = pto.pset_b32 "PAT_ALL" : !pto.mask<b32>
      %v = pto.vlds %ub[%i] : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
      pto.barrier #pto.pipe<PIPE_V>
      pto.vsts %v, %ub[%i], %m : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.mask<b32>
    }
)"),
                                 Arch::kA5);
  CHECK(Shape(split, "k") == "[ pset_b32 vlds ] barrier [ vsts ] ");
}

TEST_CASE("a written scope is kept, and nothing is inferred inside it") {
  const Program p = Assemble(Module(R"(
    pto.vecscope {
      %m = pto.pset_b32 "PAT_ALL" : !pto.mask<b32>
      %v = pto.vlds %ub[%c0] : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
      pto.barrier #pto.pipe<PIPE_V>
      pto.vsts %v, %ub[%c0], %m : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.mask<b32>
    }
)"),
                             Arch::kA5);
  CHECK(Shape(p, "k") == "[ pset_b32 vlds barrier vsts ] ");
}

}  // namespace
}  // namespace pto::testing
