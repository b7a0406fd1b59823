// What a synchronisation instruction says, decoded once for everything that follows the pipes'
// order (the sanitizer's clocks, the cost model's schedule): a set or wait of a flag between
// two pipes of a core, a barrier, or a cross-core signal.
#ifndef PTO_INTERP_CHECK_FLAG_EVENT_H_
#define PTO_INTERP_CHECK_FLAG_EVENT_H_

#include <cstdint>

#include "pto/common/isa/encoding.h"

namespace pto::interp {
class Executor;
}

namespace pto::interp::check {

struct FlagEvent {
  enum class Kind : uint8_t {
    kNone,        ///< nothing the pipes' order depends on (tsync, buffers)
    kSet,         ///< set_flag, set_flag_dyn, record_event: src signals dst
    kWait,        ///< wait_flag and its forms: dst waits for src
    kBarrierAll,  ///< barrier(PIPE_ALL), barrier_sync: every pipe drains
    kBarrier,     ///< barrier(P): P's later instructions wait for its earlier ones
    kCrossSet,    ///< sync.set on pipe src: signal id to the block's other cores
    kCrossWait,   ///< sync.wait on pipe src: wait for signal id
  };
  Kind kind = Kind::kNone;
  int src = -1, dst = -1;  ///< pipe indices (PipeIndex), -1 for none
  int64_t id = 0;
};

/// The event of sync instruction \a in of \a ex's function (Family::kSync), its registers read.
FlagEvent DecodeFlagEvent(const Executor& ex, const Instr& in);

/// The pipe index of an operation type of record_event / get_buf, or -1.
int OpTypePipeIndex(uint32_t code);

}  // namespace pto::interp::check

#endif  // PTO_INTERP_CHECK_FLAG_EVENT_H_
