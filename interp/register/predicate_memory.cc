// The PredMemory family: mask registers from and to UB (micro-isa 04). The image in UB is the
// mask's bits, bit k of the register at bit k % 8 of byte k / 8 (NORM, 32 bytes). US loads 16
// bytes and doubles each bit; DS loads 64 bytes and keeps the even bits; PK stores the even
// bits in 16 bytes. plds and psts offsets count bytes; pldi and psti's count the image's
// alignment unit (32 bytes, 16 for US and PK). The post-update forms access p and return p
// advanced by the offset.
#include <cstring>

#include "pto/common/strings.h"
#include "pto/interp/vm/kernels.h"
#include "pto/interp/register/register_memory.h"

namespace pto::interp {

namespace ops {
// kUnits: the offset counts alignment units, not bytes; kPost: the updated base is a result.
template <bool kUnitsV, bool kPostV>
struct PredForm {
  static constexpr bool kUnits = kUnitsV, kPost = kPostV;
};
struct PredLoad {};
struct PredStore {};
struct Plds : PredLoad, PredForm<false, false> {};
struct Pldi : PredLoad, PredForm<true, false> {};
struct Psts : PredStore, PredForm<false, false> {};
struct Psti : PredStore, PredForm<true, false> {};
struct PldsPost : PredLoad, PredForm<false, true> {};
struct PldiPost : PredLoad, PredForm<true, true> {};
struct PstsPost : PredStore, PredForm<false, true> {};
struct PstiPost : PredStore, PredForm<true, true> {};
}  // namespace ops

namespace {

enum PredDist : uint32_t { kNorm = 0, kUs = 1, kDs = 2, kPk = 3 };

bool ImageBit(const uint8_t* image, int k) { return (image[k / 8] >> (k % 8)) & 1; }

}  // namespace

template <typename Op>
bool ExecPredMemory(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  // Plain: mask, p, o, elem, dist. Post: mask, updated, p, o, dist (a load); updated, mask, p,
  // o, dist (a store).
  constexpr bool kLoad = std::is_base_of_v<ops::PredLoad, Op>;
  constexpr int kPtr = Op::kPost ? 2 : 1;
  const uint32_t dist = o[4];
  const int64_t bytes = dist == kNorm ? 32 : dist == kDs ? 64 : 16;
  const int64_t align = dist == kNorm || dist == kDs ? 32 : 16;
  const int64_t base = ex.scalar(o[kPtr]).i;
  const int64_t unit = Op::kUnits ? align : 1;  // pldi, psti: the alignment unit
  const int64_t step = reg::Address(0, ex.scalar(o[kPtr + 1]).i, unit);
  const int64_t addr = Op::kPost ? base : reg::Address(base, step);
  uint8_t* image;
  if constexpr (kLoad) {
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
    const MaskValue& m = ex.mask(o[Op::kPost ? 1 : 0]);
    uint8_t out[32] = {};
    for (int k = 0; k < bytes * 8; ++k) {
      if (m.Bit(dist == kPk ? 2 * k : k)) out[k / 8] |= static_cast<uint8_t>(1u << (k % 8));
    }
    std::memcpy(image, out, bytes);
  }
  if constexpr (Op::kPost) ex.scalar(o[kLoad ? 1 : 0]).i = reg::Address(base, step);
  return true;
}

#define PTO_IMPLEMENTS_PredMemory PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
