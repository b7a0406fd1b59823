#include "interp/pipe_hub.h"

#include <algorithm>

#include "common/strings.h"

namespace pto::interp {

void PipeHub::CheckDeadlock() {
  if (deadlock_ || aborted_ || waiters_.empty() ||
      static_cast<int>(waiters_.size()) < running_) {
    return;
  }
  for (const Waiter& w : waiters_) {
    if ((*w.ready)()) return;  // woken but not yet running
  }
  deadlock_ = true;
  // In core order (cube, vector 0, vector 1), whichever thread blocked first.
  std::vector<std::string> whats;
  for (const Waiter& w : waiters_) whats.push_back(w.what);
  std::sort(whats.begin(), whats.end());
  for (const std::string& what : whats) {
    deadlock_report_ += StrCat(deadlock_report_.empty() ? "" : "; ", what);
  }
  cv_.notify_all();
}

PipeResult PipeHub::Wait(std::unique_lock<std::mutex>& lock, const std::function<bool()>& ready,
                         std::string what, std::string* error) {
  if (ready()) return PipeResult::kDone;
  waiters_.push_back(Waiter{&ready, std::move(what)});
  CheckDeadlock();
  cv_.wait(lock, [&] { return ready() || deadlock_ || aborted_; });
  waiters_.erase(std::find_if(waiters_.begin(), waiters_.end(),
                              [&](const Waiter& w) { return w.ready == &ready; }));
  if (ready()) return PipeResult::kDone;
  // A deadlock is only declared while no core has faulted, so it is the cause, not a symptom.
  if (deadlock_) {
    *error = StrCat("deadlock: every core of the block still running waits on a pipe (",
                    deadlock_report_, ")");
    return PipeResult::kDeadlock;
  }
  *error = "stopped: another core of the block faulted";
  return PipeResult::kStopped;
}

PipeResult PipeHub::Push(int id, PipeDir dir, int lane, PipeTile tile, uint32_t capacity,
                         const std::string& who, std::string* error) {
  std::unique_lock<std::mutex> lock(mu_);
  Queue& q = At(id, dir, lane);
  std::function<bool()> ready = [&] { return q.in_flight < capacity; };
  std::string what = StrCat(who, " waits for a free slot on pipe ", id, " (all ", capacity,
                            " are full; the consumer must pop and free them)");
  PipeResult result = Wait(lock, ready, std::move(what), error);
  if (result != PipeResult::kDone) return result;
  q.tiles.push_back(std::move(tile));
  ++q.in_flight;
  cv_.notify_all();
  return PipeResult::kDone;
}

PipeResult PipeHub::Pop(int id, PipeDir dir, int lane, const std::string& who, PipeTile* tile,
                        std::string* error) {
  std::unique_lock<std::mutex> lock(mu_);
  Queue& q = At(id, dir, lane);
  std::function<bool()> ready = [&] { return !q.tiles.empty(); };
  const char* from = dir == PipeDir::kCubeToVector ? "the cube core" : "a vector core";
  std::string what = StrCat(who, " waits for a tile from ", from, " on pipe ", id);
  PipeResult result = Wait(lock, ready, std::move(what), error);
  if (result != PipeResult::kDone) return result;
  *tile = std::move(q.tiles.front());
  q.tiles.pop_front();
  cv_.notify_all();
  return PipeResult::kDone;
}

void PipeHub::Free(int id, PipeDir dir, int lane) {
  std::lock_guard<std::mutex> lock(mu_);
  Queue& q = At(id, dir, lane);
  if (q.in_flight > 0) --q.in_flight;
  cv_.notify_all();
}

void PipeHub::CoreDone() {
  std::lock_guard<std::mutex> lock(mu_);
  --running_;
  CheckDeadlock();
}

void PipeHub::Abort() {
  std::lock_guard<std::mutex> lock(mu_);
  aborted_ = true;
  cv_.notify_all();
}

}  // namespace pto::interp
