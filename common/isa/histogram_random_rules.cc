// The operand rules of thistogram (Histogram) and trandom (Random), as PTOAS v0.60 verifies
// them (A5 only).
#include "pto/common/isa/rule_checker.h"

#include "pto/common/strings.h"

namespace pto {

namespace {

bool IsWidth(DType t, int bytes) { return !IsFloat(t) && DTypeSize(t) == bytes; }

}  // namespace

// thistogram d | a idx @byte: 256 u32 bins per row of a (16- or 32-bit integers) in an ND d of
// a's rows and at least 256 columns. 16-bit a: byte 0 or 1, idx a DN column of a's rows (the
// high byte each row's low-byte count keeps). 32-bit a: bytes 0-2 filter by the higher bytes
// in the first (3 - byte) rows of an ND idx of a's columns.
void RuleChecker::CheckHistogram() {
  const int d = 0, a = 1, idx = 2;
  RequireAllowedDType(a);
  for (int i : {d, a, idx}) RequireVec(i);
  RequireND(a);
  RequireND(d);
  const TileType* td = Tile(d);
  const TileType* ta = Tile(a);
  const TileType* ti = Tile(idx);
  const int b = AttrOperand("byte");
  if (!td || !ta || !ti || !types_[b].known_value) return;
  const int byte = static_cast<int>(types_[b].value);
  if (!IsWidth(td->dtype, 4)) Fail(d, StrCat("thistogram counts into ui32, got ", DTypeName(td->dtype)));
  if (!IsWidth(ti->dtype, 1)) Fail(idx, StrCat("thistogram's idx holds ui8, got ", DTypeName(ti->dtype)));
  if (td->rows != ta->rows || td->valid_rows != ta->valid_rows) {
    Fail(d, StrCat("thistogram writes one row of bins per source row: ", ta->rows, " rows (",
                   ta->valid_rows, " valid), got ", td->rows, " (", td->valid_rows, ")"));
  }
  if (td->cols < 256 || (td->valid_cols != kDynamic && td->valid_cols != 0 && td->valid_cols < 256)) {
    Fail(d, StrCat("thistogram's destination rows hold 256 bins, got ", td->ToString()));
  }
  if (IsWidth(ta->dtype, 2)) {
    if (byte > 1) Fail(b, StrCat("a 16-bit source has bytes 0 and 1, not ", byte));
    if (ti->boxed() || ti->row_major() || ti->cols != 1 || ti->rows != ta->rows ||
        ti->valid_rows != ta->valid_rows || ti->valid_cols > 1) {
      Fail(idx, StrCat("thistogram of a 16-bit source takes a DN idx of one column and its ",
                       ta->rows, " rows, got ", ti->ToString()));
    }
  } else if (byte != 3) {
    const int rows = 3 - byte;
    if (ti->boxed() || !ti->row_major() || ti->cols != ta->cols ||
        ti->valid_cols != ta->valid_cols || ti->rows != rows ||
        (ti->valid_rows != 0 && ti->valid_rows != kDynamic && ti->valid_rows != rows)) {
      Fail(idx, StrCat("byte ", byte, " of a 32-bit source takes an ND idx of ", rows,
                       " rows and the source's ", ta->cols, " columns, got ", ti->ToString()));
    }
  }
}

// trandom d | key0 key1 counter0..3 @rounds: an ND i32/ui32 d, 32-bit words.
void RuleChecker::CheckRandom() {
  RequireAllowedDType(0);
  RequireVec(0);
  RequireND(0);
  for (int i = 1; i <= 6; ++i) {
    const DType t = types_[i].dtype;
    if (t != DType::kInvalid && t != DType::kI32 && t != DType::kU32) {
      Fail(i, StrCat("trandom's key and counter words are i32 or ui32, got ", DTypeName(t)));
    }
  }
}

}  // namespace pto
