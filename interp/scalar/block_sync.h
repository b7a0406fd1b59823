// Synchronisation across the blocks of a launch (docs/semantics.md "Synchronisation"): syncall's
// barrier (hard: a counter of the launch; soft: the i32 counter in its workspace, as pto-isa's
// soft SYNCALL keeps it) and the cross-block flags of FFTS mode 0. The blocks of such a kernel
// run at once and wait in the launch's SignalHub, which reports a deadlock.
#ifndef PTO_INTERP_SCALAR_BLOCK_SYNC_H_
#define PTO_INTERP_SCALAR_BLOCK_SYNC_H_

#include <functional>
#include <string>

#include "pto/interp/vm/executor.h"
#include "pto/interp/vm/signal_hub.h"

namespace pto::interp {

bool ExecSyncAll(Executor& ex, const Instr& in);
/// Sleeps until \a ready (\a what says for what, in a deadlock's report); a deadlock or
/// another core's fault is this core's fault (false).
bool WaitUntil(Executor& ex, SignalHub& hub, const std::function<bool()>& ready,
               const std::string& what);
/// set_cross_block (\a set) or wait_cross_block.
bool ExecCrossBlockFlag(Executor& ex, const Instr& in, bool set);

}  // namespace pto::interp

#endif  // PTO_INTERP_SCALAR_BLOCK_SYNC_H_
