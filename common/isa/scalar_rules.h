// Operand type rules of the scalar, move and control-flow families (the arith dialect and the
// instructions the assembler emits for scf and func).
#ifndef PTO_COMMON_ISA_SCALAR_RULES_H_
#define PTO_COMMON_ISA_SCALAR_RULES_H_

#include <vector>

#include "common/isa/operand_rules.h"

namespace pto {

/// Integer comparison predicates of arith.cmpi, in MLIR's order.
enum class IntPredicate : uint8_t { kEq, kNe, kSlt, kSle, kSgt, kSge, kUlt, kUle, kUgt, kUge };
constexpr int kIntPredicateCount = 10;
/// Float comparison predicates of arith.cmpf, in MLIR's order.
enum class FloatPredicate : uint8_t {
  kFalse, kOeq, kOgt, kOge, kOlt, kOle, kOne, kOrd, kUeq, kUgt, kUge, kUlt, kUle, kUne, kUno, kTrue
};
constexpr int kFloatPredicateCount = 16;

/// MLIR names of the predicates ("slt", "oeq", ...).
const char* IntPredicateName(int p);
const char* FloatPredicateName(int p);

/// Appends to \a errors every rule of a scalar, move or control family that \a types breaks.
void CheckScalarOperands(const OpInfo& info, const std::vector<OperandType>& types,
                         std::vector<RuleError>* errors);

}  // namespace pto

#endif  // PTO_COMMON_ISA_SCALAR_RULES_H_
