// Happens-before between the cores of one block when they run apart (the cube core and two
// vector cores, on threads of their own): each clock of a core's sanitizer also keeps what it
// has seen of the other cores' clocks (a FarClock), and a cross-core synchronisation carries a
// Release from the core that sets (sync.set, tpush, tfree) to the one that takes it (sync.wait,
// tpop, a tpush into the freed slot). Global accesses are logged with their clock, epoch and
// FarClock; cross_core.cc tells from the logs which pairs of the block's cores nothing orders.
#ifndef PTO_INTERP_CHECK_FAR_CLOCK_H_
#define PTO_INTERP_CHECK_FAR_CLOCK_H_

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "pto/common/arch.h"
#include "pto/interp/check/shadow.h"

namespace pto::interp::check {

/// The cores of a block run apart: 0 the cube core, 1 + k vector core k.
constexpr int kBlockCores = 3;

/// What one clock has seen of each core of its block: far[k][q] is the epoch of core k's clock q
/// up to which that core's accesses are ordered before it (its own core's row stays zero).
using FarClock = std::array<Clock, kBlockCores>;

/// What a cross-core synchronisation carries: the releasing core, what its releasing clock had
/// seen of its own core's clocks (its own epoch included), and of the others.
struct Release {
  int core = 0;
  Clock own{};
  FarClock far{};
};
using ReleasePtr = std::shared_ptr<const Release>;

/// Happens-before between the blocks of a launch that comm signals order: what a core has seen
/// of each core of the launch, by comm epoch. A core's comm epoch starts at 1; a tnotify
/// releases it (the core's comm instructions order all its pipes) and starts the next, and a
/// twait or ttest that the words satisfy acquires what their notifies released.
using CommClock = std::vector<uint32_t>;

/// Where a logged access lands: global buffer b is b; on-chip memory m of block core k is
/// -1 - (k * kMemoryCount + m).
inline int LogKey(bool global, int buffer, int core, Memory mem) {
  return global ? buffer : -1 - (core * kMemoryCount + static_cast<int>(mem));
}

/// One logged access of a core run apart: bytes [begin, end) of its place (LogKey), by the
/// instruction at \a site on clock \a clock in epoch \a epoch, which had seen far clock \a far
/// (an index into the sanitizer's fars()); in a launch comm orders, in comm epoch
/// \a comm_epoch having seen comm clock \a comm_seen (an index into its comm_seens()).
struct Logged {
  uint64_t begin = 0, end = 0;
  Site site;
  uint32_t epoch = 0, far = 0;
  uint32_t comm_epoch = 0, comm_seen = 0;
  uint8_t clock = 0;
  bool write = false, atomic = false;
};

}  // namespace pto::interp::check

#endif  // PTO_INTERP_CHECK_FAR_CLOCK_H_
