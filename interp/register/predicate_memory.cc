// The PredMemory family: mask registers from and to UB (micro-isa 04). The image in UB is the
// mask's bits, bit k of the register at bit k % 8 of byte k / 8 (NORM, 32 bytes). US loads 16
// bytes and doubles each bit; DS loads 64 bytes and keeps the even bits; PK stores the even
// bits in 16 bytes. pldi and psti differ from plds and psts only in their constant offset.
#include <cstring>

#include "pto/common/strings.h"
#include "pto/interp/vm/kernels.h"
#include "pto/interp/register/register_memory.h"

namespace pto::interp {

namespace ops {
struct PredLoad {};
struct PredStore {};
struct Plds : PredLoad {};
struct Pldi : PredLoad {};
struct Psts : PredStore {};
struct Psti : PredStore {};
}  // namespace ops

namespace {

enum PredDist : uint32_t { kNorm = 0, kUs = 1, kDs = 2, kPk = 3 };

bool ImageBit(const uint8_t* image, int k) { return (image[k / 8] >> (k % 8)) & 1; }

}  // namespace

template <typename Op>
bool ExecPredMemory(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  // mask, p, o, elem, dist
  const int64_t addr = reg::Address(ex.scalar(o[1]).i, ex.scalar(o[2]).i, o[3]);
  const uint32_t dist = o[4];
  const int64_t bytes = dist == kNorm ? 32 : dist == kDs ? 64 : 16;
  const int64_t align = dist == kNorm || dist == kDs ? 32 : 8;
  uint8_t* image;
  if constexpr (std::is_base_of_v<ops::PredLoad, Op>) {
    if (dist == kPk) return ex.Fault("a predicate load takes NORM, US or DS, not PK");
    if (!reg::LocalBytes(ex, Memory::kVec, addr, bytes, align, reg::Use::kRead, "reads",
                         &image)) {
      return false;
    }
    MaskValue m{};
    for (int k = 0; k < kVectorBytes; ++k) {
      m.Set(k, ImageBit(image, dist == kUs ? k / 2 : dist == kDs ? 2 * k : k));
    }
    ex.mask(o[0]) = m;
  } else {
    if (dist == kUs || dist == kDs) {
      return ex.Fault("a predicate store takes NORM or PK, not US or DS");
    }
    if (!reg::LocalBytes(ex, Memory::kVec, addr, bytes, align, reg::Use::kWrite, "writes",
                         &image)) {
      return false;
    }
    const MaskValue& m = ex.mask(o[0]);
    uint8_t out[32] = {};
    for (int k = 0; k < bytes * 8; ++k) {
      if (m.Bit(dist == kPk ? 2 * k : k)) out[k / 8] |= static_cast<uint8_t>(1u << (k % 8));
    }
    std::memcpy(image, out, bytes);
  }
  return true;
}

#define PTO_IMPLEMENTS_PredMemory PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
