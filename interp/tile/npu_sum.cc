#include "pto/interp/tile/npu_sum.h"

#include <algorithm>
#include <array>
#include <vector>

#include "pto/interp/element/element.h"
#include "pto/interp/host_simd/simd.h"
#include "pto/interp/element/vector_sum.h"

namespace pto::interp {

namespace {

template <typename T>
using C = typename Elem<T>::C;

/// Elements of one 256-byte repeat.
template <typename T>
constexpr int kLanes = 256 / static_cast<int>(sizeof(T));

// vadd: a + b rounded to T (f16 through the exact double sum, rounded once).
template <typename T>
C<T> Add(C<T> a, C<T> b) {
  if constexpr (std::is_same_v<T, float>) {
    return a + b;
  } else {
    return Elem<T>::FromDouble(static_cast<double>(a) + static_cast<double>(b));
  }
}

// vmul: a * b rounded to T.
template <typename T>
C<T> Mul(C<T> a, C<T> b) {
  if constexpr (std::is_same_v<T, float>) {
    return a * b;
  } else {
    return Elem<T>::FromDouble(static_cast<double>(a) * static_cast<double>(b));
  }
}

// vcadd of one repeat: lanes [0, active) of v, the rest zero, summed and rounded to T.
template <typename T>
C<T> Vcadd(const C<T>* v, int active) {
  std::array<C<T>, kLanes<T>> lanes{};
  std::copy(v, v + active, lanes.begin());
  return Elem<T>::Load(Elem<T>::Store(TreeSum(lanes.data(), kLanes<T>)));
}

// vcgadd of 8 f32 values.
float BlockSum(const float* v) {
  std::array<float, 8> lanes;
  std::copy(v, v + 8, lanes.begin());
  return TreeSum(lanes.data(), 8);
}

template <typename T>
C<T> RowSumA5(const C<T>* row, int32_t cols) {
  C<T> acc = 0;
  for (int32_t j = 0; j < cols; j += kLanes<T>) {
    acc = Add<T>(acc, Vcadd<T>(row + j, std::min(kLanes<T>, cols - j)));
  }
  return acc;
}

template <typename T>
C<T> RowSumA2A3(const C<T>* row, int32_t cols) {
  constexpr int L = kLanes<T>;
  if (cols <= L) return Vcadd<T>(row, cols);
  const int32_t n = cols / L, remain = cols % L;
  std::vector<C<T>> tmp(static_cast<size_t>(std::max(1, n / 2)) * L);
  // Repeat a of tmp += the repeat at b, lanes [0, lanes).
  const auto add = [&](int32_t a, const C<T>* b, int lanes) {
    for (int i = 0; i < lanes; ++i) tmp[a * L + i] = Add<T>(tmp[a * L + i], b[i]);
  };
  if (n == 1) std::copy(row, row + L, tmp.begin());
  for (int32_t i = 0; i < n / 2; ++i) {
    for (int k = 0; k < L; ++k) tmp[i * L + k] = Add<T>(row[2 * i * L + k], row[(2 * i + 1) * L + k]);
  }
  if (n != 1 && n % 2 == 1) add(0, row + (n - 1) * L, L);
  if (remain > 0) add(0, row + n * L, remain);
  for (int32_t len = n / 2; len > 1;) {
    for (int32_t i = 0; i < len / 2; ++i) {
      for (int k = 0; k < L; ++k) tmp[i * L + k] = Add<T>(tmp[2 * i * L + k], tmp[(2 * i + 1) * L + k]);
    }
    const bool odd = len % 2 == 1;
    len /= 2;
    if (odd) add(len - 1, &tmp[len * 2 * L], L);
  }
  return Vcadd<T>(tmp.data(), L);
}

// The vcgadd sequences of TryOptimizeFP32Reduce, for one row of 128, 256, 512 or 1024.
float RowSumGrouped(const float* row, int32_t cols) {
  std::vector<float> g(static_cast<size_t>(cols / 8));
  for (size_t i = 0; i < g.size(); ++i) g[i] = BlockSum(row + 8 * i);
  // Halves of each 16 added (vadd with block strides 2): 16 -> 8 per group of 16.
  const auto fold16 = [](std::vector<float>& v) {
    std::vector<float> out(v.size() / 2);
    for (size_t k = 0; k < v.size() / 16; ++k) {
      for (int j = 0; j < 8; ++j) out[8 * k + j] = v[16 * k + j] + v[16 * k + 8 + j];
    }
    v.swap(out);
  };
  const auto blocks = [](std::vector<float>& v) {
    std::vector<float> out(v.size() / 8);
    for (size_t i = 0; i < out.size(); ++i) out[i] = BlockSum(&v[8 * i]);
    v.swap(out);
  };
  if (cols == 128) {
    fold16(g);
  } else if (cols == 256) {
    fold16(g);
    fold16(g);
  } else if (cols == 512) {
    blocks(g);
  } else {
    blocks(g);
    fold16(g);
  }
  return BlockSum(g.data());
}

// Rows of compute values combined lane by lane in T (vadd, or vmul when \a kMul): the column
// sequences TCOLSUM and TCOLPROD share (pto-isa's TColReduceInstr takes either operation).
template <typename T, bool kMul>
class ColumnFold {
 public:
  // f32 rows are read where they are; 16-bit rows widened once.
  ColumnFold(const T* a, int64_t lda, int32_t rows, int32_t cols) : cols_(cols), lda_(lda) {
    if constexpr (std::is_same_v<T, float>) {
      base_ = a;
    } else {
      rows_.resize(static_cast<size_t>(rows) * cols);
      for (int32_t r = 0; r < rows; ++r) {
        for (int32_t c = 0; c < cols; ++c) rows_[r * cols + c] = Elem<T>::Load(a[r * lda + c]);
      }
      base_ = rows_.data();
      lda_ = cols;
    }
  }
  const C<T>* Row(int32_t r) const { return base_ + static_cast<int64_t>(r) * lda_; }
  // d = x op y, lane by lane (d may be x or y): f32 in SIMD registers.
  void Combine(C<T>* d, const C<T>* x, const C<T>* y) const {
    if constexpr (std::is_same_v<T, float>) {
      simd::BinaryF32(kMul ? simd::Binary::kMul : simd::Binary::kAdd, x, y, d,
                      static_cast<size_t>(cols_));
    } else {
      for (int32_t c = 0; c < cols_; ++c) d[c] = kMul ? Mul<T>(x[c], y[c]) : Add<T>(x[c], y[c]);
    }
  }
  std::vector<C<T>> Tmp(int32_t rows) const { return std::vector<C<T>>(static_cast<size_t>(rows) * cols_); }
  int32_t cols() const { return cols_; }

