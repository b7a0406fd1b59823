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
int RuleChecker::GroupAxis() const { return AttrCode("grpAxis", 1); }

// The code of attribute \a name when it is a known immediate, else \a fallback.
int RuleChecker::AttrCode(std::string_view name, int fallback) const {
  const int at = AttrOperand(name);
  if (at < 0 || !types_[at].present || !types_[at].known_value) return fallback;
  return static_cast<int>(types_[at].value);
}

namespace {

constexpr int kDst = 0, kExp = 1, kMax = 2, kScaling = 3, kExpZz = 4, kSrc = 5;
constexpr int kMxfp8 = 2, kMxfp4 = 3;       // quant_type codes (common/isa/attributes.cc)
constexpr int kStoreUnset = 0, kStoreNz = 2;  // storeMode codes

bool IsByteInt(DType t) { return t == DType::kI8 || t == DType::kU8; }
bool IsHalf(DType t) { return t == DType::kF16 || t == DType::kBF16; }
int64_t AlignUp(int64_t v, int64_t a) { return (v + a - 1) / a * a; }

}  // namespace

// tquant.mx d e m s [zz] | a (PTOAS v0.60's TQuantMxOp): the attributes, then the element
// types, then the shapes of the grouped tiles along the chosen axis.
void RuleChecker::CheckQuantMx() {
  const std::string_view m = info_.mnemonic;
  if (arch_ != Arch::kA5) {
    Fail(0, StrCat(m, " is not available on ", ArchName(arch_),
                   " (MX quantisation exists on a5 only)"));
    return;
  }
  for (int i = 0; i <= kSrc; ++i) {
    RequireVec(i);
    RequireND(i);
  }
  MxForm f;
  if (!ReadMxForm(&f) || !CheckQuantMxTypes(f)) return;
  for (int i = 0; i <= kSrc; ++i) {
    const TileType* t = Tile(i);
    if (t && !StaticValid(*t)) {
      Fail(i, StrCat(m, " needs static valid shapes (PTOAS v0.60 checks the groups' tiles "
                        "statically), got ", t->ToString()));
      return;
    }
  }
  const TileType& s = *Tile(kSrc);
  const TileType& d = *Tile(kDst);
  if ((f.axis0 ? s.valid_rows : s.valid_cols) % 32 != 0) {
    Fail(kSrc, StrCat(m, " groups 32 ", f.axis0 ? "rows (grpAxis axis0)" : "columns (grpAxis axis1)",
                      ": the source's valid ", f.axis0 ? "rows" : "columns",
                      " must be a multiple of 32, got ", s.ToString()));
    return;
  }
  if (f.fp4 && s.cols % 2 != 0) {
    Fail(kSrc, StrCat(m, ": MXFP4 packs two values a byte, so the source needs an even number "
                      "of columns, got ", s.ToString()));
    return;
  }
  if (d.valid_rows != s.valid_rows || d.valid_cols * f.pack != s.valid_cols ||
      d.rows < s.valid_rows) {
    Fail(kDst, StrCat(m, ": the destination takes the source's valid shape ",
                      Shape(s.valid_rows, s.valid_cols / f.pack),
                      f.fp4 ? " (in e2m1 pairs)" : "", ", got ", d.ToString()));
    return;
  }
  const TileType* zz = Tile(kExpZz);
  const int64_t groups = int64_t{s.valid_rows} * s.valid_cols / 32;
  if (zz && int64_t{zz->valid_rows} * zz->valid_cols != groups) {
    Fail(kExpZz, StrCat(m, ": exp_zz holds one exponent per group, ", groups, "; got ",
                        zz->ToString()));
  }
  if (f.axis0) {
    CheckQuantMxAxis0Groups(f);
  } else {
    CheckQuantMxAxis1Groups(f);
  }
  const int64_t padded = int64_t{s.valid_rows} * s.cols;
  if (IsHalf(s.dtype) && s.valid_cols < s.cols && 128 % s.cols == 0 && padded % 128 != 0) {
    Fail(kSrc, StrCat(m, ": the NPU zeroes a 16-bit source's padding columns in whole 128-lane "
                         "vectors; ", s.valid_rows, " rows of ", s.cols, " leave the last one "
                         "incomplete, got ", s.ToString()));
  }
}

