// Operand rules of the register layer's compares, selects, rearrangements, fused and special
// functions, UB sorts and gathers (micro-isa 03, 11-13): which element types meet, the widths
// a pack or unpack changes, the masks that govern each, the scalars each takes.
#include "pto/common/isa/rule_checker.h"
#include "pto/common/strings.h"

namespace pto {

namespace {

bool Present(const std::vector<OperandType>& t, int i) {
  return i >= 0 && i < static_cast<int>(t.size()) && t[i].present;
}

}  // namespace

void RuleChecker::RequireVRegSize(int i, int bytes, const char* what) {
  if (!Present(types_, i)) return;
  const DType t = types_[i].dtype;
  if (DTypeSize(t) != bytes || IsFloat(t)) {
    Fail(i, StrCat(info_.mnemonic, " needs ", what, " of ", bytes * 8,
                   "-bit integer elements, got ", DTypeName(t)));
  }
}

void RuleChecker::CheckVecCompare() {
  CheckRegister();
  if (info_.opcode == Opcode::kVcmp) RequireSameVRegType(1, 2);
  RequireMaskGoverns(0, 1);
  RequireMaskGoverns(3, 1);
  if (info_.opcode == Opcode::kVcmps && Present(types_, 1) && Present(types_, 2)) {
    const DType v = types_[1].dtype, k = types_[2].dtype;
    if (IsFloat(v) != IsFloat(k) || (!IsFloat(v) && DTypeSize(v) != DTypeSize(k))) {
      Fail(2, StrCat("vcmps compares ", DTypeName(v), " lanes with a",
                     IsFloat(v) ? " float" : StrCat(" ", DTypeSize(v) * 8, "-bit integer"),
                     " scalar, not ", DTypeName(k)));
    }
  }
}

void RuleChecker::CheckVecSelect() {
  CheckRegister();
  RequireSameVRegType(0, 1);
  if (info_.opcode == Opcode::kVsel) {
    RequireSameVRegType(0, 2);
    RequireMaskGoverns(3, 0);
  } else if (Present(types_, 0)) {
    RequireVRegSize(2, DTypeSize(types_[0].dtype), "an index vector");
  }
}

void RuleChecker::CheckVecRearrange() {
  CheckRegister();
  switch (info_.opcode) {
    case Opcode::kVintlv:
    case Opcode::kVdintlv:
      for (int i = 1; i < 4; ++i) RequireSameVRegType(0, i);
      break;
    case Opcode::kVsqz:
    case Opcode::kVusqz:
      RequireSameVRegType(0, 1);
      RequireMaskGoverns(2, 0);
      break;
    default: {  // vpack narrows to half the width; vsunpack and vzunpack widen to twice it
      if (!Present(types_, 0) || !Present(types_, 1)) break;
      const bool pack = info_.opcode == Opcode::kVpack;
      const int want = pack ? DTypeSize(types_[0].dtype) * 2 : DTypeSize(types_[0].dtype) / 2;
      RequireVRegSize(1, want, "a source");
      break;
    }
  }
}

void RuleChecker::CheckVecSfu() {
  CheckRegister();
  switch (info_.opcode) {
    case Opcode::kVexpdif:
      RequireSameVRegType(1, 2);
      if (Present(types_, 1) && types_[1].dtype != DType::kF16 && types_[1].dtype != DType::kF32) {
        Fail(1, StrCat("vexpdif reads f16 or f32 lanes, not ", DTypeName(types_[1].dtype)));
      }
      RequireMaskGoverns(3, 1);
      return;
    case Opcode::kVci:
      if (Present(types_, 0) && Present(types_, 1)) {
        const DType v = types_[0].dtype, k = types_[1].dtype;
        if (IsFloat(v) ? k != v : (IsFloat(k) || DTypeSize(k) != DTypeSize(v))) {
          Fail(1, StrCat("vci makes ", DTypeName(v), " lanes from ",
                         IsFloat(v) ? StrCat("an ", DTypeName(v))
                                    : StrCat("a ", DTypeSize(v) * 8, "-bit integer"),
                         " scalar, not ", DTypeName(k)));
        }
      }
      return;
    default:
      break;
  }
  const int d = FirstOperand(OperandKind::kVReg);
  for (int i = d + 1; d >= 0 && i < info_.num_operands(); ++i) {
    if (info_.operands[i].kind == OperandKind::kVReg) RequireSameVRegType(d, i);
  }
  RequireMaskGoverns(FirstOperand(OperandKind::kMask), d);
}

void RuleChecker::CheckVecSort() {
  CheckRegister();
  const int dtype = AttrOperand("%dtype1");
  if (dtype >= 0 && types_[dtype].known_value) {
    const auto t = static_cast<DType>(static_cast<int>(types_[dtype].value));
    if (t != DType::kF16 && t != DType::kF32) {
      Fail(-1, StrCat(info_.mnemonic, " sorts f16 or f32 scores, not ",
                      static_cast<int>(t) < kDTypeCount ? DTypeName(t) : "?"));
    }
  }
  for (int i = 0; i < info_.num_outputs; ++i) {
    if (Present(types_, i) && types_[i].dtype != DType::kI16) {
      Fail(i, StrCat("get_vms4_sr returns four i16 counts, not ", DTypeName(types_[i].dtype)));
    }
  }
}

void RuleChecker::CheckVecGather() {
  CheckRegister();
  const int data = 0, offsets = 2, mask = 3;
  if (!Present(types_, data)) return;
  const int size = DTypeSize(types_[data].dtype);
  switch (info_.opcode) {
    case Opcode::kVgatherb:  // one 32-bit byte offset and one b32 predicate per 32-byte block
      RequireVRegSize(offsets, 4, "byte offsets");
      if (Present(types_, mask) && types_[mask].granule != 4) {
        Fail(mask, "vgatherb takes a !pto.mask<b32>: one predicate per 32-byte block");
      }
      return;
    case Opcode::kVscatter:
      if (size == 1) {  // 128 requests: 16-bit offsets under a b16 mask, element 2i each
        RequireVRegSize(offsets, 2, "offsets (one per request of two bytes)");
        RequireGranule(mask, 2, "vscatter of 8-bit elements");
        return;
      }
      RequireVRegSize(offsets, size, "offsets (one per lane)");
      break;
    default:
      RequireVRegSize(offsets, size, "offsets (one per lane)");
      break;
  }
  RequireMaskGoverns(mask, data);
}

}  // namespace pto
