// Vector scopes inferred where the source writes none (PTOAS v0.60's PTOInferVPTOVecScope): a
// run of vector micro-instructions outside every pto.vecscope runs as one scope, from its first
// vector instruction to the next operation that bounds it.
#ifndef PTO_ASM_LOWERING_INFERRED_SCOPE_H_
#define PTO_ASM_LOWERING_INFERRED_SCOPE_H_

#include "pto/common/isa/opcode.h"
#include "pto/grammar/syntax.h"

namespace pto::assembler {

/// What a statement is to an inferred vector scope.
enum class ScopeRole {
  kVector,    ///< runs on the vector unit: in a scope (or control flow holding only such code)
  kScalar,    ///< pure scalar arithmetic and pointer casts: stays in a scope it falls in
  kBoundary,  ///< anything else (DMA, sync, calls, terminators, explicit scopes): ends one
};

/// Whether instructions of \a info's family are vector micro-instructions that need a vector
/// scope (their family's lowering is LowerVectorOp, common/isa/families.def).
bool RunsInVectorScope(const OpInfo& info);

/// \a stmt's role; an scf.for, scf.if or scf.while is a vector statement when its regions
/// hold vector statements and no boundary, else a boundary.
ScopeRole ScopeRoleOf(const grammar::Statement& stmt);

}  // namespace pto::assembler

#endif  // PTO_ASM_LOWERING_INFERRED_SCOPE_H_
