// ptorun --profile and --timeline: each core keeps the cost of every instruction it ran
// (cost_model.h) in execution order, with the host time each instruction family took; after
// the run the schedule (pipe_schedule.h) places them on the pipes.
#ifndef PTO_INTERP_OBSERVE_COST_RECORDER_H_
#define PTO_INTERP_OBSERVE_COST_RECORDER_H_

#include <array>
#include <cstdint>
#include <deque>
#include <string>
#include <vector>

#include "pto/common/isa/opcode.h"
#include "pto/interp/observe/cost_model.h"
#include "pto/interp/observe/host_clock.h"
#include "pto/interp/observe/implied_order.h"
#include "pto/interp/observe/spill_array.h"
#include "pto/interp/vm/tools.h"

namespace pto::interp::observe {

/// One executed instruction, as the schedule needs it.
struct CostRecord {
  const Function* function;
  uint32_t pc;
  uint32_t head, body;
  int32_t id;                  ///< a flag's event or signal id
  check::FlagEvent::Kind sync;
  int8_t pipe, src, dst;
  bool ordered;
  bool in_vector_scope;
  Opcode op;
  int32_t deps;  ///< its implied order (CostRecorder::deps), or -1
  uint16_t tail = 0;  ///< its drain (StepCost::tail)
};

/// A rise of the highest byte a core has touched in UB or L1, after record \a record.
struct Footprint {
  size_t record;
  Memory mem;
  uint64_t bytes;
};

class CostRecorder final : public StepObserver {
 public:
  /// \a implied_order: the kernel has no synchronisation of its own, and the estimate orders
  /// its pipes as a compiler's would (implied_order.h).
  explicit CostRecorder(bool implied_order);
  void OnStep(const Step& step) override;
  /// Keeps \a record as if an instruction had run (OnStep's own, and tests').
  void Append(const CostRecord& record) { records_.push_back(record); }
  const SpillArray<CostRecord>& records() const { return records_; }
  /// The records each record's implied order waits for, by CostRecord::deps.
  const PipeDeps& deps(int32_t i) const { return deps_[static_cast<size_t>(i)]; }
  const SpillArray<Footprint>& footprints() const { return footprints_; }
  /// Instructions and host time by family: the ticks from one instruction's record to the
  /// next (so the recording itself included), and nanoseconds per tick.
  struct HostTime {
    uint64_t instructions = 0;
    uint64_t ticks = 0;
  };
  const std::array<HostTime, kFamilyCount>& host_time() const { return host_; }
  double ns_per_tick() const { return clock_.NsPerTick(); }

 private:
  SpillArray<CostRecord> records_;  ///< (chunks: a long run's records are never copied)
  SpillArray<Footprint> footprints_;
  bool implied_order_;
  ImpliedOrder order_;
  SpillArray<PipeDeps> deps_;
  std::array<HostTime, kFamilyCount> host_{};
  HostClock clock_;
  uint64_t last_ = 0;
  uint64_t peak_vec_ = 0, peak_mat_ = 0;
  VectorScopeDepth vector_scopes_;
};

/// One core's recorder, and the core's name ("" for a block run on one core, "cube", ...).
struct CoreCosts {
  std::string name;
  const CostRecorder* recorder;
};

}  // namespace pto::interp::observe

#endif  // PTO_INTERP_OBSERVE_COST_RECORDER_H_
