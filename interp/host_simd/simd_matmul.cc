// The matmul's SIMD code (simd.h): operands packed out of tile layouts into plain f32
// matrices (widened from bf16 or f16 on the way), the register-blocked multiply, and results
// written back into tile layouts. Compiled once per instruction set and dispatched at run time,
// as simd.cc. Packing only moves and widens (exactly), so it cannot change a result bit.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "pto/interp/host_simd/simd_matmul.cc"
#include <algorithm>

#include "hwy/foreach_target.h"  // IWYU pragma: keep
#include "hwy/highway.h"
#include "pto/common/float_format.h"
#include "pto/interp/host_simd/simd.h"

HWY_BEFORE_NAMESPACE();
namespace pto::interp::simd::HWY_NAMESPACE {

namespace hn = hwy::HWY_NAMESPACE;
using DF = hn::ScalableTag<float>;
using VF = hn::Vec<DF>;
using DU32 = hn::RebindToUnsigned<DF>;

// f16 widens with the F16C instructions of the AVX2 and AVX-512 targets; older targets use the
// scalar conversion (as simd_half.cc does).
#if HWY_TARGET <= HWY_AVX2
constexpr bool kSimdF16 = true;
#else
constexpr bool kSimdF16 = false;
#endif

template <Widen kFrom>
constexpr size_t kSourceSize = kFrom == Widen::kF32 ? 4 : 2;

template <Widen kFrom>
constexpr bool kSimdWiden = kFrom != Widen::kF16 || kSimdF16;

// Element i of a source of type kFrom, as f32.
template <Widen kFrom>
float WidenScalar(const void* src, size_t i) {
  if constexpr (kFrom == Widen::kF32) {
    return static_cast<const float*>(src)[i];
  } else {
    const uint16_t bits = static_cast<const uint16_t*>(src)[i];
    return kFrom == Widen::kBF16 ? BF16ToFloat(bits) : HalfToFloat(bits);
  }
}

// Lanes i... of a source of type kFrom, as f32 (D: a float tag).
template <Widen kFrom, class D>
hn::Vec<D> WidenLoad(D d, const void* src, size_t i) {
  if constexpr (kFrom == Widen::kF32) {
    return hn::LoadU(d, static_cast<const float*>(src) + i);
  } else {
    const hn::Rebind<uint16_t, D> d16;
    const auto bits = hn::LoadU(d16, static_cast<const uint16_t*>(src) + i);
    if constexpr (kFrom == Widen::kBF16) {
      const hn::RebindToUnsigned<D> du;
      return hn::BitCast(d, hn::ShiftLeft<16>(hn::PromoteTo(du, bits)));
    } else {
      return hn::PromoteTo(d, hn::BitCast(hn::Rebind<hwy::float16_t, D>(), bits));
    }
  }
}

// dst[r * ldd + c] = src[r * lds + c] as f32: whole registers, then registers of up to 8 lanes (a
// box row holds 8 f32 or 16 16-bit elements), then single elements.
template <Widen kFrom>
void CopyRows(const void* src, size_t lds, float* dst, size_t ldd, size_t rows, size_t cols) {
  const DF df;
  const hn::CappedTag<float, 8> d8;
  const size_t lanes = hn::Lanes(df), lanes8 = hn::Lanes(d8);
  const auto* s8 = static_cast<const char*>(src);
  const size_t src_row = lds * kSourceSize<kFrom>;
  if constexpr (kSimdWiden<kFrom>) {  // rows of one register (a box row): no loop per row
    if (cols == lanes) {
      for (size_t r = 0; r < rows; ++r) {
        hn::StoreU(WidenLoad<kFrom>(df, s8 + r * src_row, 0), df, dst + r * ldd);
      }
      return;
    }
    if (cols == lanes8) {
      for (size_t r = 0; r < rows; ++r) {
        hn::StoreU(WidenLoad<kFrom>(d8, s8 + r * src_row, 0), d8, dst + r * ldd);
      }
      return;
    }
  }
  for (size_t r = 0; r < rows; ++r) {
    const void* s = s8 + r * src_row;
    float* d = dst + r * ldd;
    size_t c = 0;
    if constexpr (kSimdWiden<kFrom>) {
      for (; c + lanes <= cols; c += lanes) hn::StoreU(WidenLoad<kFrom>(df, s, c), df, d + c);
      for (; c + lanes8 <= cols; c += lanes8) hn::StoreU(WidenLoad<kFrom>(d8, s, c), d8, d + c);
    }
    for (; c < cols; ++c) d[c] = WidenScalar<kFrom>(s, c);
  }
}

#if HWY_TARGET != HWY_SCALAR
// Columns of eight 32-bit words one after another (word q of column c at src[c * 8 + q]):
// out[q] gets word q of as many columns as there are lanes. Two interleaved loads of 64-bit
// pairs give pair q of each column; the even and odd words of the pairs are words 2q and 2q+1.
void TransposeColumnsOf8(const uint32_t* src, hn::Vec<DU32> out[8]) {
  const DU32 du;
  const hn::Repartition<uint64_t, DU32> d64;
  const auto* pairs = reinterpret_cast<const uint64_t*>(src);
  hn::Vec<decltype(d64)> lo[4], hi[4];
  hn::LoadInterleaved4(d64, pairs, lo[0], lo[1], lo[2], lo[3]);
  hn::LoadInterleaved4(d64, pairs + 4 * hn::Lanes(d64), hi[0], hi[1], hi[2], hi[3]);
  for (size_t q = 0; q < 4; ++q) {
    out[2 * q] = hn::ConcatEven(du, hn::BitCast(du, hi[q]), hn::BitCast(du, lo[q]));
    out[2 * q + 1] = hn::ConcatOdd(du, hn::BitCast(du, hi[q]), hn::BitCast(du, lo[q]));
  }
}

// The 16-bit element in the low (kLow) or high half of each 32-bit word, as f32.
template <Widen kFrom, bool kLow>
VF WidenHalf(hn::Vec<DU32> w) {
  const DF df;
  const DU32 du;
  if constexpr (kFrom == Widen::kBF16) {
    return hn::BitCast(df, kLow ? hn::ShiftLeft<16>(w) : hn::And(w, hn::Set(du, 0xFFFF0000u)));
  } else {
    const auto half = kLow ? hn::And(w, hn::Set(du, 0xFFFFu)) : hn::ShiftRight<16>(w);
    // The values fit in 16 bits, so the saturating demotion from i32 keeps them.
    const auto bits =
        hn::DemoteTo(hn::Rebind<uint16_t, DF>(), hn::BitCast(hn::RebindToSigned<DU32>(), half));
    return hn::PromoteTo(df, hn::BitCast(hn::Rebind<hwy::float16_t, DF>(), bits));
  }
}
#endif

// dst[r * ldd + c] = src[c * lds + r] as f32: a column-major block, transposed.
template <Widen kFrom>
void CopyCols(const void* src, size_t lds, float* dst, size_t ldd, size_t rows, size_t cols) {
  size_t c = 0;
#if HWY_TARGET != HWY_SCALAR
  // Columns of exactly 32 bytes side by side, as in ZN and NN boxes (8 f32 or 16 16-bit
  // elements): eight words per column, transposed in registers.
  if (kSimdWiden<kFrom> && rows * kSourceSize<kFrom> == 32 && lds == rows) {
    const DF df;
    const size_t lanes = hn::Lanes(df);
    const auto* words = static_cast<const uint32_t*>(src);
    hn::Vec<DU32> w[8];
    for (; c + lanes <= cols; c += lanes) {
      TransposeColumnsOf8(words + c * 8, w);
      for (size_t q = 0; q < 8; ++q) {
        if constexpr (kFrom == Widen::kF32) {
          hn::StoreU(hn::BitCast(df, w[q]), df, dst + q * ldd + c);
        } else if constexpr (kSimdWiden<kFrom>) {  // word q: rows 2q (low) and 2q+1 (high)
          hn::StoreU(WidenHalf<kFrom, true>(w[q]), df, dst + 2 * q * ldd + c);
          hn::StoreU(WidenHalf<kFrom, false>(w[q]), df, dst + (2 * q + 1) * ldd + c);
        }
      }
    }
  }
#endif
  for (size_t r = 0; r < rows; ++r) {
    for (size_t j = c; j < cols; ++j) dst[r * ldd + j] = WidenScalar<kFrom>(src, j * lds + r);
  }
}

// Calls fn(r0, c0, rows, cols, offset, ld) for plain blocks covering the rows x cols region of
// a matrix stored as \a l: element (r0 + r, c0 + c) at offset + r * ld + c (row-major boxes)
// or offset + c * ld + r (column-major boxes). One block per box, or per column of row-major
// boxes stacked without gaps (NZ) and per row of column-major boxes side by side (ZN).
template <typename Fn>
void ForBlocks(const BoxLayout& l, size_t rows, size_t cols, Fn&& fn) {
  const size_t box = l.box_rows * l.box_cols;
  const size_t block_rows = !l.col_major && l.row_box_step == box ? rows : l.box_rows;
  const size_t block_cols = l.col_major && l.col_box_step == box ? cols : l.box_cols;
  for (size_t r0 = 0; r0 < rows; r0 += block_rows) {
    for (size_t c0 = 0; c0 < cols; c0 += block_cols) {
      const size_t offset = r0 / l.box_rows * l.row_box_step + c0 / l.box_cols * l.col_box_step;
      fn(r0, c0, std::min(block_rows, rows - r0), std::min(block_cols, cols - c0), offset,
         l.col_major ? l.box_rows : l.box_cols);
    }
  }
}

template <Widen kFrom>
void PackLoop(const void* src, const BoxLayout& layout, float* dst, size_t ldd, size_t rows,
              size_t cols) {
  ForBlocks(layout, rows, cols, [&](size_t r0, size_t c0, size_t nr, size_t nc, size_t offset,
                                    size_t ld) {
    const void* p = static_cast<const char*>(src) + offset * kSourceSize<kFrom>;
    float* d = dst + r0 * ldd + c0;
    if (layout.col_major) {
      CopyCols<kFrom>(p, ld, d, ldd, nr, nc);
    } else {
      CopyRows<kFrom>(p, ld, d, ldd, nr, nc);
    }
  });
}

void PackF32Impl(Widen from, const void* src, const BoxLayout& layout, float* dst, size_t ldd,
                 size_t rows, size_t cols) {
  switch (from) {
    case Widen::kF32:
      return PackLoop<Widen::kF32>(src, layout, dst, ldd, rows, cols);
    case Widen::kBF16:
      return PackLoop<Widen::kBF16>(src, layout, dst, ldd, rows, cols);
    case Widen::kF16:
      return PackLoop<Widen::kF16>(src, layout, dst, ldd, rows, cols);
  }
}

void UnpackF32Impl(const float* src, size_t lds, float* dst, const BoxLayout& layout,
                   size_t rows, size_t cols) {
  ForBlocks(layout, rows, cols, [&](size_t r0, size_t c0, size_t nr, size_t nc, size_t offset,
                                    size_t ld) {
    const float* s = src + r0 * lds + c0;
    if (!layout.col_major) return CopyRows<Widen::kF32>(s, lds, dst + offset, ld, nr, nc);
    // Column-major accumulators are rare: element by element.
    for (size_t r = 0; r < nr; ++r) {
      for (size_t c = 0; c < nc; ++c) dst[offset + c * ld + r] = s[r * lds + c];
    }
  });
}

// Four rows by four registers of c: sixteen independent sums in registers, so the adds of
// one k step do not wait on each other, and each row of b loaded is used four times.
void Matmul4Rows(const float* a, size_t lda, const float* b, size_t ldb, float* c, size_t ldc,
                 size_t k, size_t j, bool accumulate) {
  const DF df;
  const size_t lanes = hn::Lanes(df);
  // The sums start at 0, or at what c holds (the NPU's accumulating matmul).
  const auto start = [&](size_t r, size_t v) {
    return accumulate ? hn::LoadU(df, c + r * ldc + j + v * lanes) : hn::Zero(df);
  };
  // Named, not an array: the sixteen sums must stay in registers.
  VF c00 = start(0, 0), c01 = start(0, 1), c02 = start(0, 2), c03 = start(0, 3),
     c10 = start(1, 0), c11 = start(1, 1), c12 = start(1, 2), c13 = start(1, 3),
     c20 = start(2, 0), c21 = start(2, 1), c22 = start(2, 2), c23 = start(2, 3),
     c30 = start(3, 0), c31 = start(3, 1), c32 = start(3, 2), c33 = start(3, 3);
  for (size_t kk = 0; kk < k; ++kk) {
    const float* brow = b + kk * ldb + j;
    const VF b0 = hn::LoadU(df, brow), b1 = hn::LoadU(df, brow + lanes);
    const VF b2 = hn::LoadU(df, brow + 2 * lanes), b3 = hn::LoadU(df, brow + 3 * lanes);
    VF x = hn::Set(df, a[kk]);
    c00 = hn::Add(c00, hn::Mul(x, b0));
    c01 = hn::Add(c01, hn::Mul(x, b1));
    c02 = hn::Add(c02, hn::Mul(x, b2));
    c03 = hn::Add(c03, hn::Mul(x, b3));
    x = hn::Set(df, a[lda + kk]);
    c10 = hn::Add(c10, hn::Mul(x, b0));
    c11 = hn::Add(c11, hn::Mul(x, b1));
    c12 = hn::Add(c12, hn::Mul(x, b2));
    c13 = hn::Add(c13, hn::Mul(x, b3));
    x = hn::Set(df, a[2 * lda + kk]);
    c20 = hn::Add(c20, hn::Mul(x, b0));
    c21 = hn::Add(c21, hn::Mul(x, b1));
    c22 = hn::Add(c22, hn::Mul(x, b2));
    c23 = hn::Add(c23, hn::Mul(x, b3));
    x = hn::Set(df, a[3 * lda + kk]);
    c30 = hn::Add(c30, hn::Mul(x, b0));
    c31 = hn::Add(c31, hn::Mul(x, b1));
    c32 = hn::Add(c32, hn::Mul(x, b2));
    c33 = hn::Add(c33, hn::Mul(x, b3));
  }
  const VF sums[4][4] = {{c00, c01, c02, c03}, {c10, c11, c12, c13}, {c20, c21, c22, c23},
                         {c30, c31, c32, c33}};
  for (size_t r = 0; r < 4; ++r) {
    for (size_t v = 0; v < 4; ++v) hn::StoreU(sums[r][v], df, c + r * ldc + j + v * lanes);
  }
}

void MatmulF32Impl(const float* a, size_t lda, const float* b, size_t ldb, float* c, size_t ldc,
                   size_t m, size_t k, size_t n, bool accumulate) {
  const DF df;
  const size_t lanes = hn::Lanes(df);
  constexpr size_t kBlock = 4;  // registers of c kept across the k loop
  size_t i0 = 0;
  for (; i0 + 4 <= m; i0 += 4) {
    for (size_t j = 0; j + kBlock * lanes <= n; j += kBlock * lanes) {
      Matmul4Rows(a + i0 * lda, lda, b, ldb, c + i0 * ldc, ldc, k, j, accumulate);
    }
  }
  const size_t j_done = n / (kBlock * lanes) * (kBlock * lanes);
  for (size_t i = 0; i < m; ++i) {
    const float* arow = a + i * lda;
    float* crow = c + i * ldc;
    size_t j = i < i0 ? j_done : 0;  // rows of the four-row blocks have their first columns
    for (; j + kBlock * lanes <= n; j += kBlock * lanes) {
      const auto start = [&](size_t v) {
        return accumulate ? hn::LoadU(df, crow + j + v * lanes) : hn::Zero(df);
      };
      VF acc0 = start(0), acc1 = start(1), acc2 = start(2), acc3 = start(3);
      for (size_t kk = 0; kk < k; ++kk) {
        const VF x = hn::Set(df, arow[kk]);
        const float* brow = b + kk * ldb + j;
        acc0 = hn::Add(acc0, hn::Mul(x, hn::LoadU(df, brow)));
        acc1 = hn::Add(acc1, hn::Mul(x, hn::LoadU(df, brow + lanes)));
        acc2 = hn::Add(acc2, hn::Mul(x, hn::LoadU(df, brow + 2 * lanes)));
        acc3 = hn::Add(acc3, hn::Mul(x, hn::LoadU(df, brow + 3 * lanes)));
      }
      hn::StoreU(acc0, df, crow + j);
      hn::StoreU(acc1, df, crow + j + lanes);
      hn::StoreU(acc2, df, crow + j + 2 * lanes);
      hn::StoreU(acc3, df, crow + j + 3 * lanes);
    }
    for (; j + lanes <= n; j += lanes) {
      VF acc = accumulate ? hn::LoadU(df, crow + j) : hn::Zero(df);
      for (size_t kk = 0; kk < k; ++kk) {
        acc = hn::Add(acc, hn::Mul(hn::Set(df, arow[kk]), hn::LoadU(df, b + kk * ldb + j)));
      }
      hn::StoreU(acc, df, crow + j);
    }
    for (; j < n; ++j) {
      float acc = accumulate ? crow[j] : 0.0f;
      for (size_t kk = 0; kk < k; ++kk) acc = acc + arow[kk] * b[kk * ldb + j];
      crow[j] = acc;
    }
  }
}

}  // namespace pto::interp::simd::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace pto::interp::simd {

HWY_EXPORT(PackF32Impl);
HWY_EXPORT(UnpackF32Impl);
HWY_EXPORT(MatmulF32Impl);

void PackF32(Widen from, const void* src, const BoxLayout& layout, float* dst, size_t ldd,
             size_t rows, size_t cols) {
  HWY_DYNAMIC_DISPATCH(PackF32Impl)(from, src, layout, dst, ldd, rows, cols);
}
void UnpackF32(const float* src, size_t lds, float* dst, const BoxLayout& layout, size_t rows,
               size_t cols) {
  HWY_DYNAMIC_DISPATCH(UnpackF32Impl)(src, lds, dst, layout, rows, cols);
}
void MatmulF32(const float* a, size_t lda, const float* b, size_t ldb, float* c, size_t ldc,
               size_t m, size_t k, size_t n, bool accumulate) {
  HWY_DYNAMIC_DISPATCH(MatmulF32Impl)(a, lda, b, ldb, c, ldc, m, k, n, accumulate);
}

}  // namespace pto::interp::simd
#endif  // HWY_ONCE
