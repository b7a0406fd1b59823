// The Extract, Insert and Transpose families: windows of tiles (textract, textract_fp), inserts
// into them (tinsert, tinsert_fp) and transposes (ttrans). Tiles are read and written through
// their layouts' offset formulas (NZ, ZN, ZZ, ND, DN alike).
#include <cstring>

#include "pto/common/strings.h"
#include "pto/interp/tile/fixpipe_quant.h"
#include "pto/interp/tile/tile_shared.h"

namespace pto::interp {

namespace {

// d, a and the window origin; the fp forms (textract_fp, tinsert_fp) carry the fp tile before
// the origin.
template <bool kQuant>
bool WindowOperands(Executor& ex, const Instr& in, TileRef* d, TileRef* a, int64_t* r0,
                    int64_t* c0) {
  if (!ex.Tile(in.operands[0], d) || !ex.Tile(in.operands[1], a)) return false;
  const int first = kQuant ? 3 : 2;
  *r0 = ex.scalar(in.operands[first]).i;
  *c0 = ex.scalar(in.operands[first + 1]).i;
  if (*r0 < 0 || *c0 < 0) {
    return ex.Fault(StrCat("the window origin (", *r0, ", ", *c0, ") is negative"));
  }
  return true;
}

// The fixpipe's controls: textract/tinsert carry a pre-quant scalar at 4, then accToVecMode
// and reluPreMode at 5 and 6; the fp forms carry the fp tile at 2 and the modes at 5 and 6.
template <bool kQuant>
MoveControls Controls(Executor& ex, const Instr& in) {
  MoveControls k = ReadMoveControls(ex, in, kQuant ? -1 : 4, 5);
  if (kQuant) k.fp_reg = in.operands[2];
  return k;
}

// PTOAS v0.60's VPTO template lowers a textract from an NZ mat tile into a right tile as one
// mte_l1_l0b without transpose: the right tile (ZN) receives the source's 16x16 boxes of
// 2-byte elements byte for byte, so a square window from the origin lands transposed, where
// pto-isa's TExtractToRight keeps the matrix (docs/semantics.md, "PTOAS's backends").
bool VptoRightTakesBoxesAsTheyAre(const Executor& ex, const TileRef& d, const TileRef& a,
                                  int64_t r0, int64_t c0) {
  return ex.function().backend == Backend::kVpto && a.type->mem == Memory::kMat &&
         d.type->mem == Memory::kRight && std::strcmp(a.type->LayoutName(), "NZ") == 0 &&
         DTypeSize(a.type->dtype) == 2 && r0 == 0 && c0 == 0 &&
         d.valid_rows == d.valid_cols && d.valid_rows % 16 == 0;
}

void CopyTransposed(const TileRef& d, const TileRef& a) {
  const int64_t size = DTypeSize(a.type->dtype);
  for (int64_t i = 0; i < d.valid_rows; ++i) {
    for (int64_t j = 0; j < d.valid_cols; ++j) {
      std::memcpy(d.base + d.type->ElementOffset(i, j) * size,
                  a.base + a.type->ElementOffset(j, i) * size, static_cast<size_t>(size));
    }
  }
}

}  // namespace

// d[i,j] = a[r0+i, c0+j] over the valid region of d; the window must lie inside a. textract_fp
// quantises from acc with the fp tile's channel j for column j of the window.
template <typename Op>
bool ExecExtract(Executor& ex, const Instr& in) {
  constexpr bool kQuant = std::is_same_v<Op, ops::Quantized>;
  TileRef d, a;
  int64_t r0, c0;
  if (!WindowOperands<kQuant>(ex, in, &d, &a, &r0, &c0)) return false;
  if (r0 + d.valid_rows > a.type->rows || c0 + d.valid_cols > a.type->cols) {
    return ex.Fault(StrCat("a ", d.valid_rows, "x", d.valid_cols, " window at (", r0, ", ", c0,
                           ") does not fit in ", ex.TileName(a.reg), " (", a.type->rows, "x",
                           a.type->cols, ")"));
  }
  if (!kQuant && VptoRightTakesBoxesAsTheyAre(ex, d, a, r0, c0) && d.type->dtype == a.type->dtype) {
    CopyTransposed(d, a);
    return true;
  }
  return MoveBlock<kQuant>(ex, d, a, {d.valid_rows, d.valid_cols, r0, c0, 0, 0},
                           Controls<kQuant>(ex, in), false);
}

// d[r0+i, c0+j] = a[i,j] over the valid region of a, converting from L0C's type (tinsert_fp:
// quantising with the fp tile's channel j for column j of a).
template <typename Op>
bool ExecInsert(Executor& ex, const Instr& in) {
  constexpr bool kQuant = std::is_same_v<Op, ops::Quantized>;
  TileRef d, a;
  int64_t r0, c0;
  if (!WindowOperands<kQuant>(ex, in, &d, &a, &r0, &c0)) return false;
  if (r0 + a.valid_rows > d.valid_rows || c0 + a.valid_cols > d.valid_cols) {
    return ex.Fault(StrCat("a ", a.valid_rows, "x", a.valid_cols, " tile at (", r0, ", ", c0,
                           ") does not fit in the valid region of ", ex.TileName(d.reg), " (",
                           d.valid_rows, "x", d.valid_cols, ")"));
  }
  return MoveBlock<kQuant>(ex, d, a, {a.valid_rows, a.valid_cols, 0, 0, r0, c0},
                           Controls<kQuant>(ex, in), false);
}

// d[j,i] = a[i,j] over the valid region of a.
template <typename Op>
bool ExecTranspose(Executor& ex, const Instr& in) {
  TileRef d, a;
  if (!ex.Tile(in.operands[0], &d) || !ex.Tile(in.operands[1], &a)) return false;
  if (d.valid_rows < a.valid_cols || d.valid_cols < a.valid_rows) {
    return ex.Fault(StrCat("the transpose of a ", a.valid_rows, "x", a.valid_cols,
                           " valid region needs ", a.valid_cols, "x", a.valid_rows, ", but ",
                           ex.TileName(d.reg), " has ", d.valid_rows, "x", d.valid_cols));
  }
  WithStorageType(d.type->dtype, [&](auto tag) {
    using T = decltype(tag);
    WithSafeDst(ex, d, {&a}, false, [&](const TileRef& dst) {
      for (int32_t r = 0; r < a.valid_rows; ++r) {
        for (int32_t c = 0; c < a.valid_cols; ++c) {
          std::memcpy(dst.At<T>(c, r), a.At<T>(r, c), sizeof(T));
        }
      }
      return true;
    });
  });
  return true;
}

#define PTO_IMPLEMENTS_Extract PTO_YES
#define PTO_IMPLEMENTS_Insert PTO_YES
#define PTO_IMPLEMENTS_Transpose PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
