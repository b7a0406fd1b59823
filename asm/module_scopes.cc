#include "pto/asm/module_scopes.h"

#include <array>
#include <map>

#include "pto/asm/func_header.h"
#include "pto/asm/linker.h"
#include "pto/common/strings.h"

namespace pto::assembler {

bool ParseKernelKind(Context& ctx, const Attribute& attr, KernelKind* kind) {
  std::string text = Spell(attr.value);
  if (text.find("cube") != std::string::npos) {
    *kind = KernelKind::kCube;
    return true;
  }
  if (text.find("vector") != std::string::npos) {
    *kind = KernelKind::kVector;
    return true;
  }
  ctx.Error(attr.range, StrCat("unknown pto.kernel_kind '", text,
                               "' (expected #pto.kernel_kind<cube> or <vector>)"));
  return false;
}

const char* KernelKindName(KernelKind kind) {
  return kind == KernelKind::kCube ? "cube" : kind == KernelKind::kVector ? "vector" : "any";
}

namespace {

// A module statement read: its body and the kind it gives its functions.
struct ModuleSite {
  const Item* body = nullptr;
  KernelKind kind = KernelKind::kAny;
  SourceRange kind_at;  ///< Its pto.kernel_kind attribute.
  std::optional<Backend> backend;  ///< Its pto.backend attribute.
};

ModuleSite ReadModule(Context& ctx, const Statement& stmt) {
  ModuleSite site;
  const Item* attributes = nullptr;
  ReadModuleHeader(ctx, stmt, &site.body, &attributes);  // a body with junk around it is still read
  if (!attributes) return site;
  std::map<std::string, Attribute> attrs;
  ReadAttributes(*attributes, &attrs);
  if (auto b = attrs.find("pto.backend"); b != attrs.end()) {
    const ItemSpan v = b->second.value;
    Backend backend;
    if (v.size() == 1 && v[0].Is(ItemKind::kString) && ParseBackend(v[0].text, &backend)) {
      site.backend = backend;
    } else {
      ctx.Error(b->second.range, StrCat("unknown pto.backend '", Spell(v),
                                        "' (expected \"emitc\" or \"vpto\")"));
    }
  }
  auto it = attrs.find("pto.kernel_kind");
  if (it == attrs.end()) return site;
  ParseKernelKind(ctx, it->second, &site.kind);
  site.kind_at = it->second.range;
  return site;
}

class Collector {
 public:
  Collector(Context& ctx, std::vector<FuncSite>* funcs, std::vector<const Statement*>* loose)
      : ctx_(ctx), funcs_(*funcs), loose_(*loose) {}

  /// The statements of one module body (or of the file), in the kind submodule \a scope, of
  /// the backend \a backend (the innermost pto.backend around them).
  void Level(StatementSpan stmts, KernelKind scope, std::optional<Backend> backend) {
    std::vector<ModuleSite> modules;
    bool container = false;  // holds kind submodules
    for (const Statement& stmt : stmts) {
      if (!stmt.head.IsWord("module")) continue;
      modules.push_back(ReadModule(ctx_, stmt));
      container |= modules.back().kind != KernelKind::kAny;
    }
    size_t next_module = 0;
    for (const Statement& stmt : stmts) {
      if (stmt.head.IsWord("module")) {
        const ModuleSite& m = modules[next_module++];
        if (!m.body) continue;
        if (m.kind != KernelKind::kAny && scope != KernelKind::kAny) {
          ctx_.Error(m.kind_at, StrCat("a kind submodule cannot sit inside another: this module "
                                       "is already in a ", KernelKindName(scope),
                                       " submodule"));
        }
        // A kindless module beside kind submodules is allowed: modules of other backends sit
        // there (the public case mixed-external-vadd); their functions have no kind.
        Level(m.body->body(), scope != KernelKind::kAny ? scope : m.kind,
              m.backend ? m.backend : backend);
      } else if (stmt.head.IsWord("func.func")) {
        if (container && scope == KernelKind::kAny) {
          ctx_.Error(stmt.head, "a func.func beside kind submodules: a container holds kind "
                                "submodules only; put it in one (module attributes "
                                "{pto.kernel_kind = #pto.kernel_kind<cube>} { ... })");
        }
        funcs_.push_back({&stmt, scope, backend});
      } else if (stmt.head.Is(ItemKind::kHash)) {
        continue;  // #name = attribute alias
      } else {
        loose_.push_back(&stmt);
      }
    }
  }

