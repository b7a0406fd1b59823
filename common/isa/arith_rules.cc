// Operand rules of the register layer's arithmetic (micro-isa 06-10): vector-scalar operand
// types, carry masks, the conversion pairs and their parts, and the reductions' result types.
#include <algorithm>

#include "pto/common/isa/attributes.h"
#include "pto/common/isa/rule_checker.h"
#include "pto/common/strings.h"

namespace pto {

namespace {

// The conversions of micro-isa 09's type matrix (signless integers are the signed types here),
// plus si64 -> f32 and the fp8 / HiFloat8 / fp4x2 conversions, which the v0.60 cases use.
struct ConvertPair {
  DType from;
  DType to;
};
constexpr ConvertPair kConvertPairs[] = {
    {DType::kU8, DType::kU16},   {DType::kU8, DType::kU32},   {DType::kU8, DType::kF16},
    {DType::kI8, DType::kI16},   {DType::kI8, DType::kI32},   {DType::kI8, DType::kF16},
    {DType::kU16, DType::kU8},   {DType::kU16, DType::kU32},  {DType::kI16, DType::kU8},
    {DType::kI16, DType::kU32},  {DType::kI16, DType::kI32},  {DType::kI16, DType::kF16},
    {DType::kI16, DType::kF32},  {DType::kU32, DType::kU8},   {DType::kU32, DType::kU16},
    {DType::kU32, DType::kI16},  {DType::kI32, DType::kU8},   {DType::kI32, DType::kU16},
    {DType::kI32, DType::kI16},  {DType::kI32, DType::kI64},  {DType::kI32, DType::kF32},
    {DType::kI64, DType::kF32},  {DType::kF16, DType::kU8},   {DType::kF16, DType::kI8},
    {DType::kF16, DType::kI16},  {DType::kF16, DType::kI32},  {DType::kF16, DType::kF32},
    {DType::kF32, DType::kI16},  {DType::kF32, DType::kI32},  {DType::kF32, DType::kI64},
    {DType::kF32, DType::kF16},  {DType::kF32, DType::kBF16}, {DType::kBF16, DType::kI32},
    {DType::kBF16, DType::kF16}, {DType::kBF16, DType::kF32},
    {DType::kF8E4M3, DType::kF32},  {DType::kF8E5M2, DType::kF32},  {DType::kHiF8, DType::kF32},
    {DType::kF32, DType::kF8E4M3},  {DType::kF32, DType::kF8E5M2},  {DType::kF32, DType::kHiF8},
    {DType::kBF16, DType::kF8E4M3}, {DType::kBF16, DType::kF8E5M2}, {DType::kF16, DType::kF8E4M3},
    {DType::kF16, DType::kHiF8},    {DType::kF4E2M1X2, DType::kBF16}, {DType::kF4E1M2X2, DType::kBF16},
    {DType::kBF16, DType::kF4E2M1X2}, {DType::kBF16, DType::kF4E1M2X2},
};

std::string TargetsOf(DType from) {
  std::string out;
  for (const ConvertPair& p : kConvertPairs) {
    if (p.from != from) continue;
    if (!out.empty()) out += ' ';
    out += DTypeName(p.to);
  }
  return out.empty() ? "nothing" : out;
}

// vcadd widens 8- and 16-bit integer sums; every other reduction keeps the element type.
DType ReduceResult(Opcode op, DType from) {
  if (op != Opcode::kVcadd) return from;
  switch (from) {
    case DType::kI8: return DType::kI16;
    case DType::kU8: return DType::kU16;
    case DType::kI16: return DType::kI32;
    case DType::kU16: return DType::kU32;
    default: return from;
  }
}

}  // namespace

void RuleChecker::RequireAllowedVReg(int i) {
  const DTypeMask allowed = info_.types(arch_);
  if (i < 0 || !types_[i].present || !allowed || (allowed & Bit(types_[i].dtype))) return;
  Fail(i, StrCat(info_.mnemonic, " does not support element type ", DTypeName(types_[i].dtype),
                 " (allowed: ", DTypeMaskNames(allowed), ")"));
}

void RuleChecker::CheckVecScalar() {
  CheckVecElementwise();
  const int d = FirstOperand(OperandKind::kVReg);
  const int k = FirstOperand(OperandKind::kScalar);
  if (d < 0 || k < 0 || !types_[d].present || !types_[k].present) return;
  const DType vec = types_[d].dtype;
  const DType scalar = types_[k].dtype;
  if (info_.opcode == Opcode::kVshls || info_.opcode == Opcode::kVshrs) {
    if (scalar != DType::kI16) {
      Fail(k, StrCat(info_.mnemonic, " takes its shift count as an i16 scalar, not ",
                     DTypeName(scalar)));
    } else if (types_[k].known_value && types_[k].value < 0) {
      Fail(k, StrCat(info_.mnemonic, " shifts by a count >= 0, not ",
                     static_cast<int64_t>(types_[k].value)));
    }
    return;
  }
  // An unsigned vector also takes the signless scalar of its width (micro-isa 08).
  const bool signless_ok = IsInteger(vec) && !IsSigned(vec) && IsInteger(scalar) &&
                           IsSigned(scalar) && DTypeSize(scalar) == DTypeSize(vec);
  if (scalar != vec && !signless_ok) {
    Fail(k, StrCat(info_.mnemonic, " needs a scalar of the element type ", DTypeName(vec),
                   ", got ", DTypeName(scalar)));
  }
}

void RuleChecker::CheckVecCarry() {
  CheckVecElementwise();
  const int d = FirstOperand(OperandKind::kVReg);
  for (int i = 0; i < info_.num_operands() && i < static_cast<int>(types_.size()); ++i) {
    if (info_.operands[i].kind == OperandKind::kMask) RequireMaskGoverns(i, d);
  }
}

void RuleChecker::CheckVecConvert() {
  CheckRegister();
  const int d = 0, a = 1, m = 2;
  if (!types_[d].present || !types_[a].present) return;
  if (types_[a].dtype != types_[d].dtype) RequireAllowedVReg(a);  // else CheckRegister said it
  RequireMaskGoverns(m, a);
  const DType from = types_[a].dtype, to = types_[d].dtype;
  const int rnd = AttrOperand("rnd");
  if (info_.opcode == Opcode::kVtrc) {
    RequireSameVRegType(d, a);
    const std::string_view mode =
        rnd >= 0 && types_[rnd].known_value ? FindAttr("rnd")->values[static_cast<int>(types_[rnd].value)] : "";
    if (mode == "O") {
      Fail(rnd, "vtrc rounds by R, A, F, C or Z, not O");
    }
    return;
  }
  bool known = false;
  for (const ConvertPair& p : kConvertPairs) known |= p.from == from && p.to == to;
  if (!known) {
    Fail(d, StrCat("vcvt does not convert ", DTypeName(from), " to ", DTypeName(to), " (",
                   DTypeName(from), " converts to: ", TargetsOf(from), ")"));
    return;
  }
  // The part: which half (EVEN, ODD) or quarter (P0..P3) of the wider lanes the narrower
  // elements occupy; the default EVEN is P0 for a 4:1 change.
  const int part = AttrOperand("part");
  if (part < 0 || !types_[part].known_value) return;
  const int code = static_cast<int>(types_[part].value);
  const std::string_view name = FindAttr("part")->values[code];
  const int from_unit = ConvertUnitBytes(from, to), to_unit = ConvertUnitBytes(to, from);
  const int ratio = std::max(from_unit, to_unit) / std::min(from_unit, to_unit);
  // The packed narrow-float forms (fp8, HiFloat8, fp4x2 at 4:1) name their quarter: PTOAS
  // refuses EVEN there.
  const bool packed = ratio == 4 && (DTypeSize(from) == 1 || DTypeSize(to) == 1) &&
                      (IsMxDType(from) || IsMxDType(to));
  const bool ok = ratio == 1   ? code == 0
                  : ratio == 2 ? code <= 1
                               : (code == 0 && !packed) || (code >= 2 && code <= 5);
  if (!ok) {
    Fail(part, StrCat("vcvt from ", DTypeName(from), " to ", DTypeName(to), " takes ",
                      ratio == 1 ? "no part (the widths are equal)"
                      : ratio == 2 ? "part EVEN or ODD"
                                   : "part P0, P1, P2 or P3",
                      ", not ", name));
  }
}

void RuleChecker::CheckVecReduce() {
  CheckRegister();
  const int d = 0, a = 1, m = 2;
  if (!types_[d].present || !types_[a].present) return;
  if (types_[a].dtype != types_[d].dtype) RequireAllowedVReg(a);  // else CheckRegister said it
  RequireMaskGoverns(m, a);
  const DType want = ReduceResult(info_.opcode, types_[a].dtype);
  if (types_[d].dtype != want) {
    Fail(d, StrCat(info_.mnemonic, " of ", DTypeName(types_[a].dtype), " lanes gives ",
                   DTypeName(want), " lanes, not ", DTypeName(types_[d].dtype)));
  }
}

void RuleChecker::CheckVecBitcast() {
  CheckRegister();  // both vector registers hold 256 bytes, and both masks 256 bits
  if (info_.opcode == Opcode::kVbitcast && types_[1].present) RequireAllowedVReg(1);
}

}  // namespace pto
