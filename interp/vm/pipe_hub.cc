#include "pto/interp/vm/pipe_hub.h"

#include "pto/common/strings.h"

namespace pto::interp {

WaitResult PipeHub::Push(int id, PipeDir dir, int lane, PipeTile tile, uint32_t capacity,
                         const std::string& who, std::string* error, SyncRelease* freed) {
  std::unique_lock<std::mutex> lock(room_.mutex());
  Queue& q = At(id, dir, lane);
  std::function<bool()> ready = [&] { return q.in_flight < capacity; };
  std::string what = StrCat(who, " waits for a free slot on pipe ", id, " (all ", capacity,
                            " are full; the consumer must pop and free them)");
  WaitResult result = room_.Wait(lock, ready, std::move(what), error);
  if (result != WaitResult::kDone) return result;
  q.tiles.push_back(std::move(tile));
  ++q.in_flight;
  // Push n waited for free n - capacity (checks on: every free carries a release).
  const uint64_t n = q.pushed++;
  if (n >= capacity && !q.freed.empty()) {
    const uint64_t want = n - capacity;
    while (!q.freed.empty() && q.first_freed < want) q.freed.pop_front(), ++q.first_freed;
    if (!q.freed.empty() && q.first_freed == want && freed) *freed = q.freed.front();
  }
  room_.Wake();
  return WaitResult::kDone;
}

WaitResult PipeHub::WaitForRoom(int id, PipeDir dir, int lane, uint32_t capacity,
                                const std::string& who, std::string* error, SyncRelease* freed) {
  std::unique_lock<std::mutex> lock(room_.mutex());
  Queue& q = At(id, dir, lane);
  std::function<bool()> ready = [&] { return q.in_flight < capacity; };
  std::string what = StrCat(who, " waits for a free GM slot on pipe ", id, " (all ", capacity,
                            " are full; the consumer must pop and free them)");
  WaitResult result = room_.Wait(lock, ready, std::move(what), error);
  if (result != WaitResult::kDone) return result;
  // The next push reuses the slot of free n - capacity (its release orders the slot's reads
  // before this core's writes into it).
  const uint64_t n = q.pushed;
  if (n >= capacity && freed) {
    const uint64_t want = n - capacity;
    if (want >= q.first_freed && want - q.first_freed < q.freed.size()) {
      *freed = q.freed[want - q.first_freed];
    }
  }
  return WaitResult::kDone;
}

WaitResult PipeHub::Pop(int id, PipeDir dir, int lane, const std::string& who, PipeTile* tile,
                        std::string* error) {
  std::unique_lock<std::mutex> lock(room_.mutex());
  Queue& q = At(id, dir, lane);
  std::function<bool()> ready = [&] { return !q.tiles.empty(); };
  const char* from = dir == PipeDir::kCubeToVector ? "the cube core" : "a vector core";
  std::string what = StrCat(who, " waits for a tile from ", from, " on pipe ", id);
  WaitResult result = room_.Wait(lock, ready, std::move(what), error);
  if (result != WaitResult::kDone) return result;
  *tile = std::move(q.tiles.front());
  q.tiles.pop_front();
  room_.Wake();
  return WaitResult::kDone;
}

void PipeHub::Free(int id, PipeDir dir, int lane, SyncRelease release) {
  std::lock_guard<std::mutex> lock(room_.mutex());
  Queue& q = At(id, dir, lane);
  if (q.in_flight > 0) --q.in_flight;
  if (release) q.freed.push_back(std::move(release));
  room_.Wake();
}

bool PipeHub::SetFlag(int core, int id, SyncRelease release) {
  std::lock_guard<std::mutex> lock(room_.mutex());
  std::deque<SyncRelease>& sets = flags_[{core, id}];
  if (sets.size() >= kMaxFlagCount) return false;
  sets.push_back(std::move(release));
  room_.Wake();
  return true;
}

WaitResult PipeHub::WaitFlag(int core, int id, const std::string& who, std::string* error,
                             SyncRelease* taken) {
  std::unique_lock<std::mutex> lock(room_.mutex());
  std::deque<SyncRelease>& sets = flags_[{core, id}];
  std::function<bool()> ready = [&] { return !sets.empty(); };
  // Who raises it, and with which id: the cube's flag e is vector core e / 16's e % 16.
  std::string setter =
      core == 0 ? StrCat("vector core ", id / kFlagsPerVectorCore, "'s sync.set ",
                         id % kFlagsPerVectorCore)
                : StrCat("the cube core's sync.set ", id + kFlagsPerVectorCore * (core - 1));
  std::string what = StrCat(who, " waits for cross-core flag ", id, " (", setter, ")");
  WaitResult result = room_.Wait(lock, ready, std::move(what), error);
  if (result != WaitResult::kDone) return result;
  if (taken) *taken = std::move(sets.front());
  sets.pop_front();
  return WaitResult::kDone;
}

}  // namespace pto::interp
