// The operand rules of tpow/tpows (Power) and taxpy (Axpy), as PTOAS v0.60 verifies them.
#include "pto/common/isa/rule_checker.h"

#include "pto/common/strings.h"

namespace pto {

// tpow d | a b [tmp] / tpows d | a k [tmp]: the elementwise rules; the tmp tile is the NPU's
// float scratch (integer elements take none); bf16 exists only in the high-precision sequence.
void RuleChecker::CheckPower() {
  CheckElementwise();
  const TileType* d = Tile(0);
  if (!d) return;
  const int tmp = 3;
  const TileType* t = Tile(tmp);
  if (t && !IsFloat(d->dtype)) {
    Fail(tmp, StrCat(info_.mnemonic, " takes no tmp tile for integer elements (",
                     DTypeName(d->dtype), ")"));
  } else if (t) {
    RequireVec(tmp);
    RequireND(tmp);
    if (t->dtype != d->dtype) {
      Fail(tmp, StrCat(info_.mnemonic, "'s tmp tile holds the destination's element type (",
                       DTypeName(d->dtype), "), got ", DTypeName(t->dtype)));
    }
    if (t->valid_rows != kDynamic && d->valid_rows != kDynamic &&
        (t->valid_rows != d->valid_rows || t->valid_cols != d->valid_cols)) {
      Fail(tmp, StrCat(info_.mnemonic, "'s tmp tile needs the destination's valid shape (",
                       d->valid_rows, "x", d->valid_cols, "), got ", t->valid_rows, "x",
                       t->valid_cols));
    }
    if (arch_ == Arch::kA2A3 && t->Bytes() < d->Bytes()) {
      Fail(tmp, StrCat(info_.mnemonic, "'s tmp tile holds ", t->Bytes(),
                       " bytes; the destination needs ", d->Bytes()));
    }
  }
  const int p = AttrOperand("precisionType");
  const bool high = p >= 0 && types_[p].known_value && types_[p].value == 1;
  if (d->dtype == DType::kBF16 && !high) {
    Fail(0, StrCat(info_.mnemonic, " takes bf16 tiles only with precisionType = high_precision"));
  }
}

// taxpy d | a k: d = a * k + d. Vec tiles of one shape and valid shape; a of d's type, or f16
// into an f32 d; k of a's type.
void RuleChecker::CheckAxpy() {
  RequireAllowedDType(0);
  RequireVec(0);
  RequireVec(1);
  const TileType* d = Tile(0);
  const TileType* a = Tile(1);
  if (!d || !a) return;
  const bool widening = a->dtype == DType::kF16 && d->dtype == DType::kF32;
  if (a->dtype != d->dtype && !widening) {
    Fail(1, StrCat("taxpy needs a source of the destination's type (", DTypeName(d->dtype),
                   "), or f16 into an f32 destination, got ", DTypeName(a->dtype)));
  }
  if (a->rows != d->rows || a->cols != d->cols) {
    Fail(1, StrCat("taxpy needs a source of the destination's shape (", d->rows, "x", d->cols,
                   "), got ", a->rows, "x", a->cols));
  }
  if (a->valid_rows != kDynamic && d->valid_rows != kDynamic && a->valid_cols != kDynamic &&
      d->valid_cols != kDynamic &&
      (a->valid_rows != d->valid_rows || a->valid_cols != d->valid_cols)) {
    Fail(1, StrCat("taxpy needs a source of the destination's valid shape (", d->valid_rows,
                   "x", d->valid_cols, "), got ", a->valid_rows, "x", a->valid_cols));
  }
  const OperandType& k = types_[2];
  if (k.present && k.dtype != DType::kInvalid && k.dtype != a->dtype) {
    Fail(2, StrCat("taxpy's scalar has the source's element type (", DTypeName(a->dtype),
                   "), got ", DTypeName(k.dtype)));
  }
}

}  // namespace pto
