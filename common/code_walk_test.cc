// The two code walks: instructions in order, and each instruction's registers by class and
// direction, including a call's variadic arguments and results.
#include "pto/common/code_walk.h"

#include <doctest/doctest.h>

#include <string>

#include "pto/common/strings.h"
#include "pto/tests/test_support.h"

namespace pto {
namespace {

constexpr const char* kCaller = R"(
module {
  func.func private @scale(%t: !pto.tile<16x16xf32>, %p: !pto.ptr<f32>, %k: f32) -> index {
    %c1 = arith.constant 1 : index
    return %c1 : index
  }
  func.func @main(%p: !pto.ptr<f32>, %k: f32) attributes {pto.entry} {
    %t = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
    %u = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
    pto.tadd ins(%t, %t : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>) outs(%u : !pto.tile_buf<vec, 16x16xf32>)
    %r = func.call @scale(%u, %p, %k) : (!pto.tile<16x16xf32>, !pto.ptr<f32>, f32) -> index
    return
  }
}
)";

// "tadd: out t1, in t0, in t0" for each instruction.
std::string Describe(const Program& program, const Function& f) {
  std::string out;
  for (const CodeSite& site : Instructions(f.code)) {
    std::string_view m = GetOpInfo(site.in.op).mnemonic;
    out += StrCat(m, ":");
    ForEachRegister(program, site.in, [&](const RegisterOperand& r) {
      out += StrCat(" ", r.output ? "out " : "in ", GetRegClassInfo(r.cls).prefix, r.reg);
    });
    out += "\n";
  }
  return out;
}

TEST_CASE("the code walks visit instructions in order and registers by class") {
  const Program program = testing::Assemble(kCaller);
  const Function* main = nullptr;
  for (const Function& f : program.functions) {
    if (program.String(f.name) == "main") main = &f;
  }
  REQUIRE(main);
  const std::string listing = Describe(program, *main);
  // The call passes a tile, a view and a scalar, and receives one scalar.
  CHECK(listing.find("tadd: out %t1 in %t0 in %t0\n") != std::string::npos);
  CHECK(listing.find("%call: in %t1 in %v0 in %s0 out %s") != std::string::npos);
  CHECK(listing.substr(listing.size() - 9) == "%return:\n");
  uint32_t previous = 0, count = 0;
  for (const CodeSite& site : Instructions(main->code)) {
    CHECK((count == 0 || site.pc > previous));
    previous = site.pc;
    ++count;
  }
  CHECK(count == 3);  // the tiles are placed statically: tadd, call, return
}

}  // namespace
}  // namespace pto