// The attributes: quant_type (required), quantScaleAlg, grpAxis, interleave (axis0 only) and
// the deprecated fused form's storeMode, which comes with exp_zz (axis1, OCP). pto-isa has the
// fused form for MXFP8 with NZ exponents only (its CPU simulator; no NPU code at all).
bool RuleChecker::ReadMxForm(MxForm* f) {
  const std::string_view m = info_.mnemonic;
  const int quant = AttrCode("quant_type", 0);
  const int store = AttrCode("storeMode", kStoreUnset);
  f->axis0 = GroupAxis() == 0;
  f->fp4 = quant == kMxfp4;
  f->nv = AttrCode("quantScaleAlg", 0) == 1;
  f->interleave = AttrCode("interleave", 0) == 1;
  f->pack = f->fp4 ? 2 : 1;
  const int at = AttrOperand("quant_type");
  if (quant != kMxfp8 && quant != kMxfp4) {
    Fail(at, StrCat(m, " needs {quant_type = #pto<quant_type MXFP8>} or MXFP4_E2M1"));
  } else if (f->interleave && !f->axis0) {
    Fail(AttrOperand("interleave"), StrCat(m, ": interleave orders grpAxis axis0 exponents; "
                                           "it needs grpAxis = axis0"));
  } else if (types_[kExpZz].present != (store != kStoreUnset)) {
    Fail(types_[kExpZz].present ? kExpZz : AttrOperand("storeMode"),
         StrCat(m, ": the deprecated fused form takes exp_zz and storeMode together"));
  } else if (store != kStoreUnset && (f->axis0 || f->nv)) {
    Fail(kExpZz, StrCat(m, ": the fused exp_zz form groups along rows (grpAxis axis1) with the "
                           "OCP rule only"));
  } else if (store != kStoreUnset && (store != kStoreNz || f->fp4)) {
    Fail(AttrOperand("storeMode"),
         StrCat(m, ": pto-isa implements the fused exp_zz form for MXFP8 with storeMode nz "
                   "only (PTOAS v0.60 emits a call that does not compile otherwise); use "
                   "tquant.mx and the X-to-ZZ tmov"));
  } else {
    return true;
  }
  return false;
}

// src f32, f16 or bf16 (MXFP4: f16 or bf16); max and scaling of the source's type; exp and
// exp_zz one-byte integers; dst i8 or ui8 bytes of e4m3 (MXFP8) or e2m1 pairs (MXFP4).
bool RuleChecker::CheckQuantMxTypes(const MxForm& f) {
  const std::string_view m = info_.mnemonic;
  RequireAllowedDType(kSrc);
  const TileType* s = Tile(kSrc);
  if (!s || !Tile(kDst)) return false;
  const size_t before = errors_.size();
  if (f.fp4 && !IsHalf(s->dtype)) {
    Fail(kSrc, StrCat(m, ": MXFP4 quantises f16 or bf16 sources, got ", DTypeName(s->dtype)));
  }
  for (int i : {kMax, kScaling}) {
    const TileType* t = Tile(i);
    if (t && t->dtype != s->dtype) {
      Fail(i, StrCat(m, " writes its group ", i == kMax ? "maxima" : "scalings",
                     " in the source's type ", DTypeName(s->dtype), ", got ", DTypeName(t->dtype)));
    }
  }
  for (int i : {kExp, kExpZz}) {
    const TileType* t = Tile(i);
    if (t && !IsByteInt(t->dtype)) {
      Fail(i, StrCat(m, " writes its e8m0 exponents as i8 or ui8 bytes (PTOAS v0.60), got ",
                     DTypeName(t->dtype)));
    }
  }
  const DType d = Tile(kDst)->dtype;
  if (f.fp4 ? d != DType::kF4E2M1X2 : !IsByteInt(d)) {
    Fail(kDst, StrCat(m, " writes its ", f.fp4 ? "MXFP4 elements as !pto.f4E2M1x2"
                                               : "MXFP8 elements as i8 or ui8 bytes (PTOAS v0.60)",
                      ", got ", DTypeName(d)));
  }
  return errors_.size() == before;
}

