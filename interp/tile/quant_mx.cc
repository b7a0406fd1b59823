// tquant.mx: f32, f16 or bf16 -> MXFP8 (e4m3) or MXFP4 (e2m1 pairs) with one e8m0 exponent
// per group of 32, by the OCP or the NV rule, as the A5 vector unit computes them (pto-isa's
// a5 TQuant.hpp; docs/semantics.md "MX quantisation"); tmov.zz, the exponents into the cube's
// ZZ boxes.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "pto/common/float_format.h"
#include "pto/common/narrow_float.h"
#include "pto/common/strings.h"
#include "pto/interp/tile/tile_shared.h"

namespace pto::interp {

namespace {

constexpr int32_t kGroup = 32;
constexpr uint32_t kMxfp4 = 3;  // quant_type code (common/isa/attributes.cc)

// What one tquant.mx computes, from its operands and attributes.
struct MxForm {
  bool axis0, fp4, nv, interleave;
  bool half;         // a 16-bit source: max and scaling tiles hold 16-bit patterns
  bool f16_as_bf16;  // f16 OCP: the maxima are reduced as bf16, cut from f16 by truncation
  bool flat_exp;     // axis1 with an exponent tile of one row (the NPU's flat form)
  bool unroll;       // flat f32: each group's scaling written twice
};

// A group's results: the largest magnitude (f32 value, or the 16-bit pattern stored), the
// e8m0 exponent, and the scaling as stored (f32 bits, or bf16 bits for 16-bit sources).
struct GroupScale {
  float max;
  uint16_t max_bits;
  uint8_t exp;
  uint32_t scaling_bits;
};

float ScalingValue(const MxForm& f, uint32_t bits) {
  return f.half ? BF16ToFloat(static_cast<uint16_t>(bits)) : BitsFloat(bits);
}

// The OCP rule on the max's biased exponent E (f32's, or bf16's for 16-bit sources): exp =
// E - emax (8 for e4m3, 2 for e2m1), 0 when E <= emax; NaN gives exp 0xff and a NaN scaling
// (bf16 0x7f81 for MXFP8, 0x7fc0 for MXFP4). An infinite max is not special.
void OcpScale(const MxForm& f, uint32_t biased, bool nan, GroupScale* g) {
  const uint32_t emax = f.fp4 ? 2 : 8;
  if (nan) {
    g->exp = 0xff;
    g->scaling_bits = f.half ? (f.fp4 ? 0x7fc0u : 0x7f81u) : 0x7fc00000u;
    return;
  }
  g->exp = static_cast<uint8_t>(biased <= emax ? 0 : biased - emax);
  g->scaling_bits = (254u - g->exp) << (f.half ? 7 : 23);
}

// The NV rule: m = max * (1/448 or 1/6) in f32, exp = m's exponent rounded up to the next
// power of two (unless m is one), scaling 2^(127 - exp); an infinite max gives exp 0xfe and
// scaling 2^-127, a NaN exp 0xff and a NaN scaling.
void NvScale(const MxForm& f, float max, GroupScale* g) {
  const float m = max * (f.fp4 ? 1.0f / 6.0f : 1.0f / 448.0f);
  const uint32_t bits = FloatBits(m), e = bits >> 23 & 0xff, mant = bits & 0x7fffff;
  if (e == 0xff) {
    g->exp = mant == 0 ? 0xfe : 0xff;
    if (mant == 0) g->scaling_bits = f.half ? 0x0040u : 0x00400000u;
    if (mant != 0) g->scaling_bits = f.half ? (f.fp4 ? 0x7fc0u : 0x7f81u) : 0x7fc00000u;
    return;
  }
  const bool up = (mant != 0 && e >= 1 && e <= 0xfd) || (e == 0 && mant > 0x400000);
  g->exp = static_cast<uint8_t>(e + up);
  g->scaling_bits = (0xfeu - g->exp) << (f.half ? 7 : 23);
}

// The largest magnitude of a group's elements (bits: their storage patterns). f32: the float
// max, NaN if any is NaN. 16-bit: the largest |pattern| as an unsigned integer (infinity above
// every number, the largest NaN pattern above all), f16 cut to bf16 first under OCP (infinity
// and NaN kept as bf16's).
GroupScale GroupMax(const MxForm& f, DType src, const std::vector<uint32_t>& bits,
                    const std::vector<size_t>& members) {
  GroupScale g{};
  if (!f.half) {
    bool nan = false;
    for (size_t k : members) {
      const float v = BitsFloat(bits[k]);
      nan |= std::isnan(v);
      g.max = std::max(g.max, std::fabs(v));
    }
    if (nan) g.max = BitsFloat(0x7fc00000);
    return g;
  }
  for (size_t k : members) {
    uint16_t a = static_cast<uint16_t>(bits[k] & 0x7fff);
    if (f.f16_as_bf16) {
      a = a == 0x7c00 ? 0x7f80 : (a & 0x7c00) == 0x7c00 ? 0x7fc0
                                                         : static_cast<uint16_t>(FloatBits(HalfToFloat(a)) >> 16);
    }
    g.max_bits = std::max(g.max_bits, a);
  }
  const bool as_bf16 = src == DType::kBF16 || f.f16_as_bf16;
  g.max = as_bf16 ? BF16ToFloat(g.max_bits) : HalfToFloat(g.max_bits);
  return g;
}

void ScaleGroup(const MxForm& f, GroupScale* g) {
  if (f.nv) return NvScale(f, g->max, g);
  const uint32_t bits = FloatBits(g->max);  // exact for bf16 patterns: the same exponent
  OcpScale(f, bits >> 23 & 0xff, std::isnan(g->max), g);
}

// e2m1 of y: the shared encoder's nearest-even with saturation (6 from there on, infinity
// too, the sign kept: -0 and negative underflow give 0x8), but NaN gives 0x7, as the MX
// quantiser's NaN-to-+6 path does (common/narrow_float.h gives +0).
uint8_t E2M1Code(float y) {
  if (std::isnan(y)) return 0x7;
  return EncodeNarrow(y, NarrowFormat::kF4E2M1, RoundMode::kRint, true) & 0xf;
}

bool RequireByteSize(Executor& ex, const TileRef& t, int size, const char* role) {
  if (DTypeSize(t.type->dtype) == size) return true;
  return ex.Fault(StrCat("tquant.mx: the ", role, " tile ", ex.TileName(t.reg), " holds ",
                         DTypeName(t.type->dtype), ", not a ", size, "-byte type"));
}

// Element k of a tile's storage, counted row by row (the NPU's flat indexing of max and
// scaling, and of a one-row exponent tile).
template <typename T>
T* Flat(const TileRef& t, int64_t k) {
  return t.At<T>(k / t.type->cols, k % t.type->cols);
}

// The groups of the source's valid region (rows x cols): 32 columns of a row (axis1) or 32
// rows of a column (axis0); group (i, g) is row i's g-th (axis1) or column g's i-th (axis0).
struct Groups {
  bool axis0;
  int32_t rows, cols;
  int32_t count_i() const { return axis0 ? rows / kGroup : rows; }
  int32_t count_g() const { return axis0 ? cols : cols / kGroup; }
  void Members(int32_t i, int32_t g, std::vector<size_t>* out) const {
    out->clear();
    for (int32_t k = 0; k < kGroup; ++k) {
      const int32_t r = axis0 ? i * kGroup + k : i, c = axis0 ? g : g * kGroup + k;
      out->push_back(static_cast<size_t>(r) * cols + c);
    }
  }
};

// Where group (i, g)'s exponent, max and scaling go. axis1: max and scaling at storage element
// i * G + g (a compact [M, G] tile or a flat [1, M*G] one; the unrolled flat f32 path writes the
// scaling at 2k and 2k + 1), the exponent there too in a one-row tile, else at [i, g]. axis0:
// [i, g] of [M/32, N] tiles; interleaved exponents at [i/2, 2g + i%2].
struct Outputs {
  const TileRef &d, &e, &m, &s;
  void Store(const MxForm& f, const Groups& gr, int32_t i, int32_t g, const GroupScale& sc) const {
    const int64_t k = int64_t{i} * gr.count_g() + g;
    if (f.axis0) {
      *(f.interleave ? e.At<uint8_t>(i / 2, 2 * g + i % 2) : e.At<uint8_t>(i, g)) = sc.exp;
    } else {
      *(f.flat_exp ? Flat<uint8_t>(e, k) : e.At<uint8_t>(i, g)) = sc.exp;
    }
    // Storage element of max or scaling tile t: [i, g] on axis0, k on axis1.
    const auto slot = [&](const TileRef& t) { return f.axis0 ? int64_t{i} * t.type->cols + g : k; };
    if (f.half) {
      *Flat<uint16_t>(m, slot(m)) = sc.max_bits;
      *Flat<uint16_t>(s, slot(s)) = static_cast<uint16_t>(sc.scaling_bits);
      return;
    }
    *Flat<float>(m, slot(m)) = sc.max;
    *Flat<uint32_t>(s, f.unroll ? 2 * k : slot(s)) = sc.scaling_bits;
    if (f.unroll) *Flat<uint32_t>(s, 2 * k + 1) = sc.scaling_bits;
  }
};

MxForm ReadForm(const Instr& in, const TileRef& a, const TileRef& e) {
  const uint32_t* o = in.operands;
  MxForm f{};
  f.axis0 = o[6] == 0;
  f.fp4 = o[7] == kMxfp4;
  f.nv = o[8] == 1;
  f.interleave = o[9] == 1;
  f.half = a.type->dtype != DType::kF32;
  f.f16_as_bf16 = a.type->dtype == DType::kF16 && !f.nv;
  f.flat_exp = !f.axis0 && e.type->rows == 1;
  const int64_t storage = int64_t{a.type->rows} * a.type->cols;
  f.unroll = !f.half && f.flat_exp && storage > 1024 && storage % 256 == 0 &&
             int64_t{a.valid_rows} * a.type->cols % 256 == 0;
  return f;
}

// The source's valid elements as storage patterns (read whole first: outputs may share its
// bytes); a 16-bit source's padding columns are then zeroed in place, as the NPU zeroes them.
void ReadSource(const TileRef& a, std::vector<uint32_t>* bits) {
  const int32_t rows = a.valid_rows, cols = a.valid_cols;
  const bool half = a.type->dtype != DType::kF32;
  bits->resize(static_cast<size_t>(rows) * cols);
  for (int32_t r = 0; r < rows; ++r) {
    for (int32_t c = 0; c < cols; ++c) {
      (*bits)[static_cast<size_t>(r) * cols + c] = half ? *a.At<uint16_t>(r, c) : *a.At<uint32_t>(r, c);
    }
    for (int32_t c = cols; half && c < a.type->cols; ++c) *a.At<uint16_t>(r, c) = 0;
  }
}

float SourceValue(DType t, uint32_t bits) {
  if (t == DType::kF32) return BitsFloat(bits);
  return t == DType::kBF16 ? BF16ToFloat(static_cast<uint16_t>(bits))
                           : HalfToFloat(static_cast<uint16_t>(bits));
}

// The elements: y = x * scaling in f32 (exact: the scaling is a power of two, and bf16's
// own multiply gives the same value wherever e4m3 or e2m1 can tell), then e4m3 (nearest,
// saturating at 448, NaN 0x7f) or e2m1 codes packed two a byte, the even column's in the low
// nibble.
void QuantizeElements(const MxForm& f, DType src, const std::vector<uint32_t>& bits,
                      const std::vector<size_t>& members, float scaling, const Groups& gr,
                      const TileRef& d) {
  for (size_t k : members) {
    const int32_t r = static_cast<int32_t>(k / gr.cols), c = static_cast<int32_t>(k % gr.cols);
    const float y = SourceValue(src, bits[k]) * scaling;
    if (!f.fp4) {
      *d.At<uint8_t>(r, c) = FloatToF8E4M3Sat(y);
      continue;
    }
    uint8_t* byte = d.At<uint8_t>(r, c / 2);
    const uint8_t code = E2M1Code(y);
    *byte = c % 2 == 0 ? static_cast<uint8_t>((*byte & 0xf0) | code)
                       : static_cast<uint8_t>((*byte & 0x0f) | code << 4);
  }
}

// Where byte n of a ZZ exponent stream comes from, as [r, c] of the rows x cols exponents:
// axis1 (ND-to-ZZ), box (rb, p) holds rows 16rb..16rb+15 of columns 2p and 2p+1, row-major;
// axis0 (DN-to-ZZ), box (cb, p) holds e[2p + d][16cb + q] at byte 2q + d. r may pass the
// last row (the padding of a partial 16-row box).
void ZzSource(int64_t n, bool axis0, int64_t rows, int64_t cols, int64_t* r, int64_t* c) {
  const int64_t box = n / 32, q = n % 32 / 2, delta = n % 2;
  if (axis0) {
    const int64_t pairs = rows / 2;
    *r = 2 * (box % pairs) + delta;
    *c = 16 * (box / pairs) + q;
  } else {
    const int64_t pairs = cols / 2;
    *r = 16 * (box / pairs) + q;
    *c = 2 * (box % pairs) + delta;
  }
}

// exp_zz of the deprecated fused form: the exponents (flat, row by row) in 16x2 ZZ boxes, as
// pto-isa's CPU simulator writes them (its only implementation), rows a multiple of 16 and an
// even number of groups a row.
bool StoreZz(Executor& ex, const MxForm& f, const TileRef& zz, const TileRef& e,
             const Groups& gr) {
  const int32_t rows = gr.count_i(), groups = gr.count_g();
  if (rows % 16 != 0 || groups % 2 != 0) {
    return ex.Fault(StrCat("the fused exp_zz form orders the exponents (", rows, " rows, ",
                           groups, " a row) in 16x2 boxes: it needs a multiple of 16 rows and "
                           "an even number a row (pto-isa's only implementation of the form "
                           "stops here too)"));
  }
  for (int64_t n = 0; n < int64_t{rows} * groups; ++n) {
    int64_t row, g;
    ZzSource(n, false, rows, groups, &row, &g);
    *Flat<uint8_t>(zz, n) = f.flat_exp ? *Flat<uint8_t>(e, row * groups + g) : *e.At<uint8_t>(row, g);
  }
  return true;
}

bool CheckOperands(Executor& ex, const MxForm& f, const TileRef* t, const Groups& gr) {
  if ((f.axis0 ? gr.rows : gr.cols) % kGroup != 0) {
    return ex.Fault(StrCat("tquant.mx groups 32 ", f.axis0 ? "rows" : "columns", "; the source's ",
                           gr.rows, "x", gr.cols, " valid region is not whole groups"));
  }
  const int size = DTypeSize(t[4].type->dtype);
  if (!RequireByteSize(ex, t[0], 1, "destination") || !RequireByteSize(ex, t[1], 1, "exponent") ||
      !RequireByteSize(ex, t[2], size, "max") || !RequireByteSize(ex, t[3], size, "scaling")) {
    return false;
  }
  if (!RequireCovers(ex, t[0], gr.rows, gr.cols / (f.fp4 ? 2 : 1), "destination")) return false;
  const int64_t groups = int64_t{gr.count_i()} * gr.count_g();
  const char* roles[3] = {"exponent", "max", "scaling"};
  for (int k = 1; k <= 3; ++k) {
    const bool flat = !f.axis0 && t[k].valid_rows == 1 && gr.rows > 1;
    const int32_t rows = f.axis0 && k == 1 && f.interleave ? gr.count_i() / 2
                         : flat                              ? 1
                                                             : gr.count_i();
    const int64_t cols = f.axis0 && k == 1 && f.interleave ? 2 * gr.cols
                         : flat                              ? groups
                                                             : gr.count_g();
    if (!RequireCovers(ex, t[k], rows, static_cast<int32_t>(cols), roles[k - 1])) return false;
  }
  const int64_t scaling_need = f.unroll ? 2 * groups : groups;
  if (scaling_need > int64_t{t[3].type->rows} * t[3].type->cols) {
    return ex.Fault(StrCat("tquant.mx writes ", scaling_need, " scalings (each group's twice in "
                           "the NPU's unrolled flat form); ", ex.TileName(t[3].reg), " holds ",
                           t[3].type->ToString()));
  }
  return true;
}

}  // namespace

// tquant.mx d e m s [zz] | a: per group of 32 along a row (grpAxis axis1, o[6] = 1) or down a
// column (axis0): the largest magnitude, the e8m0 exponent and scaling by the OCP or NV rule
// (o[8]), the elements in e4m3 or e2m1 pairs (quant_type o[7]); o[9] interleaves axis0's
// exponents; o[4] is the fused form's exp_zz.
bool ExecQuantMx(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  TileRef t[5], zz;  // d, e, m, s, a
  for (int k = 0; k < 4; ++k) {
    if (!ex.Tile(o[k], &t[k])) return false;
  }
  if (!ex.Tile(o[5], &t[4]) || (o[4] != kNoOperand && !ex.Tile(o[4], &zz))) return false;
  const MxForm f = ReadForm(in, t[4], t[1]);
  const Groups gr{f.axis0, t[4].valid_rows, t[4].valid_cols};
  if (!CheckOperands(ex, f, t, gr)) return false;
  thread_local std::vector<uint32_t> bits;
  thread_local std::vector<size_t> members;
  ReadSource(t[4], &bits);
  const DType src = t[4].type->dtype;
  const Outputs out{t[0], t[1], t[2], t[3]};
  for (int32_t i = 0; i < gr.count_i(); ++i) {
    for (int32_t g = 0; g < gr.count_g(); ++g) {
      gr.Members(i, g, &members);
      GroupScale sc = GroupMax(f, src, bits, members);
      ScaleGroup(f, &sc);
      out.Store(f, gr, i, g, sc);
      QuantizeElements(f, src, bits, members, ScalingValue(f, sc.scaling_bits), gr, t[0]);
    }
  }
  return o[4] == kNoOperand || StoreZz(ex, f, zz, t[1], gr);
}

// tmov.zz d | a tmp: the exponents into 16x2 ZZ boxes (ZzSource), written from d's start as the
// NPU's gather writes them, whatever d's declared shape. grpAxis axis1 (o[3] = 1): a holds d's
// valid rows R of G exponents as a compact prefix, rows past R as 0 (the NPU zeroes the
// source's padding rows first). axis0: a holds [M/32, N].
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
    int64_t r, c;
    ZzSource(n, axis0, rows, cols, &r, &c);
    if (r < rows) boxes[static_cast<size_t>(n)] = src[r * cols + c];
  }
  std::copy(boxes.begin(), boxes.end(), out);
  return true;
}

}  // namespace pto::interp
