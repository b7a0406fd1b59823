// The a5's low-precision float formats of at most eight bits: fp8 e4m3fn and e5m2, HiFloat8
// and the two fp4 formats. Every code decodes exactly; a value encodes under any RoundMode,
// saturating or not. One model for TCVT (interp/tile/convert.cc), the SIMT scalars and the
// cube's decoding; tests/reference/narrow_float.py is its numpy twin. See docs/semantics.md
// ("Low-precision formats").
#ifndef PTO_COMMON_NARROW_FLOAT_H_
#define PTO_COMMON_NARROW_FLOAT_H_

#include <cstdint>

#include "pto/common/dtype.h"
#include "pto/common/float_format.h"

namespace pto {

enum class NarrowFormat : uint8_t {
  kE4M3,    ///< fp8 e4m3fn: bias 7, no infinities, S.1111.111 NaN, largest 448.
  kE5M2,    ///< fp8 e5m2: IEEE-style, bias 15, infinities, largest 57344.
  kHiF8,    ///< HiFloat8: tapered (a dot field sizes the exponent), one zero, 0x80 NaN,
            ///< 0x6F / 0xEF infinities, largest 32768.
  kF4E2M1,  ///< fp4 e2m1 (a nibble): 0 0.5 1 1.5 2 3 4 6, no infinities or NaN.
  kF4E1M2,  ///< fp4 e1m2 (a nibble): 0 to 1.75 in steps of 0.25, no infinities or NaN.
};

/// The format of a one-byte float element type (kF8E4M3, kF8E5M2, kHiF8; the fp4 pairs give
/// the format of each nibble). False for any other type.
bool NarrowFormatOf(DType t, NarrowFormat* format);

/// The exact value of \a code (fp4: its low nibble).
double DecodeNarrow(uint8_t code, NarrowFormat format);
inline double DecodeHiF8(uint8_t code) { return DecodeNarrow(code, NarrowFormat::kHiF8); }

/// The code of \a x rounded by \a mode (kNone is kRint; kRint ties to the even code, kRound
/// away from zero, kOdd to the odd code). Beyond the largest finite value L a rounding that
/// goes past L gives L when \a saturate, else the format's infinity (e5m2, HiFloat8) or NaN
/// (e4m3fn); the fp4 formats always saturate. An infinite \a x stays infinite where the
/// format has infinities, else becomes +-L (saturating, fp4) or NaN (e4m3fn). NaN gives the
/// format's NaN (sign kept for the fp8 formats), +0 for fp4. HiFloat8 has one zero.
uint8_t EncodeNarrow(double x, NarrowFormat format, RoundMode mode, bool saturate);

}  // namespace pto

#endif  // PTO_COMMON_NARROW_FLOAT_H_
