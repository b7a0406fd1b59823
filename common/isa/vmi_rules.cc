// The VMI layer's operand rules (vmi-isa 00-09): lane counts that agree, masks of their data's
// lane count, element types each operation admits, the attributes' combinations, and the
// conversions PTOAS's contract allows.
#include <utility>

#include "pto/common/isa/rule_checker.h"
#include "pto/common/program.h"
#include "pto/common/strings.h"

namespace pto {

namespace {

constexpr uint32_t kPmodeMerge = 1;     // pmode's codes: zero, merge
constexpr uint32_t kDistUnpack = 1;     // dist_mode's: continuous, unpack, brc

bool IsBf16Pair(const OperandType& t) { return (t.lvec_flags & kLVecBf16Pair) != 0; }

std::string TypeName(const OperandType& t) {
  return IsBf16Pair(t) ? "bf16x2" : DTypeName(t.dtype);
}

}  // namespace

// The VMI operands of the instruction: every vector's lane count is the first one's, every
// mask's too (unless \a own_lanes lists a slot that may differ), and bf16x2 only converts.
void RuleChecker::RequireVmiLanes(std::initializer_list<int> own_lanes) {
  int lanes = 0;
  bool pair_reported = false;
  for (size_t i = 0; i < types_.size() && i < info_.operands.size(); ++i) {
    const OperandKind k = info_.operands[i].kind;
    if ((k != OperandKind::kLVec && k != OperandKind::kLMask) || !types_[i].present) continue;
    if (k == OperandKind::kLVec && IsBf16Pair(types_[i]) && info_.family != Family::kVmiConvert &&
        info_.family != Family::kVmiMemory && !std::exchange(pair_reported, true)) {
      Fail(static_cast<int>(i), StrCat(info_.mnemonic, " does not support bf16x2 VMI element "
                                       "type; bf16x2 is conversion-only"));
    }
    bool own = false;
    for (int j : own_lanes) own |= j == static_cast<int>(i);
    if (own) continue;
    if (lanes == 0) {
      lanes = types_[i].lanes;
    } else if (types_[i].lanes != lanes) {
      Fail(static_cast<int>(i), StrCat(k == OperandKind::kLMask ? "a mask's" : "a vector's",
                                       " lane count (", types_[i].lanes, ") must match the data's (",
                                       lanes, ")"));
    }
  }
}

// The element type of VMI vector \a i is one the row admits.
void RuleChecker::RequireVmiType(int i) {
  if (i < 0) return;
  const DTypeMask allowed = info_.types(arch_);
  if (!(allowed & Bit(types_[i].dtype)) || (IsBf16Pair(types_[i]) && !(allowed & Bit(DType::kU32)))) {
    Fail(i, StrCat(info_.mnemonic, " does not take ", TypeName(types_[i]), " lanes"));
  }
}

// pmode "merge" keeps an earlier value of the result's lanes, which an SSA result does not
// have (vsel's merge keeps its false operand: the same as zero).
void RuleChecker::RequireNoMerge(std::string_view what) {
  const int pmode = AttrOperand("pmode");
  if (pmode >= 0 && types_[pmode].known_value && types_[pmode].value == kPmodeMerge) {
    Fail(pmode, StrCat("pmode \"merge\" is not supported ", what));
  }
}

bool RuleChecker::CheckVmiCommon() {
  const std::string missing = RegisterLayerArchProblem(info_, arch_);
  if (!missing.empty()) {
    Fail(-1, missing);
    return false;
  }
  return true;
}

void RuleChecker::CheckVmiMemory() {
  if (!CheckVmiCommon()) return;
  const int data = FirstOperand(OperandKind::kLVec);
  RequireVmiType(data);
  RequireVmiLanes({});
  const bool load = info_.num_outputs == 1;
  const int num_groups = AttrOperand("num_groups");
  const int group = num_groups >= 0 ? num_groups : AttrOperand("group");
  const int bytes = AttrOperand("elem_bytes");
  const int stride = 3;  // the optional index, after the value or result, pointer and offset
  const int32_t lanes = types_[data].lanes;
  const int esz = DTypeSize(types_[data].dtype);
  const double c = group >= 0 && types_[group].known_value ? types_[group].value : 0;
  const bool has_stride = stride < static_cast<int>(types_.size()) && types_[stride].present;
  if (c > 0 && (static_cast<int32_t>(c) != c || lanes % static_cast<int32_t>(c) != 0)) {
    Fail(group, StrCat(num_groups >= 0 ? "num_groups" : "group", " = ", c, " must divide the ",
                       lanes, " lanes"));
  }
  if (num_groups >= 0 && c <= 0) Fail(num_groups, "a group_store needs a positive num_groups");
  if (c > 0 && !has_stride) Fail(group, "a group's load or store needs its row stride");
  const bool narrowing_store = !load && bytes >= 0 && types_[bytes].value < esz &&
                               !IsFloat(types_[data].dtype);
  const int dist = AttrOperand("dist_mode");
  const bool unpack = dist >= 0 && types_[dist].known_value && types_[dist].value == kDistUnpack;
  if (bytes >= 0 && types_[bytes].known_value && types_[bytes].value != esz && !narrowing_store &&
      !unpack) {
    Fail(bytes, StrCat("the pointer's elements (", types_[bytes].value, " bytes) are not the ",
                       "vector's (", TypeName(types_[data]), ", ", esz, " bytes)"));
  }
  if (has_stride && c == 0 && (32 % esz != 0 || lanes % (32 / esz) != 0)) {
    Fail(stride, "a block-strided access moves whole 32-byte blocks of lanes");
  }
  if (dist >= 0 && types_[dist].known_value && types_[dist].value != 0 && (c > 0 || has_stride)) {
    Fail(dist, "{group}, a block stride and {dist_mode} are mutually exclusive");
  }
  if (unpack) {
    Fail(dist, "dist_mode \"unpack\" is not supported: PTOAS v0.60 verifies it but has no "
               "lowering for it (load, then vcvt)");
  }
  if (!load) {
    const int mask = FirstInput(OperandKind::kLMask);
    if (mask >= 0 && c > 0) Fail(mask, "a group's store is unpredicated: it takes no mask");
    RequireNoMerge("for stores");
  }
}

void RuleChecker::CheckVmiMaskGen() {
  if (!CheckVmiCommon()) return;
  const int groups = AttrOperand("num_groups"), size = AttrOperand("group_size");
  if (groups < 0 || size < 0) return;
  const double g = types_[groups].value, s = types_[size].value;
  if (g < 1 || s < 1 || g * s != types_[0].lanes) {
    Fail(groups, StrCat("num_groups x group_size (", g, " x ", s, ") must be the mask's ",
                        types_[0].lanes, " lanes"));
  }
}

void RuleChecker::CheckVmiElementwise() {
  if (!CheckVmiCommon()) return;
  RequireVmiLanes({});
  const int data = FirstInput(OperandKind::kLVec);
  RequireVmiType(data >= 0 ? data : FirstOperand(OperandKind::kLVec));
  for (int i = 0; i < info_.num_operands() && i < static_cast<int>(types_.size()); ++i) {
    if (info_.operands[i].kind == OperandKind::kLVec && data >= 0 && types_[i].present &&
        types_[i].dtype != types_[data].dtype) {
      Fail(i, StrCat(info_.mnemonic, " takes lanes of one type: ", TypeName(types_[i]), " and ",
                     TypeName(types_[data])));
    }
  }
  const int scalar = FirstInput(OperandKind::kScalar);
  if (scalar >= 0 && data >= 0 && IsFloat(types_[scalar].dtype) != IsFloat(types_[data].dtype)) {
    Fail(scalar, StrCat("the scalar's type (", DTypeName(types_[scalar].dtype),
                        ") must be the lanes' (", TypeName(types_[data]), ")"));
  }
  if (info_.family != Family::kVmiSelect) RequireNoMerge(StrCat("by ", info_.mnemonic,
                                                                 ": its result has no earlier lanes to keep"));
}

void RuleChecker::CheckVmiBroadcast() {
  if (!CheckVmiCommon()) return;
  RequireVmiType(0);
  const int src = FirstInput(OperandKind::kLVec);
  const int group = AttrOperand("group") >= 0 ? AttrOperand("group") : AttrOperand("num_groups");
  const double c = group >= 0 && types_[group].known_value ? types_[group].value : 0;
  const int32_t lanes = types_[0].lanes;
  if (c > 0 && (lanes % static_cast<int32_t>(c) != 0)) {
    Fail(group, StrCat("group = ", c, " must divide the ", lanes, " lanes"));
  }
  if (src < 0) return;
  const int32_t slots = types_[src].lanes;
  if (types_[src].dtype != types_[0].dtype) {
    Fail(src, StrCat(info_.mnemonic, " keeps the element type: ", TypeName(types_[src]), " -> ",
                     TypeName(types_[0])));
  }
  if ((c > 0 && slots != c) || (c == 0 && slots != 1)) {
    Fail(src, StrCat("the source's ", slots, " lanes must be the group count (",
                     c > 0 ? c : 1, ")"));
  }
  if (lanes % slots != 0) Fail(0, StrCat(slots, " slots do not divide ", lanes, " lanes"));
}

void RuleChecker::CheckVmiReduce() {
  if (!CheckVmiCommon()) return;
  RequireVmiLanes({0});
  RequireVmiType(1);
  const int group = AttrOperand("group") >= 0 ? AttrOperand("group") : AttrOperand("num_groups");
  const double c = group >= 0 && types_[group].known_value && types_[group].value > 0
                       ? types_[group].value : 1;
  if (types_[0].dtype != types_[1].dtype) {
    Fail(0, StrCat("a reduction keeps the element type: ", TypeName(types_[1]), " -> ",
                   TypeName(types_[0])));
  }
  if (types_[0].lanes != c || types_[1].lanes % types_[0].lanes != 0) {
    Fail(0, StrCat("the result has one lane per group: ", c, " for ", types_[1].lanes,
                   " source lanes, not ", types_[0].lanes));
  }
  RequireNoMerge(StrCat("by ", info_.mnemonic, ": its result has no earlier lanes to keep"));
}

void RuleChecker::CheckVmiSfu() {
  if (!CheckVmiCommon()) return;
  RequireVmiLanes({});
  const int data = FirstInput(OperandKind::kLVec);
  RequireVmiType(data);
  const bool selr = info_.opcode == Opcode::kVmiSelr;
  const bool expdif = info_.opcode == Opcode::kVmiExpDif;
  for (int i = 0; i < info_.num_operands() && i < static_cast<int>(types_.size()); ++i) {
    if (info_.operands[i].kind != OperandKind::kLVec || !types_[i].present || i == data) continue;
    if (selr && i == data + 1) {  // the index: integers of the source's width
      if (IsFloat(types_[i].dtype) || DTypeSize(types_[i].dtype) != DTypeSize(types_[data].dtype)) {
        Fail(i, "vselr's index lanes are integers of the source's width");
      }
    } else if (expdif && i == 0) {
      if (types_[0].dtype != DType::kF32) Fail(0, "vexpdif's result is f32 lanes");
    } else if (types_[i].dtype != types_[data].dtype) {
      Fail(i, StrCat(info_.mnemonic, " takes lanes of one type: ", TypeName(types_[i]), " and ",
                     TypeName(types_[data])));
    }
  }
  const int scalar = FirstInput(OperandKind::kScalar);
  if (scalar >= 0 && !IsFloat(types_[scalar].dtype)) {
    Fail(scalar, StrCat(info_.mnemonic, "'s scalar is a float of the lanes' type"));
  }
  RequireNoMerge(StrCat("by ", info_.mnemonic, ": its result has no earlier lanes to keep"));
}

void RuleChecker::CheckVmiIndexed() {
  if (!CheckVmiCommon()) return;
  const bool histogram = info_.opcode == Opcode::kVmiChist || info_.opcode == Opcode::kVmiDhist;
  if (!histogram) {  // data, offsets and mask of one lane count; offsets of 32-bit integers
    RequireVmiLanes({});
    const int data = FirstOperand(OperandKind::kLVec);
    RequireVmiType(data);
    const int at = 2;  // the offsets: after the result (or value) and the pointer
    const int width = DTypeSize(types_[at].dtype);
    if ((width != 4 && width != 2) || IsFloat(types_[at].dtype)) {
      Fail(at, "the offsets are 16- or 32-bit integer lanes");
    }
    const int bytes = AttrOperand("elem_bytes");
    if (bytes >= 0 && types_[bytes].value != DTypeSize(types_[data].dtype)) {
      Fail(bytes, "the pointer's elements are not the vector's");
    }
    RequireNoMerge(StrCat("by ", info_.mnemonic));
    return;
  }
  RequireVmiLanes({0, 1});  // the source and its mask agree; the bins are the accumulator's
  const OperandType &d = types_[0], &acc = types_[1], &src = types_[2];
  auto unsigned_or_signless = [](const OperandType& t, int bytes) {
    return DTypeSize(t.dtype) == bytes && !IsFloat(t.dtype) &&
           (!IsSigned(t.dtype) || (t.lvec_flags & kLVecSignless));
  };
  if (!unsigned_or_signless(acc, 2) || !unsigned_or_signless(d, 2) || acc.dtype != d.dtype ||
      acc.lanes != d.lanes) {
    Fail(1, "the accumulator and result are ui16 or signless i16 bins of one shape");
  }
  if (!unsigned_or_signless(src, 1)) Fail(2, "the source lanes are ui8 or signless i8");
  if (d.lanes != 128 && d.lanes != 256) Fail(0, "a histogram has 128 or 256 bins");
}

}  // namespace pto
