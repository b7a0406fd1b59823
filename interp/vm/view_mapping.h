// Global-memory views padded to five dimensions, as the kernels that move data see them, and
// checked against the buffer they point into (view_mapping.cc). The Machine family makes and
// partitions views with them (machine_kernels.cc); tile/load_store_move.cc and tile/comm.cc
// read and write through them.
#ifndef PTO_INTERP_VM_VIEW_MAPPING_H_
#define PTO_INTERP_VM_VIEW_MAPPING_H_

#include <cstdint>
#include <string>

#include "pto/interp/vm/executor.h"

namespace pto::interp::view_mapping {

/// A view padded to five dimensions with leading 1s.
struct Geometry {
  int64_t dim[kMaxViewRank];
  int64_t stride[kMaxViewRank];

  /// Global element index of row r, column c of the (DIM_3, DIM_4) plane at outer index
  /// \a outer (DIM_0..DIM_2 walked as one), for a view starting at element \a base.
  int64_t Index(int64_t base, int64_t outer, int64_t r, int64_t c) const {
    const int64_t i2 = outer % dim[2], i1 = (outer / dim[2]) % dim[1];
    const int64_t i0 = outer / (dim[2] * dim[1]);
    return base + i0 * stride[0] + i1 * stride[1] + i2 * stride[2] + r * stride[3] +
           c * stride[4];
  }
};

Geometry Pad(const ViewState& v);

/// The rows x cols the window of \a v covers on a row-major (else column-major) tile: the
/// outer dimensions fold into rows (columns). False when the product overflows.
bool FoldedExtents(const ViewState& v, bool row_major, int64_t* rows, int64_t* cols);

/// A ZZ (rows > 1) or NN exponent tile in L1 (e8m0, 32-byte boxes). A load into it reads global
/// memory in the tile's own box order: PTOAS gives the load the MX_A_ZZ / MX_B_NN layout, which
/// pto-isa copies box by box (docs/semantics.md, "MX scale tiles in L1").
inline bool PackedScaleTile(const TileType& t) {
  return t.mem == Memory::kMat && t.dtype == DType::kE8M0 && t.fractal == 32 &&
         (t.row_major() ? t.slayout == SLayout::kRowMajor && t.rows != 1
                        : t.slayout == SLayout::kColMajor);
}

/// A rows x cols window of such a tile as global memory holds it: rounded up to whole boxes
/// (the tile's BoxRows x BoxCols: 16x2 ZZ, 2x16 NN), ZZ boxes along each band of box rows, NN
/// boxes down each band of box columns, each box's 32 bytes in the box's own order.
struct PackedScale {
  bool zz = true;
  int64_t box_rows = 1, box_cols = 1;
  int64_t rows = 0, cols = 0;  ///< rounded up to whole boxes
  PackedScale(const TileType& t, int64_t window_rows, int64_t window_cols)
      : zz(t.row_major()),
        box_rows(t.BoxRows()),
        box_cols(t.BoxCols()),
        rows((window_rows + box_rows - 1) / box_rows * box_rows),
        cols((window_cols + box_cols - 1) / box_cols * box_cols) {}
  int64_t Bytes() const { return rows * cols; }
  int64_t Index(int64_t r, int64_t c) const {
    const int64_t box = box_rows * box_cols;
    return zz ? r / box_rows * box_rows * cols + c / box_cols * box + r % box_rows * box_cols +
                    c % box_cols
              : c / box_cols * box_cols * rows + r / box_rows * box + c % box_cols * box_rows +
                    r % box_rows;
  }
};

/// "16x32" for \a n dimensions.
std::string ShapeText(const int64_t* dims, int n);

/// Whether every element of \a v lies in its buffer.
bool FitsInBuffer(const Executor& ex, const ViewState& v);
/// Faults (naming the view as \a what) unless every element of \a v lies in its buffer.
bool CheckInBuffer(Executor& ex, const ViewState& v, const char* what);

}  // namespace pto::interp::view_mapping

#endif  // PTO_INTERP_VM_VIEW_MAPPING_H_