// grpAxis axis1: exp, max and scaling hold [M, N/32] (canonical) or [1, M*N/32] (flat), their
// valid elements a compact prefix. An exp tile of one row chooses the NPU's flat form: a
// source without padding columns, and a scaling tile of the whole vectors the NPU stores (64
// f32 lanes, twice the groups when its f32 loop unrolls; 128 lanes of 16 bits); 16-bit sources
// take the flat form only, and the OCP rule there (pto-isa at PTOAS v0.60's pins).
void RuleChecker::CheckQuantMxAxis1Groups(const MxForm& f) {
  const std::string_view m = info_.mnemonic;
  const TileType& s = *Tile(kSrc);
  const TileType& d = *Tile(kDst);
  const int64_t rows = s.valid_rows, groups_per_row = s.valid_cols / 32;
  const int64_t groups = rows * groups_per_row;
  if (d.cols * f.pack != s.cols) {
    Fail(kDst, StrCat(m, ": the destination's rows are the source's, ", s.cols / f.pack,
                      f.fp4 ? " byte pairs" : " columns", "; got ", d.ToString()));
  }
  for (int i : {kExp, kMax, kScaling}) {
    const TileType* t = Tile(i);
    if (!t) continue;
    const bool canonical = t->valid_rows == rows && t->valid_cols == groups_per_row;
    const bool flat = t->valid_rows == 1 && t->valid_cols == groups;
    if (!canonical && !flat) {
      Fail(i, StrCat(m, ": a ", Shape(rows, s.valid_cols), " source grouped along rows has ",
                     Shape(rows, groups_per_row), " groups of 32 (or ", Shape(1, groups),
                     " flat); this tile holds ", t->ToString()));
    } else if (i != kExp && t->valid_rows != 1 && t->cols != t->valid_cols) {
      Fail(i, StrCat(m, ": the group values must be a compact prefix of their tile (",
                     t->valid_cols, " valid columns of ", t->cols, ")"));
    }
  }
  const TileType* e = Tile(kExp);
  const TileType* sc = Tile(kScaling);
  if (!e) return;
  if (e->rows != 1) {
    if (e->valid_rows == 1 && rows != 1) {
      Fail(kExp, StrCat(m, ": a flat [1, ", groups, "] exponent tile must have one row (its "
                           "rows choose the NPU's flat or 2-D form), got ", e->ToString()));
    } else if (IsHalf(s.dtype)) {
      Fail(kExp, StrCat(m, ": a 16-bit source takes the flat form (an exponent tile of one "
                           "row); pto-isa's 2-D form of it is not in PTOAS v0.60's pins"));
    }
    return;
  }
  if (s.cols != s.valid_cols) {
    Fail(kExp, StrCat(m, ": a flat exponent tile needs a source without padding columns (",
                      s.cols, " columns, ", s.valid_cols, " valid)"));
  }
  if (IsHalf(s.dtype) && f.nv) {
    Fail(AttrOperand("quantScaleAlg"),
         StrCat(m, ": a 16-bit source in the flat form takes the OCP rule (pto-isa's flat NV "
                   "path ignores NV there); group down columns (grpAxis axis0) for NV"));
  }
  const int64_t storage = int64_t{s.rows} * s.cols, valid = rows * s.cols;
  const bool unroll = !IsHalf(s.dtype) && storage > 1024 && storage % 256 == 0 && valid % 256 == 0;
  const int64_t lanes = IsHalf(s.dtype) ? AlignUp(groups, 128)
                                        : AlignUp(unroll ? 2 * groups : groups, 64);
  if (sc && int64_t{sc->rows} * sc->cols < lanes) {
    Fail(kScaling, StrCat(m, ": with a flat exponent tile the NPU stores the scalings as whole ",
                          IsHalf(s.dtype) ? 128 : 64, "-lane vectors, ", lanes,
                          " elements; this tile holds ", sc->ToString()));
  }
}

