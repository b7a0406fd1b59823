#include "interp/signal_hub.h"

#include <algorithm>
#include <chrono>

#include "common/strings.h"

namespace pto::interp {

void SignalHub::Update(const std::function<void()>& update) {
  std::lock_guard<std::mutex> lock(mu_);
  update();
  cv_.notify_all();
}

bool SignalHub::Test(const std::function<bool()>& condition) {
  std::lock_guard<std::mutex> lock(mu_);
  return condition();
}

// Called with the lock held. Every running core waits, so nothing writes global memory: the
// conditions read now are final.
void SignalHub::CheckDeadlock() {
  if (deadlock_ || aborted_ || waiters_.empty() ||
      static_cast<int>(waiters_.size()) < running_) {
    return;
  }
  for (const Waiter& w : waiters_) {
    if ((*w.ready)()) return;
  }
  deadlock_ = true;
  std::vector<std::string> whats;
  for (const Waiter& w : waiters_) whats.push_back(w.what);
  std::sort(whats.begin(), whats.end());
  for (const std::string& what : whats) report_ += StrCat(report_.empty() ? "" : "; ", what);
  cv_.notify_all();
}

SignalHub::Result SignalHub::Wait(const std::function<bool()>& ready, std::string what,
                                  std::string* error) {
  std::unique_lock<std::mutex> lock(mu_);
  if (ready()) return Result::kDone;
  waiters_.push_back(Waiter{&ready, std::move(what)});
  CheckDeadlock();
  // A signal written by a plain store (not tnotify) wakes nobody: look again now and then.
  while (!(ready() || deadlock_ || aborted_)) {
    cv_.wait_for(lock, std::chrono::milliseconds(20));
  }
  waiters_.erase(std::find_if(waiters_.begin(), waiters_.end(),
                              [&](const Waiter& w) { return w.ready == &ready; }));
  if (ready()) return Result::kDone;
  if (deadlock_) {
    *error = StrCat("deadlock: every block still running waits on a signal that no one can "
                    "change any more (", report_, ")");
    return Result::kDeadlock;
  }
  *error = "stopped: another block faulted";
  return Result::kStopped;
}

void SignalHub::CoreDone() {
  std::lock_guard<std::mutex> lock(mu_);
  --running_;
  CheckDeadlock();
  cv_.notify_all();
}

void SignalHub::Abort() {
  std::lock_guard<std::mutex> lock(mu_);
  aborted_ = true;
  cv_.notify_all();
}

}  // namespace pto::interp
