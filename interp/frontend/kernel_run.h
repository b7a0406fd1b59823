// One run of a program's function, for any front end (ptorun's command line, the Python
// module): choose the function, bind its arguments, launch it with the observers asked for,
// and read what it left: faults and the sanitizer's findings as diagnostics, outputs as
// elements. Nothing here prints.
#ifndef PTO_INTERP_FRONTEND_KERNEL_RUN_H_
#define PTO_INTERP_FRONTEND_KERNEL_RUN_H_

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "pto/common/diagnostics.h"
#include "pto/common/program.h"
#include "pto/interp/check/launch_checks.h"
#include "pto/interp/check/sanitizer.h"
#include "pto/interp/io/arguments.h"
#include "pto/interp/observe/launch_observers.h"
#include "pto/interp/runtime/launch.h"

namespace pto::interp {

/// How to launch.
struct RunOptions {
  uint64_t max_steps = 1000000000;  ///< Instructions a block may run before a loop is stopped.
  int blocks = 1;                   ///< Blocks to launch (get_block_idx 0 .. blocks-1).
  int threads = 1;                  ///< Blocks run at once.
  /// Check every tile instruction against its access description (interp/vm/access_audit.h);
  /// blocks then run one at a time, so that global memory changes only by the one watched.
  bool audit_accesses = false;
  /// The sanitizer (interp/check/sanitizer.h): findings are errors, the run still completes.
  check::Level check = check::Level::kAuto;
  bool stats = false;         ///< count (interp/observe/run_stats.h)
  bool trace = false;         ///< record every instruction, at most trace_limit
  int64_t trace_limit = 1000000;
  bool costs = false;         ///< keep each instruction's cost (the cycle estimate)
  Arith arith = Arith::kNpu;  ///< how instructions round (interp/vm/core.h)
  /// How this front end spells the options its notes suggest (ptorun's flags by default).
  struct Spelling {
    std::string blocks = "--blocks ";  ///< followed by the value
    std::string max_steps = "--max-steps N";
    std::string strict_check = "--check=strict";
  } spelling;
};

/// Elements one output holds after the run, in row-major order.
struct OutputElements {
  std::string name;            ///< "%y"
  int param = -1;              ///< 0-based parameter, or -1 for a tile that is none
  DType dtype = DType::kInvalid;
  /// The shape ptorun gives it: a tile's rows x cols, a memref's shape, else 1-D.
  std::vector<int64_t> shape;
  const uint8_t* data = nullptr;
  size_t bytes = 0;
  std::vector<uint8_t> copy;   ///< a tile's elements gathered from its layout (data points here)
};

class KernelRun {
 public:
  explicit KernelRun(const Program& program) : program_(program) {}
  ~KernelRun();

  /// Picks the function called \a name, or the program's entry if empty. Reports (diags)
  /// and returns false if there is none or it cannot run alone.
  bool SelectEntry(const std::string& name, Diagnostics& diags);
  const Function& function() const { return *fn_; }
  /// "%x", parameter \a i's name as messages give it.
  std::string ParamName(size_t i) const;

  /// Reads one argument per parameter (io/arguments.h); every bad one is reported.
  bool Bind(const std::vector<ArgumentValue>& args, Diagnostics& diags);
  /// Makes the launch with \a options (refusing what cannot run: reported); then
  /// FindOutput may be called.
  bool Prepare(const RunOptions& options, Diagnostics& diags);
  /// Runs every block; false if one faulted (ReportFault says where). \a seconds: how long.
  /// \a cancel, when given, stops the run soon after it is set (a fault).
  bool Execute(double* seconds = nullptr, const std::atomic<bool>* cancel = nullptr);
  /// The fault, as an error at the instruction's source line.
  void ReportFault(Diagnostics& diags) const;
  /// The sanitizer's findings, each an error at its instruction (with its note), and notes
  /// on what went unchecked. Returns how many findings there were.
  int ReportFindings(Diagnostics& diags) const;

  /// What "--out WHICH=" names: "3" (1-based parameter), "x" or "%x" (a parameter or a tile
  /// of the function). Reports (diags, naming \a option) and returns -1 ... if none; else an
  /// opaque handle for Output.
  int FindOutput(const std::string& which, const std::string& option, Diagnostics& diags) const;
  /// The elements output \a handle holds now (after Execute). False (diags) if a tile was
  /// never bound.
  bool Output(int handle, OutputElements* out, Diagnostics& diags) const;
  /// The handle of parameter \a i (a pointer, memref or tile).
  int ParamOutput(size_t i) const;
  /// How many elements output \a handle will hold (before the run: a golden larger than that
  /// could is refused unread).
  int64_t OutputElementCount(int handle) const;

  Launch& launch() { return *launch_; }
  const Launch& launch() const { return *launch_; }
  /// The launch's observers (RunOptions stats, trace, costs), or null if none was asked for.
  const observe::LaunchObservers* observers() const { return observers_.get(); }
  const Arguments& arguments() const { return args_; }

 private:
  bool CheckPeer(Diagnostics& diags);
  int TileRegOf(int handle) const;

  const Program& program_;
  const Function* fn_ = nullptr;
  Arguments args_;
  RunOptions options_;
  std::unique_ptr<Launch> launch_;
  std::unique_ptr<check::LaunchChecks> checks_;        ///< its tools, in the order added
  std::unique_ptr<observe::LaunchObservers> observers_;
};

}  // namespace pto::interp

#endif  // PTO_INTERP_FRONTEND_KERNEL_RUN_H_
