// Binds a kernel's parameters to argument values and runs it on one or more blocks.
#ifndef PTO_INTERP_RUNTIME_LAUNCH_H_
#define PTO_INTERP_RUNTIME_LAUNCH_H_

#include <cstddef>
#include <atomic>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "pto/common/program.h"
#include "pto/interp/io/arguments.h"
#include "pto/interp/vm/executor.h"
#include "pto/interp/vm/pipe_hub.h"
#include "pto/interp/vm/run_layout.h"
#include "pto/interp/vm/signal_hub.h"

namespace pto::interp {

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

/// What watches a launch's cores (the sanitizer's checks, the observers): a tool for each core
/// of each block (vm/tools.h), made when the block is made, told when it ends. The launch holds
/// a list of them and names none; a front end adds the ones it wants (Launch::AddTool).
class LaunchTool {
 public:
  virtual ~LaunchTool() = default;
  /// Block \a b is made (or this tool was added after it was): gives its cores their tools
  /// (Core::tool). Tools are attached in the order they were added; a later one may wrap an
  /// earlier one's.
  virtual void Attach(int b, Block& block) = 0;
  /// Block \a b ran (\a ok: no core faulted). Its cores' tools are not called again: the
  /// launch clears Core::tool after this, and may free the block.
  virtual void Finish(int b, Block& block, bool ok) = 0;
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
  /// Adds \a tool (not owned; it outlives the launch's Run), after those added before; before
  /// Run. The blocks made so far (comm's, made up front) get this tool's now.
  void AddTool(LaunchTool* tool);

  const Program& program() const { return program_; }
  /// The entry function.
  const Function& entry() const { return fn_; }
  /// Whether each block runs a cube core and two vector cores apart (NeedsCoresApart).
  bool cores_apart() const { return apart_; }
  /// The global buffers' names, by buffer number.
  std::vector<std::string> BufferNames() const;

 private:
  void MakeBlock(int b);
  void FinishBlock(int b, bool ok);
  void AttachTools(int b);

  const Program& program_;
  const Function& fn_;
  Arguments& args_;
  uint64_t max_steps_;
  bool audit_accesses_;
  bool apart_;
  std::atomic<uint64_t> steps_{0};
  std::unique_ptr<SignalHub> signals_;
  std::vector<std::unique_ptr<Block>> blocks_;
  std::vector<LaunchTool*> tools_;
  int failed_ = -1;
  std::string start_error_;
  const std::atomic<bool>* cancel_ = nullptr;
  Arith arith_ = Arith::kNpu;
};

}  // namespace pto::interp

#endif  // PTO_INTERP_RUNTIME_LAUNCH_H_
