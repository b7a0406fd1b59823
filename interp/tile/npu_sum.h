// Row and column sums of f32 and f16 tiles as the NPU's TROWSUM and TCOLSUM compute them (pto-isa
// 3186c381), each step rounded to the element type, with the lane sums of interp/element/vector_sum.h.
// TROWSUM:
// - a5 (npu/a5/TRowReduce.hpp, TRowReduceProc): per row, an accumulator of +0; each 256-byte
//   repeat of the row's valid elements summed by vcadd (the last one masked), then added to the
//   accumulator by vadd.
// - a2a3 (npu/a2a3/TRowReduceOps.hpp TRowReduceInstr, TRowSum.hpp TRowSumOp): a row of one
//   repeat or less is one vcadd; a longer one is folded into a tmp repeat first: full repeats
//   added pairwise (2i with 2i + 1), an odd last one and the partial tail into the first, then
//   the pairs pairwise again until one repeat is left, which vcadd sums. f32 tiles of 64x128,
//   32x256, 16x512 and 8x1024 summed into a one-column col-major tile take vcgadd instead
//   (TryOptimizeFP32Reduce): 8-element block sums, halves added, block sums again.
// TCOLSUM adds whole rows (vadd, lane by lane), in an order set by the architecture and isBinary:
// - a2a3 (npu/a2a3/TColSum.hpp): one row is copied; sequential: row 0, then + row 1, + row 2, ...;
//   binary: rows added pairwise into tmp (2i with 2i + 1, an odd last row into tmp's first),
//   then tmp's rows pairwise the same way until one is left.
// - a5 (npu/a5/TColSum.hpp, TColReduceOps.hpp TColReduceInstr_PostUpdate): sequential: row 0,
//   then + (row 1 + row 2), + (row 3 + row 4), ..., + an odd last row; binary: rows pairwise
//   into tmp (an odd last row added to tmp's last, a single row to +0), then tmp's rows pairwise,
//   an odd last one added to the new last, while more than one is left.
#ifndef PTO_INTERP_TILE_NPU_SUM_H_
#define PTO_INTERP_TILE_NPU_SUM_H_

#include <cstdint>

#include "pto/common/arch.h"
#include "pto/common/tile_type.h"

namespace pto::interp {

/// Sums \a cols elements of \a row (float or Half) as \a arch's TROWSUM does; \a grouped: the
/// a2a3 vcgadd shapes (NpuRowSumGrouped).
template <typename T>
T NpuRowSum(Arch arch, const T* row, int32_t cols, bool grouped);

/// The same for \a rows f32 rows (not the vcgadd shapes) \a lda apart, into \a d, \a ldd apart.
void NpuRowSumsF32(Arch arch, const float* a, int64_t lda, int32_t rows, int32_t cols, float* d,
                   int64_t ldd);

/// Column sums of \a rows x \a cols elements (float or Half) \a lda apart into \a d, as
/// \a arch's TCOLSUM does with isBinary = \a binary.
template <typename T>
void NpuColSums(Arch arch, bool binary, const T* a, int64_t lda, int32_t rows, int32_t cols, T* d);

/// TROWPROD of \a cols elements of \a row (float, Half): a5 (npu/a5/TRowProd.hpp) multiplies
/// each lane's elements of every repeat in turn from 1 (vmul), then the lanes pairwise in a tree
/// of halves (vintlv + vmul); a2a3 (npu/a2a3/TRowProd.hpp) the same per lane of a 32-byte block,
/// then the block's lanes left to right on the scalar unit in f32 (f16 rounded once at the end).
template <typename T>
T NpuRowProd(Arch arch, const T* row, int32_t cols);

/// TCOLPROD (float, Half, BFloat16) of \a rows x \a cols elements into \a d: a2a3 (npu/a2a3/
/// TColReduceOps.hpp ColReduceInstr) row 0, then times each further row; a5 (TColReduceOps.hpp
/// TColReduceInstr_PostUpdate) row 0, then times (row 1 x row 2), (row 3 x row 4), ..., an odd
/// last row.
template <typename T>
void NpuColProds(Arch arch, const T* a, int64_t lda, int32_t rows, int32_t cols, T* d);

/// Whether a2a3 sums \a src into \a dst by vcgadd (pto-isa's TryOptimizeFP32Reduce): an f32
/// source of exactly 64x128, 32x256, 16x512 or 8x1024 (static shape, all of it valid) and a
/// col-major, unboxed destination of one static valid column.
bool NpuRowSumGrouped(Arch arch, const TileType& dst, const TileType& src);

}  // namespace pto::interp

#endif  // PTO_INTERP_TILE_NPU_SUM_H_
