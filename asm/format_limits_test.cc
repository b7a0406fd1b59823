// The bytecode format's limits, checked where the input crosses them (asm/format_limits.h): the
// register files at their real size through the builder, the others with lowered limits
// (FormatLimits) on small programs, in source, in listings and when linking.
#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <vector>

#include "pto/asm/assembler.h"
#include "pto/asm/context.h"
#include "pto/asm/disassembler.h"
#include "pto/asm/function_builder.h"
#include "pto/asm/linker.h"
#include "pto/common/bytecode.h"

#include "pto/tests/test_support.h"

namespace pto::testing {
namespace {

using assembler::FormatLimits;

// Assembles \a source (a source or a listing) into an executable under \a limits; the messages,
// or "" if it assembled.
std::string Messages(std::string_view source, const FormatLimits& limits) {
  SourceFile file("test.pto", std::string(source));
  Diagnostics diags;
  Program program;
  assembler::AssembleOptions options;
  options.limits = limits;
  const bool ok = assembler::Assemble(file, options, &program, diags);
  CHECK(ok == !diags.has_errors());
  if (ok) {  // what it made, the reader takes
    Program check;
    CHECK(ReadProgram(WriteProgram(program), "test.ptobc", &check, diags));
  }
  return diags.ToString();
}

// Two tile instructions on a tile argument: three tile registers, seven words of code.
constexpr const char* kTwoTileOps = R"(
.arg %a : !pto.tile<16x16xf32>
%b = tabs %a : !pto.tile<16x16xf32>
%c = texp %b : !pto.tile<16x16xf32>
)";

bool Has(const std::string& messages, std::string_view text) {
  return messages.find(text) != std::string::npos;
}

// A listing of \a source (assembled with the format's own limits).
std::string ListingOf(std::string_view source) {
  return assembler::Disassemble(Assemble(source), "test.ptobc");
}

TEST_CASE("a function's registers at the format's limit, reported at the statement") {
  SourceFile file("test.pto", "%a = arith.constant 1 : i32\n%b = arith.constant 2 : i32\n");
  Diagnostics diags;
  assembler::Context ctx(file, diags, Arch::kA2A3);
  Program program;
  program.functions.emplace_back();
  program.functions[0].name = program.Intern("k");
  assembler::FunctionBuilder fb(ctx, program, program.functions[0]);
  fb.set_statement(SourceRange{0, 2});
  for (uint32_t i = 0; i < kMaxRegisters; ++i) fb.NewScalar(DType::kI32);
  for (uint32_t i = 0; i < kMaxRegisters; ++i) fb.NewView(DType::kF32, "");
  CHECK_FALSE(diags.has_errors());
  fb.set_statement(SourceRange{28, 30});
  fb.NewScalar(DType::kI32);
  fb.NewScalar(DType::kI32);  // reported once
  fb.NewView(DType::kF32, "");
  CHECK(diags.error_count() == 2);
  const std::string messages = diags.ToString();
  CHECK(Has(messages, "test.pto:2:1: error: @k needs more than 1048576 scalar registers"));
  CHECK(Has(messages, "test.pto:2:1: error: @k needs more than 1048576 view registers"));
}

TEST_CASE("tile registers and constants count against the limit where they are made") {
  const char* source = kTwoTileOps;
  FormatLimits limits;
  limits.registers = 3;
  CHECK(Messages(source, limits).empty());
  limits.registers = 2;
  CHECK(Has(Messages(source, limits),
            "test.pto:4:6: error: @main needs more than 2 tile registers, the most a function of "
            "the bytecode format has"));
  limits.registers = 1;
  CHECK(Has(Messages("%c = arith.constant 1 : index\n%d = arith.constant 2 : index\n", limits),
            "test.pto:2:6: error: @main needs more than 1 scalar registers"));
}

TEST_CASE("code words count against the limit at the statement that crosses it") {
  const char* source = kTwoTileOps;
  FormatLimits limits;
  limits.code_words = 8;  // tabs (3 words), texp (4: its precisionType) and the return
  CHECK(Messages(source, limits).empty());
  limits.code_words = 7;
  CHECK(
      Has(Messages(source, limits), "test.pto:1:1: error: @main needs more than 7 words of code"));
  limits.code_words = 5;
  CHECK(
      Has(Messages(source, limits), "test.pto:4:6: error: @main needs more than 5 words of code"));
}

TEST_CASE("functions, names and the string pool count against the file's limits") {
  const char* source = R"(
module {
  func.func private @f() {
    return
  }
  func.func private @g() {
    return
  }
  func.func @main() {
    return
  }
}
)";
  FormatLimits limits;
  limits.functions = 3;
  CHECK(Messages(source, limits).empty());
  limits.functions = 2;
  CHECK(Has(Messages(source, limits),
            "test.pto:9:13: error: more than 2 functions, the most a bytecode file holds"));
  limits = FormatLimits();
  limits.strings = 4;  // the file's name, f, g, main
  CHECK(Messages(source, limits).empty());
  limits.strings = 3;
  CHECK(Has(Messages(source, limits), "test.pto:9:13: error: more than 3 distinct names"));
  limits = FormatLimits();
  limits.string_length = 3;
  CHECK(
      Has(Messages(source, limits),
          "test.pto:9:13: error: a name of 4 bytes; the bytecode format holds names of at most 3"));
}

