// The MaskLogic family: predicate logic (micro-isa 05). The logical operations work on the
// register's 256 bits, zeroing what the governing mask does not select (a mask made by pset,
// plt or a compare has only its lanes' lowest bits set, so the result has too). ppack and
// punpack move bits; pintlv and pdintlv move lanes of the granularity's G bits.
#include "pto/common/isa/attributes.h"
#include "pto/interp/vm/kernels.h"
#include "pto/interp/register/register_memory.h"

namespace pto::interp {

namespace ops {
struct Pand {};
struct Por {};
struct Pxor {};
struct Pnot {};
struct Psel {};
struct Ppack {};
struct Punpack {};
struct Pintlv {};
struct Pdintlv {};
struct PintlvB8 : Pintlv {};
struct PintlvB16 : Pintlv {};
struct PintlvB32 : Pintlv {};
struct PdintlvB8 : Pdintlv {};
struct PdintlvB16 : Pdintlv {};
struct PdintlvB32 : Pdintlv {};
}  // namespace ops

namespace {

constexpr int kBits = kVectorBytes;

// Copies lane \a from of \a src to lane \a to of \a dst, lanes of \a g bits.
void CopyLane(const MaskValue& src, int from, MaskValue& dst, int to, int g) {
  for (int b = 0; b < g; ++b) dst.Set(to * g + b, src.Bit(from * g + b));
}

}  // namespace

template <typename Op>
bool ExecMaskLogic(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  MaskValue d{};
  if constexpr (std::is_base_of_v<ops::Pintlv, Op> || std::is_base_of_v<ops::Pdintlv, Op>) {
    // lo, hi, a, b: the 2N lanes a then b, or the pairs (a[i], b[i]), split in halves.
    const MaskValue a = ex.mask(o[2]), b = ex.mask(o[3]);
    const int g = reg::MaskGranule(ex, o[2]);
    const int lanes = kBits / g;
    MaskValue lo{}, hi{};
    for (int k = 0; k < 2 * lanes; ++k) {
      MaskValue& out = k < lanes ? lo : hi;
      const int to = k % lanes;
      if constexpr (std::is_base_of_v<ops::Pintlv, Op>) {
        // Lane k of the interleaved sequence is a[k / 2] (even k) or b[k / 2] (odd k).
        CopyLane(k % 2 ? b : a, k / 2, out, to, g);
      } else {
        // Lo takes the even lanes of a then b, hi the odd ones.
        const int even = 2 * k % (2 * lanes);
        const int pick = k < lanes ? even : even + 1;
        CopyLane(pick < lanes ? a : b, pick % lanes, out, to, g);
      }
    }
    ex.mask(o[0]) = lo;
    ex.mask(o[1]) = hi;
    return true;
  } else if constexpr (std::is_same_v<Op, ops::Ppack> || std::is_same_v<Op, ops::Punpack>) {
    // d, a, part (LOWER or HIGHER, the last two codes of "part")
    const MaskValue a = ex.mask(o[1]);
    const int half = o[2] == kPartHigher ? kBits / 2 : 0;
    for (int k = 0; k < kBits / 2; ++k) {
      if constexpr (std::is_same_v<Op, ops::Ppack>) {
        d.Set(half + k, a.Bit(2 * k));  // the even bits, packed into one half
      } else {
        d.Set(2 * k, a.Bit(half + k));  // one half, spread to the even bits
      }
    }
  } else if constexpr (std::is_same_v<Op, ops::Pnot>) {
    const MaskValue& a = ex.mask(o[1]);
    const MaskValue& m = ex.mask(o[2]);
    for (int w = 0; w < 4; ++w) d.words[w] = m.words[w] & ~a.words[w];
  } else {
    const MaskValue& a = ex.mask(o[1]);
    const MaskValue& b = ex.mask(o[2]);
    const MaskValue& m = ex.mask(o[3]);
    for (int w = 0; w < 4; ++w) {
      const uint64_t x = a.words[w], y = b.words[w], s = m.words[w];
      if constexpr (std::is_same_v<Op, ops::Pand>) d.words[w] = s & x & y;
      if constexpr (std::is_same_v<Op, ops::Por>) d.words[w] = s & (x | y);
      if constexpr (std::is_same_v<Op, ops::Pxor>) d.words[w] = s & (x ^ y);
      if constexpr (std::is_same_v<Op, ops::Psel>) d.words[w] = (s & x) | (~s & y);
    }
  }
  ex.mask(o[0]) = d;
  return true;
}

#define PTO_IMPLEMENTS_MaskLogic PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