 private:
  int32_t cols_;
  int64_t lda_;
  const C<T>* base_ = nullptr;
  std::vector<C<T>> rows_;
};

// a2a3: one row copied; sequential: row 0, then each further row; binary (sums): rows pairwise
// into tmp, an odd last row into tmp's first, then tmp pairwise the same way.
template <typename T, bool kMul>
void ColumnsA2A3(const ColumnFold<T, kMul>& s, int32_t rows, bool binary, C<T>* out) {
  const int32_t n = s.cols();
  std::copy(s.Row(0), s.Row(0) + n, out);
  if (rows == 1) return;
  if (!binary) {
    for (int32_t r = 1; r < rows; ++r) s.Combine(out, out, s.Row(r));
    return;
  }
  std::vector<C<T>> tmp = s.Tmp(rows / 2);
  const auto t = [&](int32_t i) { return &tmp[static_cast<size_t>(i) * n]; };
  for (int32_t i = 0; i < rows / 2; ++i) s.Combine(t(i), s.Row(2 * i), s.Row(2 * i + 1));
  if (rows % 2 == 1) s.Combine(t(0), t(0), s.Row(rows - 1));
  for (int32_t cnt = rows / 2; cnt > 1; cnt /= 2) {
    for (int32_t i = 0; i < cnt / 2; ++i) s.Combine(t(i), t(2 * i), t(2 * i + 1));
    if (cnt % 2 == 1) s.Combine(t(0), t(0), t(cnt - 1));
  }
  std::copy(t(0), t(0) + n, out);
}

// a5: sequential: row 0, then with (row 1 op row 2), (row 3 op row 4), ..., an odd last row;
// binary (sums): rows pairwise into tmp, an odd last row into tmp's last (a single row added
// to +0), then tmp pairwise, an odd last one into the new last.
template <typename T, bool kMul>
void ColumnsA5(const ColumnFold<T, kMul>& s, int32_t rows, bool binary, C<T>* out) {
  const int32_t n = s.cols();
  if (!binary) {
    std::copy(s.Row(0), s.Row(0) + n, out);
    std::vector<C<T>> pair = s.Tmp(1);
    for (int32_t j = 0; j < (rows - 1) / 2; ++j) {
      s.Combine(pair.data(), s.Row(2 * j + 1), s.Row(2 * j + 2));
      s.Combine(out, out, pair.data());
    }
    if ((rows - 1) % 2 == 1) s.Combine(out, out, s.Row(rows - 1));
    return;
  }
  int32_t pairs = rows / 2;
  if (pairs == 0) {  // one row, added to the +0 the register starts with
    const std::vector<C<T>> zero = s.Tmp(1);
    s.Combine(out, s.Row(0), zero.data());
    return;
  }
  std::vector<C<T>> tmp = s.Tmp(pairs);
  const auto t = [&](int32_t i) { return &tmp[static_cast<size_t>(i) * n]; };
  for (int32_t j = 0; j < pairs; ++j) s.Combine(t(j), s.Row(2 * j), s.Row(2 * j + 1));
  if (rows % 2 == 1) s.Combine(t(pairs - 1), s.Row(rows - 1), t(pairs - 1));
  while (pairs > 1) {
    const bool odd = pairs % 2 == 1;
    pairs /= 2;
    for (int32_t j = 0; j < pairs; ++j) s.Combine(t(j), t(2 * j), t(2 * j + 1));
    if (odd) s.Combine(t(pairs - 1), t(2 * pairs), t(pairs - 1));
  }
  std::copy(t(0), t(0) + n, out);
}

// \a arch's column sequence over \a rows x \a cols elements \a lda apart, into \a d.
template <typename T, bool kMul>
void FoldColumns(Arch arch, bool binary, const T* a, int64_t lda, int32_t rows, int32_t cols, T* d) {
  const ColumnFold<T, kMul> s(a, lda, rows, cols);
  std::vector<C<T>> out(static_cast<size_t>(cols));
  if (arch == Arch::kA5) {
    ColumnsA5(s, rows, binary, out.data());
  } else {
    ColumnsA2A3(s, rows, binary, out.data());
  }
  for (int32_t c = 0; c < cols; ++c) d[c] = Elem<T>::Store(out[c]);
}

}  // namespace

template <typename T>
void NpuColSums(Arch arch, bool binary, const T* a, int64_t lda, int32_t rows, int32_t cols, T* d) {
  FoldColumns<T, false>(arch, binary, a, lda, rows, cols, d);
}

template void NpuColSums<float>(Arch, bool, const float*, int64_t, int32_t, int32_t, float*);
template void NpuColSums<Half>(Arch, bool, const Half*, int64_t, int32_t, int32_t, Half*);

bool NpuRowSumGrouped(Arch arch, const TileType& dst, const TileType& src) {
  if (arch != Arch::kA2A3 || src.dtype != DType::kF32 || dst.row_major() || dst.boxed() ||
      dst.valid_cols != 1 || src.valid_rows != src.rows || src.valid_cols != src.cols) {
    return false;
  }
  return (src.rows == 64 && src.cols == 128) || (src.rows == 32 && src.cols == 256) ||
         (src.rows == 16 && src.cols == 512) || (src.rows == 8 && src.cols == 1024);
}

void NpuRowSumsF32(Arch arch, const float* a, int64_t lda, int32_t rows, int32_t cols, float* d,
                   int64_t ldd) {
  // The same additions in SIMD registers (host_simd/simd_npu_sum.cc).
  static const simd::RowSumsLoopFn a5 = simd::NpuRowSumsF32Loop(true);
  static const simd::RowSumsLoopFn a2a3 = simd::NpuRowSumsF32Loop(false);
  (arch == Arch::kA5 ? a5 : a2a3)(a, static_cast<size_t>(lda), static_cast<size_t>(rows),
                                  static_cast<size_t>(cols), d, static_cast<size_t>(ldd));
}

template <typename T>
T NpuRowSum(Arch arch, const T* row, int32_t cols, bool grouped) {
  std::vector<C<T>> v(static_cast<size_t>(cols));
  for (int32_t c = 0; c < cols; ++c) v[c] = Elem<T>::Load(row[c]);
  if constexpr (std::is_same_v<T, float>) {
    if (grouped) return RowSumGrouped(v.data(), cols);
  }
  return Elem<T>::Store(arch == Arch::kA5 ? RowSumA5<T>(v.data(), cols) : RowSumA2A3<T>(v.data(), cols));
}

template <typename T>
T NpuRowProd(Arch arch, const T* row, int32_t cols) {
  // Each lane's product of its elements, lanes of a repeat (a5) or of a 32-byte block (a2a3).
  const int lanes = arch == Arch::kA5 ? kLanes<T> : 32 / static_cast<int>(sizeof(T));
  std::vector<C<T>> p(static_cast<size_t>(lanes), C<T>(1));
  for (int32_t j = 0; j < cols; ++j) p[j % lanes] = Mul<T>(p[j % lanes], Elem<T>::Load(row[j]));
  if (arch == Arch::kA5) {
    for (int w = lanes / 2; w >= 1; w /= 2) {
      for (int i = 0; i < w; ++i) p[i] = Mul<T>(p[i], p[i + w]);
    }
    return Elem<T>::Store(p[0]);
  }
  float f = static_cast<float>(p[0]);  // the scalar unit: f32, left to right
  for (int i = 1; i < lanes; ++i) f *= static_cast<float>(p[i]);
  return Elem<T>::Store(Elem<T>::FromDouble(f));
}

template <typename T>
void NpuColProds(Arch arch, const T* a, int64_t lda, int32_t rows, int32_t cols, T* d) {
  FoldColumns<T, true>(arch, false, a, lda, rows, cols, d);
}

template float NpuRowProd<float>(Arch, const float*, int32_t);
template Half NpuRowProd<Half>(Arch, const Half*, int32_t);
template void NpuColProds<float>(Arch, const float*, int64_t, int32_t, int32_t, float*);
template void NpuColProds<Half>(Arch, const Half*, int64_t, int32_t, int32_t, Half*);
template void NpuColProds<BFloat16>(Arch, const BFloat16*, int64_t, int32_t, int32_t, BFloat16*);
template float NpuRowSum<float>(Arch, const float*, int32_t, bool);
template Half NpuRowSum<Half>(Arch, const Half*, int32_t, bool);

}  // namespace pto::interp
