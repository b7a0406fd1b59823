// One SIMT workitem (micro-isa 17) as the launch runs it: its coordinates, its lane in a
// 32-lane group, and what it waits for when it stopped at a collective or a barrier.
#ifndef PTO_INTERP_REGISTER_SIMT_SIMT_LANE_H_
#define PTO_INTERP_REGISTER_SIMT_SIMT_LANE_H_

#include <cstdint>

#include "pto/common/isa/encoding.h"
#include "pto/interp/vm/executor.h"

namespace pto::interp {

/// Lanes per group: what votes, shuffles, redux and lane masks range over.
constexpr int kSimtLanes = 32;
/// The most workitems one launch may have (micro-isa 17: "bounded by 2048").
constexpr int64_t kMaxSimtWorkitems = 2048;

struct SimtLane {
  int64_t tid[3] = {0, 0, 0};  ///< x, y, z.
  int64_t dim[3] = {1, 1, 1};
  int64_t linear = 0;  ///< tid_x + dim_x * (tid_y + dim_y * tid_z).
  int lane = 0;        ///< linear % 32.
  Executor* top = nullptr;  ///< The entry's frame (collectives run only there).
  enum class Wait : uint8_t { kNone, kCollective, kBarrier } wait = Wait::kNone;
  Instr at{};  ///< The collective it waits at.
  uint32_t at_pc = 0;
  Slot value{};     ///< What it brings to the collective: the value, or the predicate.
  int64_t control = 0;  ///< A shuffle's lane index, offset or xor mask.
};

/// The workitem \a ex runs, or a fault saying that \a what needs one.
SimtLane* LaneOf(Executor& ex, const char* what);

}  // namespace pto::interp

#endif  // PTO_INTERP_REGISTER_SIMT_SIMT_LANE_H_
