// Operand rules of tile-tile compare (tcmp), mask-or-scalar select
// (tsels), partial elementwise (tpart*), arg reductions (t{row,col}arg{max,min}) and the shape
// rules of the tfillpad variants.
#include "pto/common/isa/attributes.h"
#include "pto/common/isa/rule_checker.h"
#include "pto/common/strings.h"

namespace pto {

// tcmp d | a b @cmpMode: a and b alike, d the packed mask of a's valid region.
void RuleChecker::CheckCompare() {
  RequireAllowedDType(1);
  for (int i : {1, 2}) {
    RequireVec(i);
    RequireND(i);
  }
  RequireSameDType(1, 2);
  const TileType* a = Tile(1);
  const TileType* b = Tile(2);
  if (a && b && a->valid_rows != kDynamic && a->valid_cols != kDynamic &&
      b->valid_rows != kDynamic && b->valid_cols != kDynamic &&
      (b->valid_rows < a->valid_rows || b->valid_cols < a->valid_cols)) {
    Fail(2, StrCat(info_.mnemonic, " compares the first source's ", a->valid_rows, "x",
                   a->valid_cols, " valid region, but the second source's is ", b->valid_rows,
                   "x", b->valid_cols));
  }
  RequireMask(0, 1);
}

// tsels d | mask a [tmp] k
void RuleChecker::CheckSelectScalar() {
  const TileType* m = Tile(1);
  if (m && IsFloat(m->dtype)) {
    Fail(1, StrCat(info_.mnemonic, " takes (mask, src, scalar) or (mask, src, tmp, scalar); its "
                   "first input must be a packed predicate mask, got a ", DTypeName(m->dtype),
                   " tile (the whole-tile 'tsels %src0, %src1, %selectMode' is not supported: "
                   "use tsel with a mask)"));
    return;
  }
  RequireAllowedDType(0);
  for (int i : {0, 2}) {
    RequireVec(i);
    RequireND(i);
  }
  RequireVec(3);
  RequireSameDType(0, 2);
  RequireMask(1, 0);
  RequireValidCovers(2, 0, true, true);
  RequireScalarFits(4, 0);
}

// tpart* d | a b: every valid region fits in d's, and on a2a3 one of them is d's (static shapes
// only). PTOAS v0.60 drops the second rule on a5 (its loose partial-valid pattern).
void RuleChecker::CheckPartial() {
  RequireAllowedDType(0);
  for (int i : {0, 1, 2}) {
    RequireVec(i);
    RequireND(i);
  }
  RequireSameDType(0, 1);
  RequireSameDType(0, 2);
  RequirePartialPattern(0, 1, 2, arch_ == Arch::kA2A3);
}

// Sources \a a and \a b of destination \a d: each valid region inside d's and, when \a strict
// (a2a3, or tpartarg* on both architectures), one equal to it.
void RuleChecker::RequirePartialPattern(int dst, int a, int b, bool strict) {
  const TileType* d = Tile(dst);
  if (!d || d->valid_rows == kDynamic || d->valid_cols == kDynamic) return;
  bool all_static = true, one_equal = false;
  for (int i : {a, b}) {
    const TileType* s = Tile(i);
    if (!s) return;
    if (s->valid_rows == kDynamic || s->valid_cols == kDynamic) {
      all_static = false;
      continue;
    }
    if (s->valid_rows > d->valid_rows || s->valid_cols > d->valid_cols) {
      Fail(i, StrCat(info_.mnemonic, " needs each source's valid region inside the "
                     "destination's (", d->valid_rows, "x", d->valid_cols, "), got ",
                     s->valid_rows, "x", s->valid_cols));
    }
    one_equal |= s->valid_rows == d->valid_rows && s->valid_cols == d->valid_cols;
  }
  if (strict && all_static && !one_equal) {
    Fail(-1, StrCat(info_.mnemonic, " needs one source whose valid region is the destination's (",
                    d->valid_rows, "x", d->valid_cols, ")"));
  }
}

// tpartargmax/min d di | a b ai bi: the values as tpart*; the indices i32 or ui32, each index
// tile of its value tile's shape and valid shape.
void RuleChecker::CheckPartialArg() {
  RequireAllowedDType(0);
  for (int i = 0; i < 6; ++i) {
    RequireVec(i);
    RequireND(i);
  }
  RequireSameDType(0, 2);
  RequireSameDType(0, 3);
  RequirePartialPattern(0, 2, 3, true);
  const int kPairs[][2] = {{0, 1}, {2, 4}, {3, 5}};  // (value, index)
  const TileType* first_index = Tile(1);
  for (const auto& pair : kPairs) {
    const TileType* v = Tile(pair[0]);
    const TileType* x = Tile(pair[1]);
    if (!v || !x || !first_index) continue;
    if (x->dtype != DType::kI32 && x->dtype != DType::kU32) {
      Fail(pair[1], StrCat(info_.mnemonic, "'s index tiles hold i32 or ui32, got ",
                           DTypeName(x->dtype)));
    } else if (x->dtype != first_index->dtype) {
      Fail(pair[1], StrCat(info_.mnemonic, "'s index tiles hold one type (",
                           DTypeName(first_index->dtype), "), got ", DTypeName(x->dtype)));
    }
    if (x->rows != v->rows || x->cols != v->cols || x->valid_rows != v->valid_rows ||
        x->valid_cols != v->valid_cols) {
      Fail(pair[1], StrCat("an index tile of ", info_.mnemonic, " has its value tile's shape "
                           "and valid shape (", v->ToString(), "), got ", x->ToString()));
    }
  }
}

// t{row,col}arg{max,min} d | a [tmp]: d holds i32 or u32 indices, one per row (column) of a.
void RuleChecker::CheckArgReduce() {
  RequireAllowedDType(1);
  RequireVec(0);
  RequireVec(1);
  RequirePlain(0);
  RequireND(1);
  RequireVec(2);
  const TileType* d = Tile(0);
  const TileType* a = Tile(1);
  if (d && d->dtype != DType::kI32 && d->dtype != DType::kU32) {
    Fail(0, StrCat(info_.mnemonic, " writes i32 or ui32 indices, got a ", DTypeName(d->dtype),
                   " destination"));
  }
  if (!d || !a) return;
  const bool per_row = info_.opcode == Opcode::kTRowArgMax || info_.opcode == Opcode::kTRowArgMin;
  RequireReduceValid(per_row, false, true);
  if (!per_row && d->valid_rows != kDynamic && d->valid_rows != 1) {
    Fail(0, StrCat(info_.mnemonic, " needs a destination of 1 valid row, got ", d->valid_rows));
  }
  if (per_row && a->valid_rows != kDynamic && a->valid_rows > d->rows) {
    Fail(0, StrCat("destination has ", d->rows, " rows but the source has ", a->valid_rows,
                   " valid rows"));
  }
  if (!per_row && a->valid_cols != kDynamic && a->valid_cols > d->cols) {
    Fail(0, StrCat("destination has ", d->cols, " columns but the source has ", a->valid_cols,
                   " valid columns"));
  }
}

// tfillpad_inplace: d and a have the same shape; tfillpad_expand: d's shape holds a's. Between
// mat tiles (PTOAS v0.60) d and a are of one type: the NPU pads L1 only in place.
void RuleChecker::CheckFillPadShapes() {
  const TileType* d = Tile(0);
  const TileType* a = Tile(1);
  if (!d || !a) return;
  if (d->mem == Memory::kMat && a->mem == Memory::kMat && *d != *a) {
    auto dim = [](int32_t v) { return v == kDynamic ? std::string("?") : std::to_string(v); };
    std::string fields;
    auto differ = [&](const char* what, const std::string& x, const std::string& y) {
      if (x != y) fields += StrCat(fields.empty() ? "" : ", ", what, " ", x, " vs ", y);
    };
    differ("valid rows", dim(a->valid_rows), dim(d->valid_rows));
    differ("valid columns", dim(a->valid_cols), dim(d->valid_cols));
    differ("pad", std::to_string(static_cast<int>(a->pad)),
           std::to_string(static_cast<int>(d->pad)));
    Fail(0, StrCat(info_.mnemonic,
                   " between mat tiles needs the source's type on the "
                   "destination (a different type is padded through vec tiles only)",
                   fields.empty() ? "" : StrCat("; they differ in ", fields)));
  }
  if (info_.opcode == Opcode::kTFillPadInplace && (d->rows != a->rows || d->cols != a->cols)) {
    Fail(0, StrCat(info_.mnemonic, " pads in place: the destination needs the source's shape (",
                   a->rows, "x", a->cols, "), got ", d->rows, "x", d->cols));
  }
  if (info_.opcode == Opcode::kTFillPadExpand && (d->rows < a->rows || d->cols < a->cols)) {
    Fail(0, StrCat(info_.mnemonic, " needs a destination at least as large as the source (",
                   a->rows, "x", a->cols, "), got ", d->rows, "x", d->cols));
  }
}

}  // namespace pto
