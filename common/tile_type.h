// The static description of a tile: where it lives, its element type, shape, valid region and
// storage layout; plus the element-offset formulas of every layout (isa.md 1.2).
#ifndef PTO_COMMON_TILE_TYPE_H_
#define PTO_COMMON_TILE_TYPE_H_

#include <cstdint>
#include <string>

#include "pto/common/arch.h"
#include "pto/common/dtype.h"

namespace pto {

/// Outer (block-level) order.
enum class BLayout : uint8_t { kRowMajor = 0, kColMajor = 1 };
/// Inner fractal ("box") order; kNoneBox means a plain layout.
enum class SLayout : uint8_t { kNoneBox = 0, kRowMajor = 1, kColMajor = 2 };
/// Value TLOAD and TFILLPAD write outside the valid region.
enum class PadValue : uint8_t { kNull = 0, kZero = 1, kMax = 2, kMin = 3 };

/// CompactMode row_plus_one: a major stride one element longer than the rows.
constexpr uint8_t kCompactRowPlusOne = 2;

/// A valid-row or valid-column count that is only known at run time.
constexpr int32_t kDynamic = -1;

/// Everything static about a tile. Two tiles with equal TileType have the same storage
/// interpretation; the address is kept separately.
struct TileType {
  Memory mem = Memory::kVec;
  DType dtype = DType::kF32;
  BLayout blayout = BLayout::kRowMajor;
  SLayout slayout = SLayout::kNoneBox;
  PadValue pad = PadValue::kNull;
  uint8_t compact = 0;  ///< PTOAS's CompactMode: 0 null, 1 normal, kCompactRowPlusOne.
  int32_t rows = 0;
  int32_t cols = 0;
  int32_t valid_rows = kDynamic;  ///< kDynamic or 0..rows.
  int32_t valid_cols = kDynamic;  ///< kDynamic or 0..cols.
  int32_t fractal = 512;          ///< Bytes per inner box: 512, 1024 or 32.
  /// The shape of the storage the elements are laid out in, when it is not the tile's own (0):
  /// a window of a larger tile (pto.subview) steps through its parent's storage, as PTOAS
  /// v0.60's windows do, and a row_plus_one compact tile has one more element per major line.
  int32_t storage_rows = 0;
  int32_t storage_cols = 0;

  bool operator==(const TileType& o) const;
  bool operator!=(const TileType& o) const { return !(*this == o); }

  bool boxed() const { return slayout != SLayout::kNoneBox; }
  bool row_major() const { return blayout == BLayout::kRowMajor; }
  int32_t StorageRows() const { return storage_rows ? storage_rows : rows; }
  int32_t StorageCols() const { return storage_cols ? storage_cols : cols; }
  /// Whether the elements fill rows x cols consecutive elements (no larger storage shape).
  bool Dense() const { return StorageRows() == rows && StorageCols() == cols; }
  /// Storage footprint in bytes: the whole static shape, not the valid region (for a tile in
  /// a larger storage, from its first element to its last).
  uint32_t Bytes() const {
    if (Dense()) {
      return static_cast<uint32_t>(rows) * static_cast<uint32_t>(cols) * DTypeSize(dtype);
    }
    return static_cast<uint32_t>(ElementOffset(rows - 1, cols - 1) + 1) * DTypeSize(dtype);
  }
  /// The same type without its storage shape: what the program writes for it.
  TileType Declared() const {
    TileType t = *this;
    t.storage_rows = t.storage_cols = 0;
    return t;
  }
  /// The layout's box ("fractal"): 16 x 32 bytes (NZ/ZZ), 32 bytes x 16 (ZN/NN), 16x16 for
  /// fractal 1024, 16x2 (ZZ) or 2x16 (NN) for fractal 32; 1x1 when unboxed.
  int BoxRows() const;
  int BoxCols() const;
  /// The box as this tile holds it: its box, cut to the storage where the storage is smaller
  /// (rows: for one-row tiles and fractal-32 tiles).
  int InnerRows() const;
  int InnerCols() const;
  /// "ND", "DN", "NZ", "ZN", "ZZ" or "NN".
  const char* LayoutName() const;
  /// Element offset (in elements, from the tile's address) of logical element (r, c).
  [[gnu::always_inline]] int64_t ElementOffset(int64_t r, int64_t c) const {
    if (slayout == SLayout::kNoneBox) {
      return row_major() ? r * StorageCols() + c : c * StorageRows() + r;
    }
    return BoxedOffset(r, c);
  }
  /// ElementOffset for the boxed layouts (NZ, ZN, ZZ, NN).
  int64_t BoxedOffset(int64_t r, int64_t c) const;
  /// True for the plain ND/DN layouts, where element (r, c) sits at r*RowStep() + c*ColStep().
  bool Plain() const { return slayout == SLayout::kNoneBox; }
  int64_t RowStep() const { return row_major() ? StorageCols() : 1; }
  int64_t ColStep() const { return row_major() ? 1 : StorageRows(); }
  /// Distance between neighbouring columns of a row inside one box (or anywhere, unboxed).
  int64_t RunStep() const {
    if (!boxed()) return ColStep();
    return slayout == SLayout::kRowMajor ? 1 : InnerRows();
  }

  /// Compact PTOAS spelling: !pto.tile_buf<vec, 16x16xf32, valid=?x16, blayout=col_major>.
  std::string ToString() const;
};

/// Checks the shape rules every tile must satisfy (isa.md 1.2: positive shape, valid region
/// inside the shape, whole inner boxes). Returns an empty string when
/// the type is well formed, otherwise a message saying what is wrong.
std::string CheckTileType(const TileType& type);

/// Checks a tile binding at byte \a addr in its memory on \a arch: the four TASSIGN checks
/// (memory exists, footprint fits, addr + footprint fits, 32-byte alignment). Empty if fine.
std::string CheckTileAddress(const TileType& type, Arch arch, uint64_t addr);

/// Whether a tile of type \a window can view the storage of a tile of type \a tile from an
/// origin on: element (i, j) of the window must be element (r0 + i, c0 + j) of the tile, so it
/// has the tile's type (pto.subset) or is a smaller tile with the tile's storage shape
/// (pto.subview), whole boxes of a boxed tile.
bool WindowTypeFits(const TileType& tile, const TileType& window);

/// Bytes of one row of a packed compare mask (tcmp, tcmps) the vector unit stores for \a cols
/// elements of \a src: ceil(cols / 8) rounded up to its mask store (a5: 16 bytes, 32 for 8-bit
/// sources; a2a3: the bits of a 256-byte repeat). Bits past the valid columns are 0.
int64_t PackedMaskRowBytes(Arch arch, DType src, int64_t cols);

/// Bit pattern of the pad value for \a type's dtype (isa.md 1.4, NPU column), widened to 64 bits.
/// PTOAS's VPTO templates pad floats with their largest finite values instead of infinities,
/// and i8 "min" with -128 (\a backend; docs/semantics.md, "PTOAS's backends").
uint64_t PadBits(PadValue pad, DType dtype, Backend backend = Backend::kEmitC);

}  // namespace pto

#endif  // PTO_COMMON_TILE_TYPE_H_
