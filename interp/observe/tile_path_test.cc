// Each case is one branch of a2a3's TBinOp.hpp, TBinSOp.hpp or TUnaryOp.hpp, worked out by
// hand from the tile shape and valid region (256-byte repeats: 64 f32, 128 f16 elements).
#include "pto/interp/observe/tile_path.h"

#include <doctest/doctest.h>

namespace pto::interp::observe {
namespace {

using cost::TilePath;

TileGeometry Tile(int64_t rows, int64_t cols, int elem_bytes, bool static_whole) {
  TileGeometry g;
  g.rows = rows, g.cols = cols, g.elem_bytes = elem_bytes;
  g.static_whole = static_whole;
  g.one_row = rows == 1;
  return g;
}

TEST_CASE("tile path: a tile scalar op on a dynamic valid shape runs a repeat group a row") {
  // 256x16 f32: statically whole, one line of 4096 / 64 = 64 repeats; with a dynamic valid
  // shape TBinSOp runs a masked repeat per row: 256.
  CHECK(TilePathRepeats(TilePath::kScalarOp, Tile(256, 16, 4, true), 256, 16).repeats == 64);
  const PathRepeats rows = TilePathRepeats(TilePath::kScalarOp, Tile(256, 16, 4, false), 256, 16);
  CHECK(rows.repeats == 256);
  CHECK(rows.masked_instructions == 2);  // 255 rows, then 1: each masked to 16 columns
  // 63x64 f16: half a repeat a row, 63 repeats (one line: ceil(4032 / 128) = 32).
  CHECK(TilePathRepeats(TilePath::kScalarOp, Tile(63, 64, 2, false), 63, 64).repeats == 63);
  CHECK(TilePathRepeats(TilePath::kScalarOp, Tile(63, 64, 2, true), 63, 64).repeats == 32);
  // 15x192 i16: one whole repeat and a half-masked one a row: 30.
  CHECK(TilePathRepeats(TilePath::kScalarOp, Tile(15, 192, 2, false), 15, 192).repeats == 30);
}

TEST_CASE("tile path: a binary op merges a whole-width valid region at run time") {
  // 64x64 f32 with a dynamic valid shape that fills the tile: one line of 64 repeats.
  CHECK(TilePathRepeats(TilePath::kBinOp, Tile(64, 64, 4, false), 64, 64).repeats == 64);
  // A narrower valid region, 64x60: a masked repeat a row, 64.
  CHECK(TilePathRepeats(TilePath::kBinOp, Tile(64, 64, 4, false), 64, 60).repeats == 64);
  // 64x64 i16 is narrower than a repeat (128): a repeat per row however it is declared, one
  // instruction masked to 64 columns.
  const PathRepeats narrow = TilePathRepeats(TilePath::kBinOp, Tile(64, 64, 2, true), 64, 64);
  CHECK(narrow.repeats == 64);
  CHECK(narrow.masked_instructions == 1);
  CHECK(TilePathRepeats(TilePath::kBinOp, Tile(64, 64, 4, false), 64, 64).masked_instructions == 0);
  // 16x256 f16: two repeats a row, one line of 32.
  CHECK(TilePathRepeats(TilePath::kBinOp, Tile(16, 256, 2, false), 16, 256).repeats == 32);
}

TEST_CASE("tile path: count mode") {
  // 8x96 f32, statically whole: a row is 1.5 repeats, so one count-mode line of 12 repeats.
  PathRepeats p = TilePathRepeats(TilePath::kBinOp, Tile(8, 96, 4, true), 8, 96);
  CHECK(p.repeats == 12);
  CHECK(p.masked_instructions == 1);
  // TUnaryOp has no such row rule: the same tile is one normal line.
  p = TilePathRepeats(TilePath::kUnaryOp, Tile(8, 96, 4, true), 8, 96);
  CHECK(p.repeats == 12);
  CHECK(p.masked_instructions == 0);
  // 1x... is one row: 300 repeats of f32 (19200 elements) is over 255, so count mode.
  p = TilePathRepeats(TilePath::kUnaryOp, Tile(1, 19200, 4, false), 1, 19200);
  CHECK(p.repeats == 300);
  CHECK(p.masked_instructions == 1);
  // 4x448 f32 with a dynamic valid shape of 4x440: fewer rows (4) than repeats a row (7) and
  // a ragged width, so an instruction a row in count mode, 7 repeats each.
  p = TilePathRepeats(TilePath::kScalarOp, Tile(4, 448, 4, false), 4, 440);
  CHECK(p.repeats == 28);
  CHECK(p.masked_instructions == 4);
  // 4x448 filled: whole repeats a row, normal mode.
  p = TilePathRepeats(TilePath::kScalarOp, Tile(4, 448, 4, false), 4, 448);
  CHECK(p.repeats == 28);
  CHECK(p.masked_instructions == 0);
}

TEST_CASE("tile path: a column expand runs column blocks, or rows in count mode") {
  // 16x128 f32, statically whole: two column blocks of 16 repeats; valid=?x?: a row at a
  // time in count mode, the same 32 repeats.
  PathRepeats p = TilePathRepeats(TilePath::kColExpandOp, Tile(16, 128, 4, true), 16, 128);
  CHECK(p.repeats == 32);
  CHECK(p.masked_instructions == 0);
  p = TilePathRepeats(TilePath::kColExpandOp, Tile(16, 128, 4, false), 16, 128);
  CHECK(p.repeats == 32);
  CHECK(p.masked_instructions == 16);
}

}  // namespace
}  // namespace pto::interp::observe
