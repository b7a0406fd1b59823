// The sanitizer's side of the dispatch loop (ptorun --check; interp/check/sanitizer.h).
#ifndef PTO_INTERP_CHECK_CHECKED_STEP_H_
#define PTO_INTERP_CHECK_CHECKED_STEP_H_

#include <cstdint>

#include "pto/common/arch.h"
#include "pto/common/isa/encoding.h"

namespace pto::interp {

class Executor;
struct Core;
namespace check {
struct StepPlan;
}

/// Runs \a in in \a ex and tells the core's sanitizer what it touched on which pipe;
/// \a plan is its plan (not quiet: the dispatch loop runs those itself).
bool CheckedStep(Executor& ex, const Instr& in, const check::StepPlan& plan);

/// Runs \a in in \a ex, checked when the core has a sanitizer, and tells the core's observer
/// (observe/step_observer.h) what it was and what it touched.
bool ObservedStep(Executor& ex, const Instr& in, const check::StepPlan& plan);

/// A StepPlan::register_only instruction about to run unchecked from the dispatch loop: in a
/// vector scope its results now hold values of the loads behind its sources, and true; false
/// outside one (then CheckedStep).
bool RegisterOnlyStep(Core& core, const check::StepPlan& plan);

/// For the checked memory accesses of instructions without an access description (register
/// and repeat layers): bytes [begin, begin + bytes) of on-chip memory \a mem, or of global
/// buffer \a buffer, read or written. Only while core.recording is set. \a exact: the bytes
/// are exactly those the instruction uses (a vector load's lanes may be more). \a count > 1:
/// as many copies of the bytes, each \a stride bytes after the one before. \a atomic: an
/// atomic update of global memory.
void RecordAccess(Core& core, bool global, Memory mem, int buffer, int64_t begin, int64_t bytes,
                  bool write, bool exact, uint32_t count = 1, uint64_t stride = 0,
                  bool atomic = false);

/// RecordAccess for bytes of on-chip memory \a mem of block core \a owner, another core of
/// the block run apart (a cube-side copy into a vector core's UB).
void RecordRemoteAccess(Core& core, int owner, Memory mem, int64_t begin, int64_t bytes,
                        bool write);

/// Takes back the last access RecordAccess recorded (a masked store then records its lanes).
void DropLastAccess(Core& core);

}  // namespace pto::interp

#endif  // PTO_INTERP_CHECK_CHECKED_STEP_H_
