// Races between cores: the blocks of a launch, and the cube and vector cores of a block, run at
// the same time on the NPU. Bytes of a global buffer one core wrote and another read or wrote
// are a race unless something orders the cores. ptorun checks this after the run, from what
// each core's sanitizer kept:
// - cores of different blocks, when the program has no comm (only comm signals cross blocks):
//   nothing orders them, and each core's last accesses (Sanitizer::touches) are compared;
// - cores of different blocks that comm signals order (blocks of one core each): each core's
//   logged global accesses with the comm clock they had seen (far_clock.h CommClock);
// - the cores of one block run apart, when what orders them is known (sync.set / sync.wait
//   and the cube-vector pipes; not tsync, whose events come from outside): each core's logged accesses
//   (Sanitizer::logged) with the clocks they had seen of the others (far_clock.h).
#ifndef PTO_INTERP_CHECK_CROSS_CORE_H_
#define PTO_INTERP_CHECK_CROSS_CORE_H_

#include <string>
#include <vector>

#include "pto/common/program.h"
#include "pto/interp/check/sanitizer.h"

namespace pto::interp::check {

/// Whether \a program orders its blocks (comm signals).
bool OrdersBlocks(const Program& program);
/// Whether what orders the cores of a block in \a program is all modelled by far clocks
/// (nothing, sync.set / sync.wait, pipes; not tsync): its cores run apart log their global
/// accesses.
bool CoreOrderModelled(const Program& program);

/// Reports the races between the cores of one block run apart, \a cores (each Finished), to
/// the later core's sanitizer, from their logs, which it then frees; \a buffer_names name the
/// global buffers.
void FindBlockRaces(const std::vector<Sanitizer*>& cores,
                    const std::vector<std::string>& buffer_names);

/// Reports each pair of cores of different blocks' overlapping global accesses, one a write
/// (not both atomic), that nothing orders, to the later core's sanitizer (every sanitizer
/// Finished): all such pairs when nothing in \a program can order blocks, the pairs no comm
/// signal orders when every core was OrderedByComm, none otherwise; \a buffer_names name the
/// global buffers.
void FindCrossCoreRaces(const Program& program, const std::vector<Sanitizer*>& cores,
                        const std::vector<std::string>& buffer_names);

}  // namespace pto::interp::check

#endif  // PTO_INTERP_CHECK_CROSS_CORE_H_
