// Binds a kernel's parameters to argument values and runs it on one or more blocks.
#ifndef PTO_INTERP_LAUNCH_H_
#define PTO_INTERP_LAUNCH_H_

#include <cstddef>
#include <atomic>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "pto/common/program.h"
#include "pto/interp/check/sanitizer.h"
#include "pto/interp/check/step_plan.h"
#include "pto/interp/executor.h"
#include "pto/interp/io/arguments.h"
#include "pto/interp/observe/cost_recorder.h"
#include "pto/interp/observe/run_stats.h"
#include "pto/interp/observe/trace_writer.h"
#include "pto/interp/pipe_hub.h"
#include "pto/interp/signal_hub.h"

namespace pto::interp {

/// True if \a program uses cube <-> vector pipes: its blocks then run a cube core and two
/// vector cores apart (docs/semantics.md).
bool UsesPipes(const Program& program);
/// True if \a program's blocks run a cube core and two vector cores apart rather than one core:
/// it uses pipes, it has a cube function paired with a vector one (Function::peer: a pipe's
/// ends, or a kernel's two variants in VPTO's container form), or it is a register-layer
/// (VPTO) kernel whose cores signal each other with sync.set/sync.wait.
bool NeedsCoresApart(const Program& program);
/// True if \a program's blocks signal each other: the comm instructions, syncall and the
/// cross-block flags (set_cross_block, wait_cross_block). All its blocks then run at once, so
/// that a block waiting on a signal or at a barrier can be woken by another.
bool UsesComm(const Program& program);

/// Whether parameter \a i of \a fn is PyPTO's SPMD subblock index: the last parameter of a
/// vector function, an integer scalar named __pypto_spmd_subblock_idx, one its cube peer does
/// not take. Each vector core of a block gets its own index there (0, 1), not an argument.
bool IsSubblockIndexParam(const Program& program, const Function& fn, size_t i);

/// One block: its cores, each with its own on-chip memories and the frame of its function.
/// Run together (\a apart false), a single core runs the entry; apart (NeedsCoresApart), the cube
/// core and the two vector cores run it side by side (or the entry and its peer function, when
/// the entry has a kind).
class Block {
 public:
  Block(const Program& program, const Function& fn, Arguments& args, const BlockInfo& info,
        uint64_t max_steps, bool apart);
  /// Runs every core; false if one faulted (failed_core() says which).
  bool Run();
  int core_count() const { return static_cast<int>(cores_.size()); }
  Core& core(int i) { return *cores_[i]; }
  /// The executor of core \a i, or null if the core has nothing to run.
  Executor* exec(int i) { return execs_[i].get(); }
  int failed_core() const { return failed_; }
  /// Why Run could not start its cores' threads ("" if it could; then no core failed).
  const std::string& start_error() const { return start_error_; }
  /// Joins the launch's comm signals (before Run).
  void JoinSignals(SignalHub* hub);

 private:
  std::unique_ptr<PipeHub> hub_;
  SignalHub* signals_ = nullptr;
  std::vector<std::unique_ptr<Core>> cores_;
  std::vector<std::unique_ptr<Executor>> execs_;
  int failed_ = -1;
  std::string start_error_;
};

/// Runs \a fn on \a block_count blocks, \a threads at a time. Every block gets its own
/// on-chip memories and the same arguments; all share the global buffers. A block is made when
/// it starts and freed when it ends, so at most \a threads blocks hold memories at once; block
/// 0 (whose tiles are the outputs) and a block that faulted are kept. Blocks that signal each
/// other (comm) all run at once, so they are all made up front.
class Launch {
 public:
  Launch(const Program& program, const Function& fn, Arguments& args, int block_count,
         uint64_t max_steps, bool audit_accesses = false);
  ~Launch();

