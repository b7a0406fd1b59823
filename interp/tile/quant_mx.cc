// tquant.mx: f32 -> MXFP8 (e4m3) with one e8m0 exponent per 32 columns of a row, the OCP
// microscaling rule as the A5 vector unit computes it (docs/semantics.md "MX quantisation").
#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "pto/common/float_format.h"
#include "pto/common/strings.h"
#include "pto/interp/tile/kernels.h"

namespace pto::interp {

namespace {

constexpr int32_t kGroup = 32;
constexpr uint32_t kE4M3Emax = 8;  // the largest e4m3 binade: 448 = 1.75 * 2^8

struct GroupScale {
  uint8_t exp;    // e8m0: the group's scale is 2^(exp - 127)
  float scaling;  // what the elements are multiplied by: 2^(127 - exp)
};

// From the group's largest magnitude (its f32 exponent field E): exp = E - 8, the scale that
// puts the maximum in e4m3's top binade; exp 0 (scaling 2^127) when E <= 8 (zeros, f32
// subnormals and tiny values); a NaN maximum gives exp 0xff and a NaN scaling.
GroupScale ScaleOf(float amax) {
  const uint32_t bits = FloatBits(amax);
  const uint32_t e = (bits >> 23) & 0xff;
  if (e == 0xff && (bits & 0x7fffff) != 0) return {0xff, BitsFloat(0x7fc00000)};
  if (e <= kE4M3Emax) return {0, BitsFloat(0x7f000000)};
  const uint32_t x = e - kE4M3Emax;  // 1 .. 247 (infinity: 247)
  return {static_cast<uint8_t>(x), BitsFloat((254 - x) << 23)};
}

bool RequireByteSize(Executor& ex, const TileRef& t, int size, const char* role) {
  if (DTypeSize(t.type->dtype) == size) return true;
  return ex.Fault(StrCat("tquant.mx: the ", role, " tile ", ex.TileName(t.reg), " holds ",
                         DTypeName(t.type->dtype), ", not a ", size, "-byte type"));
}

// Where a group's exp, max and scaling go: [i, g] of a canonical [M, G] tile, or element
// i * G + g of a flat [1, M*G] one (grpAxis axis1); [i, g] of [M/32, N] (axis0).
struct GroupSlot {
  int32_t rows_of_groups, groups_per_row;
  bool flat;
  std::pair<int32_t, int32_t> At(int32_t i, int32_t g) const {
    return flat ? std::pair{0, i * groups_per_row + g} : std::pair{i, g};
  }
};

// The group of elements (i, g) holds: 32 columns of row i (axis1) or 32 rows of column g
// (axis0), clipped to the valid region.
struct GroupSpan {
  int32_t r0, r1, c0, c1;
};

GroupSpan SpanOf(bool axis0, int32_t i, int32_t g, int32_t rows, int32_t cols) {
  if (axis0) return {i * kGroup, std::min(rows, (i + 1) * kGroup), g, g + 1};
  return {i, i + 1, g * kGroup, std::min(cols, (g + 1) * kGroup)};
}

void QuantizeGroup(const TileRef& d, const TileRef& e, const TileRef& m, const TileRef& s,
                   const std::vector<float>& src, int32_t cols, const GroupSpan& span,
                   const GroupSlot (&slots)[3], int32_t i, int32_t g) {
  float amax = 0.0f;
  bool nan = false;
  for (int32_t r = span.r0; r < span.r1; ++r) {
    for (int32_t c = span.c0; c < span.c1; ++c) {
      const float v = src[static_cast<size_t>(r) * cols + c];
      nan |= std::isnan(v);
      amax = std::max(amax, std::fabs(v));
    }
  }
  if (nan) amax = BitsFloat(0x7fc00000);
  const GroupScale scale = ScaleOf(amax);
  const auto [er, ec] = slots[0].At(i, g);
  const auto [mr, mc] = slots[1].At(i, g);
  const auto [sr, sc] = slots[2].At(i, g);
  *e.At<uint8_t>(er, ec) = scale.exp;
  *m.At<float>(mr, mc) = amax;
  *s.At<float>(sr, sc) = scale.scaling;
  for (int32_t r = span.r0; r < span.r1; ++r) {
    for (int32_t c = span.c0; c < span.c1; ++c) {
      *d.At<uint8_t>(r, c) = FloatToF8E4M3Sat(src[static_cast<size_t>(r) * cols + c] * scale.scaling);
    }
  }
}

}  // namespace

// Over the source's valid region (rows x cols), groups of 32 along a row (grpAxis axis1, o[5]
// = 1) or down a column (axis0): max = max |src| over the group (NaN if any element is NaN),
// exp and scaling from ScaleOf, dst[i,j] = e4m3_sat(f32(src[i,j] * scaling)).
bool ExecQuantMx(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  TileRef d, e, m, s, a;
  if (!ex.Tile(o[0], &d) || !ex.Tile(o[1], &e) || !ex.Tile(o[2], &m) || !ex.Tile(o[3], &s) ||
      !ex.Tile(o[4], &a)) {
    return false;
  }
  if (!RequireByteSize(ex, d, 1, "destination") || !RequireByteSize(ex, e, 1, "exponent") ||
      !RequireByteSize(ex, m, 4, "max") || !RequireByteSize(ex, s, 4, "scaling") ||
      !RequireByteSize(ex, a, 4, "source")) {
    return false;
  }
  const bool axis0 = o[5] == 0;
  const int32_t rows = a.valid_rows, cols = a.valid_cols;
  const int32_t group_rows = axis0 ? (rows + kGroup - 1) / kGroup : rows;
  const int32_t group_cols = axis0 ? cols : (cols + kGroup - 1) / kGroup;
  if (!RequireCovers(ex, d, rows, cols, "destination")) return false;
  GroupSlot slots[3];
  const TileRef* outs[3] = {&e, &m, &s};
  const char* roles[3] = {"exponent", "max", "scaling"};
  for (int t = 0; t < 3; ++t) {
    const bool flat = !axis0 && rows > 1 && outs[t]->valid_rows == 1;
    slots[t] = {group_rows, group_cols, flat};
    if (!RequireCovers(ex, *outs[t], flat ? 1 : group_rows,
                       flat ? group_rows * group_cols : group_cols, roles[t])) {
      return false;
    }
  }
  // The source is read whole first: the outputs may share its storage.
  thread_local std::vector<float> src;
  src.resize(static_cast<size_t>(rows) * static_cast<size_t>(cols));
  for (int32_t i = 0; i < rows; ++i) {
    for (int32_t j = 0; j < cols; ++j) src[static_cast<size_t>(i) * cols + j] = *a.At<float>(i, j);
  }
  for (int32_t i = 0; i < group_rows; ++i) {
    for (int32_t g = 0; g < group_cols; ++g) {
      QuantizeGroup(d, e, m, s, src, cols, SpanOf(axis0, i, g, rows, cols), slots, i, g);
    }
  }
  return true;
}

// tmov.zz d | a tmp: the exponents into 16x2 ZZ boxes, written from d's start as the NPU's
// gather writes them, whatever d's declared shape. grpAxis axis1 (o[3] = 1): a holds d's valid
// rows R of G exponents as a compact prefix; box (rb, p) holds rows 16rb..16rb+15, columns 2p
// and 2p+1, rows past R as 0 (the NPU zeroes the source's padding rows first). axis0: a holds
// [M/32, N]; box (cb, p) holds a[2p + δ][16cb + q] at q*2 + δ.
bool ExecMoveToZz(Executor& ex, const Instr& in) {
  TileRef d, a;
  if (!ex.Tile(in.operands[0], &d) || !ex.Tile(in.operands[1], &a)) return false;
  const bool axis0 = in.operands[3] == 0;
  const int64_t rows = axis0 ? a.valid_rows : d.valid_rows;
  const int64_t cols = axis0 ? a.valid_cols : d.valid_cols;
  const int64_t padded_rows = axis0 ? rows : (rows + 15) / 16 * 16;
  const int64_t bytes = padded_rows * cols;
  if (bytes > d.bytes() || rows * cols > a.bytes()) {
    return ex.Fault(StrCat("the ZZ exponent boxes of ", rows, "x", cols, " exponents (", bytes,
                           " bytes) do not fit ", ex.TileName(d.reg), " (", d.bytes(),
                           " bytes) or its source ", ex.TileName(a.reg), " (", a.bytes(),
                           " bytes)"));
  }
  const uint8_t* src = a.Origin<uint8_t>();
  uint8_t* out = d.Origin<uint8_t>();
  thread_local std::vector<uint8_t> boxes;
  boxes.assign(static_cast<size_t>(bytes), 0);
  for (int64_t n = 0; n < bytes; ++n) {
    const int64_t box = n / 32, q = n % 32 / 2, delta = n % 2;
    int64_t r, c;
    if (axis0) {
      const int64_t pairs = rows / 2;
      r = 2 * (box % pairs) + delta;
      c = 16 * (box / pairs) + q;
    } else {
      const int64_t pairs = cols / 2;
      r = 16 * (box / pairs) + q;
      c = 2 * (box % pairs) + delta;
    }
    if (r < rows) boxes[static_cast<size_t>(n)] = src[r * cols + c];
  }
  std::copy(boxes.begin(), boxes.end(), out);
  return true;
}

}  // namespace pto::interp
