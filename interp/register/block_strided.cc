// The VecBlock family: vsldb and vsstb (micro-isa 03), the eight 32-byte blocks of a vector
// register at a block stride and a repeat stride (both in blocks, unsigned 16-bit fields).
// Block b takes part when mask lane b is active; an inactive block is zero (vsldb) or left
// alone (vsstb) and its address is not checked.
#include <cstring>

#include "pto/interp/vm/kernels.h"
#include "pto/interp/register/register_memory.h"

namespace pto::interp {

namespace ops {
struct Vsldb {};
struct VsldbPost {};
struct Vsstb {};
}  // namespace ops

namespace {

constexpr int kBlock = 32;
constexpr int kBlocks = kVectorBytes / kBlock;

int64_t Field16(Executor& ex, uint32_t reg) { return ex.scalar(reg).i & 0xffff; }

}  // namespace

template <typename Op>
bool ExecVecBlock(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  if constexpr (!std::is_same_v<Op, ops::Vsstb>) {
    // d, [updated,] p, block stride, repeat stride, mask: block b from p + (repeat + b *
    // stride) * 32; the post-update form's from p + b * stride * 32, returning p + repeat * 32.
    constexpr bool kPost = std::is_same_v<Op, ops::VsldbPost>;
    const uint32_t* a = o + (kPost ? 1 : 0);  // the operands after the updated base
    const int64_t base = ex.scalar(a[1]).i;
    const int64_t stride = Field16(ex, a[2]), repeat = Field16(ex, a[3]);
    const MaskValue& m = ex.mask(a[4]);
    const int g = reg::MaskGranule(ex, a[4]);
    uint8_t out[kVectorBytes] = {};
    for (int b = 0; b < kBlocks; ++b) {
      if (!reg::LaneActive(m, b, g)) continue;
      uint8_t* src;
      const int64_t addr = base + ((kPost ? 0 : repeat) + b * stride) * kBlock;
      if (!reg::LocalBytes(ex, Memory::kVec, addr, kBlock, kBlock, reg::Use::kRead, "reads",
                           &src)) {
        return false;
      }
      std::memcpy(out + b * kBlock, src, kBlock);
    }
    std::memcpy(ex.vreg(o[0]).bytes, out, kVectorBytes);
    if constexpr (kPost) ex.scalar(o[1]).i = base + repeat * kBlock;
  } else {
    // [updated], a, p, block stride, repeat stride, mask. The post-update form stores at
    // p + b * stride * 32 and returns p + repeat * 32.
    const int64_t base = ex.scalar(o[2]).i;
    const int64_t stride = Field16(ex, o[3]), repeat = Field16(ex, o[4]);
    const bool post = o[0] != kNoOperand;
    const MaskValue& m = ex.mask(o[5]);
    const int g = reg::MaskGranule(ex, o[5]);
    const uint8_t* src = ex.vreg(o[1]).bytes;
    for (int b = 0; b < kBlocks; ++b) {
      if (!reg::LaneActive(m, b, g)) continue;
      uint8_t* dst;
      const int64_t addr = base + ((post ? 0 : repeat) + b * stride) * kBlock;
      if (!reg::LocalBytes(ex, Memory::kVec, addr, kBlock, kBlock, reg::Use::kWrite, "writes",
                           &dst)) {
        return false;
      }
      std::memcpy(dst, src + b * kBlock, kBlock);
    }
    if (post) ex.scalar(o[0]).i = base + repeat * kBlock;
  }
  return true;
}

#define PTO_IMPLEMENTS_VecBlock PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
