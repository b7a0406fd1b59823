// The contracts of the NPU's scratch (tmp) tiles: when an instruction is given its optional tmp
// tile, PTOAS v0.60 checks that the tile can hold what the A2/A3 (sometimes also the A5)
// implementation keeps there. ptorun does not need the scratch space, but a program PTOAS
// refuses is refused here too (docs/semantics.md "Scratch tiles").
#include <algorithm>

#include "pto/common/isa/rule_checker.h"
#include "pto/common/strings.h"

namespace pto {

namespace {

int64_t CeilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

bool Known(int32_t v) { return v != kDynamic; }

// The tmp stride the A2/A3 arg reductions need for \a valid_cols source columns: room for two
// partial results and one index per 256-byte repeat, in 32-byte blocks of elements.
int64_t ArgReductionTmpCols(DType t, int64_t valid_cols) {
  const int64_t size = DTypeSize(t), repeat = 256 / size, block = 32 / size;
  const int64_t repeats = CeilDiv(valid_cols, repeat);
  return (CeilDiv(repeats * 2, block) + CeilDiv(repeats, block)) * block;
}

}  // namespace

int RuleChecker::TmpOperand() const {
  for (int i = 0; i < info_.num_operands(); ++i) {
    const OperandSpec& s = info_.operands[i];
    if (s.kind == OperandKind::kTile && s.optional && !s.output) return types_[i].present ? i : -1;
  }
  return -1;
}

void RuleChecker::RequireTmpBytes(int tmp, uint64_t bytes) {
  const TileType* t = Tile(tmp);
  if (t && t->Bytes() < bytes) {
    Fail(tmp, StrCat(info_.mnemonic, " needs a tmp tile of at least ", bytes, " bytes, got ",
                     t->Bytes()));
  }
}

void RuleChecker::RequireTmpDType(int tmp, int like) {
  const TileType* t = Tile(tmp);
  const TileType* d = Tile(like);
  if (t && d && t->dtype != d->dtype) {
    Fail(tmp, StrCat(info_.mnemonic, " needs a tmp tile of its data's element type (",
                     DTypeName(d->dtype), "), got ", DTypeName(t->dtype)));
  }
}

// The contract of the tmp tile of the instruction, when it is given one.
void RuleChecker::CheckTmpContract() {
  const int tmp = TmpOperand();
  if (tmp < 0 || !Tile(tmp)) return;
  if (info_.opcode == Opcode::kTColSum) return CheckColSumTmp(tmp);
  if (arch_ != Arch::kA2A3) return;
  switch (info_.opcode) {
    case Opcode::kTSel:
      return CheckSelTmp(tmp);
    case Opcode::kTPRelu:
      return CheckPReluTmp(tmp);
    case Opcode::kTRem:
    case Opcode::kTRemS:
      return CheckRemTmp(tmp);
    case Opcode::kTRowArgMax:
    case Opcode::kTRowArgMin:
    case Opcode::kTColArgMax:
    case Opcode::kTColArgMin:
      return CheckArgReduceTmp(tmp);
    case Opcode::kTRowSum:
    case Opcode::kTRowMax:
    case Opcode::kTRowMin:
    case Opcode::kTRowProd:
      RequireTmpDType(tmp, 1);
      return RequireTmpBytes(tmp, 32);
    case Opcode::kTXor:
    case Opcode::kTXorS:
      RequireTmpDType(tmp, 0);
      RequireND(tmp);
      if (Tile(0)) RequireTmpBytes(tmp, Tile(0)->Bytes());
      return;
    case Opcode::kTCi:
      return CheckCiTmp(tmp);
    case Opcode::kTSort32:
      if (Tile(1)) RequireTmpBytes(tmp, Tile(1)->Bytes());
      return;
    default:
      if (info_.family == Family::kRowExpandBinary) CheckRowExpandTmp(tmp);
      return;
  }
}

// tsel: 4-byte elements; room for a 16-bit (32-bit) data type's mask expansion.
void RuleChecker::CheckSelTmp(int tmp) {
  const TileType* t = Tile(tmp);
  const TileType* d = Tile(0);
  if (DTypeSize(t->dtype) != 4) {
    Fail(tmp, StrCat("tsel's tmp tile holds 4-byte elements on a2a3, got ", DTypeName(t->dtype)));
  }
  if (d) RequireTmpBytes(tmp, DTypeSize(d->dtype) == 2 ? 16 : 8);
}

// tprelu: a byte tile of one more row than d's valid rows, each a packed mask of d's row.
void RuleChecker::CheckPReluTmp(int tmp) {
  const TileType* t = Tile(tmp);
  const TileType* d = Tile(0);
  if (DTypeSize(t->dtype) != 1 || IsFloat(t->dtype)) {
    Fail(tmp, StrCat("tprelu's tmp tile holds ui8 masks on a2a3, got ", DTypeName(t->dtype)));
    return;
  }
  if (!d || !Known(d->valid_rows) || !Known(d->valid_cols)) return;
  if (t->rows < d->valid_rows + 1) {
    Fail(tmp, StrCat("tprelu's tmp tile needs at least ", d->valid_rows + 1,
                     " rows (the destination's valid rows + 1) on a2a3, got ", t->rows));
  }
  const int64_t mask_cols = CeilDiv(d->valid_cols, 8);
  if (Known(t->valid_cols) && t->valid_cols < mask_cols) {
    Fail(tmp, StrCat("tprelu's tmp tile needs at least ", mask_cols,
                     " valid columns (one bit per "
                     "destination column) on a2a3, got ",
                     t->valid_cols));
  }
  const int64_t packed = std::max<int64_t>(32, CeilDiv(mask_cols, 32) * 32);
  RequireTmpBytes(tmp, static_cast<uint64_t>(d->valid_rows + 1) * packed);
}

// trem (trems): a tmp of d's element type, 2 (1) rows of at least d's valid columns.
void RuleChecker::CheckRemTmp(int tmp) {
  const TileType* t = Tile(tmp);
  const TileType* d = Tile(0);
  RequireTmpDType(tmp, 0);
  const int rows = info_.opcode == Opcode::kTRem ? 2 : 1;
  if (Known(t->valid_rows) && t->valid_rows < rows) {
    Fail(tmp, StrCat(info_.mnemonic, "'s tmp tile needs at least ", rows,
                     " valid rows on a2a3, "
                     "got ",
                     t->valid_rows));
  }
  if (!d) return;
  if (Known(d->valid_cols) && Known(t->valid_cols) && t->valid_cols < d->valid_cols) {
    Fail(tmp, StrCat(info_.mnemonic, "'s tmp tile needs the destination's ", d->valid_cols,
                     " valid columns on a2a3, got ", t->valid_cols));
  }
  RequireTmpBytes(tmp, static_cast<uint64_t>(rows) * d->cols * DTypeSize(d->dtype));
}

// The arg reductions: a tmp of the source's element type, wide enough for the partial results
// and indices of each 256-byte repeat of a source row (or column).
void RuleChecker::CheckArgReduceTmp(int tmp) {
  const TileType* t = Tile(tmp);
  const TileType* a = Tile(1);
  RequireTmpDType(tmp, 1);
  RequireTmpBytes(tmp, 32);
  if (!a || (t->valid_rows == a->valid_rows && t->valid_cols == a->valid_cols)) return;
  const bool per_row = info_.opcode == Opcode::kTRowArgMax || info_.opcode == Opcode::kTRowArgMin;
  if (!Known(a->valid_cols)) return;
  if (per_row && a->valid_cols <= 256 / DTypeSize(a->dtype)) {
    // One repeat per row: a DN column of 2 entries per row, or an ND tile of 2 columns.
    const bool dn = !t->boxed() && !t->row_major();
    const int64_t need_rows = dn ? 2 * int64_t{a->valid_rows} : a->valid_rows;
    if (Known(a->valid_rows) && Known(t->valid_rows) && t->valid_rows < need_rows) {
      Fail(tmp, StrCat(info_.mnemonic, "'s tmp tile needs at least ", need_rows,
                       " valid rows on a2a3, got ", t->valid_rows));
    }
    if (!dn && Known(t->valid_cols) && t->valid_cols < 2) {
      Fail(tmp, StrCat(info_.mnemonic, "'s tmp tile needs at least 2 valid columns on a2a3, got ",
                       t->valid_cols));
    }
    return;
  }
  const int64_t need = ArgReductionTmpCols(a->dtype, a->valid_cols);
  if (Known(t->valid_cols) && t->valid_cols < need) {
    Fail(tmp, StrCat(info_.mnemonic, "'s tmp tile needs at least ", need, " valid columns for ",
                     a->valid_cols, " source columns on a2a3, got ", t->valid_cols));
  }
  if (per_row && Known(a->valid_rows) && Known(t->valid_rows) && t->valid_rows < a->valid_rows) {
    Fail(tmp, StrCat(info_.mnemonic, "'s tmp tile needs the source's ", a->valid_rows,
                     " valid rows on a2a3, got ", t->valid_rows));
  }
}

// tci: a plain row-major tile of 4-byte elements, 768 (32-bit d) or 1792 (16-bit d) bytes.
void RuleChecker::CheckCiTmp(int tmp) {
  const TileType* t = Tile(tmp);
  const TileType* d = Tile(0);
  RequireVec(tmp);
  RequireND(tmp);
  if (DTypeSize(t->dtype) != 4) {
    Fail(tmp, StrCat("tci's tmp tile holds 4-byte elements on a2a3, got ", DTypeName(t->dtype)));
  }
  if (d) RequireTmpBytes(tmp, DTypeSize(d->dtype) == 4 ? 768 : 1792);
}

// trowexpand* with a tmp (a2a3): the per-row scalars in a DN column, and 256 bytes per 8 rows.
void RuleChecker::CheckRowExpandTmp(int tmp) {
  const TileType* b = Tile(2);
  const TileType* d = Tile(0);
  RequireTmpDType(tmp, 0);
  if (b && (b->boxed() || b->row_major())) {
    Fail(2, StrCat(info_.mnemonic,
                   " with a tmp tile takes its per-row scalars from a DN column "
                   "on a2a3, got ",
                   b->LayoutName()));
  }
  if (!d) return;
  const int64_t rows = d->valid_rows;
  const uint64_t need = !Known(rows) ? 8192 : rows < 256 ? CeilDiv(rows, 8) * 256 : 30 * 256;
  RequireTmpBytes(tmp, need);
}

// tcolsum with a tmp: of the source's element type; with isBinary, a tmp row at least as wide
// as the source's valid columns, with room for half the source's valid rows (both
// architectures).
void RuleChecker::CheckColSumTmp(int tmp) {
  const TileType* t = Tile(tmp);
  const TileType* a = Tile(1);
  const int binary = AttrOperand("isBinary");
  RequireTmpDType(tmp, 1);
  if (binary < 0 || !types_[binary].known_value || types_[binary].value == 0) return;
  if (!a || !Known(a->valid_cols)) return;
  if (t->cols < a->valid_cols) {
    Fail(tmp, StrCat("tcolsum's tmp tile needs at least the source's ", a->valid_cols,
                     " valid columns, got ", t->cols));
  }
  if (Known(a->valid_rows)) {
    RequireTmpBytes(tmp, static_cast<uint64_t>(CeilDiv(a->valid_rows, 2)) * a->valid_cols *
                             DTypeSize(a->dtype));
  }
}

}  // namespace pto
