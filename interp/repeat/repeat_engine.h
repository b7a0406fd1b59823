// The repeat engine the A2/A3 vector instructions share: it reads an instruction's pointers,
// strides and mask (repeat_operands.h), checks them with the words ptoas uses
// (common/isa/repeat_model.h), checks bounds on the active lanes and the overlap rules, and
// then calls the instruction's lane function repeat by repeat, every read of a repeat before
// any of its writes.
#ifndef PTO_INTERP_REPEAT_REPEAT_ENGINE_H_
#define PTO_INTERP_REPEAT_REPEAT_ENGINE_H_

#include <cstring>

#include "pto/common/isa/repeat_model.h"
#include "pto/common/isa/repeat_operands.h"
#include "pto/interp/vm/executor.h"

namespace pto::interp::repeat {

/// One decoded instruction: its geometry and the UB bytes behind each pointer.
struct Geometry {
  pto::repeat::Shape shape;
  pto::repeat::Operand x[3];  ///< dst, then the sources
  int pointers = 0;
  int64_t repeats = 0;   ///< the repeats that run
  uint8_t* ub = nullptr;  ///< UB's first byte: lane addresses index it
  DType dtype = DType::kInvalid;
  /// No source shares bytes with the destination but as the destination itself with distinct
  /// blocks: lanes may be computed from UB into UB, block by block.
  bool direct = false;
};

/// Reads and checks everything but the scalar: the mask (or the core's mask state), repeat,
/// strides, UB bases, the active lanes' bounds and, with \a overlap_rules, the overlap rules
/// (\a accumulate: the binary exception). Faults with the reason.
bool Decode(Executor& ex, const Instr& in, const RepeatOperands& at, bool accumulate,
            Geometry* g);

/// Whether every operand covers whole repeats contiguously (block stride 1, repeat stride 8)
/// and every lane of every repeat is active: then the instruction is one run of
/// repeats x lanes elements per operand.
bool IsOneRun(const Geometry& g);

namespace detail {

// Block b of repeat r of operand x, as elements.
template <typename T>
T* Block(const Geometry& g, const pto::repeat::Operand& x, int64_t r, int b) {
  return reinterpret_cast<T*>(g.ub + x.base +
                              pto::repeat::kBlockBytes * (r * x.rep_stride + b * x.blk_stride));
}

}  // namespace detail

/// Runs the instruction lane by lane: d = lane(a, b) with a and b the lane of sources 1 and 2
/// (source 1 again for one source, the destination's old value for none). Each repeat reads
/// all its lanes before it writes any; lanes are written in ascending order (the last wins
/// when blocks coincide). Direct geometries compute block by block from UB into UB.
template <typename T, typename Lane>
void RunLanes(const Geometry& g, Lane&& lane) {
  constexpr int kEpb = pto::repeat::kBlockBytes / static_cast<int>(sizeof(T));
  constexpr uint64_t kFull = (uint64_t{1} << kEpb) - 1;
  const pto::repeat::Operand& dx = g.x[0];
  const pto::repeat::Operand& ax = g.x[g.pointers > 1 ? 1 : 0];
  const pto::repeat::Operand& bx = g.x[g.pointers > 2 ? 2 : g.pointers > 1 ? 1 : 0];
  const bool counter = g.shape.mask.mode == pto::repeat::MaskMode::kCounter;
  pto::repeat::LaneMask m = pto::repeat::ActiveLanes(g.shape, 0);
  uint64_t block_bits[pto::repeat::kBlocksPerRepeat];
  const auto split = [&] {
    for (int b = 0; b < pto::repeat::kBlocksPerRepeat; ++b) block_bits[b] = m.BlockBits(b, kEpb);
  };
  split();
  for (int64_t r = 0; r < g.repeats; ++r) {
    if (counter) m = pto::repeat::ActiveLanes(g.shape, r), split();
    if (g.direct) {
      uint8_t* d_at = g.ub + dx.base + pto::repeat::kBlockBytes * r * dx.rep_stride;
      const uint8_t* a_at = g.ub + ax.base + pto::repeat::kBlockBytes * r * ax.rep_stride;
      const uint8_t* c_at = g.ub + bx.base + pto::repeat::kBlockBytes * r * bx.rep_stride;
      const int64_t d_step = pto::repeat::kBlockBytes * dx.blk_stride;
      const int64_t a_step = pto::repeat::kBlockBytes * ax.blk_stride;
      const int64_t c_step = pto::repeat::kBlockBytes * bx.blk_stride;
      for (int b = 0; b < pto::repeat::kBlocksPerRepeat;
           ++b, d_at += d_step, a_at += a_step, c_at += c_step) {
        const uint64_t bits = block_bits[b];
        if (bits == 0) continue;
        T* d = reinterpret_cast<T*>(d_at);
        const T* a = reinterpret_cast<const T*>(a_at);
        const T* c = reinterpret_cast<const T*>(c_at);
        if (bits == kFull) {
          // Into a local block first: d may be a (in place), so the loop vectorizes only so.
          T vd[kEpb];
          for (int k = 0; k < kEpb; ++k) vd[k] = lane(a[k], c[k]);
          std::memcpy(d, vd, sizeof vd);
        } else {
          for (int k = 0; k < kEpb; ++k) {
            if ((bits >> k) & 1) d[k] = lane(a[k], c[k]);
          }
        }
      }
      continue;
    }
    // Staged: every lane of the repeat computed first, then stored.
    T out[pto::repeat::kBlocksPerRepeat * kEpb];
    for (int b = 0; b < pto::repeat::kBlocksPerRepeat; ++b) {
      const uint64_t bits = block_bits[b];
      const T* a = detail::Block<T>(g, ax, r, b);
      const T* c = detail::Block<T>(g, bx, r, b);
      for (int k = 0; k < kEpb; ++k) {
        if ((bits >> k) & 1) out[b * kEpb + k] = lane(a[k], c[k]);
      }
    }
    for (int b = 0; b < pto::repeat::kBlocksPerRepeat; ++b) {
      const uint64_t bits = block_bits[b];
      T* d = detail::Block<T>(g, dx, r, b);
      for (int k = 0; k < kEpb; ++k) {
        if ((bits >> k) & 1) d[k] = out[b * kEpb + k];
      }
    }
  }
}

}  // namespace pto::interp::repeat

#endif  // PTO_INTERP_REPEAT_REPEAT_ENGINE_H_
