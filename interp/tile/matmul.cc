// The Matmul family: matrix multiply on the cube memories (tmatmul and its accumulating, bias,
// GEMV and MX forms). Tiles are read and written through their layouts' offset formulas (NZ,
// ZN, ZZ, ND, DN alike).
#include <algorithm>
#include <climits>
#include <cmath>
#include <vector>

#include "pto/common/narrow_float.h"
#include "pto/common/strings.h"
#include "pto/interp/tile/tile_shared.h"

namespace pto::interp {

namespace ops {
// The matmul kernels, by what they add to c = a x b: M = 1 (GEMV), c_in, a bias row, MX scales.
template <bool kGemvForm, bool kAccForm, bool kBiasForm, bool kMxForm>
struct MatmulForm {
  static constexpr bool kGemv = kGemvForm, kAcc = kAccForm, kBias = kBiasForm, kMx = kMxForm;
};
struct Plain : MatmulForm<false, false, false, false> {};
struct Accumulate : MatmulForm<false, true, false, false> {};
struct WithBias : MatmulForm<false, false, true, false> {};
struct Gemv : MatmulForm<true, false, false, false> {};
struct GemvAccumulate : MatmulForm<true, true, false, false> {};
struct GemvWithBias : MatmulForm<true, false, true, false> {};
struct Mx : MatmulForm<false, false, false, true> {};
struct MxAccumulate : MatmulForm<false, true, false, true> {};
struct MxWithBias : MatmulForm<false, false, true, true> {};
struct GemvMx : MatmulForm<true, false, false, true> {};
struct GemvMxAccumulate : MatmulForm<true, true, false, true> {};
struct GemvMxWithBias : MatmulForm<true, false, true, true> {};
}  // namespace ops

namespace {

// Copies the rows x cols logical elements of \a t starting at (r0, c0) into a row-major
// array of the accumulator type.
template <typename T, typename Acc>
void Gather(const TileRef& t, int32_t r0, int32_t c0, int32_t rows, int32_t cols,
            std::vector<Acc>* out) {
  out->resize(static_cast<size_t>(rows) * cols);
  const RowRuns<T> runs(t);
  for (int32_t r = 0; r < rows; ++r) {
    Acc* row = &(*out)[static_cast<size_t>(r) * cols];
    runs.ForRow(r0 + r, c0, cols, [&](int64_t i, const T* p, int64_t step, int64_t len) {
      if (step == 1) {  // the common NZ/ND case: a plain loop the compiler makes SIMD
        for (int64_t e = 0; e < len; ++e) row[i + e] = static_cast<Acc>(Elem<T>::Load(p[e]));
      } else {
        for (int64_t e = 0; e < len; ++e) row[i + e] = static_cast<Acc>(Elem<T>::Load(p[e * step]));
      }
    });
  }
}

// tsettf32mode / tsethf32mode: f32 inputs keep 10 (TF32 on a5) or 11 mantissa bits, rounded
// with the mode's RoundMode; TF32 wins when both are enabled.
void RoundCubeInputs(Executor& ex, std::vector<float>* lhs, std::vector<float>* rhs) {
  const Core& core = ex.core();
  const uint8_t mode = core.tf32_mode ? core.tf32_mode : core.hf32_mode;
  if (mode == 0) return;
  const int bits = core.tf32_mode && ex.program().arch == Arch::kA5 ? 10 : 11;
  const FloatFormat format{8, bits};
  const RoundMode rm = static_cast<RoundMode>(mode - 1);
  for (std::vector<float>* v : {lhs, rhs}) {
    for (float& x : *v) x = static_cast<float>(DecodeFloat(EncodeFloat(x, format, rm), format));
  }
}

// The operand types the SIMD code widens to f32 itself; the others go through Gather.
template <typename In>
constexpr bool kPacked =
    std::is_same_v<In, float> || std::is_same_v<In, BFloat16> || std::is_same_v<In, Half>;
template <typename In>
constexpr simd::Widen kWidenOf = std::is_same_v<In, float>      ? simd::Widen::kF32
                                 : std::is_same_v<In, BFloat16> ? simd::Widen::kBF16
                                                                : simd::Widen::kF16;

// c = a x b (+ extra: c_in when \a acc, else a bias row) with an f32 accumulator: the operands
// are packed into plain f32 matrices once per instruction, multiplied by the register-blocked
// SIMD kernel, and the sums (plus extra, in that order) written back into c's layout.
// The a5's one-byte float inputs (fp8 e4m3 / e5m2, hif8): each element decoded exactly.
void GatherNarrow(const TileRef& t, int32_t rows, int32_t cols, std::vector<float>* out) {
  NarrowFormat format;
  NarrowFormatOf(t.type->dtype, &format);
  out->resize(static_cast<size_t>(rows) * cols);
  for (int32_t r = 0; r < rows; ++r) {
    for (int32_t c = 0; c < cols; ++c) {
      (*out)[static_cast<size_t>(r) * cols + c] =
          static_cast<float>(DecodeNarrow(*t.At<uint8_t>(r, c), format));
    }
  }
}

template <typename In>
void MatmulF32(Executor& ex, const TileRef& a, const TileRef& b, const TileRef& c,
               const TileRef* extra, bool acc, int32_t m, int32_t k, int32_t n) {
  thread_local std::vector<float> lhs, rhs, sum, add;
  lhs.resize(static_cast<size_t>(m) * k);
  rhs.resize(static_cast<size_t>(k) * n);
  sum.resize(static_cast<size_t>(m) * n);
  if (IsMxDType(a.type->dtype)) {  // the products of two such values are exact in f32
    GatherNarrow(a, m, k, &lhs);
    GatherNarrow(b, k, n, &rhs);
  } else if constexpr (kPacked<In>) {
    simd::PackF32(kWidenOf<In>, a.base, BoxesOf(*a.type), lhs.data(), k, m, k);
    simd::PackF32(kWidenOf<In>, b.base, BoxesOf(*b.type), rhs.data(), n, k, n);
  } else {
    Gather<In, float>(a, 0, 0, m, k, &lhs);
    Gather<In, float>(b, 0, 0, k, n, &rhs);
  }
  if constexpr (std::is_same_v<In, float>) RoundCubeInputs(ex, &lhs, &rhs);
  // c_in or the bias, read before c is written (they may share c's storage): on the NPU the
  // cube's sums start from it (mad with the old C, or the bias table, as the initial value:
  // pto-isa's TMatmul/TMatmulBias); --arith exact adds it after the k loop.
  const bool start_from_extra = extra && ex.core().arith == Arith::kNpu;
  if (extra) {
    const int32_t rows = acc ? m : 1;
    add.resize(static_cast<size_t>(rows) * n);
    simd::PackF32(simd::Widen::kF32, extra->base, BoxesOf(*extra->type), add.data(), n, rows, n);
    if (start_from_extra) {
      for (int32_t i = 0; i < m; ++i) {
        std::copy_n(&add[static_cast<size_t>(acc ? i : 0) * n], n, &sum[static_cast<size_t>(i) * n]);
      }
    }
  }
  simd::MatmulF32(lhs.data(), k, rhs.data(), n, sum.data(), n, m, k, n, start_from_extra);
  if (extra && !start_from_extra) {
    simd::BinaryF32Rows(simd::Binary::kAdd, sum.data(), n, add.data(), acc ? n : 0, sum.data(), n,
                        m, n);
  }
  simd::UnpackF32(sum.data(), n, reinterpret_cast<float*>(c.base), BoxesOf(*c.type), m, n);
}

// A scale tile's layout with its elements read as e8m0 bytes.
TileType ExponentBytes(const TileType& scales) {
  TileType t = scales;
  t.dtype = DType::kE8M0;
  return t;
}

// The NPU's accumulating matmul adds onto its destination: pto-isa's TMATMUL_ACC passes only
// the destination to mad, so a separate accumulator input is not read (pypto #537). With
// --arith npu the sum starts from c's contents, and an accumulator elsewhere is reported
// (a warning; an error with --check=strict); --arith exact reads \a acc as written.
bool AccumulatorOfNpu(Executor& ex, const TileRef& c, TileRef* acc) {
  if (ex.core().arith != Arith::kNpu || acc->base == c.base) return true;
  const std::string ignored = ex.TileName(acc->reg);
  *acc = c;
  return ex.Suspect(StrCat("the NPU accumulates onto the destination ", ex.TileName(c.reg),
                           " and does not read the separate accumulator ", ignored,
                           " (pto-isa's TMATMUL_ACC passes only the destination to mad): write "
                           "the result into the accumulator's own tile"));
}

// The MX matmuls (a5): a and b hold fp8 bytes (e4m3 or e5m2), sa and sb e8m0 block scales, one
// per 32 elements along K: c[i,j] = sum_k a[i,k] b[k,j] 2^(sa[i,k/32] + sb[k/32,j] - 254).
// Each product of two fp8 values is exact in f32; the scaling rounds only outside f32's normal
// range; the sum runs in f32 over ascending k, then c_in or the bias is added.
template <bool kGemv, bool kAcc, bool kBias>
bool MatmulMx(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  const int ai = kAcc ? 2 : 1;
  TileRef c, a, sa, b, sb, extra;
  if (!ex.Tile(o[0], &c) || !ex.Tile(o[ai], &a) || !ex.Tile(o[ai + 1], &sa) ||
      !ex.Tile(o[ai + 2], &b) || !ex.Tile(o[ai + 3], &sb)) {
    return false;
  }
  if ((kAcc || kBias) && !ex.Tile(o[kAcc ? 1 : 5], &extra)) return false;
  if (kAcc && !AccumulatorOfNpu(ex, c, &extra)) return false;
  const int32_t m = kGemv ? 1 : a.valid_rows;
  const int32_t k = kGemv ? b.valid_rows : a.valid_cols;
  const int32_t n = b.valid_cols;
  if (a.valid_rows < (kGemv ? 1 : m) || a.valid_cols < k || b.valid_rows < k) {
    return ex.Fault(StrCat("the left operand ", ex.TileName(a.reg), " (valid ", a.valid_rows, "x",
                           a.valid_cols, ") and the right operand ", ex.TileName(b.reg),
                           " (valid ", b.valid_rows, "x", b.valid_cols, ") do not share K = ", k));
  }
  for (const TileRef* t : {&c, kAcc ? &extra : nullptr}) {
    if (t && (t->type->rows < m || t->type->cols < n)) {
      return ex.Fault(StrCat("the ", m, "x", n, " product does not fit ", ex.TileName(t->reg),
                             " (", t->type->rows, "x", t->type->cols, ")"));
    }
  }
  const int32_t blocks = (k + 31) / 32;
  if (!RequireCovers(ex, sa, m, blocks, "left scale") ||
      !RequireCovers(ex, sb, blocks, n, "right scale")) {
    return false;
  }
  if (kBias && !RequireCovers(ex, extra, 1, n, "bias")) return false;
  auto decode = [](DType t, uint8_t v) {
    return t == DType::kF8E4M3 ? F8E4M3ToFloat(v) : F8E5M2ToFloat(v);
  };
  thread_local std::vector<float> lhs, rhs, sum;
  thread_local std::vector<int32_t> lexp, rexp;  // scale exponents, or INT32_MIN for NaN
  lhs.resize(static_cast<size_t>(m) * k);
  rhs.resize(static_cast<size_t>(k) * n);
  lexp.resize(static_cast<size_t>(m) * blocks);
  rexp.resize(static_cast<size_t>(blocks) * n);
  sum.assign(static_cast<size_t>(m) * n, 0.0f);
  auto exponent = [](uint8_t e) { return e == 0xff ? INT32_MIN : int32_t{e} - 127; };
  // The cube reads the scaling buffer as bytes of e8m0 whatever element type the scale tile
  // declares (PTOAS v0.60 takes f16 ones): scale (r, c) is the byte an e8m0 tile of the same
  // shape and layout holds it at.
  const TileType la = ExponentBytes(*sa.type), lb = ExponentBytes(*sb.type);
  for (int32_t i = 0; i < m; ++i) {
    for (int32_t kk = 0; kk < k; ++kk) lhs[i * k + kk] = decode(a.type->dtype, *a.At<uint8_t>(i, kk));
    for (int32_t kb = 0; kb < blocks; ++kb) {
      lexp[i * blocks + kb] = exponent(sa.base[la.ElementOffset(i, kb)]);
    }
  }
  for (int32_t kk = 0; kk < k; ++kk) {
    for (int32_t j = 0; j < n; ++j) rhs[kk * n + j] = decode(b.type->dtype, *b.At<uint8_t>(kk, j));
  }
  for (int32_t kb = 0; kb < blocks; ++kb) {
    for (int32_t j = 0; j < n; ++j) rexp[kb * n + j] = exponent(sb.base[lb.ElementOffset(kb, j)]);
  }
  // As MatmulF32: the NPU's sums start from c_in or the bias; --arith exact adds it after.
  const bool start_from_extra = (kAcc || kBias) && ex.core().arith == Arith::kNpu;
  for (int32_t i = 0; i < m; ++i) {
    for (int32_t j = 0; j < n; ++j) {
      float acc = start_from_extra ? *extra.At<float>(kAcc ? i : 0, j) : 0.0f;
      for (int32_t kk = 0; kk < k; ++kk) {
        const int32_t ea = lexp[i * blocks + kk / 32], eb = rexp[(kk / 32) * n + j];
        const float p = lhs[i * k + kk] * rhs[kk * n + j];
        acc += (ea == INT32_MIN || eb == INT32_MIN) ? NAN : std::ldexp(p, ea + eb);
      }
      sum[i * n + j] = acc;
    }
  }
  for (int32_t i = 0; (kAcc || kBias) && !start_from_extra && i < m; ++i) {
    for (int32_t j = 0; j < n; ++j) sum[i * n + j] += *extra.At<float>(kAcc ? i : 0, j);
  }
  for (int32_t i = 0; i < m; ++i) {
    for (int32_t j = 0; j < n; ++j) *c.At<float>(i, j) = sum[i * n + j];
  }
  return true;
}

}  // namespace

// c = a x b, with M = a's valid rows, K = a's valid columns, N = b's valid columns (TGEMV:
// M = 1, K = b's valid rows). Products accumulate in c's type (f32 or i32) over ascending k,
// one rounding per multiply and per add.
template <typename Op>
bool ExecMatmul(Executor& ex, const Instr& in) {
  constexpr bool kGemv = Op::kGemv, kAcc = Op::kAcc, kBias = Op::kBias;
  if constexpr (Op::kMx) return MatmulMx<kGemv, kAcc, kBias>(ex, in);
  const uint32_t* o = in.operands;
  TileRef c, a, b, extra;
  if (!ex.Tile(o[0], &c) || !ex.Tile(o[kAcc ? 2 : 1], &a) || !ex.Tile(o[kAcc ? 3 : 2], &b)) {
    return false;
  }
  if ((kAcc || kBias) && !ex.Tile(o[kAcc ? 1 : 3], &extra)) return false;
  if (kAcc && !AccumulatorOfNpu(ex, c, &extra)) return false;
  const int32_t m = kGemv ? 1 : a.valid_rows;
  const int32_t k = kGemv ? b.valid_rows : a.valid_cols;
  const int32_t n = b.valid_cols;
  if (kGemv && (a.valid_rows < 1 || a.valid_cols < k)) {
    return ex.Fault(StrCat("the vector ", ex.TileName(a.reg), " has a ", a.valid_rows, "x",
                           a.valid_cols, " valid region, but the right operand ",
                           ex.TileName(b.reg), " has ", k, " valid rows (the vector needs 1x",
                           k, ")"));
  }
  if (!kGemv && b.valid_rows < k) {
    return ex.Fault(StrCat("the left operand ", ex.TileName(a.reg), " has ", k,
                           " valid columns but the right operand ", ex.TileName(b.reg), " only ",
                           b.valid_rows, " valid rows"));
  }
  // The ISA sizes the product by a and b alone: c's (and the accumulator's) valid shape is not
  // consulted, only their storage must hold M x N.
  for (const TileRef* t : {&c, kAcc ? &extra : nullptr}) {
    if (t && (t->type->rows < m || t->type->cols < n)) {
      return ex.Fault(StrCat("the ", m, "x", n, " product does not fit ", ex.TileName(t->reg),
                             " (", t->type->rows, "x", t->type->cols, ")"));
    }
  }
  if (kBias && !RequireCovers(ex, extra, 1, n, "bias")) return false;
  bool ok = true;
  WithStorageType(a.type->dtype, [&](auto in_tag) {
    using In = decltype(in_tag);
    WithStorageType(c.type->dtype, [&](auto acc_tag) {
      using C = decltype(acc_tag);
      if constexpr (std::is_same_v<C, float>) {
        MatmulF32<In>(ex, a, b, c, kAcc || kBias ? &extra : nullptr, kAcc, m, k, n);
      } else if constexpr (std::is_same_v<C, int32_t>) {
        using Acc = int64_t;
        // Reused between instructions: fresh buffers would cost allocation every time.
        thread_local std::vector<Acc> lhs, rhs, sum;
        sum.assign(static_cast<size_t>(m) * n, 0);
        Gather<In, Acc>(a, 0, 0, m, k, &lhs);
        Gather<In, Acc>(b, 0, 0, k, n, &rhs);
        for (int32_t i = 0; i < m; ++i) {
          Acc* row = &sum[static_cast<size_t>(i) * n];
          for (int32_t kk = 0; kk < k; ++kk) {
            const Acc x = lhs[static_cast<size_t>(i) * k + kk];
            const Acc* brow = &rhs[static_cast<size_t>(kk) * n];
            for (int32_t j = 0; j < n; ++j) {
              row[j] = static_cast<int32_t>(ops::WrapAdd(row[j], ops::WrapMul(x, brow[j])));
            }
          }
        }
        // c_in and the bias are read before c is written: they may share storage.
        const RowRuns<C> extra_runs(kAcc || kBias ? extra : c);
        for (int32_t i = 0; (kAcc || kBias) && i < m; ++i) {
          Acc* row = &sum[static_cast<size_t>(i) * n];
          extra_runs.ForRow(kAcc ? i : 0, 0, n, [&](int64_t j, C* p, int64_t step, int64_t len) {
            for (int64_t e = 0; e < len; ++e) row[j + e] = row[j + e] + static_cast<Acc>(p[e * step]);
          });
        }
        const RowRuns<C> c_runs(c);
        for (int32_t i = 0; i < m; ++i) {
          const Acc* row = &sum[static_cast<size_t>(i) * n];
          c_runs.ForRow(i, 0, n, [&](int64_t j, C* p, int64_t step, int64_t len) {
            for (int64_t e = 0; e < len; ++e) p[e * step] = static_cast<C>(row[j + e]);
          });
        }
      } else {
        ok = ex.Fault(StrCat("unsupported accumulator type ", DTypeName(c.type->dtype)));
      }
    });
  });
  return ok;
}

#define PTO_IMPLEMENTS_Matmul PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
