// Operand rules of tcvt (docs/semantics.md "TCVT"): both tiles vec and ND, the source covering
// the destination's valid region, and the element type pairs each architecture converts.
#include <iterator>

#include "pto/common/isa/rule_checker.h"
#include "pto/common/strings.h"

namespace pto {

namespace {

struct Pair {
  DType from;
  DTypeMask to;
};

// The pairs the A2/A3 vector unit has (isa.md 4.13).
constexpr Pair kA2A3Pairs[] = {
    {DType::kF32, Bit(DType::kF32) | Bit(DType::kF16) | Bit(DType::kBF16) | Bit(DType::kI16) |
                      Bit(DType::kI32) | Bit(DType::kI64)},
    {DType::kF16, Bit(DType::kF32) | Bit(DType::kI32) | Bit(DType::kI16) | Bit(DType::kI8) |
                      Bit(DType::kU8)},
    {DType::kBF16, Bit(DType::kF32) | Bit(DType::kI32)},
    {DType::kI16, Bit(DType::kF16) | Bit(DType::kF32)},
    {DType::kI32, Bit(DType::kF32) | Bit(DType::kF16) | Bit(DType::kI16) | Bit(DType::kI64)},
    {DType::kI64, Bit(DType::kF32) | Bit(DType::kI32)},
    {DType::kU8, Bit(DType::kF16)},
    {DType::kI8, Bit(DType::kF16)},
};

// The A5 conversions to and from the low-precision formats (pto-isa's a5 TCvt.hpp; PTOAS v0.60
// accepts the same list): fp8 and HiFloat8 from and to f32, HiFloat8 also from f16, the fp4
// pairs from and to bf16. e8m0 converts to nothing.
constexpr DTypeMask kFp8 = Bit(DType::kF8E4M3) | Bit(DType::kF8E5M2);
constexpr DTypeMask kFp4 = Bit(DType::kF4E2M1X2) | Bit(DType::kF4E1M2X2);
constexpr Pair kA5LowPrecisionPairs[] = {
    {DType::kF32, kFp8 | Bit(DType::kHiF8)},
    {DType::kF16, Bit(DType::kHiF8)},
    {DType::kBF16, kFp4},
    {DType::kF8E4M3, Bit(DType::kF32)},
    {DType::kF8E5M2, Bit(DType::kF32)},
    {DType::kHiF8, Bit(DType::kF32)},
    {DType::kF4E2M1X2, Bit(DType::kBF16)},
    {DType::kF4E1M2X2, Bit(DType::kBF16)},
};

DTypeMask TargetsOf(DType from, const Pair* pairs, size_t count) {
  for (size_t i = 0; i < count; ++i) {
    if (pairs[i].from == from) return pairs[i].to;
  }
  return 0;
}

// The types that convert to \a to on a5 ("f32 f16").
DTypeMask A5SourcesOf(DType to) {
  DTypeMask sources = 0;
  for (const Pair& p : kA5LowPrecisionPairs) {
    if (p.to & Bit(to)) sources |= Bit(p.from);
  }
  return sources;
}

// Columns of a tile in values: an fp4 pair tile holds two per byte.
int32_t LogicalCols(const TileType& t, int32_t cols) {
  return cols == kDynamic ? cols : cols * ValuesPerElement(t.dtype);
}

}  // namespace

void RuleChecker::CheckConvert() {
  for (int i = 0; i < 2; ++i) {
    RequireVec(i);
    RequireND(i);
    RequireAllowedDType(i);
  }
  const TileType* d = Tile(0);
  const TileType* a = Tile(1);
  if (!d || !a || !RequirePair(*a, *d)) return;
  const bool fp4 = LogicalCols(*d, 1) == 2 || LogicalCols(*a, 1) == 2;
  RequireValidCovers(1, 0, true, !fp4);
  const int32_t need = LogicalCols(*d, d->valid_cols), have = LogicalCols(*a, a->valid_cols);
  if (fp4 && need != kDynamic && have != kDynamic && have < need) {
    Fail(1, StrCat("source has ", have, " valid elements per row but the destination needs ",
                   need, " (an fp4 byte holds two)"));
  }
}

// The pairs of the tables above; a type the architecture lacks is reported already.
bool RuleChecker::RequirePair(const TileType& a, const TileType& d) {
  if (arch_ == Arch::kA2A3) {
    if (IsMxDType(a.dtype) || IsMxDType(d.dtype)) return false;
    const DTypeMask to = TargetsOf(a.dtype, kA2A3Pairs, std::size(kA2A3Pairs));
    if (to == 0) {
      Fail(1, StrCat("tcvt cannot convert from ", DTypeName(a.dtype), " on a2a3"));
    } else if (!(to & Bit(d.dtype))) {
      Fail(0, StrCat("tcvt cannot convert ", DTypeName(a.dtype), " to ", DTypeName(d.dtype),
                     " on a2a3 (", DTypeName(a.dtype), " converts to: ", DTypeMaskNames(to),
                     ")"));
    }
    return to & Bit(d.dtype);
  }
  // A5: any pair of the other types; a low-precision end only in the pairs above.
  if (!IsMxDType(a.dtype) && !IsMxDType(d.dtype)) return true;
  const DTypeMask to = TargetsOf(a.dtype, kA5LowPrecisionPairs, std::size(kA5LowPrecisionPairs));
  if (to & Bit(d.dtype)) return true;
  const bool from_low = IsMxDType(a.dtype);
  const DType named = from_low ? a.dtype : d.dtype;
  const DTypeMask others = from_low ? to : A5SourcesOf(d.dtype);
  Fail(0, StrCat("tcvt cannot convert ", DTypeName(a.dtype), " to ", DTypeName(d.dtype),
                 " on a5 (", DTypeName(named), from_low ? " converts to: " : " converts from: ",
                 others ? DTypeMaskNames(others) : std::string("nothing"), ")"));
  return false;
}

}  // namespace pto
