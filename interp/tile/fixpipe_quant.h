// The fixpipe's per-channel ("vector") quantisation, applied by the fp forms of the moves out of
// L0C (tmov.fp, tstore.fp, textract_fp, tinsert_fp). Channel j of the moved block takes its
// parameters from element j of the fp tile (a ui64 row in the scaling buffer); the encoding
// and the arithmetic are described in docs/semantics.md, "Fixpipe quantisation". Also the
// tile-to-tile block move of tmov, textract_fp and tinsert, plain forms and fp forms alike.
#ifndef PTO_INTERP_TILE_FIXPIPE_QUANT_H_
#define PTO_INTERP_TILE_FIXPIPE_QUANT_H_

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include <vector>

#include "pto/common/strings.h"
#include "pto/interp/tile/tile_shared.h"

namespace pto::interp {

/// One channel's parameters: bits 0-31 the f32 scale, bits 37-45 a 9-bit signed offset.
struct QuantParam {
  double scale;
  int32_t offset;
};

inline QuantParam DecodeQuantParam(uint64_t bits) {
  int32_t offset = static_cast<int32_t>((bits >> 37) & 0x1ff);
  if (offset & 0x100) offset -= 0x200;
  return {static_cast<double>(BitsFloat(static_cast<uint32_t>(bits))), offset};
}

/// d = v * scale (exact product in double, rounded once to D). Integer results round to
/// nearest even, add the offset and saturate; NaN gives 0. Float results ignore the offset.
template <typename D, typename S>
D QuantElement(S v, QuantParam p) {
  const double x = static_cast<double>(Elem<S>::Load(v)) * p.scale;
  if constexpr (Elem<D>::kFloat) {
    return Elem<D>::Store(Elem<D>::FromDouble(x));
  } else {
    if (std::isnan(x)) return D{0};
    const double lo = static_cast<double>(std::numeric_limits<D>::min());
    const double hi = static_cast<double>(std::numeric_limits<D>::max());
    double r = std::nearbyint(x);  // the default rounding mode: nearest, ties to even
    r = std::fmin(std::fmax(r, -1e18), 1e18) + p.offset;
    return static_cast<D>(std::fmin(std::fmax(r, lo), hi));
  }
}

/// Reads the parameters of \a n channels from the fp tile in register \a fp_reg: its storage
/// read as 64-bit words, whatever its element type (the NPU reads the scaling buffer so).
inline bool LoadQuantParams(Executor& ex, uint32_t fp_reg, int32_t n,
                            std::vector<QuantParam>* out) {
  TileRef fp;
  if (!ex.Tile(fp_reg, &fp)) return false;
  if (fp.type->mem != Memory::kScaling) {
    return ex.Fault(StrCat("the quantisation parameters ", ex.TileName(fp.reg),
                           " must be a scaling tile"));
  }
  if (DTypeSize(fp.type->dtype) == 8) {
    if (!RequireCovers(ex, fp, 1, n, "quantisation parameter")) return false;
  } else if (int64_t{fp.valid_rows} * fp.valid_cols * DTypeSize(fp.type->dtype) < int64_t{n} * 8) {
    return ex.Fault(StrCat(n, " channels need ", n * 8, " bytes of 64-bit quantisation "
                           "parameters, but the valid region of ", ex.TileName(fp.reg),
                           " holds ", fp.valid_rows * fp.valid_cols * DTypeSize(fp.type->dtype)));
  }
  out->resize(static_cast<size_t>(n));
  for (int32_t j = 0; j < n; ++j) {
    uint64_t bits;
    std::memcpy(&bits, fp.base + 8 * j, 8);
    (*out)[j] = DecodeQuantParam(bits);
  }
  return true;
}

/// True for the accumulator types the fixpipe quantises from.
template <typename S>
constexpr bool kQuantSource = std::is_same_v<S, float> || std::is_same_v<S, int32_t>;

/// The fault for a source of another type (the fault's prefix names the instruction).
inline bool NotQuantSource(Executor& ex, DType source) {
  return ex.Fault(StrCat("quantises f32 or i32 acc tiles, not ", DTypeName(source)));
}

/// A block of elements moved from one tile to another: rows x cols of them, from
/// (src_row, src_col) on in the source to (dst_row, dst_col) on in the destination.
struct TileBlock {
  int32_t rows, cols;
  int64_t src_row, src_col, dst_row, dst_col;
};

/// The fixpipe's controls of a move out of L0C (PTOAS v0.60; docs/semantics.md "tmov, textract
/// and tinsert from acc"): a pre-quant scalar, ReLU after the conversion, and which vector
/// core's UB an acc-to-vec move writes (accToVecMode's code: 0 not written, the core running
/// the instruction; 1 vector core 0; 2 vector core 1; 3 and 4 the two halves by rows or columns).
struct MoveControls {
  uint32_t fp_reg = 0;  ///< The fp tile of the quantised forms.
  bool scalar_quant = false;
  QuantParam q{1.0, 0};
  bool relu = false;
  uint32_t acc_to_vec = 0;
};

/// The controls in operands [\a first, first + 2] (pre-quant scalar or kNoOperand,
/// accToVecMode, reluPreMode) of a move; \a first < 0 for the fp forms, which carry no scalar.
inline MoveControls ReadMoveControls(Executor& ex, const Instr& in, int pre, int mode) {
  MoveControls k;
  if (pre >= 0 && in.operands[pre] != kNoOperand) {
    k.scalar_quant = true;
    k.q = DecodeQuantParam(static_cast<uint64_t>(ex.scalar(in.operands[pre]).i));
  }
  k.acc_to_vec = in.operands[mode];
  k.relu = in.operands[mode + 1] == 1;
  return k;
}

/// The destination tiles of an acc-to-vec move: \a d in vector core 0's or 1's UB, or both for
/// the split modes (false with a fault when one core runs the block and has one UB).
bool MoveTargets(Executor& ex, const TileRef& d, uint32_t mode, TileRef out[2]);

/// Moves \a block of \a a into \a d, converting element types as moves out of L0C do
/// (CastElement), scaling by the pre-quant scalar or, with kQuant, quantising column c of the
/// block with channel c of the fp tile; then the ReLU. \a in_place_ok: d may be a itself when
/// their element types are the same.
template <bool kQuant>
bool MoveBlock(Executor& ex, const TileRef& d, const TileRef& a, const TileBlock& block,
               const MoveControls& k, bool in_place_ok) {
  thread_local std::vector<QuantParam> params;
  if ((kQuant || k.scalar_quant) && IsMxDType(d.type->dtype)) {
    return ex.Fault(StrCat("quantising into ", DTypeName(d.type->dtype), " is not modelled"));
  }
  if (kQuant && !LoadQuantParams(ex, k.fp_reg, block.cols, &params)) return false;
  TileRef targets[2] = {d, d};
  // A cube core run apart from its vector cores has no UB of its own: a move into a vec tile
  // without a mode goes to vector core 0's, pto-isa's default (AccToVecMode::SingleModeVec0).
  const uint32_t to_vec =
      k.acc_to_vec == 0 && ex.core().kind == CoreKind::kCube && d.type->mem == Memory::kVec
          ? 1
          : k.acc_to_vec;
  if (to_vec != 0 && !MoveTargets(ex, d, to_vec, targets)) return false;
  // The split modes send the second half of the rows (columns) to vector core 1's UB.
  const int32_t split_rows = to_vec == 3 ? block.rows / 2 : block.rows;
  const int32_t split_cols = to_vec == 4 ? block.cols / 2 : block.cols;
  bool ok = true;
  WithStorageType(d.type->dtype, [&](auto dtag) {
    using D = std::remove_cvref_t<decltype(dtag)>;
    WithStorageType(a.type->dtype, [&](auto stag) {
      using S = std::remove_cvref_t<decltype(stag)>;
      if constexpr (kQuant && !kQuantSource<S>) {
        ok = NotQuantSource(ex, a.type->dtype);
      } else {
        // Held in locals, so that the loop keeps them in registers.
        const int32_t rows = block.rows, cols = block.cols;
        const int64_t sr = block.src_row, sc = block.src_col;
        const int64_t dr = block.dst_row, dc = block.dst_col;
        WithSafeDst(ex, targets[0], {&a}, in_place_ok && std::is_same_v<D, S>,
                    [&](const TileRef& dst) {
          for (int32_t r = 0; r < rows; ++r) {
            for (int32_t c = 0; c < cols; ++c) {
              const bool second = r >= split_rows || c >= split_cols;
              const TileRef& to_tile = second ? targets[1] : dst;
              D* to = to_tile.At<D>(dr + r - (r >= split_rows ? split_rows : 0),
                                    dc + c - (c >= split_cols ? split_cols : 0));
              const S from = *a.At<S>(sr + r, sc + c);
              if constexpr (kQuant) {
                *to = QuantElement<D, S>(from, params[c]);
              } else if (k.scalar_quant && kQuantSource<S>) {
                *to = QuantElement<D, S>(from, k.q);
              } else {
                *to = CastElement<D, S>(from);
              }
              if (k.relu && Elem<D>::Load(*to) < 0) *to = Elem<D>::Store(0);
            }
          }
          return true;
        });
      }
    });
  });
  return ok;
}

}  // namespace pto::interp

#endif  // PTO_INTERP_TILE_FIXPIPE_QUANT_H_