 private:
  Context& ctx_;
  std::vector<FuncSite>& funcs_;
  std::vector<const Statement*>& loose_;
};

// The @name of a func.func and whether it has a body, read without reporting anything
// (ReadFuncHeader reports what is wrong when the function is declared).
const Item* FuncName(const Statement& stmt, bool* has_body) {
  const Item* name = nullptr;
  *has_body = false;
  for (const Item& item : stmt.items) {
    if (!name && item.Is(ItemKind::kSymbol)) name = &item;
    *has_body |= item.Is(ItemKind::kRegion);
  }
  return name;
}

int KindSlot(KernelKind kind) { return kind == KernelKind::kCube ? 0 : 1; }

}  // namespace

void CollectModule(Context& ctx, StatementSpan stmts, std::vector<FuncSite>* funcs,
                   std::vector<const Statement*>* loose) {
  Collector(ctx, funcs, loose).Level(stmts, KernelKind::kAny, std::nullopt);
}

void ScopeNames(Context& ctx, std::vector<FuncSite>* funcs) {
  // Per name, the first definition in each kind's submodules.
  std::map<std::string_view, std::array<const Item*, 2>> defined;
  std::vector<FuncSite> kept;
  kept.reserve(funcs->size());
  for (const FuncSite& site : *funcs) {
    bool has_body = false;
    const Item* name = FuncName(*site.stmt, &has_body);
    if (site.scope != KernelKind::kAny && name && has_body) {
      const Item*& first = defined[name->text][KindSlot(site.scope)];
      if (first) {
        int line, col;
        ctx.file().LineCol(first->range.begin, &line, &col);
        ctx.Error(*name, StrCat("function @", name->text, " is defined twice in the ",
                                KernelKindName(site.scope), " submodules (first at line ", line,
                                ")"));
        continue;
      }
      first = name;
    }
    kept.push_back(site);
  }
  *funcs = std::move(kept);
  for (const auto& [name, firsts] : defined) {
    if (firsts[0] && firsts[1]) ctx.ScopeName(name);
  }
}

void PairVariants(Context& ctx, Program& program, const std::vector<ScopedFunction>& functions) {
  std::map<std::string_view, std::array<const ScopedFunction*, 2>> variants;
  for (const ScopedFunction& f : functions) {
    if (f.scope == KernelKind::kAny || !ctx.IsScoped(f.name->text)) continue;
    if (!program.functions[f.index].defined) continue;  // a declaration joins its definition
    variants[f.name->text][KindSlot(f.scope)] = &f;
  }
  for (const auto& [name, pair] : variants) {
    const ScopedFunction* cube = pair[0];
    const ScopedFunction* vector = pair[1];
    if (!cube || !vector || (!cube->is_kernel && !vector->is_kernel)) continue;  // helpers
    // Reported at the one written second, naming the line of the other.
    const bool cube_first = cube->name->range.begin < vector->name->range.begin;
    const ScopedFunction* second = cube_first ? vector : cube;
    const ScopedFunction* first = cube_first ? cube : vector;
    int line, col;
    ctx.file().LineCol(first->name->range.begin, &line, &col);
    if (!cube->is_kernel || !vector->is_kernel) {
      const ScopedFunction* plain = cube->is_kernel ? vector : cube;
      ctx.Error(*plain->name, StrCat("@", name, " is a pto.kernel in the ",
                                     KernelKindName(plain == cube ? KernelKind::kVector
                                                                  : KernelKind::kCube),
                                     " submodule but not in the ", KernelKindName(plain->scope),
                                     " one: the two variants of a kernel both carry pto.kernel"));
      continue;
    }
    Function& c = program.functions[cube->index];
    Function& v = program.functions[vector->index];
    if (!SameFunctionSignature(c, v)) {
      const Function& s = program.functions[second->index];
      const Function& f = program.functions[first->index];
      ctx.Error(*second->name, StrCat("the ", KernelKindName(second->scope), " variant of @",
                                      name, " takes ", FunctionSignature(s), " but its ",
                                      KernelKindName(first->scope), " variant (line ", line,
                                      ") takes ", FunctionSignature(f),
                                      ": both run on the same arguments"));
      continue;
    }
    c.peer = vector->index;
    v.peer = cube->index;
  }
}

}  // namespace pto::assembler
