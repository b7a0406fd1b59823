// Operand rules of the register layer (VPTO micro-instructions, a5): the architecture, the
// element types of the vector registers, the granularity of the masks that govern them, and
// the distributions each load and store takes.
#include "pto/common/isa/attributes.h"
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

void RuleChecker::CheckRegister() {
  const DTypeMask allowed = info_.types(arch_);
  if (!allowed) {
    Fail(-1, StrCat(info_.mnemonic, " is a register-layer (VPTO) instruction of a5; it is not "
                    "available on ", ArchName(arch_)));
    return;
  }
  int primary = FirstOperand(OperandKind::kVReg);
  if (primary < 0) primary = FirstOperand(OperandKind::kView);
  if (primary >= 0 && !(allowed & Bit(types_[primary].dtype))) {
    Fail(primary, StrCat(info_.mnemonic, " does not support element type ",
                         DTypeName(types_[primary].dtype), " (allowed: ",
                         DTypeMaskNames(allowed), ")"));
  }
  // A _b8/_b16/_b32 mnemonic makes or reads masks of that granularity.
  const std::string_view m = info_.mnemonic;
  const int suffix = m.ends_with("_b8") ? 1 : m.ends_with("_b16") ? 2 : m.ends_with("_b32") ? 4 : 0;
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
    const int slices = info_.mnemonic.ends_with("_b16") ? 16 : 32;
    if (types_[offset].value >= slices) {
      Fail(offset, StrCat(info_.mnemonic, " takes an offset from 0 to ", slices - 1, ", not ",
                          static_cast<int64_t>(types_[offset].value)));
    }
  }
}

void RuleChecker::CheckDma() {
  CheckRegister();
  const int rest = static_cast<int>(types_.size()) - info_.num_operands();
  if (rest % 3 != 0 || rest / 3 > kMaxDmaLoops) {
    Fail(-1, StrCat(info_.mnemonic, " takes up to ", kMaxDmaLoops,
                    " loop(...) triples after its fixed operands, not ", rest, " operands"));
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
  for (int i = d + 1; d >= 0 && i < info_.num_operands(); ++i) {
    if (info_.operands[i].kind == OperandKind::kVReg) RequireSameVRegType(d, i);
  }
  RequireMaskGoverns(FirstOperand(OperandKind::kMask), d);
}

// The distributions a load takes, by the element size they are written for (0: any size).
struct DistRule {
  std::string_view name;
  int element_bytes;
};
constexpr DistRule kLoadDists[] = {
    {"NORM", 0},       {"BRC_B8", 1},     {"BRC_B16", 2},   {"BRC_B32", 4},     {"US_B8", 1},
    {"US_B16", 2},     {"DS_B8", 1},      {"DS_B16", 2},    {"UNPK_B8", 1},     {"UNPK_B16", 2},
    {"UNPK_B32", 4},   {"UNPK4", 1},      {"BRC_BLK", 0},   {"E2B_B16", 2},     {"E2B_B32", 4},
    {"SPLT2CHN_B8", 1}, {"SPLT2CHN_B16", 2}, {"SPLT4CHN", 1}};
constexpr DistRule kStoreDists[] = {
    {"NORM", 0},     {"NORM_B8", 1},  {"NORM_B16", 2}, {"NORM_B32", 4},   {"1PT_B8", 1},
    {"1PT_B16", 2},  {"1PT_B32", 4},  {"PK_B16", 2},   {"PK_B32", 4},     {"PK_B64", 8},
    {"PK4_B32", 4},  {"MRG2CHN_B8", 1}, {"MRG2CHN_B16", 2}, {"MRG4CHN_B8", 1}};

void RuleChecker::RequireDistribution(int dist, int data, bool load) {
  if (dist < 0 || !types_[dist].known_value) return;
  const AttrInfo* attr = FindAttr("dist");
  const uint32_t code = static_cast<uint32_t>(types_[dist].value);
  if (!attr || code >= attr->count) return;  // the immediate's range check reports it
  const std::string_view name = attr->values[code];
  const DistRule* rule = nullptr;
  for (const DistRule& r : load ? std::span<const DistRule>(kLoadDists) : std::span<const DistRule>(kStoreDists)) {
    if (r.name == name) rule = &r;
  }
  if (!rule) {
    Fail(dist, StrCat(info_.mnemonic, " does not take the distribution ", name));
    return;
  }
  if (data >= 0 && types_[data].present && rule->element_bytes != 0) {
    const int size = DTypeSize(types_[data].dtype);
    if (size != rule->element_bytes) {
      Fail(dist, StrCat("distribution ", name, " is for ", rule->element_bytes * 8,
                        "-bit elements, but the vector register holds ",
                        DTypeName(types_[data].dtype)));
    }
  }
}

int RuleChecker::AttrOperand(std::string_view name) const {
  for (int i = 0; i < info_.num_operands() && i < static_cast<int>(types_.size()); ++i) {
    if (info_.operands[i].kind == OperandKind::kImm && info_.operands[i].attr == name) return i;
  }
  return -1;
}

void RuleChecker::CheckVecLoad() {
  CheckRegister();
  RequireDistribution(AttrOperand("dist"), FirstOperand(OperandKind::kVReg), true);
}

void RuleChecker::CheckVecStore() {
  CheckRegister();
  const int data = FirstOperand(OperandKind::kVReg);
  RequireDistribution(AttrOperand("dist"), data, false);
  RequireMaskGoverns(FirstOperand(OperandKind::kMask), data);
}

}  // namespace pto
