// Operand rules of tquant.mx, the A5 MX quantisation (docs/semantics.md "MX quantisation"):
// outs(dst, exp, max, scaling) ins(src), every tile a row-major UB tile.
#include "pto/common/isa/rule_checker.h"
#include "pto/common/strings.h"

namespace pto {

// dst: the MXFP8 elements (f8E4M3FN, or their bytes as i8 as PTOAS declares them); exp: one
// e8m0 exponent per group (f8E8M0FNU or ui8); max and scaling: f32 per group; src: f32. Groups
// are 32 columns of a row, so the source's rows must be a whole number of groups long, and the
// per-group tiles need src rows x src cols / 32 elements.
void RuleChecker::CheckQuantMx() {
  const std::string_view m = info_.mnemonic;
  const int dst = 0, exp = 1, max = 2, scaling = 3, src = 4;
  if (arch_ != Arch::kA5) {
    Fail(0, StrCat(m, " is not available on ", ArchName(arch_),
                   " (MX quantisation exists on a5 only)"));
    return;
  }
  for (int i = 0; i <= src; ++i) {
    RequireVec(i);
    RequireND(i);
  }
  RequireAllowedDType(src);
  struct Want {
    int operand;
    DTypeMask allowed;
    const char* role;
  };
  const Want wants[] = {
      {dst, Bit(DType::kF8E4M3) | Bit(DType::kI8), "MXFP8 elements"},
      {exp, Bit(DType::kE8M0) | Bit(DType::kU8), "e8m0 group exponents"},
      {max, Bit(DType::kF32), "group maxima"},
      {scaling, Bit(DType::kF32), "group scalings"},
  };
  for (const Want& w : wants) {
    const TileType* t = Tile(w.operand);
    if (t && !(w.allowed & Bit(t->dtype))) {
      const char* why = t->dtype == DType::kF8E5M2 ? " (the A5 quantiser has no e5m2 form)" : "";
      Fail(w.operand, StrCat(m, " writes its ", w.role, " as ", DTypeMaskNames(w.allowed),
                             ", got ", DTypeName(t->dtype), why));
    }
  }
  const TileType* s = Tile(src);
  if (!s) return;
  if (s->cols % 32 != 0) {
    Fail(src, StrCat(m, " quantises rows in groups of 32 columns: the source's columns must be "
                        "a multiple of 32, got ",
                     s->ToString()));
    return;
  }
  const TileType* d = Tile(dst);
  if (d && (d->rows < s->rows || d->cols < s->cols)) {
    Fail(dst, StrCat(m, ": the destination must hold the ", s->rows, "x", s->cols,
                     " source, got ", d->ToString()));
  }
  const int32_t groups = s->cols / 32;
  for (int i : {exp, max, scaling}) {
    const TileType* t = Tile(i);
    if (t && (t->rows < s->rows || t->cols < groups)) {
      Fail(i, StrCat(m, ": a ", s->rows, "x", s->cols, " source has ", s->rows, "x", groups,
                     " groups of 32; this tile holds ", t->ToString()));
    }
  }
}

}  // namespace pto
