#include "pto/common/isa/operand_rules.h"

#include "pto/common/isa/rule_checker.h"

#include "pto/common/strings.h"

namespace pto {

void RuleChecker::RequireVec(int i) {
  const TileType* t = Tile(i);
  if (t && t->mem != Memory::kVec) {
    Fail(i, StrCat(info_.mnemonic, " needs a vec (UB) tile here, got a ", MemoryName(t->mem),
                   " tile"));
  }
}

void RuleChecker::RequireND(int i) {
  const TileType* t = Tile(i);
  if (t && (t->boxed() || !t->row_major())) {
    Fail(i, StrCat(info_.mnemonic, " needs a row-major (ND) tile here, got ", t->LayoutName()));
  }
}

void RuleChecker::RequirePlain(int i) {
  const TileType* t = Tile(i);
  if (t && t->boxed()) {
    Fail(i, StrCat(info_.mnemonic, " needs a plain ND or DN tile here, got ", t->LayoutName()));
  }
}

void RuleChecker::RequireAllowedDType(int i) {
  const TileType* t = Tile(i);
  if (!t) return;
  DTypeMask allowed = info_.types(arch_);
  if (!allowed) {
    Fail(i, StrCat(info_.mnemonic, " is not available on ", ArchName(arch_)));
    return;
  }
  if (!(allowed & Bit(t->dtype))) {
    Fail(i, StrCat(info_.mnemonic, " does not support element type ", DTypeName(t->dtype),
                   " on ", ArchName(arch_), " (allowed: ", DTypeMaskNames(allowed), ")"));
  }
}

void RuleChecker::RequireSameDType(int i, int j) {
  const TileType* a = Tile(i);
  const TileType* b = Tile(j);
  if (a && b && a->dtype != b->dtype) {
    Fail(j, StrCat(info_.mnemonic, " needs the same element type as its first tile operand (",
                   DTypeName(a->dtype), "), got ", DTypeName(b->dtype)));
  }
}

// Tiles \a i and \a j hold elements of one size (the instruction moves bits, not values).
void RuleChecker::RequireSameElementSize(int i, int j) {
  const TileType* a = Tile(i);
  const TileType* b = Tile(j);
  if (a && b && DTypeSize(a->dtype) != DTypeSize(b->dtype)) {
    Fail(j, StrCat(info_.mnemonic, " moves element bits: ", DTypeName(a->dtype), " and ",
                   DTypeName(b->dtype), " differ in size"));
  }
}

// The global tensor of view operand \a view has tile \a tile's element size.
void RuleChecker::RequireViewElementSize(int view, int tile) {
  const TileType* t = Tile(tile);
  const DType view_type = types_[view].dtype;
  if (arch_ == Arch::kA2A3 && IsMxDType(view_type) && !(t && IsMxDType(t->dtype))) {
    Fail(view, StrCat(info_.mnemonic, ": a2a3 has no ", DTypeName(view_type),
                      " (the fp8, HiFloat8, e8m0 and fp4 formats are a5's)"));
    return;
  }
  if (t && view_type != DType::kInvalid && DTypeSize(view_type) != DTypeSize(t->dtype)) {
    Fail(view, StrCat(info_.mnemonic, " moves ", DTypeName(t->dtype), " tile elements, but the "
                      "global tensor holds ", DTypeName(view_type),
                      " (element sizes must be equal)"));
  }
}

void RuleChecker::RequireScalarFits(int scalar, int tile) {
  const TileType* t = Tile(tile);
  const OperandType& s = types_[scalar];
  if (!t || !s.present) return;
  if (!IsFloat(t->dtype) && IsFloat(s.dtype)) {
    Fail(scalar, StrCat(info_.mnemonic, " on ", DTypeName(t->dtype),
                        " tiles needs an integer scalar, got ", DTypeName(s.dtype)));
  }
  if ((info_.flags & kFlagNonNegativeScalar) && s.known_value && s.value < 0) {
    Fail(scalar, StrCat(info_.mnemonic, " needs a scalar >= 0, got ", FormatDouble(s.value)));
  }
}

// Source tile \a src must supply every element the family reads for destination \a dst.
void RuleChecker::RequireValidCovers(int src, int dst, bool rows, bool cols) {
  const TileType* s = Tile(src);
  const TileType* d = Tile(dst);
  if (!s || !d) return;
  if (rows && s->valid_rows != kDynamic && d->valid_rows != kDynamic &&
      s->valid_rows < d->valid_rows) {
    Fail(src, StrCat("source has ", s->valid_rows, " valid rows but the destination needs ",
                     d->valid_rows));
  }
  if (cols && s->valid_cols != kDynamic && d->valid_cols != kDynamic &&
      s->valid_cols < d->valid_cols) {
    Fail(src, StrCat("source has ", s->valid_cols, " valid columns but the destination needs ",
                     d->valid_cols));
  }
}

// Binary, Unary, TileScalar and Fill: every tile in vec, ND, same element type; sources cover
// the destination's valid region.
void RuleChecker::CheckElementwise() {
  RequireAllowedDType(0);
  // PTOAS v0.60: texpands also fills a mat tile (whole, as pto-isa's L1 fill does).
  const TileType* d = Tile(0);
  const bool fill_mat = info_.opcode == Opcode::kTExpandS && d && d->mem != Memory::kVec;
  if (fill_mat) RequireMemory(0, {Memory::kVec, Memory::kMat});
  for (int i = 0; i < info_.num_operands(); ++i) {
    if (info_.operands[i].kind == OperandKind::kTile) {
      if (fill_mat) continue;
      RequireVec(i);
      RequireND(i);
      // An optional tile is scratch space: only its bytes matter, not its element type.
      bool is_tmp = info_.operands[i].optional;
      if (i > 0 && !is_tmp) {
        RequireSameDType(0, i);
        RequireValidCovers(i, 0, true, true);
      }
    } else if (info_.operands[i].kind == OperandKind::kScalar) {
      RequireScalarFits(i, 0);
    }
  }
}

// PTOAS v0.60's valid-region rules of the reductions (docs/semantics.md "Reductions"): a
// destination of valid shape 0x0 is a no-op (plain reductions only); otherwise a's valid shape
// has no zero side, and d has one valid column per valid row of a (row reductions) or a's valid
// columns (column reductions; a's zero sides are allowed on a2a3 for tcolsum/max/min/prod).
void RuleChecker::RequireReduceValid(bool per_row, bool allow_empty, bool nonzero_src) {
  const TileType* d = Tile(0);
  const TileType* a = Tile(1);
  if (!d || !a) return;
  auto is = [](int32_t v, int32_t want) { return v != kDynamic && v == want; };
  auto differ = [](int32_t x, int32_t y) { return x != kDynamic && y != kDynamic && x != y; };
  if (allow_empty && is(d->valid_rows, 0) && is(d->valid_cols, 0)) return;
  if (nonzero_src && (is(a->valid_rows, 0) || is(a->valid_cols, 0))) {
    Fail(1, StrCat(info_.mnemonic, " reduces a ", a->valid_rows, "x", a->valid_cols,
                   " valid region: its sides must be non-zero"));
  }
  if (per_row && differ(a->valid_rows, d->valid_rows)) {
    Fail(0, StrCat(info_.mnemonic, " needs a destination of the source's ", a->valid_rows,
                   " valid rows, got ", d->valid_rows));
  }
  if (per_row && d->valid_cols != kDynamic && d->valid_cols != 1) {
    Fail(0, StrCat(info_.mnemonic, " needs a destination of 1 valid column, got ", d->valid_cols));
  }
  if (!per_row && differ(a->valid_cols, d->valid_cols)) {
    Fail(0, StrCat(info_.mnemonic, " needs a destination of the source's ", a->valid_cols,
                   " valid columns, got ", d->valid_cols));
  }
}

// d[i,0] = reduce_j a[i,j]: a is ND, d is ND or DN with a column per row of a.
void RuleChecker::CheckRowReduce() {
  RequireReduceValid(true, true, true);
  RequireAllowedDType(1);
  RequireVec(0);
  RequireVec(1);
  RequirePlain(0);
  RequireND(1);
  RequireSameDType(1, 0);
  if (info_.num_operands() > 2) RequireVec(2);
  const TileType* d = Tile(0);
  const TileType* a = Tile(1);
  if (d && a && a->valid_rows != kDynamic && a->valid_rows > d->rows) {
    Fail(0, StrCat("destination has ", d->rows, " rows but the source has ", a->valid_rows,
                   " valid rows to reduce"));
  }
}

// d[0,j] = reduce_i a[i,j]: all ND.
void RuleChecker::CheckColReduce() {
  // tcolprod, and a2a3's tcolsum/max/min, accept a source with an empty side.
  RequireReduceValid(false, true, arch_ == Arch::kA5 && info_.opcode != Opcode::kTColProd);
  RequireAllowedDType(1);
  for (int i = 0; i < 2; ++i) {
    RequireVec(i);
    RequireND(i);
  }
  RequireSameDType(1, 0);
  if (info_.num_operands() > 2 && info_.operands[2].kind == OperandKind::kTile) RequireVec(2);
  const TileType* d = Tile(0);
  const TileType* a = Tile(1);
  if (d && a && a->valid_cols != kDynamic && a->valid_cols > d->cols) {
    Fail(0, StrCat("destination has ", d->cols, " columns but the source has ", a->valid_cols,
                   " valid columns to reduce"));
  }
}

// trowexpand: d[i,j] = a[i,0]; a 0x0 destination is a no-op, else no valid side is 0 and a has
// d's valid rows (PTOAS v0.60).
void RuleChecker::CheckRowExpand() {
  const TileType* d = Tile(0);
  const TileType* a = Tile(1);
  auto zero = [](int32_t v) { return v == 0; };
  if (d && a && !(zero(d->valid_rows) && zero(d->valid_cols))) {
    if (zero(d->valid_rows) || zero(d->valid_cols) || zero(a->valid_rows) || zero(a->valid_cols)) {
      Fail(0, StrCat("trowexpand needs non-zero valid shapes, got ", a->valid_rows, "x",
                     a->valid_cols, " into ", d->valid_rows, "x", d->valid_cols));
    } else if (a->valid_rows != kDynamic && d->valid_rows != kDynamic &&
               a->valid_rows != d->valid_rows) {
      Fail(1, StrCat("trowexpand needs a source of the destination's ", d->valid_rows,
                     " valid rows, got ", a->valid_rows));
    }
  }
  RequireAllowedDType(0);
  RequireVec(0);
  RequireVec(1);
  RequireND(0);
  RequirePlain(1);
  RequireSameDType(0, 1);
  RequireValidCovers(1, 0, true, false);
}

// d = a (op) per-row or per-column scalars taken from b.
void RuleChecker::CheckExpandBinary(bool per_row) {
  RequireAllowedDType(0);
  for (int i = 0; i < 3; ++i) RequireVec(i);
  RequireND(0);
  RequireND(1);
  if (per_row) {
    RequirePlain(2);
  } else {
    RequireND(2);
  }
  RequireSameDType(0, 1);
  RequireSameDType(0, 2);
  RequireValidCovers(1, 0, true, true);
  RequireValidCovers(2, 0, per_row, !per_row);
}

// TRESHAPE reinterprets the same bytes: same memory, same size, both plain or both boxed.
void RuleChecker::CheckReshape() {
  const TileType* d = Tile(0);
  const TileType* a = Tile(1);
  if (!d || !a) return;
  if (d->mem != a->mem || d->Bytes() != a->Bytes() || d->boxed() != a->boxed()) {
    Fail(1, StrCat("treshape keeps the storage: both tiles need the same memory and size and "
                   "both plain or both boxed layouts; got ", a->ToString(), " -> ",
                   d->ToString()));
  }
}

// A packed predicate mask: an integer ND tile whose row i holds the bits of row i.
void RuleChecker::RequireMask(int mask, int data) {
  const TileType* m = Tile(mask);
  const TileType* t = Tile(data);
  RequireVec(mask);
  RequireND(mask);
  if (!m) return;
  if (!IsInteger(m->dtype) || DTypeSize(m->dtype) > 4) {
    Fail(mask, StrCat("a predicate mask tile holds 8-, 16- or 32-bit integers, got ",
                      DTypeName(m->dtype)));
  } else if (t && m->cols * DTypeSize(m->dtype) * 8 < t->cols) {
    Fail(mask, StrCat("a mask row of ", m->cols * DTypeSize(m->dtype), " bytes cannot hold the ",
                      t->cols, " bits of a row"));
  }
}

void RuleChecker::CheckCompareScalar() {
  RequireAllowedDType(1);
  RequireVec(1);
  RequireND(1);
  RequireScalarFits(2, 1);
  RequireMask(0, 1);
}

void RuleChecker::CheckSelectMask() {
  RequireAllowedDType(0);
  for (int i : {0, 2, 3}) {
    RequireVec(i);
    RequireND(i);
  }
  RequireSameDType(0, 2);
  RequireSameDType(0, 3);
  RequireMask(1, 0);
  RequireValidCovers(2, 0, true, true);
  RequireValidCovers(3, 0, true, true);
}

void RuleChecker::CheckFillPad() {
  RequireAllowedDType(0);
  RequireMemory(0, {Memory::kVec, Memory::kMat});
  RequireMemory(1, {Memory::kVec, Memory::kMat});
  RequireSameElementSize(0, 1);
  const TileType* d = Tile(0);
  if (d && d->pad == PadValue::kNull) {
    Fail(0, StrCat(info_.mnemonic, " fills with the destination's pad value, but its type has "
                   "pad=null; give it pad=1 (zero), 2 (max) or 3 (min)"));
  }
  CheckFillPadShapes();
}

void RuleChecker::CheckColExpand() {
  RequireAllowedDType(0);
  RequireVec(0);
  RequireVec(1);
  RequireND(0);
  RequireND(1);
  RequireSameDType(0, 1);
  RequireValidCovers(1, 0, false, true);
}

// tsetval d|k v, tgetval v|a k: a vec tile; the value is a float exactly when the tile is.
void RuleChecker::CheckElementAccess() {
  const bool set = info_.operands[0].kind == OperandKind::kTile;
  const int tile = set ? 0 : 1, value = set ? 2 : 0;
  RequireVec(tile);
  const TileType* t = Tile(tile);
  if (t && types_[value].present && IsFloat(t->dtype) != IsFloat(types_[value].dtype)) {
    Fail(value, StrCat(info_.mnemonic, " on a ", DTypeName(t->dtype), " tile needs a ",
                       IsFloat(t->dtype) ? "float" : "integer", " value, got ",
                       DTypeName(types_[value].dtype)));
  }
}

// tinterleave / tdeinterleave: vec row-major tiles of one element type. Every tile has the
// destinations' valid shape, except a single deinterleave source, twice as wide.
void RuleChecker::CheckInterleave() {
  RequireAllowedDType(0);
  const bool single = info_.opcode == Opcode::kTDeInterleave && !types_[3].present;
  for (int i = 0; i < info_.num_operands(); ++i) {
    const TileType* t = Tile(i);
    if (!t) continue;
    RequireVec(i);
    RequireND(i);
    if (i > 0) RequireSameDType(0, i);
  }
  const TileType* d = Tile(0);
  for (int i = 1; i < info_.num_operands() && d; ++i) {
    const TileType* t = Tile(i);
    if (!t || t->valid_rows == kDynamic || t->valid_cols == kDynamic ||
        d->valid_rows == kDynamic || d->valid_cols == kDynamic) {
      continue;
    }
    const int32_t cols = single && i == 2 ? d->valid_cols * 2 : d->valid_cols;
    if (t->valid_rows != d->valid_rows || t->valid_cols != cols) {
      Fail(i, StrCat(info_.mnemonic, " needs a valid shape of ", d->valid_rows, "x", cols,
                     " here (", single && i == 2 ? "twice as wide as" : "the same as",
                     " the first destination), got ", t->valid_rows, "x", t->valid_cols));
    }
  }
  if (d && d->valid_cols != kDynamic && d->valid_cols % 2 != 0 && !single) {
    Fail(0, StrCat(info_.mnemonic, " needs an even number of valid columns, got ",
                   d->valid_cols));
  }
}

// tconcat d|ab: vec row-major tiles of one element type; d's valid shape is a's rows by a's
// and b's columns side by side (the ISA's basic form).
void RuleChecker::CheckConcat() {
  if (info_.opcode == Opcode::kTConcatIdx) return CheckConcatIdx();
  RequireAllowedDType(0);
  for (int i = 0; i < 3; ++i) {
    RequireVec(i);
    RequireND(i);
    if (i > 0) RequireSameDType(0, i);
  }
  const TileType* d = Tile(0);
  const TileType* a = Tile(1);
  const TileType* b = Tile(2);
  if (!d || !a || !b) return;
  for (const TileType* src : {a, b}) {
    if (src->valid_rows != kDynamic && d->valid_rows != kDynamic &&
        src->valid_rows != d->valid_rows) {
      Fail(src == a ? 1 : 2, StrCat(info_.mnemonic, " needs sources with the destination's ",
                                    d->valid_rows, " valid rows, got ", src->valid_rows));
    }
  }
  if (a->valid_cols != kDynamic && b->valid_cols != kDynamic && d->valid_cols != kDynamic &&
      a->valid_cols + b->valid_cols != d->valid_cols) {
    Fail(0, StrCat(info_.mnemonic, " needs a destination with ", a->valid_cols, " + ",
                   b->valid_cols, " valid columns, got ", d->valid_cols));
  }
}

// tconcatidx d | a b ai bi: vec tiles; a, b of d's element type; ai, bi of one integer type
// (i8, i16, i32) with at least one valid column; every valid row count d's.
void RuleChecker::CheckConcatIdx() {
  RequireAllowedDType(0);
  for (int i = 0; i < 5; ++i) RequireVec(i);
  if (arch_ == Arch::kA5) {
    for (int i = 0; i < 3; ++i) RequireND(i);
  }
  RequireSameDType(0, 1);
  RequireSameDType(0, 2);
  const TileType* d = Tile(0);
  for (int i : {3, 4}) {
    const TileType* x = Tile(i);
    if (!x) continue;
    if (x->dtype != DType::kI8 && x->dtype != DType::kI16 && x->dtype != DType::kI32) {
      Fail(i, StrCat("tconcatidx's index tiles hold i8, i16 or i32, got ", DTypeName(x->dtype)));
    }
    if (x->valid_cols == 0) Fail(i, "tconcatidx's index tiles need a valid column");
  }
  if (Tile(3) && Tile(4) && Tile(3)->dtype != Tile(4)->dtype) {
    Fail(4, StrCat("tconcatidx's index tiles hold one type (", DTypeName(Tile(3)->dtype),
                   "), got ", DTypeName(Tile(4)->dtype)));
  }
  for (int i = 1; i < 5; ++i) {
    const TileType* s = Tile(i);
    if (d && s && s->valid_rows != kDynamic && d->valid_rows != kDynamic &&
        s->valid_rows != d->valid_rows) {
      Fail(i, StrCat("tconcatidx needs every operand with the destination's ", d->valid_rows,
                     " valid rows, got ", s->valid_rows));
    }
  }
}

// A window (%subview) steps through its tile's storage: ptoas checks its type, and so must
// the loader, or a window wider than its tile would reach past the tile's memory.
void RuleChecker::CheckMachine() {
  if (info_.opcode != Opcode::kSubView || !Tile(0) || !Tile(1)) return;
  if (!WindowTypeFits(*Tile(1), *Tile(0))) {
    Fail(0, StrCat("a window of ", Tile(1)->ToString(), " must keep its memory, element type "
                   "and layout and step through its rows as it does, got ", Tile(0)->ToString()));
  }
}

std::vector<RuleError> RuleChecker::Run() {
  if (IsFixpipeQuant()) {
    CheckFixpipeQuant();
    return std::move(errors_);
  }
  switch (info_.family) {
#define PTO_FAMILY(Name, Layer, Rules, Lowering, Access, Pipe) \
  case Family::k##Name:                          \
    Rules();                                     \
    break;
#include "pto/common/isa/families.def"
#undef PTO_FAMILY
  }
  if (kFamilyLayer[static_cast<int>(info_.family)] == Layer::kTile) CheckTmpContract();
  CheckPrecision();
  return std::move(errors_);
}

// precisionType = high_precision (the NPU's IEEE-754 sequences): some need a tmp tile, some
// exist only on a5 for float types (opcodes.def's flags say which).
void RuleChecker::CheckPrecision() {
  const int p = AttrOperand("precisionType");
  if (p < 0 || !types_[p].known_value || types_[p].value != 1) return;
  if (info_.flags & kFlagPrecisionNeedsTmp) {
    for (int i = 0; i < info_.num_operands(); ++i) {
      const OperandSpec& s = info_.operands[i];
      if (s.kind == OperandKind::kTile && s.optional && !types_[i].present) {
        Fail(p, StrCat(info_.mnemonic, " needs its tmp tile when precisionType is high_precision"));
      }
    }
  }
  if (!(info_.flags & kFlagPrecisionA5Float)) return;
  if (arch_ != Arch::kA5) {
    Fail(p, StrCat(info_.mnemonic, " has no high_precision sequence on ", ArchName(arch_)));
  } else if (Tile(0) && !IsFloat(Tile(0)->dtype)) {
    Fail(p, StrCat(info_.mnemonic, "'s high_precision sequence takes float tiles, not ",
                   DTypeName(Tile(0)->dtype)));
  }
}

std::vector<RuleError> CheckOperandTypes(const OpInfo& info, Arch arch,
                                         const std::vector<OperandType>& types) {
  return RuleChecker(info, arch, types).Run();
}

}  // namespace pto
