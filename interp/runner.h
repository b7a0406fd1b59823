// Runs a program's entry function on arguments from the command line: binds parameters to
// files and literals, executes, and writes the requested results.
#ifndef PTO_INTERP_RUNNER_H_
#define PTO_INTERP_RUNNER_H_

#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "pto/interp/check/sanitizer.h"

#include "pto/common/program.h"

namespace pto::interp {

struct RunRequest {
  std::string entry;               ///< Function to run; empty for the program's entry.
  std::vector<std::string> args;   ///< One per parameter: a file, "zeros:N", or a literal.
  /// (which, file): which is a 1-based parameter number or a parameter or tile name.
  std::vector<std::pair<std::string, std::string>> outs;
  uint64_t max_steps = 1000000000;  ///< Instructions a block may run before a loop is stopped.
  int blocks = 1;                   ///< Blocks to launch (get_block_idx 0 .. blocks-1).
  int threads = 1;                  ///< Blocks run at once.
  /// Print how long the kernel ran (wall clock, arguments already loaded) and how many
  /// instructions it executed, to the error stream.
  bool report_time = false;
  /// Check every tile instruction against its access description (interp/access_audit.h);
  /// blocks then run one at a time, so that global memory changes only by the one watched.
  bool audit_accesses = false;
  /// The sanitizer (interp/check/sanitizer.h): findings are errors, the run still completes.
  check::Level check = check::Level::kAuto;
  /// Print what the run executed and moved, counted (interp/observe/run_stats.h), to the
  /// error stream.
  bool stats = false;
  /// Write one JSON record per executed instruction to this file (interp/observe/
  /// trace_writer.h), at most trace_limit of them; "" for none.
  std::string trace;
  int64_t trace_limit = 1000000;
  /// Print the cycle estimate after the run (interp/observe/profile_report.h), and write its
  /// per-line table to profile_csv unless that is "".
  bool profile = false;
  std::string profile_csv;
  /// Write the cycle estimate as a Chrome trace to this file (interp/observe/
  /// timeline_writer.h), at most trace_limit slices; "" for none.
  std::string timeline;
};

/// Runs \a request against \a program (already verified). Prints errors to \a err as
/// "file:line:col: error: ..." with the source line when it can be found. Returns the process
/// exit code: 0 on success, 1 on any error.
int Run(const Program& program, const RunRequest& request, std::ostream& err);

}  // namespace pto::interp

#endif  // PTO_INTERP_RUNNER_H_
