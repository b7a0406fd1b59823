#include "common/isa/scalar_rules.h"

#include "common/strings.h"

namespace pto {

namespace {

constexpr const char* kIntPredicates[kIntPredicateCount] = {"eq",  "ne",  "slt", "sle", "sgt",
                                                            "sge", "ult", "ule", "ugt", "uge"};
constexpr const char* kFloatPredicates[kFloatPredicateCount] = {
    "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
    "ueq",   "ugt", "uge", "ult", "ule", "une", "uno", "true"};

class ScalarChecker {
 public:
  ScalarChecker(const OpInfo& info, const std::vector<OperandType>& types,
                std::vector<RuleError>* errors)
      : info_(info), types_(types), errors_(errors) {}

  void Run();

 private:
  DType T(int i) const { return types_[i].dtype; }
  void Fail(int operand, std::string message) { errors_->push_back({operand, std::move(message)}); }
  void Same(int a, int b) {
    if (T(a) != T(b)) {
      Fail(b, StrCat(info_.mnemonic, " needs operands of one type; got ", DTypeName(T(a)),
                     " and ", DTypeName(T(b))));
    }
  }
  void IsBool(int i) {
    if (T(i) != DType::kI1) {
      Fail(i, StrCat(info_.mnemonic, " needs an i1 here, got ", DTypeName(T(i))));
    }
  }
  void CheckCast();

  const OpInfo& info_;
  const std::vector<OperandType>& types_;
  std::vector<RuleError>* errors_;
};

void ScalarChecker::CheckCast() {
  DType d = T(0), s = T(1);
  const std::string_view m = info_.mnemonic;
  auto fail = [&](const char* rule) {
    Fail(0, StrCat(m, " cannot convert ", DTypeName(s), " to ", DTypeName(d), ": ", rule));
  };
  const int dbits = IsInteger(d) ? IntBits(d) : DTypeSize(d) * 8;
  const int sbits = IsInteger(s) ? IntBits(s) : DTypeSize(s) * 8;
  if (m == "arith.index_cast" || m == "arith.index_castui") {
    if ((d == DType::kIndex) == (s == DType::kIndex)) fail("one side must be index");
  } else if (m == "arith.extsi" || m == "arith.extui") {
    if (dbits <= sbits) fail("the result must be wider");
  } else if (m == "arith.trunci") {
    if (dbits >= sbits) fail("the result must be narrower");
  } else if (m == "arith.extf") {
    if (dbits <= sbits) fail("the result must be wider");
  } else if (m == "arith.truncf") {
    if (dbits >= sbits) fail("the result must be narrower");
  } else if (m == "arith.bitcast") {
    if (dbits != sbits || d == DType::kIndex || s == DType::kIndex) {
      fail("both types need the same bit width");
    }
  }
}

void ScalarChecker::Run() {
  switch (info_.family) {
    case Family::kIntBinary:
    case Family::kFloatBinary:
      Same(0, 1);
      Same(0, 2);
      break;
    case Family::kFloatUnary:
      Same(0, 1);
      break;
    case Family::kCompareInt:
    case Family::kCompareFloat:
      IsBool(0);
      Same(1, 2);
      break;
    case Family::kSelect:
      IsBool(1);
      Same(0, 2);
      Same(0, 3);
      break;
    case Family::kCast:
      CheckCast();
      break;
    case Family::kTransfer:
      if (types_[0].tile && types_[1].tile && *types_[0].tile != *types_[1].tile) {
        Fail(1, StrCat("a tile result must have one type: ", types_[0].tile->ToString(),
                       " and ", types_[1].tile->ToString()));
      } else if (!types_[0].tile && T(0) != T(1)) {
        Fail(1, StrCat("a value of type ", DTypeName(T(1)), " where ", DTypeName(T(0)),
                       " is expected"));
      }
      break;
    case Family::kControl:
      if (info_.mnemonic == "%for_check" || info_.mnemonic == "%for_next") {
        Same(0, 1);
        if (info_.mnemonic == "%for_next") Same(0, 2);
      } else if (info_.mnemonic == "%branch_if_not") {
        IsBool(0);
      }
      break;
    case Family::kMemory:
      if (info_.mnemonic == "%load_scalar") Same(0, 1);
      if (info_.mnemonic == "%store_scalar") Same(0, 2);
      if (info_.mnemonic == "%addptr") Same(0, 1);
      break;
    default:
      break;
  }
}

}  // namespace

const char* IntPredicateName(int p) { return kIntPredicates[p]; }
const char* FloatPredicateName(int p) { return kFloatPredicates[p]; }

void CheckScalarOperands(const OpInfo& info, const std::vector<OperandType>& types,
                         std::vector<RuleError>* errors) {
  ScalarChecker(info, types, errors).Run();
}

}  // namespace pto