// grpAxis axis0: max, scaling and exp hold [M/32, N] in rows of the source's physical width
// (interleave: exp holds [M/64, 2N], pairs of group rows side by side, in rows of
// align32(2 * the source's columns) and M a multiple of 64; not for f32 sources). The
// destination keeps its own row width (MXFP8) or takes half the source's (MXFP4; f16 needs
// those rows to be whole 32-byte blocks).
void RuleChecker::CheckQuantMxAxis0Groups(const MxForm& f) {
  const std::string_view m = info_.mnemonic;
  const TileType& s = *Tile(kSrc);
  const TileType& d = *Tile(kDst);
  const int64_t group_rows = s.valid_rows / 32;
  if (f.fp4 && (d.cols * 2 != s.cols || (s.dtype == DType::kF16 && s.cols / 2 % 32 != 0))) {
    Fail(kDst, StrCat(m, ": grouped down columns, the MXFP4 destination's rows are half the "
                         "source's, ", s.cols / 2, " bytes", s.dtype == DType::kF16
                                                             ? ", a multiple of 32 for f16"
                                                             : "",
                      "; got ", d.ToString(), " for ", s.ToString()));
  }
  for (int i : {kExp, kMax, kScaling}) {
    const TileType* t = Tile(i);
    if (!t || (i == kExp && f.interleave)) continue;
    if (t->valid_rows != group_rows || t->valid_cols != s.valid_cols || t->cols != s.cols) {
      Fail(i, StrCat(m, ": a ", Shape(s.valid_rows, s.valid_cols),
                     " source grouped down columns (grpAxis axis0) has ",
                     Shape(group_rows, s.valid_cols), " groups of 32 in rows of ", s.cols,
                     " columns; this tile holds ", t->ToString()));
    }
  }
  const TileType* e = Tile(kExp);
  if (!f.interleave || !e) return;
  if (!IsHalf(s.dtype)) {
    Fail(AttrOperand("interleave"), StrCat(m, ": interleaved exponents of f32 sources are not "
                                           "in PTOAS v0.60's pinned pto-isa"));
  } else if (s.valid_rows % 64 != 0 || s.rows % 64 != 0) {
    Fail(kSrc, StrCat(m, ": interleave pairs groups of 32 rows: the source's rows must be a "
                         "multiple of 64, got ", s.ToString()));
  } else if (e->valid_rows != s.valid_rows / 64 || e->valid_cols != 2 * s.valid_cols ||
             e->rows != s.rows / 64 || e->cols != AlignUp(2 * int64_t{s.cols}, 32)) {
    Fail(kExp, StrCat(m, ": interleaved exponents are ", Shape(s.valid_rows / 64, 2 * s.valid_cols),
                      " in a ", Shape(s.rows / 64, AlignUp(2 * int64_t{s.cols}, 32)),
                      " tile; got ", e->ToString()));
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
  } else if (t && int64_t{t->Bytes()} < 64 + (d->valid_rows + 15) / 16 * d->valid_cols) {
    Fail(tmp, StrCat("the ND-to-ZZ tmov's tmp holds its gather offsets, at least ",
                     64 + (d->valid_rows + 15) / 16 * d->valid_cols, " bytes, got ",
                     t->ToString()));
  }
}

}  // namespace pto
