// ptorun's run: a program's entry function on arguments from the command line (files,
// .npy files, literals), its results written to files and compared with goldens, and what
// was asked of the run printed.
#ifndef PTO_INTERP_FRONTEND_RUNNER_H_
#define PTO_INTERP_FRONTEND_RUNNER_H_

#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "pto/interp/frontend/kernel_run.h"

#include "pto/common/program.h"

namespace pto::interp {

struct RunRequest {
  std::string entry;               ///< Function to run; empty for the program's entry.
  std::vector<std::string> args;   ///< One per parameter: a file, "zeros:N", or a literal.
  /// (which, file): which is a 1-based parameter number or a parameter or tile name. A file
  /// ending in .npy is written as numpy's .npy, with the output's shape.
  std::vector<std::pair<std::string, std::string>> outs;
  /// (which, golden file): compared after the run (io/expect.h).
  std::vector<std::pair<std::string, std::string>> expects;
  std::optional<double> rtol, atol;  ///< the comparisons' tolerance, else each type's default
  RunOptions options;
  /// Print how long the kernel ran (wall clock, arguments already loaded) and how many
  /// instructions it executed, to the error stream.
  bool report_time = false;
  /// Print what the run executed and moved, counted (interp/observe/run_stats.h), to the
  /// error stream (options.stats).
  bool stats = false;
  /// Write one JSON record per executed instruction to this file (interp/observe/
  /// trace_writer.h), at most options.trace_limit of them; "" for none.
  std::string trace;
  /// Print the cycle estimate after the run (interp/observe/profile_report.h), and write its
  /// per-line table to profile_csv unless that is "".
  bool profile = false;
  std::string profile_csv;
  /// Write the cycle estimate as a Chrome trace to this file (interp/observe/
  /// timeline_writer.h), at most options.trace_limit slices; "" for none.
  std::string timeline;
};

/// Runs \a request against \a program (already verified). Prints errors to \a err as
/// "file:line:col: error: ..." with the source line when it can be found. Returns the process
/// exit code: 0 on success, 1 on any error.
int Run(const Program& program, const RunRequest& request, std::ostream& err);

}  // namespace pto::interp

#endif  // PTO_INTERP_FRONTEND_RUNNER_H_
