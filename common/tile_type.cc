#include "pto/common/tile_type.h"

#include "pto/common/strings.h"

namespace pto {

bool TileType::operator==(const TileType& o) const {
  return mem == o.mem && dtype == o.dtype && blayout == o.blayout && slayout == o.slayout &&
         pad == o.pad && compact == o.compact && rows == o.rows && cols == o.cols &&
         valid_rows == o.valid_rows && valid_cols == o.valid_cols && fractal == o.fractal &&
         StorageRows() == o.StorageRows() && StorageCols() == o.StorageCols();
}

// A box of fractal 32 (the MX scales' box, 32 one-byte exponents) is 16x2 inside a ZZ tile
// and 2x16 inside an NN one (pto-isa's TileConfig fixedMxRowSize / fixedMxColSize).
int TileType::BoxRows() const {
  if (fractal == 32) return slayout == SLayout::kColMajor ? 2 : 16;
  if (fractal == 1024) return 16;
  switch (slayout) {
    case SLayout::kNoneBox:
      return 1;
    case SLayout::kRowMajor:
      return 16;
    case SLayout::kColMajor:
      return 32 / DTypeSize(dtype);
  }
  return 1;
}

int TileType::BoxCols() const {
  if (fractal == 32) return slayout == SLayout::kColMajor ? 16 : 2;
  if (fractal == 1024) return 16;
  switch (slayout) {
    case SLayout::kNoneBox:
      return 1;
    case SLayout::kRowMajor:
      return 32 / DTypeSize(dtype);
    case SLayout::kColMajor:
      return 16;
  }
  return 1;
}

// A box never reaches past its tile's storage along a side the tile cannot fill: a 1-row tile
// (a gemv's scale tile) has 1-row boxes, a tile narrower than its box (PTOAS's 16x2 exponent
// tiles in UB) one box of its own width, its elements in the box's inner order. Other tiles
// keep whole boxes (a short UB tile must fit them: CheckTileType).
int TileType::InnerRows() const {
  const int box = BoxRows();
  // A one-row tile, and an MX scale tile (fractal 32) of fewer rows than its box, hold boxes
  // of their own rows (PTOAS v0.60 takes a 4-row ZZ scale tile of tgemv.mx).
  const bool shrunk = StorageRows() == 1 || (fractal == 32 && StorageRows() < box);
  return shrunk ? StorageRows() : box;
}

int TileType::InnerCols() const {
  const int box = BoxCols();
  return StorageCols() > 0 && StorageCols() < box ? StorageCols() : box;
}

const char* TileType::LayoutName() const {
  if (slayout == SLayout::kNoneBox) return row_major() ? "ND" : "DN";
  if (slayout == SLayout::kRowMajor) return row_major() ? "ZZ" : "NZ";
  return row_major() ? "ZN" : "NN";
}

int64_t TileType::BoxedOffset(int64_t r, int64_t c) const {
  const int64_t ir_n = InnerRows(), ic_n = InnerCols();
  const int64_t br = r / ir_n, ir = r % ir_n, bc = c / ic_n, ic = c % ic_n;
  const int64_t box = ir_n * ic_n;
  // Boxes are stacked down a column first (col-major outer) or along a row (row-major outer);
  // inside a box, elements are row-major or col-major.
  int64_t box_start = row_major() ? br * (StorageCols() * ir_n) + bc * box
                                  : bc * (StorageRows() * ic_n) + br * box;
  int64_t inner = slayout == SLayout::kRowMajor ? ir * ic_n + ic : ic * ir_n + ir;
  return box_start + inner;
}

namespace {

std::string ValidText(int32_t v) { return v == kDynamic ? "?" : std::to_string(v); }

}  // namespace

std::string TileType::ToString() const {
  std::string s = StrCat("!pto.tile_buf<", MemoryName(mem), ", ", rows, "x", cols, "x",
                         DTypeName(dtype));
  if (valid_rows != rows || valid_cols != cols) {
    s += StrCat(", valid=", ValidText(valid_rows), "x", ValidText(valid_cols));
  }
  if (blayout != BLayout::kRowMajor) s += ", blayout=col_major";
  if (slayout != SLayout::kNoneBox) {
    s += slayout == SLayout::kRowMajor ? ", slayout=row_major" : ", slayout=col_major";
  }
  if (fractal != 512) s += StrCat(", fractal=", fractal);
  if (pad != PadValue::kNull) s += StrCat(", pad=", static_cast<int>(pad));
  if (compact != 0) s += StrCat(", compact=", static_cast<int>(compact));
  if (!Dense()) s += StrCat(", storage=", StorageRows(), "x", StorageCols());
  return s + ">";
}

std::string CheckTileType(const TileType& t) {
  if (t.rows <= 0 || t.cols <= 0) {
    return StrCat("tile shape ", t.rows, "x", t.cols, " must be positive");
  }
  if (t.rows > 65535 || t.cols > 65535) {
    return StrCat("tile shape ", t.rows, "x", t.cols, " is too large (at most 65535 per side)");
  }
  if (t.valid_rows != kDynamic && (t.valid_rows < 0 || t.valid_rows > t.rows)) {
    return StrCat("valid rows ", t.valid_rows, " exceed the tile's ", t.rows, " rows");
  }
  if (t.valid_cols != kDynamic && (t.valid_cols < 0 || t.valid_cols > t.cols)) {
    return StrCat("valid columns ", t.valid_cols, " exceed the tile's ", t.cols, " columns");
  }
  if (t.storage_rows < 0 || t.storage_cols < 0 || t.StorageRows() < t.rows ||
      t.StorageCols() < t.cols || t.StorageRows() > 65535 || t.StorageCols() > 65535) {
    return StrCat("storage shape ", t.StorageRows(), "x", t.StorageCols(),
                  " must hold the tile's ", t.rows, "x", t.cols, " (at most 65535 per side)");
  }
  if (t.fractal != 512 && t.fractal != 1024 && t.fractal != 32) {
    return StrCat("fractal size ", t.fractal, " is not one of 32, 512, 1024");
  }
  // PTOAS v0.60 checks an unboxed tile's 32-byte rows (columns) only where a tile is allocated
  // (CheckAllocatedTile), not in the type itself (lib/PTO/IR/PTOTypeDefs.cpp).
  if (!t.boxed()) return "";
  if (t.cols % t.InnerCols() != 0) {
    return StrCat("a ", t.LayoutName(), " tile needs columns in multiples of ", t.InnerCols(),
                  ", got ", t.cols);
  }
  bool rows_free = t.mem == Memory::kVec || t.fractal == 32 || t.rows == 1;
  if (!rows_free && t.rows % t.InnerRows() != 0) {
    return StrCat("a ", t.LayoutName(), " tile needs rows in multiples of ", t.InnerRows(),
                  ", got ", t.rows);
  }
  // Where rows are free, the boxes must still fit the tile's storage: its last element is the
  // one placed furthest.
  if (t.BoxedOffset(t.rows - 1, t.cols - 1) >= int64_t{t.StorageRows()} * t.StorageCols()) {
    return StrCat("a ", t.LayoutName(), " tile of ", t.rows, " rows does not fill its ",
                  t.InnerRows(), "-row boxes, which would reach past its ", t.Bytes(), " bytes");
  }
  return "";
}

int64_t PackedMaskRowBytes(Arch arch, DType src, int64_t cols) {
  const int64_t size = DTypeSize(src);
  const int64_t unit = arch == Arch::kA5 ? (size == 1 ? 32 : 16) : 256 / size / 8;
  const int64_t bytes = (cols + 7) / 8;
  return (bytes + unit - 1) / unit * unit;
}

std::string CheckTileAddress(const TileType& type, Arch arch, uint64_t addr) {
  uint32_t capacity = MemoryCapacity(arch, type.mem);
  const char* mem = MemoryHardwareName(type.mem);
  if (capacity == 0) return StrCat(mem, " does not exist on ", ArchName(arch));
  if (type.Bytes() > capacity) {
    return StrCat("tile needs ", type.Bytes(), " bytes but ", mem, " holds only ", capacity,
                  " on ", ArchName(arch));
  }
  if (addr % kTileAlignment != 0) {
    return StrCat("address ", Hex(addr), " is not ", kTileAlignment, "-byte aligned");
  }
  if (addr + type.Bytes() > capacity) {
    return StrCat("tile at ", Hex(addr), " (", type.Bytes(), " bytes) ends at ",
                  Hex(addr + type.Bytes()), ", past the end of ", mem, " (", Hex(capacity),
                  " bytes on ", ArchName(arch), ")");
  }
  return "";
}

uint64_t PadBits(PadValue pad, DType dtype, Backend backend) {
  if (pad == PadValue::kNull || pad == PadValue::kZero) return 0;
  bool max = pad == PadValue::kMax;
  if (backend == Backend::kVpto) {  // the TileLib templates' _max / _min
    switch (dtype) {
      case DType::kF32:
        return max ? 0x7f7fffff : 0xff7fffff;
      case DType::kF16:
        return max ? 0x7bff : 0xfbff;
      case DType::kBF16:
        return max ? 0x7f7f : 0xff7f;
      default:
        break;  // the integers' extremes, as pto-isa
    }
  }
  switch (dtype) {
    case DType::kF32:
      return max ? 0x7f800000 : 0xff800000;
    case DType::kF16:
      return max ? 0x7c00 : 0xfc00;
    case DType::kBF16:
      return max ? 0x7f80 : 0xff80;
    case DType::kI32:
      return max ? 0x7fffffff : 0x80000000;
    case DType::kU32:
      return max ? 0xffffffff : 0;
    case DType::kI16:
      return max ? 0x7fff : 0x8000;
    case DType::kU16:
      return max ? 0xffff : 0;
    case DType::kI8:
      return max ? 0x7f : 0x80;  // pto-isa's PadValueMap (include/pto/common/constants.hpp)
    case DType::kU8:
      return max ? 0xff : 0;
    default:
      return 0;
  }
}

bool WindowTypeFits(const TileType& t, const TileType& w) {
  if (w.mem != t.mem || w.dtype != t.dtype || w.blayout != t.blayout || w.slayout != t.slayout ||
      w.fractal != t.fractal) {
    return false;
  }
  const bool same_storage = w.StorageRows() == t.StorageRows() && w.StorageCols() == t.StorageCols();
  if (w.rows == t.rows && w.cols == t.cols && same_storage) return true;  // pto.subset
  // pto.subview: a smaller tile stepping through the same storage, whole boxes of a boxed one.
  if (!same_storage || w.rows > t.rows || w.cols > t.cols) return false;
  return !t.boxed() || (w.rows % t.InnerRows() == 0 && w.cols % t.InnerCols() == 0);
}

}  // namespace pto
