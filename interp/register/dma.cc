// The Dma family: pto.mte_gm_ub and pto.mte_ub_gm, bursts of bytes between a GM pointer and UB
// (micro-isa 02): nburst(count, src stride, dst stride) rows of len bytes, wrapped by loop(...)
// triples (inner first); a GM -> UB copy may pad each UB row (left and right elements, and up
// to its 32-byte boundary). The row copies are shared with the older forms (dma_legacy.cc); a
// UB -> GM row follows the core's atomic mode (set_atomic_*).
#include <algorithm>
#include <cstring>
#include <mutex>

#include "pto/common/isa/operand_rules.h"
#include "pto/common/strings.h"
#include "pto/interp/register/burst.h"
#include "pto/interp/register/register_memory.h"
#include "pto/interp/vm/global_atomics.h"
#include "pto/interp/vm/kernels.h"

namespace pto::interp {

namespace ops {
struct GmToUb {};
struct UbToGm {};
struct UbToGmCached {};
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

bool CopyGmToUb(Executor& ex, uint32_t gm, int64_t ub, const Transfer& t, const RowPadding& pad) {
  constexpr int64_t kMaxPad = int64_t{1} << 32;
  if (pad.left < 0 || pad.right < 0 || pad.left > kMaxPad || pad.right > kMaxPad) {
    return ex.Fault(StrCat("padding counts ", pad.left, " and ", pad.right,
                           " (0 to 2^32 elements)"));
  }
  const int64_t head = pad.left * pad.size, tail = pad.right * pad.size;
  const int64_t row = head + t.len + tail;
  const int64_t padded = pad.to_block ? (row + 31) / 32 * 32 : row;
  return ForEachRow(t, [&](int64_t src, int64_t dst) {
    uint8_t *from, *to;
    if (!reg::GlobalBytes(ex, gm, src, t.len, reg::Use::kRead, "reads", &from) ||
        !reg::LocalBytes(ex, Memory::kVec, reg::Address(ub, dst), padded, 32, reg::Use::kWrite,
                         "writes", &to)) {
      return false;
    }
    std::memmove(to + head, from, t.len);
    for (int64_t b = 0; b < head; ++b) to[b] = pad.pattern[b % pad.size];
    for (int64_t b = head + t.len; b < padded; ++b) to[b] = pad.pattern[(b - head - t.len) % pad.size];
    return true;
  });
}

namespace {

template <typename T>
T Combine(T old, T v, uint8_t op) {
  return op == 1 ? static_cast<T>(old + v) : op == 2 ? std::max(old, v) : std::min(old, v);
}

// GM bytes \a to = \a from under the core's atomic mode (set_atomic_*): element by element
// old + v (floats rounded once to the type, integers wrapping), max or min.
bool AtomicWrite(Executor& ex, uint8_t* to, const uint8_t* from, int64_t len) {
  const Core& core = ex.core();
  const DType t = core.atomic_type;
  if (t == DType::kInvalid) {
    return ex.Fault("an atomic write to GM with no element type (set_atomic_f32, _s32, ...)");
  }
  const int size = DTypeSize(t);
  if (len % size != 0) {
    return ex.Fault(StrCat("an atomic write of ", len, " bytes of ", DTypeName(t)));
  }
  std::lock_guard<std::mutex> lock(GlobalAtomicsMutex());
  WithStorageType(t, [&](auto tag) {
    using T = decltype(tag);
    using E = Elem<T>;
    for (int64_t b = 0; b < len; b += size) {
      T old, v;
      std::memcpy(&old, to + b, sizeof(T));
      std::memcpy(&v, from + b, sizeof(T));
      T r;
      if constexpr (E::kFloat) {
        const double sum = Combine<double>(E::Load(old), E::Load(v), core.atomic_op);
        r = E::Store(static_cast<float>(sum));
      } else {
        r = E::Store(Combine(E::Load(old), E::Load(v), core.atomic_op));
      }
      std::memcpy(to + b, &r, sizeof(T));
    }
  });
  return true;
}

}  // namespace

bool CopyUbToGm(Executor& ex, int64_t ub, uint32_t gm, const Transfer& t) {
  return ForEachRow(t, [&](int64_t src, int64_t dst) {
    uint8_t *from, *to;
    if (!reg::LocalBytes(ex, Memory::kVec, reg::Address(ub, src), t.len, 32, reg::Use::kRead,
                         "reads", &from) ||
        !reg::GlobalBytes(ex, gm, dst, t.len, reg::Use::kWrite, "writes", &to)) {
      return false;
    }
    if (ex.core().atomic_op != 0) return AtomicWrite(ex, to, from, t.len);
    std::memmove(to, from, t.len);
    return true;
  });
}

}  // namespace dma

template <typename Op>
bool ExecDma(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  dma::Transfer t;
  if constexpr (std::is_same_v<Op, ops::GmToUb>) {
    // gm, ub, cache, len, nburst(n, src, dst), [pad value, left, right], loops...
    if (!dma::ReadTransfer(ex, in, 3, 10, &t)) return false;
    dma::RowPadding pad;
    if (o[7] != kNoOperand) {
      pad.to_block = true;
      dma::PadPattern(ex, o[7], pad.pattern, &pad.size);
      if (o[8] != kNoOperand) pad.left = ex.scalar(o[8]).i, pad.right = ex.scalar(o[9]).i;
    }
    return dma::CopyGmToUb(ex, o[0], ex.scalar(o[1]).i, t, pad);
  } else {
    // ub, gm, len, nburst(n, src, dst), [l2_cache_ctl: a hint, no value], loops...
    constexpr int kLoops = std::is_same_v<Op, ops::UbToGmCached> ? 7 : 6;
    if (!dma::ReadTransfer(ex, in, 2, kLoops, &t)) return false;
    return dma::CopyUbToGm(ex, ex.scalar(o[0]).i, o[1], t);
  }
}

#define PTO_IMPLEMENTS_Dma PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
