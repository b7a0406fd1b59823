// The Mad family: L0C = L0A x L0B (micro-isa 16 pto.mad*), zero-init, accumulating, bias-init
// and MX forms. A is read from L0A's NZ tile (or, for GEMV, a contiguous 1 x K row), B from
// L0B's NZ tile of B^T, the result written to L0C's NZ tile. Float sums run in f32 over
// ascending k (each product of f16/bf16/fp8 inputs is exact in f32), from the old C or the bias
// (ptorun --arith exact: from 0, C or the bias added after), integers in wrapping i32.
#include <cfloat>
#include <climits>
#include <cmath>
#include <cstring>
#include <vector>

#include "pto/common/isa/cube_flags.h"
#include "pto/common/strings.h"
#include "pto/interp/vm/kernels.h"
#include "pto/interp/register/cube/cube_memory.h"

namespace pto::interp {

namespace ops {
template <bool kAccForm, bool kBiasForm, bool kMxForm>
struct MadForm {
  static constexpr bool kAcc = kAccForm, kBias = kBiasForm, kMx = kMxForm;
};
struct MadPlain : MadForm<false, false, false> {};
struct MadAccumulate : MadForm<true, false, false> {};
struct MadWithBias : MadForm<false, true, false> {};
struct MadMx : MadForm<false, false, true> {};
struct MadMxAccumulate : MadForm<true, false, true> {};
struct MadMxWithBias : MadForm<false, true, true> {};
}  // namespace ops

namespace {

// The largest finite value of an input type, for sat's clamping of infinities.
double FiniteMax(DType t) {
  switch (t) {
    case DType::kF16: return 65504.0;
    case DType::kBF16: return 3.3895313892515355e38;
    case DType::kF8E4M3: return 448.0;
    case DType::kF8E5M2: return 57344.0;
    default: return FLT_MAX;
  }
}

// Reads an operand matrix (rows x cols, row-major) out of an L0 memory.
struct Operand {
  std::vector<double> v;
  int64_t cols = 0;
  double operator()(int64_t r, int64_t c) const { return v[r * cols + c]; }
};

bool ReadNz(Executor& ex, Memory mem, int64_t addr, DType t, int64_t rows, int64_t cols,
            bool transposed, Operand* out) {
  // transposed: memory holds the cols x rows transpose (L0B holds B^T).
  const int elem = DTypeSize(t);
  if (elem <= 0 || elem > 8) return ex.Fault("the element type code is not a type L0 holds");
  const TileType nz = transposed ? cube::NzMatrix(t, cols, rows) : cube::NzMatrix(t, rows, cols);
  uint8_t* base;
  if (!cube::Span(ex, mem, addr, cube::NzBytes(nz), reg::Use::kRead, "reads", &base)) return false;
  out->cols = cols;
  out->v.resize(rows * cols);
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t c = 0; c < cols; ++c) {
      const int64_t e = transposed ? nz.ElementOffset(c, r) : nz.ElementOffset(r, c);
      out->v[r * cols + c] = cube::LoadDouble(t, base + e * elem);
    }
  }
  return true;
}

// mad_mx's scale exponents: 2^(e - 127) per 32 K elements, INT_MIN for the NaN scale 0xff.
bool ReadScales(Executor& ex, int side, int64_t addr, int64_t rows, int64_t k,
                std::vector<int>* out) {
  const std::vector<uint8_t>& buffer = ex.core().mx_scales[side];
  const int64_t groups = (k + 31) / 32;
  const int64_t block_rows = cube::Round16(rows);
  const int64_t bytes = cube::RoundUp(groups, 2) / 2 * block_rows * 2;
  if (buffer.empty() || addr < 0 || addr > static_cast<int64_t>(buffer.size()) - bytes) {
    return ex.Fault(StrCat("reads MX scales [", addr, ", ", addr + bytes, ") beside ",
                           side ? "L0B" : "L0A", " that no mte_l1_l0", side ? "b" : "a",
                           "_mx wrote there"));
  }
  out->resize(rows * groups);
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t g = 0; g < groups; ++g) {
      const uint8_t e = buffer[addr + (g / 2) * block_rows * 2 + r * 2 + g % 2];
      (*out)[r * groups + g] = e == 0xff ? INT_MIN : int{e} - 127;
    }
  }
  return true;
}

}  // namespace

