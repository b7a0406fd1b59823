// The MaskGen family: masks from a pattern (pset_b*, pge_b*) or a lane count (plt_b*, and
// v0.60's pltm_b* of a loop index and a bound) (micro-isa 05). A lane of G bytes owns G mask bits; an active lane sets the lowest of them
// only, as the hardware's masks do (a stored mask shows one bit per lane: psts).
#include "pto/common/isa/attributes.h"
#include "pto/common/strings.h"
#include "pto/interp/vm/kernels.h"
#include "pto/interp/register/lanes.h"
#include "pto/interp/register/register_memory.h"

namespace pto::interp {

namespace ops {
// The mask register's granularity says the lane width; one kernel serves each spelling.
struct Pset {};
struct Plt {};
struct PsetB8 : Pset {};
struct PsetB16 : Pset {};
struct PsetB32 : Pset {};
struct PltB8 : Plt {};
struct PltB16 : Plt {};
struct PltB32 : Plt {};
struct Pltm {};
struct PltmB8 : Pltm {};
struct PltmB16 : Pltm {};
struct PltmB32 : Pltm {};
struct PgenvB16 {};
struct PgenvB32 {};
struct PgeB8 : Pset {};
struct PgeB16 : Pset {};
struct PgeB32 : Pset {};
}  // namespace ops

namespace {

// Makes lanes [0, lanes) of granule g active in \a m, the others inactive.
void FirstLanes(MaskValue& m, int64_t lanes, int g) {
  m = MaskValue{};
  for (int64_t i = 0; i < lanes && i < kVectorBytes / g; ++i) m.Set(static_cast<int>(i * g), true);
}

}  // namespace

bool reg::PatternLane(std::string_view name, int i, int lanes) {
  if (name == "PAT_ALL") return true;
  if (name == "PAT_ALLF") return false;
  if (name == "PAT_H") return i < lanes / 2;
  if (name == "PAT_Q") return i < lanes / 4;
  if (name == "PAT_M3") return i % 3 == 0;
  if (name == "PAT_M4") return i % 4 == 0;
  // PAT_VLn
  int n = 0;
  for (char c : name.substr(6)) n = n * 10 + (c - '0');
  return i < n;
}

template <typename Op>
bool ExecMaskGen(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  const int g = reg::MaskGranule(ex, o[0]);
  const int lanes = kVectorBytes / g;
  MaskValue& m = ex.mask(o[0]);
  if constexpr (std::is_same_v<Op, ops::PgenvB16> || std::is_same_v<Op, ops::PgenvB32>) {
    // Mask bit i is source bit offset * 256 / g + i / g (g = 2 or 4 bytes per lane).
    const VRegValue& v = ex.vreg(o[1]);
    const int first = static_cast<int>(o[2]) * (kVectorBytes / g);
    MaskValue out{};
    for (int i = 0; i < kVectorBytes; ++i) {
      const int bit = first + i / g;
      out.Set(i, (v.bytes[bit >> 3] >> (bit & 7)) & 1);
    }
    m = out;
  } else if constexpr (std::is_base_of_v<ops::Pset, Op>) {
    const std::string_view name = FindAttr("pattern")->values[o[1]];
    m = MaskValue{};
    for (int i = 0; i < lanes; ++i) m.Set(i * g, reg::PatternLane(name, i, lanes));
  } else if constexpr (std::is_base_of_v<ops::Pltm, Op>) {
    // Lanes i with i + loop * lanes < bound: the bound less loop whole vectors, in 64 bits.
    const int64_t active = ex.scalar(o[2]).i - ex.scalar(o[1]).i * lanes;
    FirstLanes(m, active, g);
  } else {
    const int64_t n = ex.scalar(o[2]).i;
    FirstLanes(m, n, g);
    ex.scalar(o[1]).i = ex.Wrap(o[1], n > lanes ? n - lanes : 0);
  }
  return true;
}

#define PTO_IMPLEMENTS_MaskGen PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
