// Operand rules of the register layer (VPTO micro-instructions, a5): the architecture, the
// element types of the vector registers, the granularity of the masks that govern them, and
// the distributions each load and store takes.
#include "pto/common/isa/attributes.h"
#include "pto/common/isa/distributions.h"
#include "pto/common/isa/rule_checker.h"
#include "pto/common/strings.h"

namespace pto {

namespace {

const char* GranuleName(int bytes) { return bytes == 1 ? "b8" : bytes == 2 ? "b16" : "b32"; }

// The granularity a mask governing elements of \a dtype must have: b8, b16 or b32 (64-bit
// elements are governed in b32 halves).
int GranuleFor(DType dtype) {
  const int size = DTypeSize(dtype);
  return size >= 4 ? 4 : size;
}

}  // namespace

int RuleChecker::FirstOperand(OperandKind kind) const {
  for (int i = 0; i < info_.num_operands() && i < static_cast<int>(types_.size()); ++i) {
    if (info_.operands[i].kind == kind && types_[i].present) return i;
  }
  return -1;
}

std::string RegisterLayerArchProblem(const OpInfo& info, Arch arch) {
  if (info.types(arch)) return "";
  return StrCat(info.mnemonic, info.layer() == Layer::kVmi ? " is a VMI instruction"
                                                           : " is a register-layer (VPTO) instruction",
                " of a5; it is not available on ", ArchName(arch));
}

void RuleChecker::CheckRegister() {
  const std::string missing = RegisterLayerArchProblem(info_, arch_);
  if (!missing.empty()) {
    Fail(-1, missing);
    return;
  }
  const DTypeMask allowed = info_.types(arch_);
  // ppack/punpack take a half of the mask; the other parts are vcvt's.
  if (info_.opcode == Opcode::kPpack || info_.opcode == Opcode::kPunpack) {
    const int part = AttrOperand("part");
    if (part >= 0 && types_[part].known_value && types_[part].value != kPartLower &&
        types_[part].value != kPartHigher) {
      Fail(part, StrCat(info_.mnemonic, " needs its part: LOWER or HIGHER"));
    }
  }
  // SIMT values of packed pairs (vector<2xT>, hif8x2) name their element type; 0 is a plain
  // scalar. A bytecode file could name any number.
  const int elem = AttrOperand("elem");
  if (elem >= 0 && types_[elem].known_value) {
    const double code = types_[elem].value;
    const auto t = code >= 0 && code < kDTypeCount ? static_cast<DType>(code) : DType::kI64;
    if (t != DType::kInvalid && !IsPackedPairElement(t)) {
      Fail(elem, StrCat("elem ", code, " is not a packed pair's element type (f16, bf16, f32, "
                        "f8E4M3, f8E5M2, hif8, i8, i16, i32) or 0"));
    }
  }
  int primary = FirstOperand(OperandKind::kVReg);
  if (primary < 0) primary = FirstOperand(OperandKind::kView);
  if (primary >= 0 && !(allowed & Bit(types_[primary].dtype))) {
    Fail(primary, StrCat(info_.mnemonic, " does not support element type ",
                         DTypeName(types_[primary].dtype), " (allowed: ",
                         DTypeMaskNames(allowed), ")"));
  }
  // A _b8/_b16/_b32 form makes or reads masks of that granularity (its kFlagMaskB* flag).
  const int suffix = MaskGranuleOf(info_.flags);
  if (suffix) {
    for (int i = 0; i < static_cast<int>(types_.size()) && i < info_.num_operands(); ++i) {
      if (info_.operands[i].kind == OperandKind::kMask && types_[i].present &&
          types_[i].granule != suffix) {
        Fail(i, StrCat(info_.mnemonic, " makes !pto.mask<", GranuleName(suffix), ">, not !pto.mask<",
                       GranuleName(types_[i].granule), ">"));
      }
    }
  }
}

void RuleChecker::CheckMaskGen() {
  CheckRegister();
  // pgenv_bG: the offset picks one of 16 (b16) or 32 (b32) slices of the register's bits.
  const int offset = AttrOperand("offset");
  if (offset >= 0 && types_[offset].known_value) {
    const int slices = MaskGranuleOf(info_.flags) == 2 ? 16 : 32;
    if (types_[offset].value >= slices) {
      Fail(offset, StrCat(info_.mnemonic, " takes an offset from 0 to ", slices - 1, ", not ",
                          static_cast<int64_t>(types_[offset].value)));
    }
  }
}

void RuleChecker::CheckSimtCollective() {
  CheckRegister();
  // A shuffle's group is a half or the whole of the 32 lanes (a width that does not divide 32
  // would reach lanes that do not exist).
  const int width = AttrOperand("width");
  if (width >= 0 && types_[width].known_value && types_[width].value != 16 &&
      types_[width].value != 32) {
    Fail(width, StrCat("width is 16 or 32, not ", static_cast<int64_t>(types_[width].value)));
  }
}

void RuleChecker::CheckDma() {
  CheckRegister();
  const int rest = static_cast<int>(types_.size()) - info_.num_operands();
  if (rest % 3 != 0 || rest / 3 > kMaxDmaLoops) {
    Fail(-1, StrCat(info_.mnemonic, " takes up to ", kMaxDmaLoops,
                    " loop(...) triples after its fixed operands, not ", rest, " operands"));
  }
  // mte_gm_ub's padding: a value, then the left and right counts, both or neither.
  if (info_.opcode == Opcode::kMteGmUb && types_.size() >= 10) {
    const bool value = types_[7].present, left = types_[8].present, right = types_[9].present;
    if (left != right || (left && !value)) {
      Fail(left ? 8 : 9, "mte_gm_ub pads with a value and then both counts (left and right), "
                         "or a value alone");
    }
  }
}

void RuleChecker::RequireMaskGoverns(int mask, int data) {
  if (mask < 0 || data < 0 || !types_[mask].present || !types_[data].present) return;
  const int need = GranuleFor(types_[data].dtype);
  if (types_[mask].granule != need) {
    Fail(mask, StrCat("a !pto.mask<", GranuleName(types_[mask].granule),
                      "> cannot govern ", DTypeName(types_[data].dtype),
                      " lanes: they need !pto.mask<", GranuleName(need), ">"));
  }
}

void RuleChecker::RequireSameVRegType(int i, int j) {
  if (i < 0 || j < 0 || !types_[i].present || !types_[j].present) return;
  if (types_[i].dtype != types_[j].dtype) {
    Fail(j, StrCat(info_.mnemonic, " needs vector registers of one element type (",
                   DTypeName(types_[i].dtype), "), got ", DTypeName(types_[j].dtype)));
  }
}

void RuleChecker::CheckVecElementwise() {
  CheckRegister();
  const int d = FirstOperand(OperandKind::kVReg);
  // vshl's and vshr's counts are signed integers of the data's width (siW, micro-isa 07).
  const bool shift = info_.opcode == Opcode::kVshl || info_.opcode == Opcode::kVshr;
  for (int i = d + 1; d >= 0 && i < info_.num_operands(); ++i) {
    if (info_.operands[i].kind != OperandKind::kVReg) continue;
    if (shift && i == d + 2 && types_[i].present && IsInteger(types_[i].dtype) &&
        DTypeSize(types_[i].dtype) == DTypeSize(types_[d].dtype)) {
      continue;
    }
    RequireSameVRegType(d, i);
  }
  RequireMaskGoverns(FirstOperand(OperandKind::kMask), d);
}

// The distribution must be one the instruction takes (common/isa/distributions.cc). Its
// element width is its own, not the vector register's: BRC_B16 on f32 lanes broadcasts the
// first two bytes (docs/semantics.md "ldst").
void RuleChecker::RequireDistribution(int dist) {
  if (dist < 0 || !types_[dist].known_value) return;
  const uint32_t code = static_cast<uint32_t>(types_[dist].value);
  const AttrInfo* attr = FindAttr("dist");
  if (!attr || code >= attr->count) return;  // the immediate's range check reports it
  const DistInfo* d = FindDist(code);
  const std::string_view m = info_.mnemonic;
  if (!d || (d->load_op != m && d->store_op != m)) {
    Fail(dist, StrCat(m, " does not take the distribution ", attr->values[code]));
    return;
  }
  RequireStaticAlignment(FirstInput(OperandKind::kInt), d->align, StrCat(m, " ", d->name));
}

int RuleChecker::AttrOperand(std::string_view name) const {
  const int i = info_.ImmOperand(name);
  return i < static_cast<int>(types_.size()) ? i : -1;
}

void RuleChecker::CheckVecLoad() {
  CheckRegister();
  const int data = FirstOperand(OperandKind::kVReg);
  RequireDistribution(AttrOperand("dist"));
  if (info_.operands[1].kind == OperandKind::kVReg) RequireSameVRegType(data, 1);  // vldsx2
}

void RuleChecker::CheckVecStore() {
  CheckRegister();
  const int data = FirstOperand(OperandKind::kVReg);
  const int dist = AttrOperand("dist");
  RequireDistribution(dist);
  if (data >= 0 && info_.operands[data + 1].kind == OperandKind::kVReg) {
    RequireSameVRegType(data, data + 1);  // vstsx2
  }
  // A contiguous store's mask governs its lanes; the other distributions read it in their
  // own width or not at all.
  const DistInfo* d = dist >= 0 && types_[dist].known_value
                          ? FindDist(static_cast<uint32_t>(types_[dist].value))
                          : nullptr;
  if (d && d->name == "NORM") RequireMaskGoverns(FirstOperand(OperandKind::kMask), data);
  if (d && d->store_mask_bytes) {
    RequireGranule(FirstOperand(OperandKind::kMask), d->store_mask_bytes, d->name);
  }
}

}  // namespace pto
