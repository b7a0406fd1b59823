// ptorun --profile: the cycle estimate of a run, as a table after it (docs/observe.md shows
// one) and as a per-line CSV (--profile=FILE.csv).
#ifndef PTO_INTERP_OBSERVE_PROFILE_REPORT_H_
#define PTO_INTERP_OBSERVE_PROFILE_REPORT_H_

#include <string>
#include <vector>

#include "pto/common/program.h"
#include "pto/interp/observe/pipe_schedule.h"

namespace pto::interp::observe {

/// Every block's cores' recorders and their schedules.
struct Estimate {
  std::vector<std::vector<CoreCosts>> blocks;
  std::vector<BlockSchedule> schedules;  ///< by block
  uint64_t cycles = 0;  ///< the kernel's: its slowest block's (every block on a core of its own)
  uint64_t launch = 0;  ///< the launch before it (cost::kLaunchCycles)
  uint64_t total() const { return launch + cycles; }
};

/// Schedules every block of \a blocks.
Estimate EstimateRun(std::vector<std::vector<CoreCosts>> blocks);

/// The table --profile prints.
std::string RenderProfile(const Program& program, const Estimate& e);
/// The per-line table: file, line, pipe, instructions, executed, cycles, percent.
std::string ProfileCsv(const Program& program, const Estimate& e);
/// The estimate as a JSON object (the Python module's profile): cycles, clock_hz, blocks
/// (each one's cycles), pipes (busy cycles and utilisation by pipe), bound, unmatched_waits,
/// lines (file, line, pipe, instructions, executed, cycles).
std::string ProfileJson(const Program& program, const Estimate& e);

}  // namespace pto::interp::observe

#endif  // PTO_INTERP_OBSERVE_PROFILE_REPORT_H_
