// The Dma family: pto.mte_gm_ub and pto.mte_ub_gm, bursts of bytes between a GM pointer and UB
// (micro-isa 02): nburst(count, src stride, dst stride) rows of len bytes, wrapped by loop(...)
// triples (inner first); a GM -> UB copy may pad each UB row to its 32-byte boundary.
#include <cstring>

#include "pto/common/isa/operand_rules.h"
#include "pto/common/strings.h"
#include "pto/interp/kernels.h"
#include "pto/interp/register/burst.h"
#include "pto/interp/register/register_memory.h"

namespace pto::interp {

namespace ops {
struct GmToUb {};
struct UbToGm {};
}  // namespace ops

namespace dma {

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
