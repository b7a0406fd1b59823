// ptorun --trace FILE.jsonl: one JSON record per executed instruction (docs/observe.md gives
// the schema). One TraceWriter per core keeps its records; the launch writes them in block
// and core order after the run, so the file does not depend on --threads.
#ifndef PTO_INTERP_OBSERVE_TRACE_WRITER_H_
#define PTO_INTERP_OBSERVE_TRACE_WRITER_H_

#include <atomic>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "pto/common/program.h"
#include "pto/interp/observe/step_observer.h"

namespace pto::interp::observe {

class TraceWriter final : public StepObserver {
 public:
  /// Records of core \a core ("" for a block run on one core, "cube", "vector 0", ...) of
  /// block \a block; \a budget counts the records every core may still write (--trace-limit).
  TraceWriter(const Program& program, int block, std::string core, std::atomic<int64_t>* budget)
      : program_(program), block_(block), quoted_core_(QuotedName(core)), budget_(budget) {}
  void OnStep(const Step& step) override;
  /// The records, one line each, in pieces of a few megabytes (a long trace's text is never
  /// copied as it grows).
  const std::vector<std::string>& text() const { return text_; }
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
  uint64_t step_ = 0;
  bool cut_ = false;
  std::vector<std::string> text_;
};

}  // namespace pto::interp::observe

#endif  // PTO_INTERP_OBSERVE_TRACE_WRITER_H_
