// The SIMT ops of micro-isa 17: launches, thread queries, lane collectives, atomics, scalar
// math and conversion, keep/resume.
#ifndef PTO_ASM_LOWERING_SIMT_LOWERING_H_
#define PTO_ASM_LOWERING_SIMT_LOWERING_H_

#include "pto/asm/lowering/body_lowering.h"

namespace pto::assembler {

/// "%old = pto.atomic_add %p, %v l2cache(nmfv) signed : !pto.ptr<i32, gm>, i32 -> i32",
/// "%t = pto.get_tid_x : i32", "%r = pto.convert %x round(z) sat signed : f32 -> i32": the
/// operands fill the schema in order (an atomic's pointer the GM or the UB slot), the clauses and
/// {width}, {slot} the immediates.
bool LowerSimtOp(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt);

/// pto.simt_launch @body<<<%x, %y, %z>>>(%args) : (T...) -> (): the launch size, then a call.
bool LowerSimtLaunch(FunctionBuilder& fb, const Statement& stmt);

/// pto.section.simt <<<x, y, z>>> { ... }: the region outlined into a SIMT entry function
/// (the module's FunctionOutliner) and launched in its place.
bool LowerSectionSimt(BodyLowering& body, const Statement& stmt);

/// Removes the trailing signed/unsigned, sat/nosat, round(x), l1cache(x) and l2cache(x) clauses
/// of \a part (l2cache tokens of the load table when \a load) into \a sign, \a sat, \a round
/// (each may be null where the op takes none); reports a bad clause.
bool PeelSimtClauses(Context& ctx, std::string_view op, bool load, ItemSpan* part,
                     uint32_t* sign, int* sat, int* round);

}  // namespace pto::assembler

#endif  // PTO_ASM_LOWERING_SIMT_LOWERING_H_
