// VPTO's container form: kind submodules, their name scopes and the pairing of a kernel's
// variants (asm/module_scopes.h).
#include <doctest/doctest.h>

#include "pto/common/code_walk.h"
#include "pto/common/isa/encoding.h"

#include "pto/tests/test_support.h"

namespace pto::testing {
namespace {

const Function* Named(const Program& p, const std::string& name) {
  for (const Function& f : p.functions) {
    if (p.String(f.name) == name) return &f;
  }
  return nullptr;
}

// The callee of the first call in \a f.
uint32_t FirstCallee(const Function& f) {
  for (const CodeSite& site : Instructions(f.code)) {
    if (site.in.op == Opcode::kCall) return f.code[site.pc + 1];
  }
  return kNoFunction;
}

constexpr const char* kContainer = R"(
module attributes {pto.target_arch = "a5"} {
  module attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    func.func private @helper() -> i64 {
      %r = arith.constant 2 : i64
      return %r : i64
    }
    func.func private @only_vector() {
      return
    }
    func.func @k(%x: !pto.ptr<f32, gm>) attributes {pto.kernel} {
      %r = func.call @helper() : () -> i64
      func.call @only_vector() : () -> ()
      return
    }
  }
  module attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    func.func private @helper() -> i64 {
      %r = arith.constant 16 : i64
      return %r : i64
    }
    func.func @k(%x: !pto.ptr<f32, gm>) attributes {pto.kernel} {
      %r = func.call @helper() : () -> i64
      return
    }
  }
}
)";

TEST_CASE("a name of both kind submodules is two functions, each called from its own") {
  Program p = Assemble(kContainer, Arch::kA5);
  const Function* aic = Named(p, "k_mix_aic");
  const Function* aiv = Named(p, "k_mix_aiv");
  REQUIRE(aic);
  REQUIRE(aiv);
  CHECK(aic->kind == KernelKind::kCube);
  CHECK(aiv->kind == KernelKind::kVector);
  CHECK(&p.functions[aic->peer] == aiv);
  CHECK(&p.functions[aiv->peer] == aic);
  CHECK(&p.functions[p.entry] == aic);  // the pair is one entry, the cube variant
  CHECK(KernelVariantBase(p, *aic) == "k");
  CHECK(KernelVariantBase(p, *aiv) == "k");
  REQUIRE(Named(p, "helper_mix_aic"));
  REQUIRE(Named(p, "helper_mix_aiv"));
  CHECK(&p.functions[FirstCallee(*aic)] == Named(p, "helper_mix_aic"));
  CHECK(&p.functions[FirstCallee(*aiv)] == Named(p, "helper_mix_aiv"));
  // A name of one submodule keeps its name and takes its kind; helpers have no peer.
  const Function* only = Named(p, "only_vector");
  REQUIRE(only);
  CHECK(only->kind == KernelKind::kVector);
  CHECK(Named(p, "helper_mix_aic")->peer == kNoFunction);
}

TEST_CASE("a module carrying pto.kernel_kind gives its functions that kind") {
  Program p = Assemble(R"(
module attributes {pto.target_arch = "a5", pto.kernel_kind = #pto.kernel_kind<cube>} {
  func.func @k(%x: !pto.ptr<f32, gm>) attributes {pto.kernel} {
    return
  }
}
)", Arch::kA5);
  REQUIRE(p.functions.size() == 1);
  CHECK(p.String(p.functions[0].name) == "k");
  CHECK(p.functions[0].kind == KernelKind::kCube);
  CHECK(p.functions[0].peer == kNoFunction);
}

TEST_CASE("same-named helpers of both kinds are not paired, and neither is an entry's twin") {
  const std::string messages = AssembleErrors(R"(
module attributes {pto.target_arch = "a5"} {
  module attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    func.func @h() {
      return
    }
  }
  module attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    func.func @h() {
      return
    }
  }
}
)", Arch::kA5);
  // Two public functions and no pair: the entry is not chosen for the user.
  CHECK(messages.find("2 entry points") != std::string::npos);
}

}  // namespace
}  // namespace pto::testing
