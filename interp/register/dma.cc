// The Dma family: pto.mte_gm_ub and pto.mte_ub_gm, bursts of bytes between a GM pointer and UB
// (micro-isa 02): nburst(count, src stride, dst stride) rows of len bytes, wrapped by loop(...)
// triples (inner first); a GM -> UB copy may pad each UB row to its 32-byte boundary.
#include <cstring>

#include "pto/common/isa/operand_rules.h"
#include "pto/common/strings.h"
#include "pto/interp/kernels.h"
#include "pto/interp/register/register_memory.h"

namespace pto::interp {

namespace ops {
struct GmToUb {};
struct UbToGm {};
}  // namespace ops

namespace dma {

constexpr int kMaxLoops = kMaxDmaLoops;  // the verifier holds every DMA to it

// One transfer's shape: rows of len bytes, then outer loops.
struct Transfer {
  int64_t len = 0;
  int64_t rows = 0, src_row = 0, dst_row = 0;
  int loops = 0;
  int64_t count[kMaxLoops] = {}, src_step[kMaxLoops] = {}, dst_step[kMaxLoops] = {};
};

bool ReadTransfer(Executor& ex, const Instr& in, int len_at, int first_loop, Transfer* t) {
  const uint32_t* o = in.operands;
  t->len = ex.scalar(o[len_at]).i;
  t->rows = ex.scalar(o[len_at + 1]).i;
  t->src_row = ex.scalar(o[len_at + 2]).i;
  t->dst_row = ex.scalar(o[len_at + 3]).i;
  const int rest = static_cast<int>(in.count) - first_loop;
  t->loops = rest / 3;
  if (rest % 3 != 0 || t->loops > kMaxLoops) {
    return ex.Fault(StrCat("a DMA takes up to ", kMaxLoops, " loop(...) triples, not ", rest,
                           " further operands"));
  }
  if (t->len < 0 || t->rows < 0) {
    return ex.Fault(StrCat("a burst of ", t->len, " bytes repeated ", t->rows, " times"));
  }
  for (int l = 0; l < t->loops; ++l) {
    t->count[l] = ex.scalar(o[first_loop + 3 * l]).i;
    t->src_step[l] = ex.scalar(o[first_loop + 3 * l + 1]).i;
    t->dst_step[l] = ex.scalar(o[first_loop + 3 * l + 2]).i;
    if (t->count[l] < 0) return ex.Fault(StrCat("loop ", l + 1, " repeats ", t->count[l], " times"));
  }
  return true;
}

// Calls row(src_offset, dst_offset) for every burst row, outer loops outermost.
template <typename Row>
bool ForEachRow(const Transfer& t, Row&& row) {
  int64_t index[kMaxLoops] = {};
  for (int l = 0; l < t.loops; ++l) {
    if (t.count[l] == 0) return true;
  }
  while (true) {
    int64_t src = 0, dst = 0;
    for (int l = 0; l < t.loops; ++l) {
      src += index[l] * t.src_step[l];
      dst += index[l] * t.dst_step[l];
    }
    for (int64_t r = 0; r < t.rows; ++r) {
      if (!row(src + r * t.src_row, dst + r * t.dst_row)) return false;
    }
    int l = 0;
    while (l < t.loops && ++index[l] == t.count[l]) index[l++] = 0;
    if (l == t.loops) return true;
  }
}

// The bits of the pad value as an element of the UB pointer's type (the pad operand's type).
void PadPattern(Executor& ex, uint32_t reg, uint8_t* pattern, int* size) {
  const Slot v = ex.scalar(reg);
  const DType t = ex.function().scalar_regs[reg];
  *size = DTypeSize(t);
  uint64_t bits = static_cast<uint64_t>(v.i);
  if (t == DType::kF32) {
    float f = static_cast<float>(v.f);
    std::memcpy(&bits, &f, 4);
  } else if (t == DType::kF16) {
    bits = FloatToHalf(static_cast<float>(v.f));
  } else if (t == DType::kBF16) {
    bits = FloatToBF16(static_cast<float>(v.f));
  }
  std::memcpy(pattern, &bits, *size);
}

}  // namespace dma

using dma::Transfer;

template <typename Op>
bool ExecDma(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  Transfer t;
  if constexpr (std::is_same_v<Op, ops::GmToUb>) {
    // gm, ub, cache, len, nburst(n, src, dst), [pad value, left, right], loops...
    if (!dma::ReadTransfer(ex, in, 3, 10, &t)) return false;
    const int64_t ub = ex.scalar(o[1]).i;
    const bool pad = o[7] != kNoOperand;
    if (o[8] != kNoOperand && (ex.scalar(o[8]).i != 0 || ex.scalar(o[9]).i != 0)) {
      return ex.Fault("left and right padding counts other than 0 are not modelled");
    }
    uint8_t pattern[8];
    int pattern_size = 1;
    if (pad) dma::PadPattern(ex, o[7], pattern, &pattern_size);
    const int64_t padded = pad ? (t.len + 31) / 32 * 32 : t.len;
    return dma::ForEachRow(t, [&](int64_t src, int64_t dst) {
      uint8_t *from, *to;
      if (!reg::GlobalBytes(ex, o[0], src, t.len, "reads", &from) ||
          !reg::LocalBytes(ex, Memory::kVec, ub + dst, padded, 32, "writes", &to)) {
        return false;
      }
      std::memcpy(to, from, t.len);
      for (int64_t b = t.len; b < padded; ++b) to[b] = pattern[b % pattern_size];
      return true;
    });
  } else {
    // ub, gm, len, nburst(n, src, dst), loops...
    if (!dma::ReadTransfer(ex, in, 2, 6, &t)) return false;
    const int64_t ub = ex.scalar(o[0]).i;
    return dma::ForEachRow(t, [&](int64_t src, int64_t dst) {
      uint8_t *from, *to;
      if (!reg::LocalBytes(ex, Memory::kVec, ub + src, t.len, 32, "reads", &from) ||
          !reg::GlobalBytes(ex, o[1], dst, t.len, "writes", &to)) {
        return false;
      }
      std::memcpy(to, from, t.len);
      return true;
    });
  }
}

#define PTO_IMPLEMENTS_Dma PTO_YES
#include "pto/interp/instantiate.inc"

}  // namespace pto::interp
