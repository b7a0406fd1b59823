// The Compare, CompareScalar, SelectMask and SelectScalar families: predicate masks, one bit
// per element (tcmp, tcmps), and the selects that read them (tsel, tsels).
#include <algorithm>

#include "pto/common/isa/attributes.h"
#include "pto/common/strings.h"
#include "pto/interp/tile/tile_shared.h"

namespace pto::interp {

namespace {

bool Compare(double a, double b, CmpMode mode) {
  switch (mode) {
    case CmpMode::kEq: return a == b;
    case CmpMode::kNe: return a != b;
    case CmpMode::kLt: return a < b;
    case CmpMode::kLe: return a <= b;
    case CmpMode::kGt: return a > b;
    case CmpMode::kGe: return a >= b;
  }
  return false;
}

// a2a3 compares i32 only for equality (pto-isa a2a3 TCmp.hpp CmpCall, TCmps.hpp GenCmpCall take
// vcmpv_eq / vcmpvs_eq whatever the mode; NE inverts it): with --arith npu the mode becomes EQ
// or NE as there, and the change is reported (a warning; an error with --check=strict).
// False when the run stops.
bool A2A3CompareMode(Executor& ex, DType t, CmpMode* mode) {
  if (ex.core().arith != Arith::kNpu || ex.program().arch != Arch::kA2A3 || t != DType::kI32 ||
      *mode == CmpMode::kEq || *mode == CmpMode::kNe) {
    return true;
  }
  *mode = CmpMode::kEq;
  return ex.Suspect(
      "on a2a3 the NPU compares i32 elements only for equality: pto-isa's TCMP and TCMPS take "
      "vcmpv_eq whatever the mode, so this mask holds a == b (what ptorun computes with --arith "
      "npu); compare in f32, or run with --arith exact to see the ordered comparison");
}

// a2a3's tcmps on i16 and ui16 compares the elements' bits as f16 values, the scalar's too
// (TCmps.hpp GenCmpCall): --arith npu only.
template <typename T>
bool ComparesAsHalf(Executor& ex) {
  return (std::is_same_v<T, int16_t> || std::is_same_v<T, uint16_t>) &&
         ex.core().arith == Arith::kNpu && ex.program().arch == Arch::kA2A3;
}
template <typename T>
double HalfOfBits(T v) {
  return HalfToFloat(static_cast<uint16_t>(v));
}

// Byte k of mask row r, the NPU layout: row r of the mask tile holds the bits of data row r,
// eight elements per byte, least significant bit first.
uint8_t* MaskByte(const TileRef& mask, int32_t r, int32_t k) {
  return mask.base + mask.type->ElementOffset(r, 0) * DTypeSize(mask.type->dtype) + k;
}

// Faults unless mask tile \a d has room for the bits of a rows x cols region.
bool MaskFits(Executor& ex, const TileRef& d, int32_t rows, int32_t cols) {
  const int32_t bytes = (cols + 7) / 8;
  if (d.valid_rows >= rows && d.valid_cols * DTypeSize(d.type->dtype) >= bytes) return true;
  return ex.Fault(StrCat("the mask of a ", rows, "x", cols, " valid region needs ", rows,
                         " rows of ", bytes, " bytes, but ", ex.TileName(d.reg),
                         " has a valid shape of ", d.valid_rows, "x", d.valid_cols));
}

// Writes the bits pred(0) .. pred(cols-1) into mask row r, as the vector unit stores them: whole
// mask stores of \a row_bytes (PackedMaskRowBytes), bits past the valid columns 0, clipped to
// the mask tile's row.
template <typename Pred>
void WriteMaskRow(const TileRef& mask, int32_t r, int32_t cols, int64_t row_bytes, Pred&& pred) {
  const int64_t tile_row = int64_t{mask.type->cols} * DTypeSize(mask.type->dtype);
  const int64_t stored = std::min(row_bytes, tile_row);
  for (int32_t byte = 0; byte < stored; ++byte) {
    uint8_t bits = 0;
    for (int32_t bit = 0; bit < 8 && byte * 8 + bit < cols; ++bit) {
      bits |= static_cast<uint8_t>(pred(byte * 8 + bit)) << bit;
    }
    *MaskByte(mask, r, byte) = bits;
  }
}

// Faults unless \a mask holds a bit for each of rows x cols elements.
bool MaskCovers(Executor& ex, const TileRef& mask, int32_t rows, int32_t cols) {
  if (mask.valid_rows >= rows &&
      static_cast<int64_t>(mask.valid_cols) * DTypeSize(mask.type->dtype) * 8 >= cols) {
    return true;
  }
  return ex.Fault(StrCat("the mask ", ex.TileName(mask.reg), " (valid ", mask.valid_rows, "x",
                         mask.valid_cols, ") does not hold bits for ", rows, "x", cols,
                         " elements"));
}

}  // namespace

// Bits of row r of d: a[r, j] cmp k over the valid region of a, stored as WriteMaskRow says
// (docs/semantics.md "Masks").
template <typename Op>
bool ExecCompareScalar(Executor& ex, const Instr& in) {
  TileRef d, a;
  if (!ex.Tile(in.operands[0], &d) || !ex.Tile(in.operands[1], &a)) return false;
  const int32_t rows = a.valid_rows, cols = a.valid_cols;
  if (!MaskFits(ex, d, rows, cols)) return false;
  CmpMode mode = static_cast<CmpMode>(in.operands[3]);
  if (!A2A3CompareMode(ex, a.type->dtype, &mode)) return false;
  bool stopped = false;
  WithStorageType(a.type->dtype, [&](auto tag) {
    using T = decltype(tag);
    const auto scalar = ScalarAs<T>(ex, in.operands[2]);
    const bool as_half = ComparesAsHalf<T>(ex);
    if (as_half && !ex.Suspect("on a2a3 the NPU compares 16-bit integers as the f16 values of "
                               "their bits: pto-isa's TCMPS reads the tile and the scalar as "
                               "half (what ptorun computes with --arith npu), so bits that are "
                               "an f16 NaN compare false and the order is f16's; compare in "
                               "i32 or f16, or run with --arith exact")) {
      stopped = true;
      return;
    }
    double k = static_cast<double>(scalar);
    if constexpr (!Elem<T>::kFloat) {
      if (as_half) k = HalfOfBits(static_cast<T>(scalar));
    }
    WithSafeDst(ex, d, {&a}, false, [&](const TileRef& dst) {
      const int64_t row_bytes = PackedMaskRowBytes(ex.program().arch, a.type->dtype, cols);
      for (int32_t r = 0; r < rows; ++r) {
        const T* ap = a.At<T>(r, 0);
        WriteMaskRow(dst, r, cols, row_bytes, [&](int32_t j) {
          if constexpr (!Elem<T>::kFloat) {
            if (as_half) return Compare(HalfOfBits(ap[j]), k, mode);
          }
          return Compare(static_cast<double>(Elem<T>::Load(ap[j])), k, mode);
        });
      }
      return true;
    });
  });
  return !stopped;
}

// tcmp: as tcmps with b[r, j] in place of the scalar; b must cover a's valid region.
template <typename Op>
bool ExecCompare(Executor& ex, const Instr& in) {
  TileRef d, a, b;
  if (!ex.Tile(in.operands[0], &d) || !ex.Tile(in.operands[1], &a) ||
      !ex.Tile(in.operands[2], &b)) {
    return false;
  }
  const int32_t rows = a.valid_rows, cols = a.valid_cols;
  if (!RequireCovers(ex, b, rows, cols, "second source") || !MaskFits(ex, d, rows, cols)) {
    return false;
  }
  CmpMode mode = static_cast<CmpMode>(in.operands[3]);
  if (!A2A3CompareMode(ex, a.type->dtype, &mode)) return false;
  WithStorageType(a.type->dtype, [&](auto tag) {
    using T = decltype(tag);
    using E = Elem<T>;
    WithSafeDst(ex, d, {&a, &b}, false, [&](const TileRef& dst) {
      const int64_t row_bytes = PackedMaskRowBytes(ex.program().arch, a.type->dtype, cols);
      for (int32_t r = 0; r < rows; ++r) {
        const T *ap = a.At<T>(r, 0), *bp = b.At<T>(r, 0);
        WriteMaskRow(dst, r, cols, row_bytes, [&](int32_t j) {
          return Compare(static_cast<double>(E::Load(ap[j])), static_cast<double>(E::Load(bp[j])),
                         mode);
        });
      }
      return true;
    });
  });
  return true;
}

// d[i,j] = bit j of mask row i ? a[i,j] : b[i,j]
template <typename Op>
bool ExecSelectMask(Executor& ex, const Instr& in) {
  TileRef d, mask, a, b;
  if (!ex.Tile(in.operands[0], &d) || !ex.Tile(in.operands[1], &mask) ||
      !ex.Tile(in.operands[2], &a) || !ex.Tile(in.operands[3], &b)) {
    return false;
  }
  const int32_t rows = d.valid_rows, cols = d.valid_cols;
  if (!RequireCovers(ex, a, rows, cols, "first source") ||
      !RequireCovers(ex, b, rows, cols, "second source")) {
    return false;
  }
  if (!MaskCovers(ex, mask, rows, cols)) return false;
  WithStorageType(d.type->dtype, [&](auto tag) {
    using T = decltype(tag);
    WithSafeDst(ex, d, {&mask, &a, &b}, false, [&](const TileRef& dst) {
      for (int32_t r = 0; r < rows; ++r) {
        T* dp = dst.At<T>(r, 0);
        const T *ap = a.At<T>(r, 0), *bp = b.At<T>(r, 0);
        const uint8_t* bits = MaskByte(mask, r, 0);
        for (int32_t j = 0; j < cols; ++j) dp[j] = (bits[j / 8] >> (j % 8)) & 1 ? ap[j] : bp[j];
      }
      return true;
    });
  });
  return true;
}

// tsels: d[i,j] = bit j of mask row i ? a[i,j] : k, over D(d). The optional tmp is not used.
template <typename Op>
bool ExecSelectScalar(Executor& ex, const Instr& in) {
  TileRef d, mask, a;
  if (!ex.Tile(in.operands[0], &d) || !ex.Tile(in.operands[1], &mask) ||
      !ex.Tile(in.operands[2], &a)) {
    return false;
  }
  const int32_t rows = d.valid_rows, cols = d.valid_cols;
  if (!RequireCovers(ex, a, rows, cols, "source") || !MaskCovers(ex, mask, rows, cols)) {
    return false;
  }
  WithStorageType(d.type->dtype, [&](auto tag) {
    using T = decltype(tag);
    const T k = Elem<T>::Store(ScalarAs<T>(ex, in.operands[4]));
    WithSafeDst(ex, d, {&mask, &a}, false, [&](const TileRef& dst) {
      for (int32_t r = 0; r < rows; ++r) {
        T* dp = dst.At<T>(r, 0);
        const T* ap = a.At<T>(r, 0);
        const uint8_t* bits = MaskByte(mask, r, 0);
        for (int32_t j = 0; j < cols; ++j) dp[j] = (bits[j / 8] >> (j % 8)) & 1 ? ap[j] : k;
      }
      return true;
    });
  });
  return true;
}

#define PTO_IMPLEMENTS_Compare PTO_YES
#define PTO_IMPLEMENTS_CompareScalar PTO_YES
#define PTO_IMPLEMENTS_SelectMask PTO_YES
#define PTO_IMPLEMENTS_SelectScalar PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
