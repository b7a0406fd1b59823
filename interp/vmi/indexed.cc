// The VmiIndexed family (vmi-isa 07): gathers and scatters by per-lane element offsets, and
// histograms.
//
// - vgather: lane i = UB[p + k[i]] where the mask is on, else zero (k: i32 lanes, or unsigned
//   16-bit ones); vscatter writes lane i to
//   UB[p + k[i]] where the mask is on, in lane order (a later lane wins a shared place). Each
//   element is checked to lie in UB; the sanitizer sees each one.
// - vdhist: bin b = acc[b] + the active source lanes equal to b; vchist: acc[b] + those at most
//   b (cumulative). Source lanes are unsigned bytes; bins wrap at 16 bits; a 128-bin result
//   counts lanes below 128 only.
#include <cstring>
#include <vector>

#include "pto/interp/register/register_memory.h"
#include "pto/interp/vm/kernels.h"
#include "pto/interp/vmi/vmi_lanes.h"

namespace pto::interp {

namespace ops {
struct Gather {};
struct Scatter {};
struct Cumulative {};
struct Distribution {};
}  // namespace ops

namespace {

// Moves lane i between the vector \a lanes and UB at p + k[i] for each active lane.
bool Indexed(Executor& ex, uint32_t vec, uint32_t ptr, uint32_t offsets, uint32_t mask,
             uint32_t elem_bytes, bool write) {
  const int n = vmi::VecLanes(ex, vec);
  const int esz = DTypeSize(vmi::VecType(ex, vec));
  const vmi::Governing m = vmi::MaskOf(ex, mask);
  const bool wide = DTypeSize(vmi::VecType(ex, offsets)) == 4;
  auto k = [&](int i) -> int64_t {
    return wide ? vmi::Lanes<int32_t>(ex, offsets)[i] : vmi::Lanes<uint16_t>(ex, offsets)[i];
  };
  uint8_t* lanes = ex.lvec(vec);
  std::vector<uint8_t> out(write ? 0 : static_cast<size_t>(n) * esz, 0);
  for (int i = 0; i < n; ++i) {
    if (!m.On(i)) continue;
    uint8_t* ub = nullptr;
    const int64_t addr = reg::Address(ex.scalar(ptr).i, k(i), elem_bytes);
    if (!reg::LocalBytes(ex, Memory::kVec, addr, esz, esz, write ? reg::Use::kWrite : reg::Use::kRead,
                         write ? "writes" : "reads", &ub)) {
      return false;
    }
    if (write) {
      std::memcpy(ub, lanes + int64_t{i} * esz, static_cast<size_t>(esz));
    } else {
      std::memcpy(&out[size_t(i) * esz], ub, static_cast<size_t>(esz));
    }
  }
  if (!write) std::memcpy(lanes, out.data(), out.size());  // the offsets may be the result
  return true;
}

void Histogram(Executor& ex, const Instr& in, bool cumulative) {
  const uint32_t* o = in.operands;
  const int bins = vmi::VecLanes(ex, o[0]);
  const int n = vmi::VecLanes(ex, o[2]);
  const vmi::Governing m = vmi::MaskOf(ex, o[3]);
  const uint8_t* src = ex.lvec(o[2]);
  std::vector<uint16_t> count(static_cast<size_t>(bins), 0);
  for (int i = 0; i < n; ++i) {
    if (m.On(i) && src[i] < bins) ++count[src[i]];
  }
  const uint16_t* acc = vmi::Lanes<uint16_t>(ex, o[1]);
  uint16_t* d = vmi::Lanes<uint16_t>(ex, o[0]);
  uint16_t running = 0;
  for (int b = 0; b < bins; ++b) {
    running = static_cast<uint16_t>(cumulative ? running + count[b] : count[b]);
    d[b] = static_cast<uint16_t>(acc[b] + running);
  }
}

}  // namespace

template <typename Op>
bool ExecVmiIndexed(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  if constexpr (std::is_same_v<Op, ops::Gather>) {
    return Indexed(ex, o[0], o[1], o[2], o[3], o[4], false);
  } else if constexpr (std::is_same_v<Op, ops::Scatter>) {
    return Indexed(ex, o[0], o[1], o[2], o[3], o[4], true);
  } else {
    Histogram(ex, in, std::is_same_v<Op, ops::Cumulative>);
    return true;
  }
}

#define PTO_IMPLEMENTS_VmiIndexed PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
