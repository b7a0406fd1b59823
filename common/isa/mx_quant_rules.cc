// Operand rules of tquant.mx, the A5 MX quantisation, and tmov.zz, the move of its exponents
// into the cube's ZZ scale boxes (docs/semantics.md "MX quantisation"), as PTOAS v0.60 checks
// them (TQuantMxOp, TMovOp's X-to-ZZ form).
#include "pto/common/isa/rule_checker.h"
#include "pto/common/strings.h"

namespace pto {

namespace {

bool StaticValid(const TileType& t) { return t.valid_rows != kDynamic && t.valid_cols != kDynamic; }

std::string Shape(int64_t rows, int64_t cols) { return StrCat("[", rows, ", ", cols, "]"); }

}  // namespace

// The attribute grpAxis: 0 (groups down columns) or 1 (along rows, the default).
int RuleChecker::GroupAxis() const {
  const int at = AttrOperand("grpAxis");
  if (at < 0 || !types_[at].present || !types_[at].known_value) return 1;
  return static_cast<int>(types_[at].value);
}

// dst: the MXFP8 elements (f8E4M3FN, or their bytes as i8 or ui8 as PTOAS declares them); exp:
// one e8m0 exponent per group (f8E8M0FNU, i8 or ui8); max and scaling: f32 per group; src: f32.
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
      {dst, Bit(DType::kF8E4M3) | Bit(DType::kI8) | Bit(DType::kU8), "MXFP8 elements"},
      {exp, Bit(DType::kE8M0) | Bit(DType::kU8) | Bit(DType::kI8), "e8m0 group exponents"},
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
  for (int i = 0; i <= src; ++i) {
    const TileType* t = Tile(i);
    if (t && !StaticValid(*t)) {
      Fail(i, StrCat(m, " needs static valid shapes (PTOAS v0.60 checks the groups' tiles "
                        "statically), got ", t->ToString()));
      return;
    }
  }
  const TileType* s = Tile(src);
  const TileType* d = Tile(dst);
  if (!s || !d) return;
  const bool axis0 = GroupAxis() == 0;
  if ((axis0 ? s->valid_rows : s->valid_cols) % 32 != 0) {
    Fail(src, StrCat(m, " groups 32 ", axis0 ? "rows (grpAxis axis0)" : "columns (grpAxis axis1)",
                     ": the source's valid ", axis0 ? "rows" : "columns",
                     " must be a multiple of 32, got ", s->ToString()));
    return;
  }
  if (d->valid_rows != s->valid_rows || d->valid_cols != s->valid_cols || d->cols != s->cols) {
    Fail(dst, StrCat(m, ": the destination takes the source's valid shape ",
                     Shape(s->valid_rows, s->valid_cols), " and its ", s->cols,
                     " columns, got ", d->ToString()));
  }
  if (axis0) {
    CheckQuantMxAxis0Groups();
  } else {
    CheckQuantMxAxis1Groups();
  }
}

// grpAxis axis1: exp, max and scaling hold [M, N/32] (canonical) or [1, M*N/32] (flat), their
// valid elements a compact prefix; a flat exp needs a source without padding columns, and its
// scaling the whole 64-lane vectors the NPU stores (twice the groups when the f32 loop unrolls).
void RuleChecker::CheckQuantMxAxis1Groups() {
  const std::string_view m = info_.mnemonic;
  const int exp = 1, scaling = 3, src = 4;
  const TileType& s = *Tile(src);
  const int64_t rows = s.valid_rows, groups_per_row = s.valid_cols / 32;
  const int64_t groups = rows * groups_per_row;
  for (int i : {1, 2, 3}) {
    const TileType* t = Tile(i);
    if (!t) continue;
    const bool canonical = t->valid_rows == rows && t->valid_cols == groups_per_row;
    const bool flat = t->valid_rows == 1 && t->valid_cols == groups;
    if (!canonical && !flat) {
      Fail(i, StrCat(m, ": a ", Shape(rows, s.valid_cols), " source grouped along rows has ",
                     Shape(rows, groups_per_row), " groups of 32 (or ", Shape(1, groups),
                     " flat); this tile holds ", t->ToString()));
    } else if (t->valid_rows != 1 && t->cols != t->valid_cols) {
      Fail(i, StrCat(m, ": the group values must be a compact prefix of their tile (",
                     t->valid_cols, " valid columns of ", t->cols, ")"));
    }
  }
  const TileType* e = Tile(exp);
  const TileType* sc = Tile(scaling);
  if (e && e->rows != 1 && e->valid_rows == 1 && rows != 1) {
    Fail(exp, StrCat(m, ": a flat [1, ", groups, "] exponent tile must have one row (its "
                        "rows choose the NPU's flat or 2-D form), got ", e->ToString()));
  }
  if (!e || e->rows != 1) return;
  if (s.cols != s.valid_cols) {
    Fail(exp, StrCat(m, ": a flat exponent tile needs a source without padding columns (", s.cols,
                     " columns, ", s.valid_cols, " valid)"));
  }
  const int64_t storage = int64_t{s.rows} * s.cols, valid = rows * s.cols;
  const bool unroll = storage > 1024 && storage % 256 == 0 && valid % 256 == 0;
  const int64_t lanes = ((unroll ? 2 * groups : groups) + 63) / 64 * 64;
  if (sc && int64_t{sc->rows} * sc->cols < lanes) {
    Fail(scaling, StrCat(m, ": with a flat exponent tile the NPU stores the scalings as whole "
                            "64-lane vectors, ", lanes, " elements; this tile holds ",
                         sc->ToString()));
  }
}