  /// Runs every block; false if any faulted (the lowest-numbered fault is kept).
  bool Run(int threads);
  /// Every core stops (a fault: "the run was interrupted") soon after \a flag is set; before Run.
  void CancelWith(const std::atomic<bool>* flag);
  /// How every core rounds (ptorun --arith); before Run.
  void SetArith(Arith arith);
  /// Block 0, or the one that faulted, after Run.
  Block& block(int i) { return *blocks_[i]; }
  int block_count() const { return static_cast<int>(blocks_.size()); }
  /// The block whose fault Run reported, or -1.
  int failed_block() const { return failed_; }
  /// Why Run stopped before its blocks could run: the system refused the threads that must
  /// run at once (a block's cores, blocks that signal each other); "" otherwise.
  const std::string& start_error() const { return start_error_; }
  /// The instructions all blocks ran.
  uint64_t steps() const { return steps_; }
  /// Gives every core a sanitizer at \a level (ptorun --check); before Run.
  void EnableChecks(check::Level level);
  /// After Run: what the sanitizers found, each once, the kernels' ends checked too.
  std::vector<check::Finding> Findings();
  /// After Run: whether auto mode left races unchecked on a core (no synchronisation).
  bool RacesUnchecked() const;
  /// Whether a core's log of accesses for races between cores stopped at its cap.
  bool CoreLogCut() const;
  /// After Run: what the races between cores left unchecked, as notes (none for nothing):
  /// cores of a block that tsync orders.
  std::vector<std::string> CoresUnchecked() const;
  /// Counts what every core executes (ptorun --stats; observe/run_stats.h); before Run.
  void EnableStats();
  /// After Run: every core's counts, merged (EnableStats).
  observe::RunStats Stats() const;
  /// Records every instruction each core executes, \a limit records in all (ptorun --trace;
  /// observe/trace_writer.h); before Run.
  void EnableTrace(int64_t limit);
  /// After Run: the records, by block and core; \a cut: whether the limit stopped them.
  std::string Trace(bool* cut) const;
  /// The same records handed to \a sink piece by piece (a trace larger than memory); false if
  /// the sink failed or the records could not be read back.
  bool WriteTrace(const observe::TextSink& sink, bool* cut) const;
  /// Keeps each instruction's cost for the cycle estimate (ptorun --profile, --timeline;
  /// observe/cost_recorder.h); before Run.
  void EnableCosts();
  /// After Run: every core's recorder, by block (EnableCosts).
  std::vector<std::vector<observe::CoreCosts>> Costs() const;

 private:
  void MakeBlock(int b);
  void FinishBlock(int b, bool ok);
  std::vector<std::string> BufferNames() const;
  void AttachSanitizers(int b);
  /// What EnableStats and EnableTrace share: plans, and the blocks made so far observed.
  void EnableObservers();
  void AttachObservers(int b);
  /// The step plans, made once (checks or observers need them).
  const check::StepPlans& Plans();

  const Program& program_;
  const Function& fn_;
  Arguments& args_;
  uint64_t max_steps_;
  bool audit_accesses_;
  bool apart_;
  std::atomic<uint64_t> steps_{0};
  std::unique_ptr<SignalHub> signals_;
  std::vector<std::unique_ptr<Block>> blocks_;
  check::Level check_ = check::Level::kOff;
  std::vector<std::vector<std::shared_ptr<check::Sanitizer>>> sanitizers_;  ///< by block, core
  std::unique_ptr<check::StepPlans> step_plans_;  ///< with checks or observers on
  /// What observes one core: its counts, its records, and both as one observer.
  struct CoreObservers {
    std::unique_ptr<observe::RunStats> stats;
    std::unique_ptr<observe::TraceWriter> trace;
    std::unique_ptr<observe::CostRecorder> costs;
    std::string name;  ///< the core's ("" for a block run on one core)
    observe::Observers all;
  };
  std::vector<std::vector<std::unique_ptr<CoreObservers>>> observers_;  ///< by block, core
  bool stats_on_ = false, trace_on_ = false, costs_on_ = false;
  std::atomic<int64_t> trace_budget_{0};
  bool core_order_modelled_ = false;  ///< check::CoreOrderModelled, with checks on
  /// --check: the blocks' comm signals are followed (check::Sanitizer::OrderedByComm).
  bool comm_ordered_ = false;
  int failed_ = -1;
  std::string start_error_;
  const std::atomic<bool>* cancel_ = nullptr;
  Arith arith_ = Arith::kNpu;
};

}  // namespace pto::interp

#endif  // PTO_INTERP_LAUNCH_H_
