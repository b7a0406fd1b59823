// Operand rules of the gathers, scatters and sorts: tgather (index, mask-pattern and compare
// forms), tgatherb, tscatter (index and mask-pattern forms), mgather, mscatter, tsort32,
// tmrgsort.
#include "pto/common/isa/attributes.h"
#include "pto/common/isa/coalesce.h"
#include "pto/common/isa/rule_checker.h"
#include "pto/common/strings.h"

namespace pto {

namespace {

// Equal, or one of them dynamic: PTOAS compares static valid shapes only (the tmp is scratch
// the NPU's sequence uses; ours needs none).
bool SameKnown(int32_t a, int32_t b) { return a == kDynamic || b == kDynamic || a == b; }

constexpr DTypeMask kIndex32 = Bit(DType::kI32) | Bit(DType::kU32);
constexpr DTypeMask kIndex16 = Bit(DType::kI16) | Bit(DType::kU16);

}  // namespace

// Index or offset tile \a i: a plain UB tile of one of \a allowed integer types.
void RuleChecker::RequireIndexTile(int i, DTypeMask allowed, const char* what) {
  RequireVec(i);
  RequireND(i);
  const TileType* t = Tile(i);
  if (t && !(allowed & Bit(t->dtype))) {
    Fail(i, StrCat(info_.mnemonic, " needs ", what, " of ", DTypeMaskNames(allowed), " on ",
                   ArchName(arch_), ", got ", DTypeName(t->dtype)));
  }
}

// Index tile \a idx supplies an index for every element of the valid region of \a data.
void RuleChecker::RequireIndexCovers(int idx, int data, const char* data_role) {
  const TileType* x = Tile(idx);
  const TileType* t = Tile(data);
  if (!x || !t) return;
  auto short_of = [](int32_t have, int32_t need) {
    return have != kDynamic && need != kDynamic && have < need;
  };
  if (short_of(x->valid_rows, t->valid_rows) || short_of(x->valid_cols, t->valid_cols)) {
    Fail(idx, StrCat(info_.mnemonic, " needs an index for each element of the ", data_role,
                     "'s ", t->valid_rows, "x", t->valid_cols, " valid region, but the index "
                     "tile's valid shape is ", x->valid_rows, "x", x->valid_cols));
  }
}

// The rule "valid columns == Cols" (a contiguous stream of rows), checked when static.
void RuleChecker::RequireFullRows(int i, const char* role) {
  const TileType* t = Tile(i);
  if (t && t->valid_cols != kDynamic && t->valid_cols != t->cols) {
    Fail(i, StrCat(info_.mnemonic, " needs ", role, " with all ", t->cols,
                   " columns valid, got ", t->valid_cols, " on ", ArchName(arch_)));
  }
}

void RuleChecker::CheckGather() {
  const bool a5 = arch_ == Arch::kA5;
  if (info_.opcode == Opcode::kMGatherL1) return CheckGatherToL1();
  for (int i = 0; i < info_.num_operands(); ++i) {
    if (info_.operands[i].kind == OperandKind::kTile) {
      RequireVec(i);
      RequireND(i);
    }
  }
  if (info_.opcode == Opcode::kTGather) {
    RequireAllowedDType(0);
    RequireSameDType(0, 1);
    RequireIndexTile(2, a5 ? kIndex32 | kIndex16 : kIndex32, "an index tile");
    RequireIndexCovers(2, 0, "destination");
    RequireFullRows(0, "a destination");
    RequireFullRows(2, "an index tile");
    // PTOAS v0.60 (a2a3): the index form needs its tmp tile, alike the index tile.
    const TileType* idx = Tile(2);
    const TileType* tmp = Tile(3);
    if (!a5 && !tmp) {
      Fail(-1, "tgather's index form needs a tmp tile on a2a3 (ins(%src, %indices, %tmp))");
    } else if (!a5 && idx &&
               (tmp->dtype != idx->dtype || !SameKnown(tmp->valid_rows, idx->valid_rows) ||
                !SameKnown(tmp->valid_cols, idx->valid_cols))) {
      Fail(3, StrCat("tgather's tmp tile needs the index tile's element type and valid shape on "
                     "a2a3 (",
                     DTypeName(idx->dtype), ", ", idx->valid_rows, "x", idx->valid_cols, "), got ",
                     DTypeName(tmp->dtype), ", ", tmp->valid_rows, "x", tmp->valid_cols));
    }
  } else if (info_.opcode == Opcode::kTGatherMask || info_.opcode == Opcode::kTScatterMask) {
    CheckMaskPatternForm();
  } else if (info_.opcode == Opcode::kTGatherCmp) {
    CheckCompareGather();
  } else if (info_.opcode == Opcode::kTGatherB) {
    RequireAllowedDType(0);
    RequireSameElementSize(0, 1);
    RequireIndexTile(2, kIndex32, "an offset tile");
    const TileType* d = Tile(0);
    if (d && d->valid_cols != kDynamic && d->valid_cols * DTypeSize(d->dtype) % 32 != 0) {
      Fail(0, StrCat("tgatherb copies 32-byte blocks, but the destination's ", d->valid_cols,
                     " valid ", DTypeName(d->dtype), " columns are ",
                     d->valid_cols * DTypeSize(d->dtype), " bytes"));
    }
  } else if (info_.opcode == Opcode::kTScatter) {
    CheckIndexScatter();
  } else {
    CheckGlobalGatherScatter(info_.opcode == Opcode::kMGather || info_.opcode == Opcode::kMGatherL1);
  }
}

// The mask-pattern tgather (d | a) and tscatter (d | a), PTOAS v0.60's rules: along the axis
// the wider tile has MaskPatternFactor times the narrower one's valid extent, across it the same.
// PTOAS needs the axis; tgather without one is the ISA page's spelling, a row gather whose
// stream the destination must hold (checked at run time).
void RuleChecker::CheckMaskPatternForm() {
  const bool scatter = info_.opcode == Opcode::kTScatterMask;
  RequireAllowedDType(1);
  RequireAllowedDType(0);
  if (scatter) RequireSameDType(1, 0);
  if (!scatter) RequireSameElementSize(1, 0);
  if (!scatter) RequireFullRows(0, "a destination");
  const int pattern_at = AttrOperand("maskPattern"), axis_at = AttrOperand("axis");
  if (!types_[pattern_at].known_value || !types_[axis_at].known_value) return;
  const auto pattern = static_cast<MaskPattern>(types_[pattern_at].value);
  const auto axis = static_cast<MaskAxis>(types_[axis_at].value);
  if (axis == MaskAxis::kNone) {
    if (scatter) {
      Fail(-1, "tscatter's mask-pattern form needs its axis after the source's type: "
               "ins(%src, {maskPattern = ...} : T, \"row\") or \"col\"");
    }
    return;
  }
  const TileType* wide = Tile(scatter ? 0 : 1);
  const TileType* narrow = Tile(scatter ? 1 : 0);
  if (!wide || !narrow) return;
  const bool row = axis == MaskAxis::kRow;
  const int64_t factor = MaskPatternFactor(pattern);
  const int32_t along_wide = row ? wide->valid_cols : wide->valid_rows;
  const int32_t along_narrow = row ? narrow->valid_cols : narrow->valid_rows;
  const int32_t across_wide = row ? wide->valid_rows : wide->valid_cols;
  const int32_t across_narrow = row ? narrow->valid_rows : narrow->valid_cols;
  const char* along = row ? "columns" : "rows";
  const char* across = row ? "rows" : "columns";
  const char* wide_role = scatter ? "destination" : "source";
  const char* narrow_role = scatter ? "source" : "destination";
  const std::string form = StrCat(info_.mnemonic, " \"", row ? "row" : "col", "\" with ",
                                  FindAttr("maskPattern")->values[static_cast<int>(pattern)]);
  if (!SameKnown(across_wide, across_narrow)) {
    Fail(0, StrCat(form, " needs the destination's valid ", across, " (",
                   scatter ? across_wide : across_narrow, ") equal to the source's (",
                   scatter ? across_narrow : across_wide, ")"));
  } else if (along_wide != kDynamic && along_narrow != kDynamic &&
             along_wide != along_narrow * factor) {
    Fail(0, StrCat(form, " needs the ", wide_role, "'s valid ", along, " (", along_wide, ") to be ",
                   factor, " times the ", narrow_role, "'s (", along_narrow, ")"));
  }
}

// tgather's compare form: d, cdst | a kValue [tmp] @cmpMode @offset (PTOAS v0.60's rules).
void RuleChecker::CheckCompareGather() {
  RequireAllowedDType(2);
  const TileType* d = Tile(0);
  const TileType* a = Tile(2);
  if (d && !(kIndex32 & Bit(d->dtype))) {
    Fail(0, StrCat("tgather's compare form writes i32 indices: its destination must be ",
                   DTypeMaskNames(kIndex32), ", got ", DTypeName(d->dtype)));
  }
  if (d && (kIndex32 & Bit(d->dtype))) RequireSameDType(0, 1);
  if (a && types_[3].dtype != a->dtype) {
    Fail(3, StrCat("tgather's kValue must have the source's element type (", DTypeName(a->dtype),
                   "), got ", DTypeName(types_[3].dtype)));
  }
  if (!types_[4].present) {
    Fail(-1, "tgather's compare form needs its tmp tile: ins(%src, %kValue, %tmp)");
  }
  const int mode_at = AttrOperand("cmpMode");
  const auto mode = static_cast<CmpMode>(types_[mode_at].value);
  if (types_[mode_at].known_value && mode != CmpMode::kEq && mode != CmpMode::kGt) {
    Fail(mode_at, "tgather's compare form compares with cmpMode eq or gt only");
  } else if (a && arch_ == Arch::kA2A3 && IsInteger(a->dtype) && mode != CmpMode::kEq) {
    Fail(2, StrCat("tgather's compare form takes ", DTypeName(a->dtype),
                   " sources on a2a3 with cmpMode eq only"));
  }
}

// tscatter's index form: d | a idx, PTOAS v0.60's rules. Indices are as wide as the data (two
// bytes for one-byte data); the index tile has the source's valid shape, the destination at
// least that.
void RuleChecker::CheckIndexScatter() {
  RequireAllowedDType(0);
  RequireSameDType(0, 1);
  const TileType* d = Tile(0);
  const TileType* a = Tile(1);
  const TileType* x = Tile(2);
  if (!d || !a || !x) return;
  const DTypeMask allowed = DTypeSize(a->dtype) == 4 ? kIndex32 : kIndex16;
  if (!(allowed & Bit(x->dtype))) {
    Fail(2, StrCat("tscatter's indices are as wide as its data (two bytes for one-byte data): ",
                   DTypeName(a->dtype), " data takes ", DTypeMaskNames(allowed), ", got ",
                   DTypeName(x->dtype)));
  }
  if (!SameKnown(x->valid_rows, a->valid_rows) || !SameKnown(x->valid_cols, a->valid_cols)) {
    Fail(2, StrCat("tscatter needs the index tile's valid shape (", x->valid_rows, "x",
                   x->valid_cols, ") equal to the source's (", a->valid_rows, "x", a->valid_cols,
                   ")"));
  }
  auto short_of = [](int32_t have, int32_t need) {
    return have != kDynamic && need != kDynamic && have < need;
  };
  if (short_of(d->valid_rows, a->valid_rows) || short_of(d->valid_cols, a->valid_cols)) {
    Fail(0, StrCat("tscatter needs a destination valid shape (", d->valid_rows, "x",
                   d->valid_cols, ") at least the source's (", a->valid_rows, "x", a->valid_cols,
                   ")"));
  }
}

// mgather d | view idx @coalesce @gatherOob, mscatter view | a idx @coalesce @scatterAtomicOp
// @scatterOob @scatterConflict: one index per element, or per row with coalesce = row (an index
// tile of [1, R] or a DN [R, 1]; without coalesce the index tile's shape says which). mgather
// needs coalesce (required in PTOAS v0.60's ODS); mscatter's out-of-range modes, atomics and
// conflict rule need it too.
void RuleChecker::CheckGlobalGatherScatter(bool gather) {
  const int tile = gather ? 0 : 1, view = gather ? 1 : 0, idx = 2;
  RequireAllowedDType(tile);
  RequireVec(idx);
  RequirePlain(idx);
  const TileType* x = Tile(idx);
  if (x && !((kIndex32 | kIndex16) & Bit(x->dtype))) {
    Fail(idx, StrCat(info_.mnemonic, " needs an index tile of ",
                     DTypeMaskNames(kIndex32 | kIndex16), ", got ", DTypeName(x->dtype)));
  }
  RequireViewElementSize(view, tile);
  auto code = [&](const char* name) {
    const int i = AttrOperand(name);
    return i >= 0 && types_[i].known_value ? static_cast<uint32_t>(types_[i].value) : 0u;
  };
  const Coalesce coalesce = static_cast<Coalesce>(code("coalesce"));
  if (gather && coalesce == Coalesce::kAbsent) {
    Fail(-1, "mgather needs {coalesce = #pto<coalesce row>} or <coalesce elem>: one index per "
             "row and one per element gather different data, and neither is a default");
  }
  const TileType* t = Tile(tile);
  if (x && t &&
      IndexGranularityOf(*x, x->valid_rows, x->valid_cols, t->valid_rows, t->valid_cols,
                         coalesce) == IndexGranularity::kNone) {
    Fail(idx, StrCat(info_.mnemonic, "'s index tile (valid ", x->valid_rows, "x",
                     x->valid_cols, ", ", x->LayoutName(), ") fits neither one index per row ([1, ",
                     t->valid_rows, "], or a DN [", t->valid_rows, ", 1]) nor one per element ",
                     "of the ", t->valid_rows, "x", t->valid_cols, " data",
                     coalesce == Coalesce::kAbsent ? "" : " as coalesce asks"));
  }
  if (gather) return;
  for (const char* mode : {"scatterOob", "scatterAtomicOp", "scatterConflict"}) {
    if (code(mode) != 0 && coalesce == Coalesce::kAbsent) {
      Fail(AttrOperand(mode), StrCat("mscatter's ", mode, " needs an explicit coalesce"));
    }
  }
  if (code("scatterConflict") != 0 && arch_ != Arch::kA5) {
    Fail(AttrOperand("scatterConflict"), "scatterConflict exists on a5 only");
  }
  const uint32_t atomic = code("scatterAtomicOp");
  const DTypeMask atomics =
      atomic == 1 ? kIndex32 | Bit(DType::kF16) | Bit(DType::kF32)
                  : Bit(DType::kI32) | Bit(DType::kF32);
  if (t && atomic != 0 && !(atomics & Bit(t->dtype))) {
    Fail(AttrOperand("scatterAtomicOp"),
         StrCat("mscatter's atomic ", atomic == 1 ? "add" : "max or min", " takes ",
                DTypeMaskNames(atomics), ", not ", DTypeName(t->dtype)));
  }
}

// mgather d | table idx [scratch] into L1 (PTOAS v0.60, pto-isa's GM -> L1 MGATHER): d a mat
// NZ tile of 512-byte fractals, whole fractals of 16 rows by 32 bytes; the index an i32 GM view;
// an explicit coalesce, and a scratch view of d's element type exactly for coalesce = elem.
void RuleChecker::CheckGatherToL1() {
  const int d = 0, table = 1, idx = 2, scratch = 3;
  RequireAllowedDType(d);
  const TileType* t = Tile(d);
  if (t && t->mem != Memory::kMat) {
    Fail(d, StrCat("mgather with a GM index view gathers into a mat tile, got a ",
                   MemoryName(t->mem), " tile (a vec destination takes an index tile)"));
    return;
  }
  if (t && (t->row_major() || t->slayout != SLayout::kRowMajor || t->fractal != 512)) {
    Fail(d, StrCat("mgather into mat needs an NZ tile (blayout=col_major, slayout=row_major, "
                   "fractal=512), got ", t->LayoutName()));
  }
  if (t && (t->rows % 16 != 0 || t->cols * DTypeSize(t->dtype) % 32 != 0)) {
    Fail(d, StrCat("mgather into mat needs whole fractals: rows a multiple of 16 and columns of ",
                   32 / DTypeSize(t->dtype), " (32 bytes), got ", t->rows, "x", t->cols));
  }
  RequireViewElementSize(table, d);
  if (types_[idx].dtype != DType::kI32) {
    Fail(idx, StrCat("mgather's GM index view holds i32, got ", DTypeName(types_[idx].dtype)));
  }
  const int c = AttrOperand("coalesce");
  const auto coalesce = static_cast<Coalesce>(
      c >= 0 && types_[c].known_value ? static_cast<uint32_t>(types_[c].value) : 0u);
  if (coalesce == Coalesce::kAbsent) {
    Fail(-1, "mgather into mat needs {coalesce = #pto<coalesce row>} or <coalesce elem>: a GM "
             "index view has no shape to tell them apart");
  } else if (coalesce == Coalesce::kElem && !types_[scratch].present) {
    Fail(-1, "mgather into mat with coalesce = elem stages its elements through a GM scratch "
             "view: ins(%table, %idx, %scratch)");
  } else if (coalesce == Coalesce::kRow && types_[scratch].present) {
    Fail(scratch, "mgather into mat with coalesce = row takes no scratch view");
  } else if (coalesce == Coalesce::kElem && t && types_[scratch].dtype != t->dtype) {
    Fail(scratch, StrCat("mgather's scratch view needs the destination's element type (",
                         DTypeName(t->dtype), "), got ", DTypeName(types_[scratch].dtype)));
  }
}

void RuleChecker::CheckSort() {
  for (int i = 0; i < info_.num_operands(); ++i) {
    if (info_.operands[i].kind == OperandKind::kTile) {
      RequireVec(i);
      RequireND(i);
    }
  }
  // The first source: operand 1, or after the counts' array (and tmp) for tmrgsort with lists.
  const int src = info_.opcode == Opcode::kTMrgSortLists      ? 2
                  : info_.opcode == Opcode::kTMrgSortListsTmp ? 3
                                                              : 1;
  RequireAllowedDType(src);
  // tsort32's index and scratch tiles have their own types; tmrgsort's tiles are all lists.
  for (int i = 0; i < (info_.opcode == Opcode::kTSort32 ? 1 : info_.num_operands()); ++i) {
    if (i != src && info_.operands[i].kind == OperandKind::kTile) RequireSameDType(src, i);
  }
  const TileType* a = Tile(1);
  if (info_.opcode == Opcode::kTSort32) {
    RequireIndexTile(2, kIndex32, "an index tile");
    // An index tile of one valid row serves every row of the source (PTOAS v0.60, pto-isa).
    const TileType* x = Tile(2);
    if (!(x && x->valid_rows == 1)) RequireIndexCovers(2, 1, "source");
    if (x && a && x->valid_rows == 1 && a->valid_cols != kDynamic && x->valid_cols != kDynamic &&
        x->valid_cols < a->valid_cols) {
      Fail(2, StrCat("tsort32 needs an index for each of the source's ", a->valid_cols,
                     " valid columns, but the index tile has ", x->valid_cols));
    }
    // Each source element becomes an 8-byte (value, index) record; PTOAS v0.60 does not check
    // that the destination holds them (pto-isa writes past it), so ptorun checks at run time.
    return;
  }
  // tmrgsort: one list per tile, in row 0.
  for (int i = 0; i < info_.num_operands(); ++i) {
    const TileType* t = Tile(i);
    if (t && t->rows != 1) {
      Fail(i, StrCat("tmrgsort keeps each list in one row: tiles must have 1 row, got ",
                     t->rows));
    }
  }
  // The tmp tile (operand 1 of the tmp row) holds the merged records: PTOAS v0.60 wants it at
  // least as wide as the destination.
  const TileType* d = Tile(0);
  if (info_.opcode == Opcode::kTMrgSortListsTmp && d && a && a->cols < d->cols) {
    Fail(1, StrCat("tmrgsort's tmp tile needs the destination's ", d->cols, " columns, got ",
                   a->cols));
  }
  if (src != 1) return;
  const OperandType& block = types_[2];
  if (block.present && block.known_value &&
      (block.value < 64 || static_cast<int64_t>(block.value) % 64 != 0)) {
    Fail(2, StrCat("tmrgsort needs a blockLen that is a positive multiple of 64, got ",
                   static_cast<int64_t>(block.value)));
  }
}

}  // namespace pto