// grpAxis axis0: exp, max and scaling hold [M/32, N] in rows as wide as the source's.
void RuleChecker::CheckQuantMxAxis0Groups() {
  const std::string_view m = info_.mnemonic;
  const TileType& s = *Tile(4);
  const int64_t group_rows = s.valid_rows / 32;
  for (int i : {1, 2, 3}) {
    const TileType* t = Tile(i);
    if (!t) continue;
    if (t->valid_rows != group_rows || t->valid_cols != s.valid_cols || t->cols != s.cols) {
      Fail(i, StrCat(m, ": a ", Shape(s.valid_rows, s.valid_cols),
                     " source grouped down columns (grpAxis axis0) has ",
                     Shape(group_rows, s.valid_cols), " groups of 32 in rows of ", s.cols,
                     " columns; this tile holds ", t->ToString()));
    }
  }
}

// tmov.zz d | a [tmp] (PTOAS's tmov ins(%a, %tmp) outs(%d) with a UB tmp): one-byte exponents,
// a an ND tile, d a ZZ one, all three in UB; grpAxis axis1 takes a's [M, G] exponents (G even),
// axis0 tquant.mx's [M/32, N] ones (an even number of rows, N a multiple of 16).
void RuleChecker::CheckMoveToZz() {
  const int dst = 0, src = 1, tmp = 2;
  if (arch_ != Arch::kA5) {
    Fail(0, StrCat("the X-to-ZZ tmov (a UB tmp tile) is not available on ", ArchName(arch_),
                   " (MX exponents exist on a5 only)"));
    return;
  }
  if (!types_[tmp].present) Fail(-1, "the X-to-ZZ tmov needs its tmp tile");
  for (int i : {dst, src, tmp}) {
    if (!types_[i].present) continue;
    RequireVec(i);
    RequireAllowedDType(i);
    RequireSameDType(i, dst);
  }
  RequireND(src);
  const TileType* d = Tile(dst);
  const TileType* a = Tile(src);
  const TileType* t = Tile(tmp);
  if (d && (!d->row_major() || d->slayout != SLayout::kRowMajor)) {
    Fail(dst, StrCat("the X-to-ZZ tmov writes a ZZ tile (blayout=row_major, slayout=row_major), "
                     "got ", d->ToString()));
  }
  if (!d || !a) return;
  if (!StaticValid(*d) || !StaticValid(*a)) {
    Fail(StaticValid(*a) ? dst : src, "the X-to-ZZ tmov needs static valid shapes for its "
                                      "source and destination");
    return;
  }
  if (int64_t{a->valid_rows} * a->valid_cols != int64_t{d->valid_rows} * d->valid_cols) {
    Fail(dst, StrCat("the X-to-ZZ tmov moves as many exponents as the source's ",
                     Shape(a->valid_rows, a->valid_cols), ", got ", d->ToString()));
    return;
  }
  const int64_t d_bytes = d->Bytes(), a_bytes = a->Bytes();
  if (GroupAxis() == 0) {
    if (a->valid_rows < 2 || a->valid_rows % 2 != 0 || a->valid_cols % 16 != 0 ||
        a->cols != a->valid_cols) {
      Fail(src, StrCat("the DN-to-ZZ tmov (grpAxis axis0) takes an even number (>= 2) of rows "
                       "of a multiple of 16 exponents without padding columns, got ",
                       a->ToString()));
    } else if (d_bytes < int64_t{a->valid_rows} * a->valid_cols) {
      Fail(dst, StrCat("the DN-to-ZZ tmov writes ", a->valid_rows * a->valid_cols,
                       " bytes; this tile holds ", d->ToString()));
    }
    return;
  }
  const int64_t padded = int64_t{(d->valid_rows + 15) / 16 * 16} * d->valid_cols;
  if (d->valid_cols % 2 != 0) {
    Fail(dst, StrCat("the ND-to-ZZ tmov takes an even number of exponents per row (pairs fill "
                     "a 16x2 box), got ", d->ToString()));
  } else if (a->valid_rows != 1 && a->cols != a->valid_cols) {
    Fail(src, StrCat("the ND-to-ZZ tmov reads its source as a compact prefix: one row, or no "
                     "padding columns, got ", a->ToString()));
  } else if (a_bytes < padded || d_bytes < padded) {
    Fail(a_bytes < padded ? src : dst,
         StrCat("the ND-to-ZZ tmov covers its rows in whole 16-row boxes, ", padded,
                " bytes of both source and destination, got ",
                (a_bytes < padded ? a : d)->ToString()));
  } else if (t && t->Bytes() < 64 + (d->valid_rows + 15) / 16 * d->valid_cols) {
    Fail(tmp, StrCat("the ND-to-ZZ tmov's tmp holds its gather offsets, at least ",
                     64 + (d->valid_rows + 15) / 16 * d->valid_cols, " bytes, got ",
                     t->ToString()));
  }
}

}  // namespace pto
