// Links objects into an executable: joins their functions, resolves each declaration to the one
// public definition of its name, rewrites call operands and peer fields (the objects'
// relocations), and picks the entry.
#ifndef PTO_ASM_LINKER_H_
#define PTO_ASM_LINKER_H_

#include <string>
#include <vector>

#include "pto/asm/format_limits.h"
#include "pto/common/diagnostics.h"
#include "pto/common/program.h"

namespace pto::assembler {

/// One input of a link: an object, from a source file or a .ptoo file.
struct LinkUnit {
  Program program;   ///< is_object; its functions may be declarations.
  std::string name;  ///< The input as given, for messages.
};

struct LinkOptions {
  std::string entry;  ///< --entry NAME; else the pto.entry function, else the only public one.
  /// The bytecode format's limits the linked program must keep to (tests lower them).
  FormatLimits limits;
};

/// The parameter and result types of \a f, as a function type "(T, ...) -> (R, ...)".
std::string FunctionSignature(const Function& f);
/// Whether \a a and \a b take and return the same types.
bool SameFunctionSignature(const Function& a, const Function& b);

/// Links \a units into the executable \a out. Reports every problem (undefined or duplicate
/// symbols, signature or architecture mismatches, no or several entries), naming both places
/// where there are two, and returns false if there was one. The units' function definitions
/// are moved into \a out (a large program is not copied), so \a units are used up.
[[nodiscard]] bool Link(std::vector<LinkUnit>&& units, const LinkOptions& options,
                        Program* out, Diagnostics& diags);

}  // namespace pto::assembler

#endif  // PTO_ASM_LINKER_H_
