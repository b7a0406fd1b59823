// ptorun --stats: what a run did, counted: instructions by opcode and by pipe, the bytes the
// data-movement pipes moved from one memory to another, and the highest on-chip byte each
// memory was touched at. One RunStats per core, merged after the run.
#ifndef PTO_INTERP_OBSERVE_RUN_STATS_H_
#define PTO_INTERP_OBSERVE_RUN_STATS_H_

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <utility>

#include "pto/common/arch.h"
#include "pto/common/isa/opcode.h"
#include "pto/common/isa/pipes.h"
#include "pto/interp/observe/step_observer.h"

namespace pto::interp::observe {

class RunStats final : public StepObserver {
 public:
  explicit RunStats(Arch arch) : arch_(arch) {}
  void OnStep(const Step& step) override;
  /// Adds \a other's counts (another core's); peaks take the larger.
  void Merge(const RunStats& other);
  /// The table ptorun prints (docs/observe.md shows one).
  std::string Render() const;
  /// The same as a JSON object: instructions, by_pipe, by_opcode, moved (from, to, bytes,
  /// instructions), highest_byte (touched, capacity by memory); the Python module's stats.
  std::string Json() const;
  uint64_t instructions() const { return instructions_; }

 private:
  /// A place of memory in the moved table: an on-chip memory, or global memory (kGlobal).
  static constexpr int kGlobal = -1;
  struct Moved {
    uint64_t bytes = 0, instructions = 0;
  };
  Arch arch_;
  uint64_t instructions_ = 0;
  std::array<uint64_t, kOpcodeCount> by_opcode_{};
  std::array<uint64_t, kPipeCount + 1> by_pipe_{};  ///< the last: instructions with no pipe
  std::map<std::pair<int, int>, Moved> moved_;      ///< by (from, to)
  std::array<uint64_t, kMemoryCount> peak_{};       ///< the highest byte touched, plus one
};

}  // namespace pto::interp::observe

#endif  // PTO_INTERP_OBSERVE_RUN_STATS_H_