template <typename Op>
bool ExecMad(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  const int at = Op::kBias ? 4 : 3;
  const int64_t lhs = ex.scalar(o[0]).i, rhs = ex.scalar(o[1]).i, dst = ex.scalar(o[2]).i;
  const int64_t m = ex.scalar(o[at]).i, n = ex.scalar(o[at + 1]).i, k = ex.scalar(o[at + 2]).i;
  const uint32_t types = o[at + 3], flags = o[at + 4];
  const DType ta = cube::TypeAt(types, 0), tb = cube::TypeAt(types, 1), tc = cube::TypeAt(types, 2);
  if (m <= 0 || n <= 0 || k <= 0 || m > 4096 || n > 4096 || k > 65536) {
    return ex.Fault(StrCat("an ", m, " x ", k, " by ", k, " x ", n, " product (m, n, k must be "
                           "positive and within L0)"));
  }
  if (Op::kMx && k % 64 != 0) return ex.Fault(StrCat("MX mad takes K in multiples of 64, not ", k));
  // A: GEMV reads a contiguous 1 x K row unless disable_gemv.
  Operand a, b;
  if (m == 1 && !(flags & cube::kDisableGemv)) {
    uint8_t* row;
    if (!cube::Span(ex, Memory::kLeft, lhs, k * DTypeSize(ta), reg::Use::kRead, "reads", &row)) {
      return false;
    }
    a.cols = k;
    a.v.resize(k);
    for (int64_t c = 0; c < k; ++c) a.v[c] = cube::LoadDouble(ta, row + c * DTypeSize(ta));
  } else if (!ReadNz(ex, Memory::kLeft, lhs, ta, m, k, false, &a)) {
    return false;
  }
  if (!ReadNz(ex, Memory::kRight, rhs, tb, k, n, true, &b)) return false;
  const TileType c_nz = cube::NzMatrix(tc, m, n, true);
  uint8_t* c_base;
  // An accumulating mad adds to what L0C holds: it reads and writes it.
  if (!cube::Span(ex, Memory::kAcc, dst, cube::NzBytes(c_nz),
                  Op::kAcc ? reg::Use::kUpdate : reg::Use::kWrite, Op::kAcc ? "reads" : "writes",
                  &c_base)) {
    return false;
  }
  uint8_t* bias = nullptr;
  if constexpr (Op::kBias) {
    if (!cube::Span(ex, Memory::kBias, ex.scalar(o[3]).i, n * 4, reg::Use::kRead, "reads",
                    &bias)) {
      return false;
    }
  }
  const uint32_t sat = cube::Field(flags, cube::kMadSatShift, 2);  // 1 sat, 2 nosat
  const uint32_t tf32 = cube::Field(flags, cube::kTf32Shift, 2);
  auto prepare = [&](Operand& x, DType t) {
    for (double& v : x.v) {
      if (tf32) {
        const RoundMode rm = tf32 == 1 ? RoundMode::kRint : RoundMode::kRound;
        v = DecodeFloat(EncodeFloat(v, FloatFormat{8, 10}, rm), FloatFormat{8, 10});
      }
      if (sat == 1 && std::isnan(v)) v = 0;
      if (sat == 1 && std::isinf(v)) v = std::copysign(FiniteMax(t), v);
    }
  };
  if (tc == DType::kF32) {
    prepare(a, ta);
    prepare(b, tb);
  }
  std::vector<int> sa, sb;
  if constexpr (Op::kMx) {
    if (!ReadScales(ex, 0, lhs, m, k, &sa) || !ReadScales(ex, 1, rhs, n, k, &sb)) return false;
  }
  const int64_t groups = (k + 31) / 32;
  for (int64_t i = 0; i < m; ++i) {
    for (int64_t j = 0; j < n; ++j) {
      uint8_t* out = c_base + c_nz.ElementOffset(i, j) * 4;
      if (tc == DType::kI32) {
        int64_t sum = 0;
        for (int64_t kk = 0; kk < k; ++kk) {
          sum = static_cast<int32_t>(sum + static_cast<int64_t>(a(i, kk)) * static_cast<int64_t>(b(kk, j)));
        }
        int32_t extra = 0;
        if (Op::kAcc) std::memcpy(&extra, out, 4);
        if (Op::kBias) std::memcpy(&extra, bias + j * 4, 4);
        const int32_t r = static_cast<int32_t>(static_cast<uint32_t>(sum) + static_cast<uint32_t>(extra));
        std::memcpy(out, &r, 4);
        continue;
      }
      // The old C or the bias: on the NPU the sum starts from it; --arith exact adds it after.
      float extra = 0.0f;
      if (Op::kAcc) std::memcpy(&extra, out, 4);
      if (Op::kBias) std::memcpy(&extra, bias + j * 4, 4);
      const bool start_from_extra = (Op::kAcc || Op::kBias) && ex.core().arith == Arith::kNpu;
      float sum = start_from_extra ? extra : 0.0f;
      for (int64_t kk = 0; kk < k; ++kk) {
        float p = static_cast<float>(a(i, kk)) * static_cast<float>(b(kk, j));
        if constexpr (Op::kMx) {
          const int ea = sa[i * groups + kk / 32], eb = sb[j * groups + kk / 32];
          p = (ea == INT_MIN || eb == INT_MIN) ? NAN : std::ldexp(p, ea + eb);
        }
        sum += p;
      }
      if ((Op::kAcc || Op::kBias) && !start_from_extra) sum += extra;
      if (sat == 1) {
        if (std::isnan(sum)) sum = 0.0f;
        sum = std::fmin(std::fmax(sum, -FLT_MAX), FLT_MAX);
      }
      std::memcpy(out, &sum, 4);
    }
  }
  return true;
}

#define PTO_IMPLEMENTS_Mad PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
