// The cube <-> vector pipes of one block: FIFOs of tiles between the block's cores, which run
// on threads of their own, and the cross-core flags (sync.set / sync.wait) between them. A core
// that pops from an empty pipe, pushes into a full one or waits for a flag not yet set waits
// in the block's WaitRoom, which reports a deadlock on each waiting core.
#ifndef PTO_INTERP_VM_PIPE_HUB_H_
#define PTO_INTERP_VM_PIPE_HUB_H_

#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "pto/common/dtype.h"
#include "pto/interp/vm/wait_room.h"

namespace pto::interp {

namespace check {
struct Release;
}
/// ptorun --check: what a cross-core synchronisation carries (check/far_clock.h); null when
/// checks are off.
using SyncRelease = std::shared_ptr<const check::Release>;

/// A tile in flight: its element type, the shape of the valid region it carries, and those
/// elements in logical row-major order (the pipe un-fractalises, as the hardware does).
/// The fixpipe's work on a pushed acc tile, done where the tile lands (the consumer knows the
/// element type it receives): the quantisation mode, relu, and the scale (one for every
/// channel) or each channel's parameters (tile/fixpipe_quant.h's QuantParam).
struct PipeQuant {
  uint32_t quant = 0;  ///< pipe_epilogue's code (common/isa/fixpipe_epilogue.h)
  bool relu = false;
  std::vector<double> scale;   ///< one per channel, or one for all
  std::vector<int32_t> offset;
};

/// A tile in flight: its element type, the shape of the valid region it carries, and those
/// elements in logical row-major order (the pipe un-fractalises, as the hardware does). A GM
/// FIFO entry carries no data: the consumer reads its slot.
struct PipeTile {
  DType dtype = DType::kF32;
  int32_t rows = 0;
  int32_t cols = 0;
  std::vector<uint8_t> data;
  std::shared_ptr<const PipeQuant> quant;  ///< pushed through a fixpipe epilogue
  SyncRelease release;  ///< what the push carries to the pop
};

enum class PipeDir : uint8_t { kCubeToVector, kVectorToCube };

class PipeHub {
 public:
  /// \a cores: how many cores of the block run (each calls CoreDone when it stops).
  explicit PipeHub(int cores)
      : room_(cores, "every core of the block still running waits on a pipe or a cross-core flag",
              "stopped: another core of the block faulted") {}

  /// Appends \a tile to the queue for \a lane (the vector core at that end), waiting while
  /// \a capacity tiles are in flight on it. \a who describes the waiting core for messages.
  /// \a freed: the release of the free that made room for it (the capacity-th before), if any.
  WaitResult Push(int id, PipeDir dir, int lane, PipeTile tile, uint32_t capacity,
                  const std::string& who, std::string* error, SyncRelease* freed = nullptr);
  /// Waits until \a lane's queue has room for one more tile (GM FIFO's talloc), without
  /// pushing; \a freed as for Push.
  WaitResult WaitForRoom(int id, PipeDir dir, int lane, uint32_t capacity, const std::string& who,
                         std::string* error, SyncRelease* freed = nullptr);
  /// Takes the oldest tile of \a lane's queue, waiting for one.
  WaitResult Pop(int id, PipeDir dir, int lane, const std::string& who, PipeTile* tile,
                 std::string* error);
  /// The consumer gave back the slot of one popped tile: one tile fewer in flight.
  void Free(int id, PipeDir dir, int lane, SyncRelease release = {});
  /// Adds one to flag \a id of core \a core (0 the cube core, 1 + k vector core k); false
  /// when it already holds kMaxFlagCount sets not yet waited for.
  bool SetFlag(int core, int id, SyncRelease release = {});
  /// Waits until flag \a id of core \a core holds a set, then takes it (and its release,
  /// into \a taken).
  WaitResult WaitFlag(int core, int id, const std::string& who, std::string* error,
                      SyncRelease* taken = nullptr);
  /// A flag counts at most this many sets (Ascend C's CrossCoreSetFlag: at most 15).
  static constexpr int kMaxFlagCount = 15;
  /// The cube's flags 16k to 16k + 15 are vector core k's 0 to 15.
  static constexpr int kFlagsPerVectorCore = 16;
  /// A core has stopped (finished or faulted); it will not push or pop again.
  void CoreDone() { room_.CoreDone(); }
  /// A core faulted: every waiting core gives up.
  void Abort() { room_.Abort(); }

 private:
  struct Queue {
    std::deque<PipeTile> tiles;
    uint32_t in_flight = 0;  ///< Pushed and not yet freed.
    uint64_t pushed = 0;
    std::deque<SyncRelease> freed;  ///< the frees' releases not yet taken by a push
    uint64_t first_freed = 0;       ///< the index among all frees of freed.front()
  };
  using Key = std::tuple<int, int, int>;
  Queue& At(int id, PipeDir dir, int lane) {
    return queues_[Key{id, static_cast<int>(dir), lane}];
  }
  WaitRoom room_;
  std::map<Key, Queue> queues_;
  /// (core, id) -> the sets not yet waited for, oldest first
  std::map<std::pair<int, int>, std::deque<SyncRelease>> flags_;
};

}  // namespace pto::interp

#endif  // PTO_INTERP_VM_PIPE_HUB_H_
