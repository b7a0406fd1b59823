// data_move (TIK): nburst bursts of burst 32-byte blocks between GM and UB or within UB; the
// strides are the gaps, in blocks, from the end of one burst to the start of the next.
#include <cstring>

#include "pto/common/strings.h"
#include "pto/interp/vm/kernels.h"
#include "pto/interp/register/register_memory.h"

namespace pto::interp {

namespace ops {
struct GmToUb {};
struct UbToGm {};
struct UbToUb {};
}  // namespace ops

namespace {

constexpr int64_t kBlock = 32;

bool InRange(Executor& ex, const char* name, int64_t v, int64_t lo, int64_t hi) {
  if (v >= lo && v <= hi) return true;
  return ex.Fault(StrCat(name, " ", v, " is outside ", lo, "..", hi));
}

// The bytes of burst i of one side: a UB address or a GM pointer's bytes.
bool Side(Executor& ex, bool gm, uint32_t reg, int64_t offset, int64_t bytes, reg::Use use,
          const char* what, uint8_t** out) {
  if (gm) return reg::GlobalBytes(ex, reg, offset, bytes, use, what, out);
  return reg::LocalBytes(ex, Memory::kVec, reg::Address(ex.scalar(reg).i, offset), bytes, kBlock,
                         use, what, out);
}

}  // namespace

template <typename Op>
bool ExecDataMove(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  const int64_t nburst = ex.scalar(o[2]).i, burst = ex.scalar(o[3]).i;
  const int64_t src_gap = ex.scalar(o[4]).i, dst_gap = ex.scalar(o[5]).i;
  if (!InRange(ex, "nburst", nburst, 1, 4095) || !InRange(ex, "burst", burst, 1, 65535) ||
      !InRange(ex, "src_stride", src_gap, 0, 65535) || !InRange(ex, "dst_stride", dst_gap, 0, 65535)) {
    return false;
  }
  constexpr bool dst_gm = std::is_same_v<Op, ops::UbToGm>;
  constexpr bool src_gm = std::is_same_v<Op, ops::GmToUb>;
  const int64_t len = burst * kBlock;
  for (int64_t i = 0; i < nburst; ++i) {
    uint8_t *from, *to;
    if (!Side(ex, src_gm, o[1], i * (burst + src_gap) * kBlock, len, reg::Use::kRead, "reads",
              &from) ||
        !Side(ex, dst_gm, o[0], i * (burst + dst_gap) * kBlock, len, reg::Use::kWrite, "writes",
              &to)) {
      return false;
    }
    std::memmove(to, from, static_cast<size_t>(len));
  }
  return true;
}

#define PTO_IMPLEMENTS_DataMove PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
