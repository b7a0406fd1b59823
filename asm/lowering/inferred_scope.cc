#include "pto/asm/lowering/inferred_scope.h"

#include <string_view>

#include "pto/asm/lowering/body_lowering.h"

namespace pto::assembler {

namespace {

using grammar::Item;
using grammar::ItemKind;
using grammar::Statement;

// The control flow PTOAS keeps whole inside one inferred scope when it holds vector code only.
bool IsStructuredControlFlow(std::string_view name) {
  return name == "scf.for" || name == "scf.if" || name == "scf.while";
}

// Pure scalar work that may sit inside a scope: constants, arithmetic, pointer casts.
bool IsScalarArithmetic(std::string_view name) {
  for (std::string_view prefix : {"arith.", "math.", "index."}) {
    if (name.substr(0, prefix.size()) == prefix) return true;
  }
  for (std::string_view cast :
       {".const", "pto.addptr", "pto.castptr", "pto.ptrtoint", "pto.inttoptr", "llvm.bitcast"}) {
    if (name == cast) return true;
  }
  return false;
}

struct RegionSummary {
  bool vector = false;
  bool boundary = false;
};

void Summarize(std::span<const Statement> body, RegionSummary* s) {
  for (const Statement& stmt : body) {
    // Labels and aliases; the region's own terminator (scf.yield) goes with its loop.
    if (!stmt.head.Is(ItemKind::kWord) || IsTerminator(stmt)) continue;
    const ScopeRole role = ScopeRoleOf(stmt);
    if (role == ScopeRole::kBoundary) {
      s->boundary = true;
      return;
    }
    s->vector |= role == ScopeRole::kVector;
  }
}

}  // namespace

bool RunsInVectorScope(const OpInfo& info) {
  switch (info.family) {
#define PTO_FAMILY(Name, Layer, Rules, Lowering, Access, Pipe) \
  case Family::k##Name:                                        \
    return std::string_view(#Lowering) == "LowerVectorOp";
#include "pto/common/isa/families.def"
#undef PTO_FAMILY
  }
  return false;
}

ScopeRole ScopeRoleOf(const Statement& stmt) {
  if (!stmt.head.Is(ItemKind::kWord)) return ScopeRole::kScalar;
  std::string_view name = stmt.head.text;
  if (IsStructuredControlFlow(name)) {
    RegionSummary s;
    for (const Item& item : stmt.items) {
      if (item.Is(ItemKind::kRegion)) Summarize(item.body(), &s);
    }
    return s.vector && !s.boundary ? ScopeRole::kVector : ScopeRole::kBoundary;
  }
  if (IsScalarArithmetic(name)) return ScopeRole::kScalar;
  if (name.substr(0, 4) == "pto.") name.remove_prefix(4);
  const OpInfo* info = LookupMnemonic(name);
  return info && RunsInVectorScope(*info) ? ScopeRole::kVector : ScopeRole::kBoundary;
}

}  // namespace pto::assembler
