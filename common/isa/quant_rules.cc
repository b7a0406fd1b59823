// Operand rules of the quantised cube instructions: the fixpipe's quantising moves out of
// L0C (tmov.fp, tstore.fp, textract_fp, tinsert_fp: the source is an acc tile, the parameters a
// ui64 row in the scaling buffer, the (source, result) element types the fixpipe's vector
// quantisation modes) and the MX matmuls (tmatmul.mx, tgemv.mx and their .acc/.bias forms).
#include "pto/common/isa/rule_checker.h"
#include "pto/common/strings.h"

namespace pto {

bool RuleChecker::IsFixpipeQuant() const { return info_.flags & kFlagFpTile; }

void RuleChecker::CheckFixpipeQuant() {
  const std::string_view m = info_.mnemonic;
  const bool store = info_.opcode == Opcode::kTStoreFp;
  const int dst = 0, src = 1, fp = 2;
  RequireMemory(src, {Memory::kAcc});
  RequireMemory(fp, {Memory::kScaling});
  if (!store) {  // PTOAS v0.60 also takes tmov.fp from acc to vec on a2a3
    if (arch_ == Arch::kA5 || info_.family == Family::kMove) {
      RequireMemory(dst, {Memory::kMat, Memory::kVec});
    } else {
      RequireMemory(dst, {Memory::kMat});
    }
  }
  if (!store) CheckAccControls();
  const TileType* s = Tile(src);
  DType out = store ? types_[dst].dtype : (Tile(dst) ? Tile(dst)->dtype : DType::kInvalid);
  if (!s || out == DType::kInvalid) return;
  // The fixpipe's vector quantisation modes (VQF322B8_PRE, VREQ8, VDEQF16; a5 adds the f32 to
  // f16/bf16/f32 and i32 to bf16 modes).
  DTypeMask allowed = 0;
  if (s->dtype == DType::kF32) {
    allowed = Bit(DType::kI8) | Bit(DType::kU8);
    if (arch_ == Arch::kA5) {
      allowed |= Bit(DType::kF16) | Bit(DType::kBF16) | Bit(DType::kF32) |
                 Bit(DType::kF8E4M3) | Bit(DType::kHiF8);  // fp8 / hif8: run time faults
      // PTOAS v0.60's textract / tinsert fp forms take any 8-bit float.
      if (!store && info_.family != Family::kMove) allowed |= Bit(DType::kF8E5M2);
    } else if (store) {
      // PTOAS v0.60 checks no result type of an a2a3 tstore.fp; the float results are modelled
      // as a5's VQF322F16/BF16/F32_PRE (docs/semantics.md "Fixpipe quantisation").
      allowed |= Bit(DType::kF16) | Bit(DType::kBF16) | Bit(DType::kF32);
    }
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

// PTOAS v0.60's scale tiles of an MX matmul: exactly [M, ceil(K/32)] and [ceil(K/32), N], in
// their shape and valid shape, M, K, N from the operands' shapes and valid shapes (tgemv.mx: K
// from the left operand's valid shape, N of the shape from the right operand's static columns);
// tmatmul.mx's are ZZ and NN tiles of 32-byte boxes. A dimension unknown until run time passes.
void RuleChecker::RequireMxScaleShapes(bool gemv, int sa, int sb, const TileType& a,
                                       const TileType& b) {
  const auto blocks = [](int32_t k) { return k == kDynamic ? kDynamic : (k + 31) / 32; };
  const auto fits = [](int32_t have, int32_t want) {
    return have == kDynamic || want == kDynamic || have == want;
  };
  const std::string_view m = info_.mnemonic;
  const int32_t k_shape = gemv ? a.valid_cols : a.cols, k_valid = a.valid_cols;
  struct Want {
    int operand;
    int32_t rows, cols, valid_rows, valid_cols;
    const char* text;
  };
  const Want wants[2] = {
      {sa, gemv ? a.valid_rows : a.rows, blocks(k_shape), a.valid_rows, blocks(k_valid),
       "[M, ceil(K/32)]"},
      {sb, blocks(k_shape), b.cols, blocks(k_valid), b.valid_cols, "[ceil(K/32), N]"}};
  for (const Want& w : wants) {
    const TileType* t = Tile(w.operand);
    if (!t) continue;
    if (!fits(t->rows, w.rows) || !fits(t->cols, w.cols) || !fits(t->valid_rows, w.valid_rows) ||
        !fits(t->valid_cols, w.valid_cols)) {
      Fail(w.operand, StrCat(m, " needs its ", w.operand == sa ? "left" : "right",
                             " scales exactly ", w.text, " in shape and valid shape (",
                             w.rows, "x", w.cols, ", valid ", w.valid_rows, "x", w.valid_cols,
                             "), got ", t->ToString()));
      continue;
    }
    const bool zz = w.operand == sa;
    if (!gemv && (t->row_major() != zz ||
                  t->slayout != (zz ? SLayout::kRowMajor : SLayout::kColMajor) ||
                  t->fractal != 32)) {
      Fail(w.operand, StrCat(m, " needs its ", zz ? "left scales in a ZZ tile (blayout=row_major, "
                                                    "slayout=row_major"
                                                  : "right scales in an NN tile (blayout=col_major, "
                                                    "slayout=col_major",
                             ", fractal=32), got ", t->ToString()));
    }
  }
}

// tmatmul.mx / tgemv.mx [.acc | .bias] (a5 only): c (acc, f32) = sum over k of
// (a[i,k] * 2^sa[i,k/32]) * (b[k,j] * 2^sb[k/32,j]); a, b fp8 (e4m3 or e5m2, any pair) in
// L0A/L0B, the e8m0 scales in the scaling buffer.
void RuleChecker::CheckMatmulMx(bool acc, bool bias) {
  const std::string_view m = info_.mnemonic;
  if (arch_ != Arch::kA5) {
    Fail(0, StrCat(m, " is not available on ", ArchName(arch_), " (MX matmuls exist on a5 only)"));
    return;
  }
  const int c = 0, a = acc ? 2 : 1, sa = a + 1, b = a + 2, sb = a + 3;
  RequireMemory(c, {Memory::kAcc});
  RequireMemory(a, {Memory::kLeft});
  RequireMemory(b, {Memory::kRight});
  RequireMemory(sa, {Memory::kScaling});
  RequireMemory(sb, {Memory::kScaling});
  for (int operand : {a, b}) {
    const TileType* t = Tile(operand);
    if (t && (t->dtype == DType::kF4E2M1X2 || t->dtype == DType::kF4E1M2X2)) {
      // PTOAS v0.60 takes them, but its IR counts an fp4 tile's columns in pairs while the
      // code it emits for pto-isa doubles the rows of a left (col_major) tile and the columns
      // of a right one: no M, K, N agree with both, so there is no result to compute.
      Fail(operand, StrCat(m, " with fp4 operands (", DTypeName(t->dtype), ") is not modelled: "
                           "PTOAS v0.60 accepts it, but which dimension of a packed fp4 tile "
                           "holds the pairs is not settled (docs/semantics.md, \"MX matmuls\")"));
      return;
    }
  }
  RequireAllowedDType(a);
  RequireAllowedDType(b);
  for (int operand : {a, b}) {
    if (types_[operand].ieee_e4m3) {
      Fail(operand, StrCat(m, " takes f8E4M3FN or f8E5M2 operands, not f8E4M3 (MLIR's "
                              "IEEE-style e4m3), as PTOAS v0.60 checks"));
    }
  }
  if (acc) {
    RequireMemory(1, {Memory::kAcc});
    RequireSameDType(c, 1);
  }
  // The scale tiles' element type is not checked (PTOAS v0.60 takes f16 ones): the cube reads
  // their bytes as e8m0 exponents (docs/semantics.md "MX matmuls").
  const TileType* tc = Tile(c);
  const TileType* ta = Tile(a);
  const TileType* tb = Tile(b);
  if (!tc || !ta || !tb) return;
  if (tc->dtype != DType::kF32) {
    Fail(c, StrCat(m, " accumulates in f32, but the acc tile holds ", DTypeName(tc->dtype)));
  }
  RequireMatmulShapes(a, b, c);
  // PTOAS v0.60: the cube's MX matmul takes K in whole 64-element steps of the tiles' storage.
  if (m.substr(0, 7) == "tmatmul" && (ta->cols % 64 != 0 || tb->rows % 64 != 0)) {
    Fail(ta->cols % 64 != 0 ? a : b,
         StrCat(m, " takes K in multiples of 64 (the left operand's columns, the right "
                   "operand's rows), got ", ta->cols, " and ", tb->rows));
  }
  RequireMxScaleShapes(info_.flags & kFlagMatmulGemv, sa, sb, *ta, *tb);

  if (bias) {
    RequireMemory(5, {Memory::kBias});
    const TileType* tbias = Tile(5);
    if (tbias && (tbias->dtype != DType::kF32 || tbias->rows != 1 || tbias->cols != tc->cols)) {
      Fail(5, StrCat("the bias must be a 1x", tc->cols, " f32 row, got ", tbias->ToString()));
    }
  }
}

// tquant d|a s [o]: f32 a, i8 or ui8 d (the quant_type decides which, checked at run time);
// tdequant d|a s o: i8 or i16 a, f32 d. Per-row parameters are f32; all tiles in UB.
// tquant's operands as PTOAS v0.60 wants them: an offset exactly for INT8_ASYM, a and d of one
// valid shape; on a2a3 the per-row parameters in DN columns of d's valid rows, and a static
// source (the NPU's tmp tile is sized from it).
void RuleChecker::CheckQuantOperands() {
  const int offset = 3, mode = AttrOperand("quant_type");
  const bool asym = mode >= 0 && types_[mode].known_value && types_[mode].value == 1;
  if (mode >= 0 && types_[mode].known_value && types_[mode].value > 1) {
    Fail(mode, "tquant takes quant_type INT8_SYM or INT8_ASYM; MX quantisation is tquant.mx");
    return;
  }
  if (asym && !types_[offset].present) Fail(-1, "tquant INT8_ASYM needs an offset tile");
  if (!asym && types_[offset].present) Fail(offset, "tquant INT8_SYM takes no offset tile");
  const TileType* a = Tile(1);
  const TileType* d = Tile(0);
  if (!a || !d) return;
  if (a->valid_rows != kDynamic && d->valid_rows != kDynamic && a->valid_cols != kDynamic &&
      d->valid_cols != kDynamic &&
      (a->valid_rows != d->valid_rows || a->valid_cols != d->valid_cols)) {
    Fail(0, StrCat("tquant needs the source's valid shape (", a->valid_rows, "x", a->valid_cols,
                   ") on its destination, got ", d->valid_rows, "x", d->valid_cols));
  }
  if (arch_ != Arch::kA2A3) return;
  if (a->valid_rows == kDynamic || a->valid_cols == kDynamic) {
    Fail(1,
         "tquant on a2a3 needs a source of static valid shape (its scratch tile is sized "
         "from it)");
  }
  for (int p : {2, offset}) {
    const TileType* t = Tile(p);
    if (!t) continue;
    if (t->row_major()) {
      Fail(p, StrCat("tquant on a2a3 takes its per-row ", p == 2 ? "scales" : "offsets",
                     " in a DN (column-major) tile, got ", t->LayoutName()));
    }
    if (t->valid_cols != kDynamic && t->valid_cols != 1) {
      Fail(p, StrCat("tquant on a2a3 takes one ", p == 2 ? "scale" : "offset",
                     " per row: 1 valid column, got ", t->valid_cols));
    }
    if (t->valid_rows != kDynamic && d->valid_rows != kDynamic && t->valid_rows != d->valid_rows) {
      Fail(p, StrCat("tquant on a2a3 takes the destination's ", d->valid_rows, " valid rows of ",
                     p == 2 ? "scales" : "offsets", ", got ", t->valid_rows));
    }
  }
}

void RuleChecker::CheckQuant() {
  if (info_.num_operands() == 0 || info_.operands[0].kind != OperandKind::kTile) return;
  if (info_.opcode == Opcode::kTQuantMx) return CheckQuantMx();
  const bool quant = info_.opcode == Opcode::kTQuant;
  const int d = 0, a = 1;
  for (int i = 0; i < info_.num_operands(); ++i) {
    if (info_.operands[i].kind == OperandKind::kTile) RequireVec(i);
  }
  RequireAllowedDType(a);
  RequireND(d);
  RequireND(a);
  RequireValidCovers(a, d, true, true);
  if (quant) CheckQuantOperands();
  const TileType* td = Tile(d);
  const DTypeMask results = quant ? Bit(DType::kI8) | Bit(DType::kU8) : Bit(DType::kF32);
  if (td && !(results & Bit(td->dtype))) {
    Fail(d, StrCat(info_.mnemonic, " writes ", DTypeMaskNames(results), ", not ",
                   DTypeName(td->dtype)));
  }
  for (int p = 2; p < info_.num_operands(); ++p) {
    const TileType* t = Tile(p);
    if (info_.operands[p].kind != OperandKind::kTile || !t) continue;
    RequirePlain(p);
    if (t->dtype != DType::kF32) {
      Fail(p, StrCat(info_.mnemonic, " takes f32 per-row ", p == 2 ? "scales" : "offsets",
                     ", got ", DTypeName(t->dtype)));
    }
    RequireValidCovers(p, d, true, false);
  }
}

// tget_scale_addr d | a: a left (right) tile's scaling tile, [M, ceil(K/32)] ([ceil(K/32), N])
// of a's storage rows (columns) and valid K, in the scaling memory (A5).
void RuleChecker::CheckScaleAddr() {
  RequireAllowedDType(1);
  RequireMemory(1, {Memory::kLeft, Memory::kRight});
  RequireMemory(0, {Memory::kScaling});
  const TileType* d = Tile(0);
  const TileType* a = Tile(1);
  if (!d || !a || a->valid_rows == kDynamic || a->valid_cols == kDynamic) return;
  if (a->mem != Memory::kLeft && a->mem != Memory::kRight) return;
  const bool left = a->mem == Memory::kLeft;
  const int32_t k = left ? a->valid_cols : a->valid_rows;
  const int32_t groups = (k + 31) / 32;
  const int32_t rows = left ? a->rows : groups, cols = left ? groups : a->cols;
  const int32_t valid_rows = left ? a->valid_rows : groups;
  const int32_t valid_cols = left ? groups : a->valid_cols;
  if (d->rows != rows || d->cols != cols ||
      (d->valid_rows != kDynamic && d->valid_rows != valid_rows) ||
      (d->valid_cols != kDynamic && d->valid_cols != valid_cols)) {
    Fail(0, StrCat("the scales of ", a->ToString(), " are a ", rows, "x", cols, " tile (valid ",
                   valid_rows, "x", valid_cols, "), one per 32 elements along K; got ",
                   d->ToString()));
  }
}

}  // namespace pto
