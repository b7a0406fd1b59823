// ptorun --timeline FILE.json: the cycle estimate as a Chrome trace (the JSON trace event
// format that Perfetto and chrome://tracing open). A process per block, a track per core and
// pipe, a slice per instruction at its estimated start, an arrow from each set to the wait it
// released, and counters of the UB and L1 bytes each core has touched so far.
#ifndef PTO_INTERP_OBSERVE_TIMELINE_WRITER_H_
#define PTO_INTERP_OBSERVE_TIMELINE_WRITER_H_

#include <cstdint>
#include <string>

#include "pto/common/program.h"
#include "pto/interp/observe/profile_report.h"
#include "pto/interp/observe/text_sink.h"

namespace pto::interp::observe {

/// The trace of \a e, at most \a limit slices, handed to \a sink as it is made (a timeline
/// larger than memory); \a cut says whether some were left out. False if the sink failed.
bool WriteTimelineJson(const Program& program, const Estimate& e, int64_t limit, bool* cut,
                       const TextSink& sink);
/// The same trace as one string (the Python module, tests).
std::string TimelineJson(const Program& program, const Estimate& e, int64_t limit, bool* cut);

}  // namespace pto::interp::observe

#endif  // PTO_INTERP_OBSERVE_TIMELINE_WRITER_H_
