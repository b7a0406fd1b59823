// The outer forms of a module, read as MLIR writes them: "module [@name] [attributes {...}]
// { ... }" and "func.func [private|public|nested] @name(PARAMS) [-> RESULTS]
// [attributes {...}] [{ BODY }]". Anything else in them is an error, not skipped.
#ifndef PTO_ASM_FUNC_HEADER_H_
#define PTO_ASM_FUNC_HEADER_H_

#include <vector>

#include "pto/asm/context.h"

namespace pto::assembler {

/// One parameter as written: "%name: TYPE" in a definition, or "TYPE" alone in a declaration
/// (MLIR's printed form of an external function). Trailing argument attributes are dropped.
struct ParamSpelling {
  const Item* name = nullptr;  ///< Null for a parameter written as a type only.
  ItemSpan type;
};

/// The parts of a func.func statement.
struct FuncHeader {
  bool is_private = false;
  const Item* name = nullptr;      ///< The @symbol.
  const Item* params = nullptr;    ///< The "(...)" group.
  std::vector<ParamSpelling> param_list;
  ItemSpan results;                ///< The result types after "->", without the parentheses.
  SourceRange results_range;
  const Item* attributes = nullptr;  ///< The dictionary after "attributes".
  const Item* body = nullptr;        ///< The region; null for a declaration.
};

/// Reads \a stmt (a func.func) into \a header. Reports every piece out of place and returns
/// false if there was one; parameters that do not read as either form are reported and left
/// out, so the rest of the function can still be checked.
bool ReadFuncHeader(Context& ctx, const Statement& stmt, FuncHeader* header);

/// Checks \a stmt (a module) has the form "module [@name] [attributes {...}] { ... }"; sets
/// \a body to its region (and \a attributes, if given, to its attribute dictionary or null),
/// or reports what is wrong and returns false.
bool ReadModuleHeader(Context& ctx, const Statement& stmt, const Item** body,
                      const Item** attributes = nullptr);

}  // namespace pto::assembler

#endif  // PTO_ASM_FUNC_HEADER_H_
