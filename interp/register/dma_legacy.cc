// The DmaLegacy family: the older positional DMA forms copy_gm_to_ubuf and copy_ubuf_to_gm
// (docs/semantics.md "DMA, older forms"), whose two outer loops come from the core's loop
// registers (dma_config.cc), and set_mov_pad_val, the pad register copy_gm_to_ubuf reads.
#include <cstring>

#include "pto/common/strings.h"
#include "pto/interp/vm/kernels.h"
#include "pto/interp/register/burst.h"

namespace pto::interp {

namespace ops {
struct GmToUbuf {};
struct UbufToGm {};
struct MovPadVal {};
}  // namespace ops

namespace {

// Rows of \a len bytes, \a rows of them at the given strides, wrapped by loop 1 then loop 2 of
// the registers \a s.
bool LegacyTransfer(Executor& ex, const DmaLoopState& s, int64_t rows, int64_t len,
                    int64_t src_stride, int64_t dst_stride, dma::Transfer* t) {
  if (len < 0 || rows < 0) {
    return ex.Fault(StrCat("a burst of ", len, " bytes repeated ", rows, " times"));
  }
  if (s.size1 < 0 || s.size2 < 0) {
    return ex.Fault(StrCat("the loop registers repeat ", s.size1, " and ", s.size2, " times"));
  }
  t->len = len;
  t->rows = rows;
  t->src_row = src_stride;
  t->dst_row = dst_stride;
  t->loops = 2;
  t->count[0] = s.size1, t->src_step[0] = s.loop1_src, t->dst_step[0] = s.loop1_dst;
  t->count[1] = s.size2, t->src_step[1] = s.loop2_src, t->dst_step[1] = s.loop2_dst;
  return dma::CheckTransfer(ex, *t);
}

}  // namespace

template <typename Op>
bool ExecDmaLegacy(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  auto i64 = [&](int k) { return ex.scalar(o[k]).i; };
  dma::Transfer t;
  if constexpr (std::is_same_v<Op, ops::GmToUbuf>) {
    // gm, ub, sid, n_burst, len_burst, left, right, data_select, l2 cache, src stride,
    // dst stride, @elem_bytes.
    if (!LegacyTransfer(ex, ex.core().out_to_ub, i64(3), i64(4), i64(9), i64(10), &t)) return false;
    dma::RowPadding pad;
    pad.to_block = i64(7) != 0;
    pad.left = i64(5);
    pad.right = i64(6);
    pad.size = static_cast<int>(o[11]);
    std::memcpy(pad.pattern, &ex.core().mov_pad_bits, sizeof(pad.pattern));
    return dma::CopyGmToUb(ex, o[0], i64(1), t, pad);
  } else if constexpr (std::is_same_v<Op, ops::UbufToGm>) {
    // ub, gm, sid, n_burst, len_burst, reserved, dst stride, src stride.
    if (!LegacyTransfer(ex, ex.core().ub_to_out, i64(3), i64(4), i64(7), i64(6), &t)) return false;
    return dma::CopyUbToGm(ex, i64(0), o[1], t);
  } else {
    // The value's own bits, zero-extended: an i16 -1 pads f32 rows with 0x0000ffff.
    uint8_t pattern[8] = {};
    int size = 0;
    dma::PadPattern(ex, o[0], pattern, &size);
    uint64_t bits = 0;
    std::memcpy(&bits, pattern, size);
    ex.core().mov_pad_bits = bits;
    return true;
  }
}

#define PTO_IMPLEMENTS_DmaLegacy PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
