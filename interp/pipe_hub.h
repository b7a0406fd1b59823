// The cube <-> vector pipes of one block: FIFOs of tiles between the block's cores, which run
// on threads of their own. A core that pops from an empty pipe or pushes into a full one
// waits in the block's WaitRoom, which reports a deadlock on each waiting core.
#ifndef PTO_INTERP_PIPE_HUB_H_
#define PTO_INTERP_PIPE_HUB_H_

#include <cstdint>
#include <deque>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "pto/common/dtype.h"
#include "pto/interp/wait_room.h"

namespace pto::interp {

/// A tile in flight: its element type, the shape of the valid region it carries, and those
/// elements in logical row-major order (the pipe un-fractalises, as the hardware does).
struct PipeTile {
  DType dtype = DType::kF32;
  int32_t rows = 0;
  int32_t cols = 0;
  std::vector<uint8_t> data;
};

enum class PipeDir : uint8_t { kCubeToVector, kVectorToCube };

class PipeHub {
 public:
  /// \a cores: how many cores of the block run (each calls CoreDone when it stops).
  explicit PipeHub(int cores)
      : room_(cores, "every core of the block still running waits on a pipe",
              "stopped: another core of the block faulted") {}

  /// Appends \a tile to the queue for \a lane (the vector core at that end), waiting while
  /// \a capacity tiles are in flight on it. \a who describes the waiting core for messages.
  WaitResult Push(int id, PipeDir dir, int lane, PipeTile tile, uint32_t capacity,
                  const std::string& who, std::string* error);
  /// Takes the oldest tile of \a lane's queue, waiting for one.
  WaitResult Pop(int id, PipeDir dir, int lane, const std::string& who, PipeTile* tile,
                 std::string* error);
  /// The consumer gave back the slot of one popped tile: one tile fewer in flight.
  void Free(int id, PipeDir dir, int lane);
  /// A core has stopped (finished or faulted); it will not push or pop again.
  void CoreDone() { room_.CoreDone(); }
  /// A core faulted: every waiting core gives up.
  void Abort() { room_.Abort(); }

 private:
  struct Queue {
    std::deque<PipeTile> tiles;
    uint32_t in_flight = 0;  ///< Pushed and not yet freed.
  };
  using Key = std::tuple<int, int, int>;
  Queue& At(int id, PipeDir dir, int lane) {
    return queues_[Key{id, static_cast<int>(dir), lane}];
  }
  WaitRoom room_;
  std::map<Key, Queue> queues_;
};

}  // namespace pto::interp

#endif  // PTO_INTERP_PIPE_HUB_H_
