// Races between cores: the blocks of a launch, and the cube and vector cores of a block, run at
// the same time on the NPU. Bytes of a global buffer one core wrote and another read or wrote
// are a race unless something orders the cores. ptorun checks this after the run, from what
// each core's sanitizer kept (Sanitizer::touches), for the pairs of cores nothing can order:
// cores of different blocks when the program has no comm (only comm signals cross blocks),
// cores of one block when it has nothing that orders cores at all.
#ifndef PTO_INTERP_CHECK_CROSS_CORE_H_
#define PTO_INTERP_CHECK_CROSS_CORE_H_

#include <string>
#include <vector>

#include "pto/common/program.h"
#include "pto/interp/check/sanitizer.h"

namespace pto::interp::check {

/// Whether \a program orders its cores in any way (sync.set/sync.wait, pipes, comm, tsync).
bool OrdersCores(const Program& program);
/// Whether \a program orders its blocks (comm signals).
bool OrdersBlocks(const Program& program);

/// Reports each pair of cores' overlapping global accesses, one a write, to the later core's
/// sanitizer (every sanitizer Finished), for the pairs of cores nothing in \a program can
/// order; \a buffer_names name the global buffers.
void FindCrossCoreRaces(const Program& program, const std::vector<Sanitizer*>& cores,
                        const std::vector<std::string>& buffer_names);

}  // namespace pto::interp::check

#endif  // PTO_INTERP_CHECK_CROSS_CORE_H_
