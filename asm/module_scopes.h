// VPTO's normalized container form: an a5 module holding kind submodules
// (module attributes {pto.kernel_kind = #pto.kernel_kind<cube>} { ... }), each a scope of names.
// A name defined in the cube and the vector submodules is two functions, @NAME_mix_aic and
// @NAME_mix_aiv (the hardware's names of a mixed kernel's two halves); two same-named
// pto.kernel functions are the two variants of one kernel and become each other's peer
// (docs/semantics.md, "Register layer (VPTO)").
#ifndef PTO_ASM_MODULE_SCOPES_H_
#define PTO_ASM_MODULE_SCOPES_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pto/asm/context.h"
#include "pto/asm/lowering/op_form.h"

namespace pto::assembler {

/// A func.func, the kind of the kind submodule it sits in (kAny: none) and the backend of the
/// innermost module around it that names one (pto.backend; none: ptoas --pto-backend's).
struct FuncSite {
  const Statement* stmt = nullptr;
  KernelKind scope = KernelKind::kAny;
  std::optional<Backend> backend;
};

/// #pto.kernel_kind<cube> (or <vector>, or a bare cube/vector); reports any other value.
bool ParseKernelKind(Context& ctx, const Attribute& attr, KernelKind* kind);
/// "cube" or "vector".
const char* KernelKindName(KernelKind kind);

/// Walks the modules of \a stmts: the func.func statements with their scopes in \a funcs, the
/// statements outside any module or function (the synchronous form) in \a loose. Reports a kind
/// submodule inside another, an unknown kind, and a func.func beside kind submodules (a
/// container holds kind submodules only, as the VPTO specification says; a kindless module
/// there, of another backend, is accepted).
void CollectModule(Context& ctx, StatementSpan stmts, std::vector<FuncSite>* funcs,
                   std::vector<const Statement*>* loose);

/// Gives the names defined in both kinds' submodules their scoped names (Context::ScopeName),
/// and reports a name defined twice in submodules of one kind; those second definitions are
/// dropped from \a funcs.
void ScopeNames(Context& ctx, std::vector<FuncSite>* funcs);

/// A declared function, for PairVariants.
struct ScopedFunction {
  KernelKind scope = KernelKind::kAny;
  const Item* name = nullptr;  ///< The @symbol as written (not the scoped name).
  bool is_kernel = false;      ///< Carries pto.kernel.
  uint32_t index = 0;          ///< In the program's functions.
};

/// Makes the cube and vector functions of each scoped name peers if both are pto.kernel
/// functions; reports a pair of which only one is, and variants whose parameters differ.
void PairVariants(Context& ctx, Program& program, const std::vector<ScopedFunction>& functions);

}  // namespace pto::assembler

#endif  // PTO_ASM_MODULE_SCOPES_H_
