// The MaskGen family: masks from a pattern (pset_b*) or a lane count (plt_b*) (micro-isa 05).
// A lane of G bytes owns G mask bits; an active lane sets all of them.
#include "pto/common/isa/attributes.h"
#include "pto/common/strings.h"
#include "pto/interp/kernels.h"
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
struct PgenvB16 {};
struct PgenvB32 {};
}  // namespace ops

namespace {

// Makes lanes [0, lanes) of granule g active in \a m, the others inactive.
void FirstLanes(MaskValue& m, int64_t lanes, int g) {
  const int64_t bytes = lanes <= 0 ? 0 : lanes >= kVectorBytes / g ? kVectorBytes : lanes * g;
  for (int w = 0; w < 4; ++w) {
    const int64_t lo = w * 64;
    m.words[w] = bytes >= lo + 64 ? ~uint64_t{0} : bytes <= lo ? 0 : (uint64_t{1} << (bytes - lo)) - 1;
  }
}

// Whether lane i of \a lanes is active in pattern \a name (docs/semantics.md).
bool PatternLane(std::string_view name, int i, int lanes) {
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

}  // namespace

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
    for (int i = 0; i < lanes; ++i) {
      const bool on = PatternLane(name, i, lanes);
      for (int b = 0; b < g; ++b) m.Set(i * g + b, on);
    }
  } else {
    const int64_t n = ex.scalar(o[2]).i;
    FirstLanes(m, n, g);
    ex.scalar(o[1]).i = ex.Wrap(o[1], n > lanes ? n - lanes : 0);
  }
  return true;
}

#define PTO_IMPLEMENTS_MaskGen PTO_YES
#include "pto/interp/instantiate.inc"

}  // namespace pto::interp
