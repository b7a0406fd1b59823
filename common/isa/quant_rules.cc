// Operand rules of the fixpipe's quantising moves out of L0C (tmov.fp, tstore.fp, textract_fp,
// tinsert_fp): the source is an acc tile, the parameters a ui64 row in the scaling buffer, and
// the (source, result) element types are the fixpipe's vector quantisation modes.
#include "common/isa/rule_checker.h"
#include "common/strings.h"

namespace pto {

bool RuleChecker::IsFixpipeQuant() const {
  const std::string_view m = info_.mnemonic;
  return m == "tmov.fp" || m == "tstore.fp" || m == "textract_fp" || m == "tinsert_fp";
}

void RuleChecker::CheckFixpipeQuant() {
  const std::string_view m = info_.mnemonic;
  const bool store = m == "tstore.fp";
  const int dst = 0, src = 1, fp = 2;
  RequireMemory(src, {Memory::kAcc});
  RequireMemory(fp, {Memory::kScaling});
  if (!store) {
    if (arch_ == Arch::kA5 && m != "tinsert_fp") {
      RequireMemory(dst, {Memory::kMat, Memory::kVec});
    } else {
      RequireMemory(dst, {Memory::kMat});
    }
  }
  const TileType* p = Tile(fp);
  if (p && (p->dtype != DType::kU64 || p->rows != 1)) {
    Fail(fp, StrCat(m, " takes its quantisation parameters from a 1xN ui64 tile, got ",
                    p->ToString()));
  }
  const TileType* s = Tile(src);
  DType out = store ? types_[dst].dtype : (Tile(dst) ? Tile(dst)->dtype : DType::kInvalid);
  if (!s || out == DType::kInvalid) return;
  // The fixpipe's vector quantisation modes (VQF322B8_PRE, VREQ8, VDEQF16; a5 adds the f32 to
  // f16/bf16/f32 and i32 to bf16 modes).
  DTypeMask allowed = 0;
  if (s->dtype == DType::kF32) {
    allowed = Bit(DType::kI8) | Bit(DType::kU8);
    if (arch_ == Arch::kA5) allowed |= Bit(DType::kF16) | Bit(DType::kBF16) | Bit(DType::kF32);
  } else if (s->dtype == DType::kI32) {
    allowed = Bit(DType::kI8) | Bit(DType::kU8) | Bit(DType::kF16);
    if (arch_ == Arch::kA5) allowed |= Bit(DType::kBF16);
  } else {
    Fail(src, StrCat(m, " quantises f32 or i32 acc tiles, got ", DTypeName(s->dtype)));
    return;
  }
  if (!(allowed & Bit(out))) {
    Fail(dst, StrCat(m, " cannot quantise ", DTypeName(s->dtype), " to ", DTypeName(out), " on ",
                     ArchName(arch_), " (", DTypeName(s->dtype),
                     " quantises to: ", DTypeMaskNames(allowed), ")"));
  }
}

}  // namespace pto
