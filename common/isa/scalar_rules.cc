// Operand rules of the scalar layer: the arith dialect and the moves, jumps, loops and scalar
// memory accesses the assembler emits for scf and func.
#include "pto/common/isa/rule_checker.h"
#include "pto/common/isa/scalar_rules.h"
#include "pto/common/strings.h"

namespace pto {

namespace {

constexpr const char* kIntPredicates[kIntPredicateCount] = {"eq",  "ne",  "slt", "sle", "sgt",
                                                            "sge", "ult", "ule", "ugt", "uge"};
constexpr const char* kFloatPredicates[kFloatPredicateCount] = {
    "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
    "ueq",   "ugt", "uge", "ult", "ule", "une", "uno", "true"};

}  // namespace

const char* IntPredicateName(int p) { return kIntPredicates[p]; }
const char* FloatPredicateName(int p) { return kFloatPredicates[p]; }

void RuleChecker::RequireSameScalarType(int a, int b) {
  if (ScalarType(a) != ScalarType(b)) {
    Fail(b, StrCat(info_.mnemonic, " needs operands of one type; got ", DTypeName(ScalarType(a)),
                   " and ", DTypeName(ScalarType(b))));
  }
}

void RuleChecker::RequireBool(int i) {
  if (ScalarType(i) != DType::kI1) {
    Fail(i, StrCat(info_.mnemonic, " needs an i1 here, got ", DTypeName(ScalarType(i))));
  }
}

void RuleChecker::CheckScalarArithmetic() {
  RequireSameScalarType(0, 1);
  RequireSameScalarType(0, 2);
}

void RuleChecker::CheckScalarUnary() { RequireSameScalarType(0, 1); }

void RuleChecker::CheckScalarCompare() {
  RequireBool(0);
  RequireSameScalarType(1, 2);
}

void RuleChecker::CheckScalarSelect() {
  RequireBool(1);
  RequireSameScalarType(0, 2);
  RequireSameScalarType(0, 3);
}

void RuleChecker::CheckScalarCast() {
  DType d = ScalarType(0), s = ScalarType(1);
  const std::string_view m = info_.mnemonic;
  auto fail = [&](const char* rule) {
    Fail(0, StrCat(m, " cannot convert ", DTypeName(s), " to ", DTypeName(d), ": ", rule));
  };
  const int dbits = IsInteger(d) ? IntBits(d) : DTypeSize(d) * 8;
  const int sbits = IsInteger(s) ? IntBits(s) : DTypeSize(s) * 8;
  const Opcode op = info_.opcode;
  if (op == Opcode::kIndexCast || op == Opcode::kIndexCastUI) {
    if ((d == DType::kIndex) == (s == DType::kIndex)) fail("one side must be index");
  } else if (op == Opcode::kExtSI || op == Opcode::kExtUI) {
    if (dbits <= sbits) fail("the result must be wider");
  } else if (op == Opcode::kTruncI) {
    if (dbits >= sbits) fail("the result must be narrower");
  } else if (op == Opcode::kExtF) {
    if (dbits <= sbits) fail("the result must be wider");
  } else if (op == Opcode::kTruncF) {
    if (dbits >= sbits) fail("the result must be narrower");
  } else if (op == Opcode::kBitcast) {
    if (dbits != sbits || d == DType::kIndex || s == DType::kIndex) {
      fail("both types need the same bit width");
    }
  }
}

void RuleChecker::CheckTransfer() {
  if (types_[0].tile && types_[1].tile && *types_[0].tile != *types_[1].tile) {
    Fail(1, StrCat("a tile result must have one type: ", types_[0].tile->ToString(), " and ",
                   types_[1].tile->ToString()));
  } else if (info_.opcode == Opcode::kRetypeView) {
    return;  // its point is another element type
  } else if (types_[0].granule != types_[1].granule) {
    Fail(1, "a mask result must have one granularity");
  } else if (!types_[0].tile && ScalarType(0) != ScalarType(1)) {
    Fail(1, StrCat("a value of type ", DTypeName(ScalarType(1)), " where ",
                   DTypeName(ScalarType(0)), " is expected"));
  }
}

void RuleChecker::CheckControl() {
  if (info_.opcode == Opcode::kForCheck || info_.opcode == Opcode::kForNext) {
    RequireSameScalarType(0, 1);
    if (info_.opcode == Opcode::kForNext) RequireSameScalarType(0, 2);
  } else if (info_.opcode == Opcode::kBranchIfNot) {
    RequireBool(0);
  }
}

void RuleChecker::CheckMemoryAccess() {
  if (info_.opcode == Opcode::kLoadScalar) RequireSameScalarType(0, 1);
  if (info_.opcode == Opcode::kStoreScalar) RequireSameScalarType(0, 2);
  if (info_.opcode == Opcode::kAddPtr) RequireSameScalarType(0, 1);
}

}  // namespace pto
