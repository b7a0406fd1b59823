// The VMI conversions' rules (vmi-isa 06): which element types convert, in which direction each
// named form goes, and where rounding and saturate apply, after PTOAS v0.60's verifier.
#include "pto/common/isa/rule_checker.h"
#include "pto/common/program.h"
#include "pto/common/strings.h"

namespace pto {

namespace {

// What a VMI element type is to a conversion.
enum class Sort { kFloat, kSigned, kUnsigned, kPacked };

Sort SortOf(const OperandType& t) {
  if ((t.lvec_flags & kLVecBf16Pair) || ValuesPerElement(t.dtype) == 2) return Sort::kPacked;
  if (IsFloat(t.dtype)) return Sort::kFloat;
  if ((t.lvec_flags & kLVecSignless) || !IsSigned(t.dtype)) return Sort::kUnsigned;
  return Sort::kSigned;
}

bool IsInt(Sort s) { return s == Sort::kSigned || s == Sort::kUnsigned; }

}  // namespace

// The direction a named conversion admits: empty if \a from -> \a to is one of its.
std::string RuleChecker::VmiConvertDirection(const OperandType& from, const OperandType& to) const {
  const Sort a = SortOf(from), b = SortOf(to);
  const int wa = DTypeSize(from.dtype), wb = DTypeSize(to.dtype);
  const bool signless_or_unsigned = a == Sort::kUnsigned && b == Sort::kUnsigned;
  switch (info_.opcode) {
    case Opcode::kVmiTruncF:
      return a == Sort::kFloat && b == Sort::kFloat && wb <= wa ? "" : "a float narrowing";
    case Opcode::kVmiExtF:
      return a == Sort::kFloat && b == Sort::kFloat && wb > wa ? "" : "a float widening";
    case Opcode::kVmiFpToSi:
      return a == Sort::kFloat && IsInt(b) && !(to.lvec_flags & kLVecSignless) && IsSigned(to.dtype)
                 ? "" : "float to signed integer";
    case Opcode::kVmiFpToUi:
      return a == Sort::kFloat && b == Sort::kUnsigned ? "" : "float to unsigned integer";
    case Opcode::kVmiSiToFp:
    case Opcode::kVmiUiToFp:
      return IsInt(a) && b == Sort::kFloat ? "" : "integer to float";
    case Opcode::kVmiExtSi:
      return a == Sort::kSigned && b == Sort::kSigned && wb > wa
                 ? "" : "signed integer source and result element types, widening";
    case Opcode::kVmiExtUi:
      return signless_or_unsigned && wb > wa
                 ? "" : "unsigned or signless integer source and result element types, widening";
    case Opcode::kVmiTruncI:
      return IsInt(a) && IsInt(b) && wb < wa ? "" : "an integer narrowing";
    default:
      return "";
  }
}

void RuleChecker::CheckVmiConvert() {
  if (!CheckVmiCommon()) return;
  const OperandType& to = types_[0];
  const OperandType& from = types_[1];
  if (info_.opcode == Opcode::kVmiBitcast) {
    if (int64_t{to.lanes} * DTypeSize(to.dtype) != int64_t{from.lanes} * DTypeSize(from.dtype)) {
      Fail(0, "requires source and result to carry the same total number of bits");
    }
    return;
  }
  RequireVmiLanes({});
  const std::string direction = VmiConvertDirection(from, to);
  if (!direction.empty()) Fail(0, StrCat(info_.mnemonic, " requires ", direction));
  const Sort a = SortOf(from), b = SortOf(to);
  const int wa = DTypeSize(from.dtype), wb = DTypeSize(to.dtype);
  const bool packed = a == Sort::kPacked || b == Sort::kPacked;
  const int rounding = AttrOperand("rounding"), saturate = AttrOperand("saturate");
  const bool has_rounding = rounding >= 0 && types_[rounding].value != 0;
  const bool has_saturate = saturate >= 0 && types_[saturate].value != 0;
  if (packed) {
    const bool pair = (from.lvec_flags & kLVecBf16Pair) ? ValuesPerElement(to.dtype) == 2
                                                        : (to.lvec_flags & kLVecBf16Pair) &&
                                                              ValuesPerElement(from.dtype) == 2;
    if (!pair) Fail(0, "unsupported conversion involving bf16x2 element type");
    if (has_saturate) {
      Fail(saturate, "'saturate' attribute is not valid for this fp-to-fp narrow conversion "
                     "(no saturation)");
    }
    if (has_rounding && (b != Sort::kPacked || (from.lvec_flags & kLVecBf16Pair) == 0 ||
                         types_[rounding].value == 7 || types_[rounding].value == 6)) {
      Fail(rounding, "rounding attr is not valid for this fp-to-fp conversion type pair");
    }
    return;
  }
  const bool fp_narrow = a == Sort::kFloat && b == Sort::kFloat && wb <= wa;
  const bool fp_to_int = a == Sort::kFloat && IsInt(b);
  const bool int_narrow = IsInt(a) && IsInt(b) && wb < wa;
  if (has_rounding && !fp_narrow && !fp_to_int) {
    Fail(rounding, "'rounding' attribute is only valid for floating-point narrowing or "
                   "floating-point-to-integer conversions");
  }
  if (has_saturate && !fp_narrow && !fp_to_int && !int_narrow) {
    Fail(saturate, "'saturate' attribute is only valid for fp-narrow / int-narrow conversions");
  }
}

}  // namespace pto
