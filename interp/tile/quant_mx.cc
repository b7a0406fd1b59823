// tquant.mx: f32 -> MXFP8 (e4m3) with one e8m0 exponent per 32 columns of a row, the OCP
// microscaling rule as the A5 vector unit computes it (docs/semantics.md "MX quantisation").
#include <algorithm>
#include <cmath>
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

}  // namespace

// Over the source's valid region (rows x cols, groups of 32 columns, the last one possibly
// shorter): max[i,g] = max |src| over the group (NaN if any element is NaN), exp[i,g] and
// scaling[i,g] from ScaleOf, dst[i,j] = e4m3_sat(f32(src[i,j] * scaling[i,g])).
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
  const int32_t rows = a.valid_rows, cols = a.valid_cols;
  const int32_t groups = (cols + kGroup - 1) / kGroup;
  if (!RequireCovers(ex, d, rows, cols, "destination") ||
      !RequireCovers(ex, e, rows, groups, "exponent") ||
      !RequireCovers(ex, m, rows, groups, "max") ||
      !RequireCovers(ex, s, rows, groups, "scaling")) {
    return false;
  }
  // The source is read whole first: the outputs may share its storage.
  thread_local std::vector<float> src;
  src.resize(static_cast<size_t>(rows) * static_cast<size_t>(cols));
  for (int32_t i = 0; i < rows; ++i) {
    for (int32_t j = 0; j < cols; ++j) src[static_cast<size_t>(i) * cols + j] = *a.At<float>(i, j);
  }
  for (int32_t i = 0; i < rows; ++i) {
    const float* row = src.data() + static_cast<size_t>(i) * cols;
    for (int32_t g = 0; g < groups; ++g) {
      const int32_t c0 = g * kGroup, c1 = std::min(cols, c0 + kGroup);
      float amax = 0.0f;
      bool nan = false;
      for (int32_t j = c0; j < c1; ++j) {
        nan |= std::isnan(row[j]);
        amax = std::max(amax, std::fabs(row[j]));
      }
      if (nan) amax = BitsFloat(0x7fc00000);
      const GroupScale scale = ScaleOf(amax);
      *e.At<uint8_t>(i, g) = scale.exp;
      *m.At<float>(i, g) = amax;
      *s.At<float>(i, g) = scale.scaling;
      for (int32_t j = c0; j < c1; ++j) {
        *d.At<uint8_t>(i, j) = FloatToF8E4M3Sat(row[j] * scale.scaling);
      }
    }
  }
  return true;
}

}  // namespace pto::interp
