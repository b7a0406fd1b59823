#include "pto/interp/vm/wait_room.h"

#include <algorithm>

#include "pto/common/strings.h"

namespace pto::interp {

// Every running core waits, so nothing changes the conditions: those read now are final.
void WaitRoom::CheckDeadlock() {
  if (deadlock_ || aborted_ || waiters_.empty() ||
      static_cast<int>(waiters_.size()) < running_) {
    return;
  }
  for (const Waiter& w : waiters_) {
    if ((*w.ready)()) return;  // woken but not yet running
  }
  deadlock_ = true;
  // In a fixed order (core or block names), whichever thread slept first.
  std::vector<std::string> whats;
  for (const Waiter& w : waiters_) whats.push_back(w.what);
  std::sort(whats.begin(), whats.end());
  for (const std::string& what : whats) report_ += StrCat(report_.empty() ? "" : "; ", what);
  cv_.notify_all();
}

WaitResult WaitRoom::Wait(std::unique_lock<std::mutex>& lock, const std::function<bool()>& ready,
                          std::string what, std::string* error) {
  if (ready()) return WaitResult::kDone;
  waiters_.push_back(Waiter{&ready, std::move(what)});
  CheckDeadlock();
  auto woken = [&] { return ready() || deadlock_ || aborted_; };
  if (poll_.count() == 0) {
    cv_.wait(lock, woken);
  } else {
    while (!woken()) cv_.wait_for(lock, poll_);
  }
  waiters_.erase(std::find_if(waiters_.begin(), waiters_.end(),
                              [&](const Waiter& w) { return w.ready == &ready; }));
  if (ready()) return WaitResult::kDone;
  // A deadlock is only declared while no core has faulted, so it is the cause, not a symptom.
  if (deadlock_) {
    *error = StrCat("deadlock: ", deadlock_text_, " (", report_, ")");
    return WaitResult::kDeadlock;
  }
  *error = stopped_text_;
  return WaitResult::kStopped;
}

void WaitRoom::CoreDone() {
  std::lock_guard<std::mutex> lock(mu_);
  --running_;
  CheckDeadlock();
  cv_.notify_all();
}

void WaitRoom::Abort() {
  std::lock_guard<std::mutex> lock(mu_);
  aborted_ = true;
  cv_.notify_all();
}

}  // namespace pto::interp
