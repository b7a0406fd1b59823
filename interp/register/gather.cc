// The VecGather family (micro-isa 03): vector registers gathered from UB by per-lane element
// offsets (vgather2, vgather2_bc) or per-block byte offsets (vgatherb), and scattered back
// (vscatter). Only active lanes touch UB; inactive lanes of a gather are zero. Every address is
// checked before anything is written: one outside UB or misaligned is a fault.
#include <cstring>

#include "pto/common/strings.h"
#include "pto/interp/vm/kernels.h"
#include "pto/interp/register/register_memory.h"

namespace pto::interp {

namespace ops {
struct VGather2 {};
struct VGather2Sized {};
struct VGather2Bc {};
struct VGatherb {};
struct VScatter {};
}  // namespace ops

namespace {

constexpr int kBlockBytes = 32;

// Offset lane i, read as its integer type (signed offsets may be negative), or unsigned
// (v0.60's vgather2 reads every offset so).
int64_t OffsetLane(Executor& ex, uint32_t reg, int i, bool as_unsigned = false) {
  const VRegValue& v = ex.vreg(reg);
  const DType t = reg::VRegType(ex, reg);
  const int size = DTypeSize(t);
  uint64_t bits = 0;
  std::memcpy(&bits, v.bytes + i * size, size);
  if (IsSigned(t) && size < 8 && !as_unsigned) {
    const uint64_t sign = uint64_t{1} << (size * 8 - 1);
    return static_cast<int64_t>((bits ^ sign) - sign);
  }
  return static_cast<int64_t>(bits);
}

}  // namespace

template <typename Op>
bool ExecVecGather(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  const int size = DTypeSize(reg::VRegType(ex, o[0]));
  // vscatter of 8-bit elements makes 128 requests of 16-bit offsets under a b16 mask, request i
  // storing element 2i (micro-isa 03); every other form a request a lane.
  const bool byte_scatter = std::is_same_v<Op, ops::VScatter> && size == 1;
  const int lanes = byte_scatter ? kVectorBytes / 2 : kVectorBytes / size;
  const int granule = byte_scatter ? 2 : size;
  const int64_t base = ex.scalar(o[1]).i;
  const MaskValue& m = ex.mask(o[3]);
  if constexpr (std::is_same_v<Op, ops::VGatherb>) {
    // One 32-bit byte offset and one b32 predicate per 32-byte block of the result.
    VRegValue d{};
    for (int blk = 0; blk < kVectorBytes / kBlockBytes; ++blk) {
      if (!reg::LaneActive(m, blk, 4)) continue;
      uint8_t* src;
      const int64_t addr = base + OffsetLane(ex, o[2], blk);
      if (!reg::LocalBytes(ex, Memory::kVec, addr, kBlockBytes, kBlockBytes, reg::Use::kRead,
                           StrCat("block ", blk, " reads").c_str(), &src)) {
        return false;
      }
      std::memcpy(d.bytes + blk * kBlockBytes, src, kBlockBytes);
    }
    ex.vreg(o[0]) = d;
    return true;
  } else {
    const uint32_t offsets = o[2];
    // The source's element: the destination's, or (v0.60's row) the pointer's, an 8-bit one
    // zero-extended into the 16-bit lane.
    const int src = std::is_same_v<Op, ops::VGather2Sized> ? static_cast<int>(o[4]) : size;
    uint8_t* at[kVectorBytes] = {};
    constexpr bool kScatter = std::is_same_v<Op, ops::VScatter>;
    const reg::Use use = kScatter ? reg::Use::kWrite : reg::Use::kRead;
    const char* verb = kScatter ? " writes" : " reads";
    // v0.60 reads vgather2's and vscatter's offsets unsigned, signless ones included.
    constexpr bool kUnsigned = std::is_same_v<Op, ops::VGather2Sized> || kScatter;
    for (int i = 0; i < lanes; ++i) {
      if (!reg::LaneActive(m, i, granule)) continue;
      const int64_t addr = base + OffsetLane(ex, offsets, i, kUnsigned) * src;
      if (!reg::LocalBytes(ex, Memory::kVec, addr, src, src, use,
                           StrCat("lane ", i, verb).c_str(), &at[i])) {
        return false;
      }
    }
    if constexpr (std::is_same_v<Op, ops::VScatter>) {
      // Lanes in order: of lanes that alias, the highest writes last (the page leaves it open).
      const VRegValue& v = ex.vreg(o[0]);
      const int step = byte_scatter ? 2 : size;
      for (int i = 0; i < lanes; ++i) {
        if (at[i]) std::memcpy(at[i], v.bytes + i * step, size);
      }
    } else {
      VRegValue d{};
      for (int i = 0; i < lanes; ++i) {
        if (at[i]) std::memcpy(d.bytes + i * size, at[i], src);  // little-endian: zero-extended
      }
      ex.vreg(o[0]) = d;
    }
    return true;
  }
}

#define PTO_IMPLEMENTS_VecGather PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
