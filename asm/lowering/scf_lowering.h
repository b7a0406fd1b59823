// Lowers structured control flow (scf.for, scf.if, scf.while and their terminators scf.yield
// and scf.condition) to jumps and register moves.
#ifndef PTO_ASM_LOWERING_SCF_LOWERING_H_
#define PTO_ASM_LOWERING_SCF_LOWERING_H_

#include "pto/asm/lowering/body_lowering.h"

namespace pto::assembler {

/// %r:N = scf.for [unsigned] %i = %lb to %ub step %s [: T] [iter_args(%a = %x, ...) -> (T, ...)]
///   { ... scf.yield %a2, ... }
bool LowerFor(BodyLowering& body, const Statement& stmt);
/// %r:N = scf.if %c [-> (T, ...)] { ... scf.yield ... } [else { ... scf.yield ... }]
bool LowerIf(BodyLowering& body, const Statement& stmt);
/// %r:N = scf.while (%a = %x, ...) : (T, ...) -> (U, ...) {
///   ... scf.condition(%c) %v, ... : U, ...
/// } do {
/// ^bb0(%b: U, ...):
///   ... scf.yield %a2, ... : T, ...
/// }
bool LowerWhile(BodyLowering& body, const Statement& stmt);
/// %r:N = scf.execute_region [-> (T, ...)] { ... scf.yield ... }: a region run once.
bool LowerExecuteRegion(BodyLowering& body, const Statement& stmt);
/// scf.yield %a, %b : T, U (ends a region of scf.for, scf.if or scf.while's "do").
bool LowerYield(BodyLowering& body, const Statement& stmt);
bool LowerFusionRegion(BodyLowering& body, const Statement& stmt);
bool LowerFusionYield(BodyLowering& body, const Statement& stmt);
/// scf.condition(%c) %v, ... : U, ... (ends scf.while's first region).
bool LowerCondition(BodyLowering& body, const Statement& stmt);

}  // namespace pto::assembler

#endif  // PTO_ASM_LOWERING_SCF_LOWERING_H_
