// Operand rules of the register layer's memory and predicate instructions (micro-isa 03-05):
// UB addresses the assembler knows (a castptr of a constant, an addptr of one and a constant)
// must be aligned as the access needs; masks combined must share a granularity; a broadcast's
// scalar must be a lane's type.
#include <cmath>

#include "pto/common/isa/attributes.h"
#include "pto/common/isa/rule_checker.h"
#include "pto/common/strings.h"

namespace pto {

namespace {

const char* GranuleName(int bytes) { return bytes == 1 ? "b8" : bytes == 2 ? "b16" : "b32"; }

}  // namespace

int RuleChecker::FirstInput(OperandKind kind) const {
  for (int i = info_.num_outputs; i < info_.num_operands() && i < static_cast<int>(types_.size());
       ++i) {
    if (info_.operands[i].kind == kind && types_[i].present) return i;
  }
  return -1;
}

// Whether the instruction returns its updated base (an integer result): it then accesses the
// base itself, the offset only advancing the result.
bool RuleChecker::PostUpdates() const {
  for (int i = 0; i < info_.num_outputs && i < static_cast<int>(types_.size()); ++i) {
    if (info_.operands[i].kind == OperandKind::kInt && types_[i].present) return true;
  }
  return false;
}

// \a ptr is a UB pointer slot; an "%p[%o]" operand's offset is the next slot, counted in
// \a unit bytes, or in @elem_bytes units when \a unit is 0 (an instruction with neither, or
// a post-update form, accesses p). Only a fully known address is checked; the kernels check
// the others.
void RuleChecker::RequireStaticAlignment(int ptr, int align, std::string_view what, int unit) {
  // Constants are held as doubles: past 2^53 they are not exact, and the kernels check them.
  auto exact = [](double v) { return std::fabs(v) <= 9007199254740992.0; };
  if (ptr < 0 || align <= 1 || !types_[ptr].known_value || !exact(types_[ptr].value)) return;
  int64_t addr = static_cast<int64_t>(types_[ptr].value);
  const bool post = PostUpdates();
  const int elem = unit > 0 || post ? -1 : AttrOperand("elem_bytes");
  const bool indexed = !post && (unit > 0 || elem >= 0);
  if (indexed) {
    const int offset = ptr + 1;
    if (offset >= info_.num_operands() || !types_[offset].present || !types_[offset].known_value ||
        !exact(types_[offset].value) ||
        (elem >= 0 && (!types_[elem].known_value || !exact(types_[elem].value)))) {
      return;
    }
    const int64_t scale = elem >= 0 ? static_cast<int64_t>(types_[elem].value) : unit;
    // The address arithmetic wraps, as at run time (docs/semantics.md "Pointers").
    addr = static_cast<int64_t>(
        static_cast<uint64_t>(addr) +
        static_cast<uint64_t>(static_cast<int64_t>(types_[offset].value)) *
            static_cast<uint64_t>(scale));
  }
  if (addr % align != 0) {
    Fail(indexed ? ptr + 1 : ptr,
         StrCat(what, " needs a ", align, "-byte aligned UB address; this one is ", addr));
  }
}

void RuleChecker::RequireGranule(int mask, int bytes, std::string_view what) {
  if (mask < 0 || !types_[mask].present) return;
  const int need = bytes >= 4 ? 4 : bytes;
  if (types_[mask].granule != need) {
    Fail(mask, StrCat(what, " reads its mask as !pto.mask<", GranuleName(need), ">, not !pto.mask<",
                      GranuleName(types_[mask].granule), ">"));
  }
}

void RuleChecker::CheckVecBlock() {
  CheckRegister();
  const int data = FirstOperand(OperandKind::kVReg);
  RequireMaskGoverns(FirstOperand(OperandKind::kMask), data);
  RequireStaticAlignment(FirstInput(OperandKind::kInt), 32, StrCat(info_.mnemonic, "'s base"));
}

void RuleChecker::CheckVecAlign() {
  CheckRegister();
  if (info_.opcode == Opcode::kSprsti || info_.opcode == Opcode::kSprsts) CheckSprStore();
  if (info_.opcode == Opcode::kPstu) {
    const int mask = FirstOperand(OperandKind::kMask);
    if (mask >= 0 && types_[mask].present && types_[mask].granule == 1) {
      Fail(mask, "pstu stores !pto.mask<b16> or !pto.mask<b32> lanes (with a ui16 or ui32 "
                 "pointer), not !pto.mask<b8>");
    }
  }
}

// sprsti and sprsts store AR's 32 bits through a ui32 or i32 pointer; sprsti's offset is a
// signed 8-bit count of 4-byte words, sprsts's a byte count.
void RuleChecker::CheckSprStore() {
  const int dtype = AttrOperand("%dtype1");
  if (dtype >= 0 && types_[dtype].known_value) {
    const double t = types_[dtype].value;
    if (t != static_cast<int>(DType::kU32) && t != static_cast<int>(DType::kI32)) {
      const bool named = t >= 0 && t < kDTypeCount;
      Fail(1, StrCat(info_.mnemonic, " stores AR through a ui32 or i32 UB pointer, not !pto.ptr<",
                     named ? DTypeName(static_cast<DType>(static_cast<int>(t))) : "?", ", ub>"));
    }
  }
  const bool words = info_.opcode == Opcode::kSprsti;
  const int offset = 2;
  if (words && offset < static_cast<int>(types_.size()) && types_[offset].present &&
      types_[offset].known_value &&
      (types_[offset].value < -128 || types_[offset].value > 127)) {
    Fail(offset, StrCat("sprsti's offset is a signed 8-bit word count (-128 to 127), not ",
                        types_[offset].value));
  }
  RequireStaticAlignment(1, 4, info_.mnemonic, words ? 4 : 1);
}

// NORM images are VL/8 = 32 bytes and DS images 64, both at a 32-byte boundary; US and PK
// images are VL/16 = 16 bytes at a 16-byte boundary (page 04's alignment unit).
void RuleChecker::CheckPredMemory() {
  CheckRegister();
  const bool load = info_.operands[0].kind == OperandKind::kMask && info_.operands[0].output;
  const int dist = AttrOperand("pred_dist");
  const int ptr = FirstInput(OperandKind::kInt);
  const std::string_view m = info_.mnemonic;
  if (dist < 0 || !types_[dist].known_value) return;
  const AttrInfo* attr = FindAttr("pred_dist");
  const uint32_t code = static_cast<uint32_t>(types_[dist].value);
  if (!attr || code >= attr->count) return;
  const std::string_view name = attr->values[code];
  const bool ok = load ? name != "PK" : name == "NORM" || name == "PK";
  if (!ok) {
    Fail(dist, StrCat(m, " takes ", load ? "NORM, US or DS" : "NORM or PK", ", not ", name));
    return;
  }
  const int align = name == "US" || name == "PK" ? 16 : 32;
  // plds/psts offsets count bytes; pldi/psti's the alignment unit.
  const int unit = info_.flags & kFlagConstOffset ? align : 1;
  RequireStaticAlignment(ptr, align, StrCat(m, " ", name), unit);
}

void RuleChecker::CheckMaskLogic() {
  CheckRegister();
  int first = -1;
  for (int i = 0; i < info_.num_operands() && i < static_cast<int>(types_.size()); ++i) {
    if (info_.operands[i].kind != OperandKind::kMask || !types_[i].present) continue;
    if (first < 0) {
      first = i;
    } else if (types_[i].granule != types_[first].granule) {
      Fail(i, StrCat(info_.mnemonic, " needs masks of one granularity (!pto.mask<",
                     GranuleName(types_[first].granule), ">), got !pto.mask<",
                     GranuleName(types_[i].granule), ">"));
    }
  }
}

void RuleChecker::CheckVecMaterialize() {
  CheckRegister();
  const int data = 0;
  int source = -1;
  for (int i = 1; i < info_.num_operands() && source < 0; ++i) {
    const OperandKind k = info_.operands[i].kind;
    if ((k == OperandKind::kVReg || k == OperandKind::kScalar) && types_[i].present) source = i;
  }
  if (source < 0) {
    Fail(-1, StrCat(info_.mnemonic, " needs a scalar or vector source"));
    return;
  }
  RequireMaskGoverns(FirstOperand(OperandKind::kMask), data);
  if (info_.operands[source].kind == OperandKind::kVReg) {
    RequireSameVRegType(data, source);
    return;
  }
  const DType lane = types_[data].dtype, scalar = types_[source].dtype;
  if (IsFloat(lane) != IsFloat(scalar) || DTypeSize(lane) != DTypeSize(scalar)) {
    Fail(source, StrCat(info_.mnemonic, " broadcasts a scalar of the lanes' type: ",
                        DTypeName(lane), " lanes need a ", DTypeSize(lane) * 8, "-bit ",
                        IsFloat(lane) ? "float" : "integer", ", got ", DTypeName(scalar)));
  }
  const int position = AttrOperand("position");
  if (position >= 0 && types_[position].known_value && types_[position].value != 0) {
    Fail(position, StrCat(info_.mnemonic, "'s position picks a lane of a vector source; a "
                          "scalar source has none"));
  }
}

}  // namespace pto
