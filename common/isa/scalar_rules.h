// The comparison predicates of the arith dialect (the scalar layer's operand rules are in
// scalar_rules.cc, as RuleChecker methods).
#ifndef PTO_COMMON_ISA_SCALAR_RULES_H_
#define PTO_COMMON_ISA_SCALAR_RULES_H_

#include <vector>

#include "pto/common/isa/operand_rules.h"

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

}  // namespace pto

#endif  // PTO_COMMON_ISA_SCALAR_RULES_H_
