// PTOAS v0.60's tileop helpers (func.func attributes {pto.tileop.helper}, written by PTODSL's
// `with pto.tileop():`): a function of vector (or cube) compute on the tiles and scalars it is
// given. PTOAS checks what the body holds, infers its kind from its instructions and wraps the
// body in a section of that kind; a vector helper's register-layer code then runs as one
// vector scope.
#ifndef PTO_ASM_LOWERING_TILEOP_HELPER_H_
#define PTO_ASM_LOWERING_TILEOP_HELPER_H_

#include "pto/asm/lowering/body_lowering.h"

namespace pto::assembler {

/// Reports what a tileop helper's body may not hold (sections, DMA, pipe synchronisation, SIMT
/// instructions, tile allocation or tile instructions, calls) and sets \a kind to the kind of
/// compute it holds (kVector or kCube). False if it reported anything.
bool CheckTileOpHelper(Context& ctx, StatementSpan body, SourceRange where, KernelKind* kind);

/// Whether the source names the helper whose @symbol is at \a name anywhere else (a call, a
/// reference). A vector helper is register-layer code, which a2a3 lacks: one nothing names
/// cannot run, and PTOAS, which drops such dead code, accepts it on a3.
bool HelperNamedElsewhere(const SourceFile& file, SourceRange name);

/// Lowers a checked helper's body as "pto.section.<kind> { [pto.vecscope {] ... [}] } return".
void LowerTileOpHelperBody(BodyLowering& lowering, StatementSpan body, SourceRange region,
                           KernelKind kind);

}  // namespace pto::assembler

#endif  // PTO_ASM_LOWERING_TILEOP_HELPER_H_
