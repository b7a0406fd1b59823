// The Element and Print families: one element of a tile by its storage offset (tsetval,
// tgetval), and a tile printed (tprint).
#include <cinttypes>
#include <cstdio>

#include "pto/common/strings.h"
#include "pto/interp/tile/tile_shared.h"

namespace pto::interp {

namespace ops {
struct TSetVal {};
struct TGetVal {};
}  // namespace ops

// tsetval / tgetval: one element of a vec tile, by its offset in the tile's storage.
template <typename Op>
bool ExecElement(Executor& ex, const Instr& in) {
  constexpr bool kSet = std::is_same_v<Op, ops::TSetVal>;
  const uint32_t* o = in.operands;
  TileRef t;
  if (!ex.Tile(kSet ? o[0] : o[1], &t)) return false;
  const int64_t k = ex.scalar(kSet ? o[1] : o[2]).i;
  const int64_t count = static_cast<int64_t>(t.type->rows) * t.type->cols;
  if (k < 0 || k >= count) {
    return ex.Fault(StrCat("offset ", k, " is outside ", ex.TileName(t.reg), " (", count,
                           " elements)"));
  }
  WithStorageType(t.type->dtype, [&](auto tag) {
    using T = decltype(tag);
    using E = Elem<T>;
    T* at = reinterpret_cast<T*>(t.base) + k;
    if constexpr (kSet) {
      *at = E::Store(ScalarAs<T>(ex, o[2]));
    } else {
      // The verifier makes the result register float exactly when the tile is.
      Slot& s = ex.scalar(o[0]);
      if constexpr (E::kFloat) {
        s.f = ex.Round(o[0], static_cast<double>(E::Load(*at)));
      } else {
        s.i = ex.Wrap(o[0], static_cast<int64_t>(*at));
      }
    }
  });
  return true;
}

namespace {

// printFormat's field width and float precision (code 0, no printFormat: tprint's own 6 and 2).
struct PrintFormat {
  int width, precision;
};
PrintFormat FormatOf(uint32_t code) {
  static constexpr PrintFormat kFormats[] = {{6, 2}, {8, 4}, {8, 2}, {10, 6}};
  return kFormats[code < 4 ? code : 0];
}

}  // namespace

// Prints the tile row by row: valid elements, then a bar and the rest of the row. Operand 1 is
// the NPU's optional GM scratch, unused here; operand 2 the printFormat.
template <typename Op>
bool ExecPrint(Executor& ex, const Instr& in) {
  TileRef t;
  if (!ex.Tile(in.operands[0], &t)) return false;
  // Blocks and cores print from threads of their own: say which one printed.
  std::string who = ex.core().Name();
  if (ex.block().block_num > 1) {
    who = StrCat("block ", ex.block().block_idx, who.empty() ? "" : ", ", who);
  }
  std::string out = StrCat(who.empty() ? "" : "[" + who + "] ", ex.TileName(t.reg), " = ",
                           t.type->ToString(), " valid ", t.valid_rows, "x", t.valid_cols, "\n");
  const int width = FormatOf(in.operands[2]).width;
  const int precision = FormatOf(in.operands[2]).precision;
  WithStorageType(t.type->dtype, [&](auto tag) {
    using T = decltype(tag);
    using E = Elem<T>;
    char buf[64];
    for (int32_t r = 0; r < t.type->rows; ++r) {
      if (r == t.valid_rows) out += "  ----\n";
      out += " ";
      for (int32_t c = 0; c < t.type->cols; ++c) {
        if (c == t.valid_cols) out += " |";
        auto v = E::Load(*t.At<T>(r, c));
        if constexpr (E::kFloat) {
          std::snprintf(buf, sizeof buf, " %*.*f", width, precision, static_cast<double>(v));
        } else if constexpr (std::is_same_v<T, uint64_t>) {  // above INT64_MAX as unsigned
          std::snprintf(buf, sizeof buf, " %*" PRIu64, width, static_cast<uint64_t>(v));
        } else {
          std::snprintf(buf, sizeof buf, " %*" PRId64, width, static_cast<int64_t>(v));
        }
        out += buf;
      }
      out += "\n";
    }
  });
  std::fputs(out.c_str(), stdout);
  return true;
}

#define PTO_IMPLEMENTS_Element PTO_YES
#define PTO_IMPLEMENTS_Print PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
