// ptorun --trace FILE.jsonl: one JSON record per executed instruction (docs/observe.md gives
// the schema). One TraceWriter per core keeps its records, all but the last few megabytes in
// an anonymous temporary file (so the trace's size is bounded by the disk, not by memory); the
// launch writes them in block and core order after the run, so the file does not depend on
// --threads.
#ifndef PTO_INTERP_OBSERVE_TRACE_WRITER_H_
#define PTO_INTERP_OBSERVE_TRACE_WRITER_H_

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "pto/common/program.h"
#include "pto/interp/observe/step_observer.h"
#include "pto/interp/observe/text_sink.h"

namespace pto::interp::observe {

class TraceWriter final : public StepObserver {
 public:
  /// Records of core \a core ("" for a block run on one core, "cube", "vector 0", ...) of
  /// block \a block; \a budget counts the records every core may still write (--trace-limit).
  TraceWriter(const Program& program, int block, std::string core, std::atomic<int64_t>* budget)
      : program_(program), block_(block), quoted_core_(QuotedName(core)), budget_(budget) {}
  ~TraceWriter() override;
  TraceWriter(const TraceWriter&) = delete;
  TraceWriter& operator=(const TraceWriter&) = delete;
  void OnStep(const Step& step) override;
  /// Hands the records, one line each, in order to \a sink in pieces of a few megabytes;
  /// false if the sink or reading back the spilled records failed (after the run).
  bool ForEachPiece(const TextSink& sink) const;
  /// Whether the budget ran out while this core still ran.
  bool cut() const { return cut_; }

 private:
  static std::string QuotedName(const std::string& core);
  /// What a record of the instruction at \a step's pc always says: pipe, opcode, source
  /// position, up to its operands; made once per instruction.
  const std::string& Fixed(const Step& step);

  const Program& program_;
  int block_;
  std::string quoted_core_;
  std::map<const Function*, std::vector<std::string>> fixed_;
  std::atomic<int64_t>* budget_;
  /// Moves the full pieces to the spill file (made on first use; without one they stay).
  void Spill();

  uint64_t step_ = 0;
  bool cut_ = false;
  std::vector<std::string> text_;
  std::FILE* spill_ = nullptr;  ///< the records before text_, in order
  size_t spilled_ = 0;          ///< the bytes of them the file holds whole
  bool spill_failed_ = false;   ///< writing it failed once: keep everything in memory
};

}  // namespace pto::interp::observe

#endif  // PTO_INTERP_OBSERVE_TRACE_WRITER_H_
