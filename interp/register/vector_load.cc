// The VecLoad family: vector registers from UB (micro-isa 03), by distribution. Every
// distribution works on bytes in its own element width (common/isa/distributions.cc), whatever
// the register's element type: BRC_B16 into f32 lanes repeats the first two bytes.
#include <cstring>

#include "pto/common/isa/distributions.h"
#include "pto/common/strings.h"
#include "pto/interp/vm/kernels.h"
#include "pto/interp/register/register_memory.h"

namespace pto::interp {

namespace ops {
struct Vlds {};
struct Vldsx2 {};
struct Vldsx2Post {};
}  // namespace ops

namespace {

// Zero-extends \a n elements of \a w bytes from \a src to elements of \a wide bytes in \a out.
void Widen(const uint8_t* src, int n, int w, int wide, uint8_t* out) {
  std::memset(out, 0, kVectorBytes);
  for (int i = 0; i < n; ++i) std::memcpy(out + i * wide, src + i * w, w);
}

// How many UB bytes a vlds of \a d reads (w: its element width).
int64_t LoadFootprint(std::string_view d, int w) {
  if (d == "BRC_BLK") return 32;
  if (d.starts_with("BRC_B")) return w;
  if (d.starts_with("US_") || d.starts_with("UNPK_")) return kVectorBytes / 2;
  if (d.starts_with("DS_")) return 2 * kVectorBytes;
  if (d == "UNPK4") return kVectorBytes / 4;
  if (d.starts_with("E2B_")) return 8 * w;
  return kVectorBytes;  // NORM, SPLT*
}

// Fills \a out (256 bytes) from \a src by distribution \a d of element width \a w.
void Distribute(std::string_view d, int w, const uint8_t* src, uint8_t* out) {
  if (d == "NORM") {
    std::memcpy(out, src, kVectorBytes);
  } else if (d == "BRC_BLK") {
    for (int b = 0; b < kVectorBytes; b += 32) std::memcpy(out + b, src, 32);
  } else if (d.starts_with("BRC_B")) {
    for (int i = 0; i < kVectorBytes; i += w) std::memcpy(out + i, src, w);
  } else if (d.starts_with("US_")) {
    for (int i = 0; i < kVectorBytes / w; ++i) std::memcpy(out + i * w, src + (i / 2) * w, w);
  } else if (d.starts_with("DS_")) {
    for (int i = 0; i < kVectorBytes / w; ++i) std::memcpy(out + i * w, src + 2 * i * w, w);
  } else if (d.starts_with("UNPK_")) {
    Widen(src, kVectorBytes / (2 * w), w, 2 * w, out);
  } else if (d == "UNPK4") {
    Widen(src, kVectorBytes / 4, 1, 4, out);
  } else if (d.starts_with("E2B_")) {
    // Element b fills 32-byte block b.
    for (int b = 0; b < 8; ++b) {
      for (int i = 0; i < 32; i += w) std::memcpy(out + b * 32 + i, src + b * w, w);
    }
  } else if (d.starts_with("SPLT2CHN")) {
    // Within each 32-byte block: channel 0's elements, then channel 1's.
    const int n = 32 / w;
    for (int b = 0; b < kVectorBytes; b += 32) {
      for (int j = 0; j < n; ++j) {
        const int channel = j % 2, k = j / 2;
        std::memcpy(out + b + (channel * n / 2 + k) * w, src + b + j * w, w);
      }
    }
  } else if (d == "SPLT4CHN") {
    for (int b = 0; b < kVectorBytes; b += 32) {
      for (int j = 0; j < 32; ++j) out[b + (j % 4) * 8 + j / 4] = src[b + j];
    }
  }
}

// vldsx2: 512 bytes at \a addr split into registers \a lo_reg and \a hi_reg by \a d (of
// element width \a w).
bool LoadPair(Executor& ex, const DistInfo& d, int w, int64_t addr, uint32_t lo_reg,
              uint32_t hi_reg) {
  uint8_t* src;
  if (!reg::LocalBytes(ex, Memory::kVec, addr, 2 * kVectorBytes, d.align, reg::Use::kRead,
                       "reads", &src)) {
    return false;
  }
  // DINTLV: even elements to lo, odd to hi; BDINTLV: even 32-byte blocks to lo, odd to hi.
  const int unit = d.name == "BDINTLV" ? 32 : w;
  uint8_t* lo = ex.vreg(lo_reg).bytes;
  uint8_t* hi = ex.vreg(hi_reg).bytes;
  uint8_t both[2 * kVectorBytes];
  std::memcpy(both, src, sizeof(both));
  for (int i = 0; i < kVectorBytes / unit; ++i) {
    std::memcpy(lo + i * unit, both + 2 * i * unit, unit);
    std::memcpy(hi + i * unit, both + (2 * i + 1) * unit, unit);
  }
  return true;
}

}  // namespace

template <typename Op>
bool ExecVecLoad(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  // vlds: d, [updated], p, o, elem, dist; vldsx2: lo, hi, [updated,] p, o, elem, dist (its
  // post-update form's row has the updated base).
  constexpr bool kPair = !std::is_same_v<Op, ops::Vlds>;
  constexpr int kPtr = std::is_same_v<Op, ops::Vldsx2Post> ? 3 : 2;
  const uint32_t updated = std::is_same_v<Op, ops::Vldsx2> ? kNoOperand : o[kPtr - 1];
  const int64_t base = ex.scalar(o[kPtr]).i;
  const int64_t step = reg::Address(0, ex.scalar(o[kPtr + 1]).i, o[kPtr + 2]);
  const uint32_t dist = o[kPtr + 3];
  const bool post = updated != kNoOperand;
  const int64_t addr = post ? base : reg::Address(base, step);
  if constexpr (!kPair) {
    // The common case, a NORM load of 256 aligned bytes inside UB: one copy.
    static const uint32_t kNorm = DistCode("NORM");
    if (dist == kNorm) {
      if (const uint8_t* src = reg::UbSpan(ex, addr, kVectorBytes, 32)) [[likely]] {
        std::memcpy(ex.vreg(o[0]).bytes, src, kVectorBytes);
        reg::RecordUb(ex, addr, kVectorBytes, false);
        if (post) ex.scalar(updated).i = reg::Address(base, step);
        return true;
      }
    }
  }
  const DistInfo* d = FindDist(dist);
  if (!d) return ex.Fault(StrCat("distribution code ", dist, " is not a load's"));
  const int w = d->width ? d->width : DTypeSize(reg::VRegType(ex, o[0]));
  if constexpr (kPair) {
    if (!LoadPair(ex, *d, w, addr, o[0], o[1])) return false;
    if (post) ex.scalar(updated).i = reg::Address(base, step);
    return true;
  } else {
    uint8_t* src;
    if (!reg::LocalBytes(ex, Memory::kVec, addr, LoadFootprint(d->name, w), d->align,
                         reg::Use::kRead, "reads", &src)) {
      return false;
    }
    uint8_t out[kVectorBytes];
    Distribute(d->name, w, src, out);
    std::memcpy(ex.vreg(o[0]).bytes, out, kVectorBytes);
    if (post) ex.scalar(updated).i = reg::Address(base, step);
    return true;
  }
}

#define PTO_IMPLEMENTS_VecLoad PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
