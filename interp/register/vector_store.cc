// The VecStore family: vector registers to UB (micro-isa 03), by distribution, writing only
// the bytes of active lanes (the mask read in the width the distribution says; 1PT and INTLV
// ignore it).
#include <cstring>

#include "pto/common/isa/distributions.h"
#include "pto/common/strings.h"
#include "pto/interp/vm/tools.h"
#include "pto/interp/vm/kernels.h"
#include "pto/interp/register/lanes.h"
#include "pto/interp/register/register_memory.h"

namespace pto::interp {

namespace ops {
struct Vsts {};
struct Vstsx2 {};
}  // namespace ops

namespace {

// The bytes one vsts writes: an image, and the width of the units its mask governs (0: none).
struct StoreImage {
  uint8_t bytes[kVectorBytes];
  int size = kVectorBytes;
  int unit = 0;
};

// Keeps the low \a keep bytes of each \a w-byte element, packed (PK_*, PK4_B32).
void Pack(const uint8_t* src, int w, int keep, StoreImage* img) {
  const int n = kVectorBytes / w;
  for (int i = 0; i < n; ++i) std::memcpy(img->bytes + i * keep, src + i * w, keep);
  img->size = n * keep;
  img->unit = keep;
}

void MakeImage(std::string_view d, int w, const uint8_t* src, StoreImage* img) {
  if (d == "NORM" || d.starts_with("NORM_B")) {
    std::memcpy(img->bytes, src, kVectorBytes);
    img->unit = w;
  } else if (d.starts_with("1PT_")) {
    std::memcpy(img->bytes, src, w);
    img->size = w;
  } else if (d.starts_with("PK_")) {
    Pack(src, w, w / 2, img);
  } else if (d == "PK4_B32") {
    Pack(src, 4, 1, img);
  } else if (d.starts_with("MRG2CHN")) {
    // Within each 32-byte block, channel 0's elements then channel 1's become pairs.
    const int n = 32 / w;
    for (int b = 0; b < kVectorBytes; b += 32) {
      for (int j = 0; j < n; ++j) {
        const int channel = j % 2, k = j / 2;
        std::memcpy(img->bytes + b + j * w, src + b + (channel * n / 2 + k) * w, w);
      }
    }
    img->unit = 2 * w;
  } else if (d == "MRG4CHN_B8") {
    for (int b = 0; b < kVectorBytes; b += 32) {
      for (int j = 0; j < 32; ++j) img->bytes[b + j] = src[b + (j % 4) * 8 + j / 4];
    }
    img->unit = 4;
  }
}

// Whether unit \a k of \a unit bytes is active in \a m: a pack's unit k is element k, whose
// predicate is the element's (k * w), not the packed byte's.
bool UnitActive(const MaskValue& m, int k, int unit, int element) {
  return reg::LaneActive(m, k, element ? element : unit);
}

}  // namespace

template <typename Op>
bool ExecVecStore(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  constexpr bool kPair = std::is_same_v<Op, ops::Vstsx2>;
  // vsts: [updated], a, p, o, mask, elem, dist; vstsx2: lo, hi, p, o, mask, elem, dist.
  const int64_t base = ex.scalar(o[2]).i;
  const int64_t step = reg::Address(0, ex.scalar(o[3]).i, o[5]);
  const bool post = !kPair && o[0] != kNoOperand;
  const int64_t addr = post ? base : reg::Address(base, step);
  const uint32_t data = kPair ? o[0] : o[1];
  if constexpr (!kPair) {
    // The common case, a NORM store of a whole register with every lane active: one copy.
    static const uint32_t kNorm = DistCode("NORM");
    if (o[6] == kNorm) {
      uint8_t* out = reg::UbSpan(ex, addr, kVectorBytes, 32);
      if (out && reg::AllActive(ex.mask(o[4]), DTypeSize(reg::VRegType(ex, data)))) [[likely]] {
        std::memcpy(out, ex.vreg(data).bytes, kVectorBytes);
        reg::RecordUb(ex, addr, kVectorBytes, true);
        if (post) ex.scalar(o[0]).i = base + step;
        return true;
      }
    }
  }
  const DistInfo* d = FindDist(o[6]);
  if (!d) return ex.Fault(StrCat("distribution code ", o[6], " is not a store's"));
  const int w = d->width ? d->width : DTypeSize(reg::VRegType(ex, data));
  uint8_t* dst;
  if constexpr (kPair) {
    // INTLV: lo and hi elements alternate over 512 bytes; the mask is not read.
    if (!reg::LocalBytes(ex, Memory::kVec, addr, 2 * kVectorBytes, d->align, reg::Use::kWrite,
                         "writes", &dst)) {
      return false;
    }
    const uint8_t* lo = ex.vreg(o[0]).bytes;
    const uint8_t* hi = ex.vreg(o[1]).bytes;
    uint8_t both[2 * kVectorBytes];
    for (int i = 0; i < kVectorBytes / w; ++i) {
      std::memcpy(both + 2 * i * w, lo + i * w, w);
      std::memcpy(both + (2 * i + 1) * w, hi + i * w, w);
    }
    std::memcpy(dst, both, sizeof(both));
    return true;
  } else {
    StoreImage img;
    MakeImage(d->name, w, ex.vreg(data).bytes, &img);
    if (!reg::LocalBytes(ex, Memory::kVec, addr, img.size, d->align, reg::Use::kWrite, "writes",
                         &dst)) {
      return false;
    }
    const MaskValue& m = ex.mask(o[4]);
    const bool packed = d->name.starts_with("PK");
    if (img.unit == 0 || (!packed && img.size == kVectorBytes && reg::AllActive(m, img.unit))) {
      std::memcpy(dst, img.bytes, img.size);  // the common case: every lane active
    } else {
      const int units = img.size / img.unit;
      for (int k = 0; k < units; ++k) {
        if (UnitActive(m, k, img.unit, packed ? w : 0)) {
          std::memcpy(dst + k * img.unit, img.bytes + k * img.unit, img.unit);
        }
      }
      if (ex.core().recording) [[unlikely]] {
        // ptorun --check: only the active lanes are written, not the whole image.
        DropLastAccess(ex.core());
        for (int k = 0; k < units;) {
          if (!UnitActive(m, k, img.unit, packed ? w : 0)) {
            ++k;
            continue;
          }
          const int first = k;
          while (k < units && UnitActive(m, k, img.unit, packed ? w : 0)) ++k;
          RecordAccess(ex.core(), BytesAccess({}, addr + int64_t{first} * img.unit,
                                              int64_t{k - first} * img.unit, true, true));
        }
      }
    }
    if (post) ex.scalar(o[0]).i = base + step;
    return true;
  }
}

#define PTO_IMPLEMENTS_VecStore PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