TEST_CASE("a name longer than the format holds, at its real limit") {
  const std::string name(kMaxStringLength + 1, 'x');
  CHECK(Messages(".arg %" + name.substr(1) + " : !pto.tile<16x16xf32>\n", FormatLimits()).empty());
  CHECK(Has(Messages(".arg %" + name + " : !pto.tile<16x16xf32>\n", FormatLimits()),
            "test.pto:1:6: error: a name of 65537 bytes; the bytecode format holds names of at "
            "most 65536"));
}

TEST_CASE("local arrays at the format's limit") {
  std::string source = "module {\n  func.func @k() {\n";
  for (uint32_t i = 0; i < kMaxLocalArrays; ++i) {
    source +=
        "    %a" + std::to_string(i) + " = pto.declare_local_array -> !pto.local_array<1xi32>\n";
  }
  CHECK(Messages(source + "    return\n  }\n}\n", FormatLimits()).empty());
  source += "    %over = pto.declare_local_array -> !pto.local_array<1xi32>\n    return\n  }\n}\n";
  CHECK(Has(Messages(source, FormatLimits()),
            "test.pto:4099:13: error: @k declares more than 4096 local arrays"));
}

TEST_CASE("a call's registers against the operand limit") {
  const char* source = R"(
module {
  func.func private @f(%a: index, %b: index) -> i32 {
    %z = arith.constant 0 : i32
    return %z : i32
  }
  func.func @main(%a: index) {
    %r = func.call @f(%a, %a) : (index, index) -> i32
    return
  }
}
)";
  FormatLimits limits;
  limits.operands = 4;  // the callee and 3 registers
  CHECK(Messages(source, limits).empty());
  limits.operands = 3;
  CHECK(Has(Messages(source, limits),
            "test.pto:8:10: error: a call of @f passes 3 argument and result registers; a call "
            "holds at most 2"));
}

TEST_CASE("a function that calls itself is reported at the call") {
  CHECK(Has(Messages(R"(
module {
  func.func @f(%n: index) {
    func.call @f(%n) : (index) -> ()
    return
  }
}
)",
                     FormatLimits()),
            "test.pto:4:5: error: this call makes @f call itself (kernels run without a stack)"));
}

TEST_CASE("a listing is held to the same limits") {
  const std::string listing = ListingOf(R"(
module {
  func.func private @f(%p: memref<16x16xf32>) -> i32 {
    %z = arith.constant 0 : i32
    return %z : i32
  }
  func.func @main(%p: memref<16x16xf32>) {
    %r = func.call @f(%p) : (memref<16x16xf32>) -> i32
    return
  }
}
)");
  CHECK(Messages(listing, FormatLimits()).empty());
  FormatLimits limits;
  limits.registers = 0;
  CHECK(Has(Messages(listing, limits), "needs more than 0 scalar registers"));
  limits = FormatLimits();
  limits.code_words = 3;
  CHECK(Has(Messages(listing, limits), "words of code, the most a function of the bytecode"));
  limits = FormatLimits();
  limits.functions = 1;
  CHECK(Has(Messages(listing, limits), "more than 1 functions"));
  limits = FormatLimits();
  limits.results = 0;
  CHECK(Has(Messages(listing, limits),
            "@f returns 1 values; a function of the bytecode format "
            "returns at most 0"));
  limits = FormatLimits();
  limits.param_rank = 1;
  CHECK(Has(Messages(listing, limits), "a memref parameter has 1 to 1 dimensions, not 2"));
  limits = FormatLimits();
  limits.operands = 2;
  CHECK(Has(Messages(listing, limits), "operand count does not fit the instruction"));
  // A listing whose call closes a cycle: @main's call redirected to @main.
  std::string recursive = listing;
  const size_t call = recursive.find("bc.call 0,");
  REQUIRE(call != std::string::npos);
  recursive.replace(call, 10, "bc.call 1,");
  CHECK(Has(Messages(recursive, FormatLimits()), "this call makes @main call itself"));
}

TEST_CASE("the linked program is held to the file's limits") {
  auto unit = [](std::string_view source) {
    SourceFile file("unit.pto", std::string(source));
    Diagnostics diags;
    assembler::LinkUnit u;
    u.name = "unit.pto";
    CHECK(assembler::AssembleUnit(file, assembler::AssembleOptions(), &u.program, diags));
    return u;
  };
  auto link = [&](const FormatLimits& limits) {
    std::vector<assembler::LinkUnit> units;
    units.push_back(
        unit("module {\n  func.func @a() attributes {pto.entry} {\n    return\n  }\n}\n"));
    units.push_back(unit("module {\n  func.func @b() {\n    return\n  }\n}\n"));
    assembler::LinkOptions options;
    options.limits = limits;
    Program out;
    Diagnostics diags;
    const bool ok = assembler::Link(std::move(units), options, &out, diags);
    CHECK(ok == !diags.has_errors());
    return diags.ToString();
  };
  CHECK(link(FormatLimits()).empty());
  FormatLimits limits;
  limits.functions = 1;
  CHECK(Has(link(limits), "unit.pto:2:3: error: more than 1 functions"));
  limits = FormatLimits();
  limits.strings = 2;  // unit.pto, a; then b
  CHECK(Has(link(limits), "unit.pto:2:3: error: more than 2 distinct names"));
}

}  // namespace
}  // namespace pto::testing
