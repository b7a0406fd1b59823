#include "pto/common/tile_type.h"

#include <doctest/doctest.h>

namespace pto {
namespace {

TileType Make(DType dtype, int rows, int cols, BLayout b, SLayout s, int fractal = 512) {
  TileType t;
  t.dtype = dtype;
  t.rows = rows;
  t.cols = cols;
  t.valid_rows = rows;
  t.valid_cols = cols;
  t.blayout = b;
  t.slayout = s;
  t.fractal = fractal;
  return t;
}

TEST_CASE("element offsets of the plain and boxed layouts") {
  TileType nd = Make(DType::kF32, 4, 8, BLayout::kRowMajor, SLayout::kNoneBox);
  CHECK(nd.ElementOffset(2, 3) == 2 * 8 + 3);
  CHECK(std::string(nd.LayoutName()) == "ND");
  TileType dn = Make(DType::kF32, 8, 4, BLayout::kColMajor, SLayout::kNoneBox);
  CHECK(dn.ElementOffset(2, 3) == 3 * 8 + 2);
  CHECK(std::string(dn.LayoutName()) == "DN");
  // NZ f16 32x32: 16x16 boxes stacked down each column of boxes first.
  TileType nz = Make(DType::kF16, 32, 32, BLayout::kColMajor, SLayout::kRowMajor);
  CHECK(std::string(nz.LayoutName()) == "NZ");
  CHECK(nz.InnerRows() == 16);
  CHECK(nz.InnerCols() == 16);
  CHECK(nz.ElementOffset(0, 1) == 1);
  CHECK(nz.ElementOffset(1, 0) == 16);
  CHECK(nz.ElementOffset(16, 0) == 256);          // next box down
  CHECK(nz.ElementOffset(0, 16) == 32 * 16);      // next column of boxes
  // ZN f32: inner boxes are 8x16 (col-major inside), laid along rows.
  TileType zn = Make(DType::kF32, 16, 32, BLayout::kRowMajor, SLayout::kColMajor);
  CHECK(std::string(zn.LayoutName()) == "ZN");
  CHECK(zn.InnerRows() == 8);
  CHECK(zn.InnerCols() == 16);
  CHECK(zn.ElementOffset(1, 0) == 1);
  CHECK(zn.ElementOffset(0, 1) == 8);
  CHECK(zn.ElementOffset(0, 16) == 128);
  CHECK(zn.ElementOffset(8, 0) == 32 * 8);
}

TEST_CASE("tile shape rules") {
  CHECK(CheckTileType(Make(DType::kF32, 16, 8, BLayout::kRowMajor, SLayout::kNoneBox)).empty());
  // PTOAS v0.60 accepts rows that are not whole 32-byte blocks.
  CHECK(CheckTileType(Make(DType::kF32, 16, 4, BLayout::kRowMajor, SLayout::kNoneBox)).empty());
  CHECK(CheckTileType(Make(DType::kF16, 3, 5, BLayout::kColMajor, SLayout::kNoneBox)).empty());
  CHECK(CheckTileType(Make(DType::kF32, 16, 1, BLayout::kColMajor, SLayout::kNoneBox)).empty());
  TileType bad_valid = Make(DType::kF32, 16, 8, BLayout::kRowMajor, SLayout::kNoneBox);
  bad_valid.valid_rows = 17;
  CHECK(CheckTileType(bad_valid) == "valid rows 17 exceed the tile's 16 rows");
  TileType mat = Make(DType::kF16, 20, 32, BLayout::kColMajor, SLayout::kRowMajor);
  mat.mem = Memory::kMat;
  CHECK(CheckTileType(mat) == "a NZ tile needs rows in multiples of 16, got 20");
}

TEST_CASE("the four TASSIGN checks") {
  TileType t = Make(DType::kF32, 16, 16, BLayout::kRowMajor, SLayout::kNoneBox);  // 1 KiB
  CHECK(CheckTileAddress(t, Arch::kA2A3, 0x1000).empty());
  CHECK(CheckTileAddress(t, Arch::kA2A3, 0x1010) == "address 0x1010 is not 32-byte aligned");
  CHECK(CheckTileAddress(t, Arch::kA2A3, 192 * 1024 - 512) ==
        "tile at 0x2fe00 (1024 bytes) ends at 0x30200, past the end of UB (0x30000 bytes on "
        "a2a3)");
  CHECK(CheckTileAddress(t, Arch::kA5, 192 * 1024 - 512).empty());  // A5 has 256 KiB of UB
  TileType big = Make(DType::kF32, 256, 256, BLayout::kRowMajor, SLayout::kNoneBox);
  CHECK(CheckTileAddress(big, Arch::kA2A3, 0) ==
        "tile needs 262144 bytes but UB holds only 196608 on a2a3");
}

TEST_CASE("pad values are the NPU bit patterns") {
  CHECK(PadBits(PadValue::kMax, DType::kF32) == 0x7f800000);
  CHECK(PadBits(PadValue::kMin, DType::kF16) == 0xfc00);
  CHECK(PadBits(PadValue::kMin, DType::kI8) == 0x80);  // pto-isa PadValueMap, not isa.md 0xff
  CHECK(PadBits(PadValue::kMin, DType::kU16) == 0);
  CHECK(PadBits(PadValue::kZero, DType::kF32) == 0);
}

TEST_CASE("compact spelling") {
  TileType t = Make(DType::kF32, 16, 1, BLayout::kColMajor, SLayout::kNoneBox);
  t.valid_rows = kDynamic;
  CHECK(t.ToString() == "!pto.tile_buf<vec, 16x1xf32, valid=?x1, blayout=col_major>");
}

}  // namespace
}  // namespace pto
