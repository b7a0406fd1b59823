// The cycle estimate's schedule: a block's cores' recorded instructions (cost_recorder.h)
// placed on their pipes. Each core issues in order from its scalar unit; each pipe runs its
// instructions in order, each starting when the pipe is free and the instruction issued; a
// wait_flag holds its pipe until the matching set_flag fired (once everything before it on
// the set's pipe finished), a barrier(PIPE_ALL) holds the issue until every pipe drained, and
// a sync.wait holds its pipe until another core's sync.set fired. The same order the
// sanitizer checks against (docs/cost-model.md).
#ifndef PTO_INTERP_OBSERVE_PIPE_SCHEDULE_H_
#define PTO_INTERP_OBSERVE_PIPE_SCHEDULE_H_

#include <array>
#include <cstdint>
#include <vector>

#include "pto/common/isa/pipes.h"
#include "pto/interp/observe/cost_recorder.h"

namespace pto::interp::observe {

/// Where one record went: on pipe \a pipe from \a start for \a cycles.
struct Placed {
  uint64_t start = 0;
  uint32_t cycles = 0;
  int8_t pipe = 0;
  bool dispatched = false;  ///< the scalar unit spent a cycle issuing it to its pipe
};

/// A set (record \a from of core \a from_core) that released a wait.
struct SyncArrow {
  int from_core;
  size_t from;
  int to_core;
  size_t to;
};

struct CoreSchedule {
  SpillArray<Placed> placed;  ///< by record
  std::array<uint64_t, kPipeCount> busy{};
  uint64_t end = 0;  ///< the cycle its last instruction finished
};

struct BlockSchedule {
  std::vector<CoreSchedule> cores;
  SpillArray<SyncArrow> arrows;
  uint64_t end = 0;
  /// Waits whose set the schedule could not find (taken as already set): a cross-core wait
  /// no core signalled, or a wait_flag before any set_flag of its flag.
  uint64_t unmatched_waits = 0;
};

/// Schedules the cores of one block, \a cores in the block's core order.
BlockSchedule ScheduleBlock(const std::vector<const CostRecorder*>& cores);

}  // namespace pto::interp::observe

#endif  // PTO_INTERP_OBSERVE_PIPE_SCHEDULE_H_
