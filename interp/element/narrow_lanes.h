// Lanes to or from the 8- and 4-bit float formats (fp8, HiFloat8, the fp4x2 pairs): the VMI
// conversions (interp/vmi/convert.cc) and vcvt's (interp/register/convert.cc) share them.
//
// fp8 and HiFloat8 decode exactly into a double and encode through common/narrow_float.h. An
// fp4x2 byte (two fp4, the first in the low nibble) converts against a bf16x2 unit (two bf16 in
// 32 bits, the first low), value by value; fp4 always saturates.
#ifndef PTO_INTERP_ELEMENT_NARROW_LANES_H_
#define PTO_INTERP_ELEMENT_NARROW_LANES_H_

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "pto/common/narrow_float.h"
#include "pto/interp/element/convert_element.h"

namespace pto::interp {

// fp8 or HiFloat8: a narrow float with one value per byte.
inline bool IsNarrowFloat(DType t) {
  NarrowFormat f;
  return NarrowFormatOf(t, &f) && ValuesPerElement(t) == 1;
}

// \a n lanes of \a from at \a a into \a to at \a d, at least one side fp8 or HiFloat8, through
// double (which holds each of their values exactly). SAT turns NaN into 0 and infinities into
// the largest finite value before encoding, as vcvt's does.
inline void ConvertNarrowLanes(DType from, const uint8_t* a, DType to, uint8_t* d, int n,
                               RoundMode mode, bool sat) {
  NarrowFormat in_format, out_format;
  const bool narrow_in = IsNarrowFloat(from) && NarrowFormatOf(from, &in_format);
  const bool narrow_out = IsNarrowFloat(to) && NarrowFormatOf(to, &out_format);
  const int in_bytes = DTypeSize(from), out_bytes = DTypeSize(to);
  for (int i = 0; i < n; ++i) {
    double v = 0;
    if (narrow_in) {
      v = DecodeNarrow(a[i], in_format);
    } else {
      WithStorageType(from, [&](auto tag) {
        using S = decltype(tag);
        S s;
        std::memcpy(&s, a + int64_t{i} * in_bytes, sizeof(S));
        v = static_cast<double>(Elem<S>::Load(s));
      });
    }
    if (narrow_out) {
      if (sat && std::isnan(v)) v = 0;
      if (sat && std::isinf(v)) v = std::copysign(DBL_MAX, v);
      d[i] = EncodeNarrow(v, out_format, mode, sat);
    } else {
      WithStorageType(to, [&](auto tag) {
        using D = decltype(tag);
        const D r = VcvtLane<D, float>(static_cast<float>(v), mode, sat);
        std::memcpy(d + int64_t{i} * out_bytes, &r, sizeof(D));
      });
    }
  }
}

// \a n fp4x2 bytes into bf16x2 units or back (the side that is not fp4 is the bf16 pairs).
inline void ConvertPairLanes(DType from, const uint8_t* a, DType to, uint8_t* d, int n,
                             RoundMode mode) {
  NarrowFormat f4;
  if (NarrowFormatOf(from, &f4)) {
    for (int i = 0; i < n; ++i) {
      uint32_t pair = 0;
      for (int k = 0; k < 2; ++k) {
        const float v = static_cast<float>(DecodeNarrow(static_cast<uint8_t>(a[i] >> (4 * k)), f4));
        pair |= uint32_t{FloatToBF16(v)} << (16 * k);
      }
      std::memcpy(d + int64_t{i} * 4, &pair, 4);
    }
    return;
  }
  NarrowFormatOf(to, &f4);
  for (int i = 0; i < n; ++i) {
    uint32_t pair;
    std::memcpy(&pair, a + int64_t{i} * 4, 4);
    uint8_t out = 0;
    for (int k = 0; k < 2; ++k) {
      const double v = BF16ToFloat(static_cast<uint16_t>(pair >> (16 * k)));
      out |= static_cast<uint8_t>((EncodeNarrow(v, f4, mode, true) & 0xf) << (4 * k));
    }
    d[i] = out;
  }
}

}  // namespace pto::interp

#endif  // PTO_INTERP_ELEMENT_NARROW_LANES_H_
