// The comm signals of one launch: blocks that wait on an i32 signal in global memory sleep
// here until another block notifies. When every core still running waits and no signal is
// satisfied, nothing can change any more: the launch is deadlocked and every waiting core
// gets an error listing what each waits for.
#ifndef PTO_INTERP_SIGNAL_HUB_H_
#define PTO_INTERP_SIGNAL_HUB_H_

#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <vector>

namespace pto::interp {

class SignalHub {
 public:
  /// \a cores: how many cores of the launch run (each calls CoreDone when it stops).
  explicit SignalHub(int cores) : running_(cores) {}

  enum class Result : uint8_t { kDone, kDeadlock, kStopped };

  /// Runs \a update (a write to signals or an atomic add to global memory) under the hub's
  /// lock, then wakes the waiting cores to look again.
  void Update(const std::function<void()>& update);
  /// Evaluates \a condition under the lock (a consistent read of signals).
  bool Test(const std::function<bool()>& condition);
  /// Sleeps until \a ready (evaluated under the lock), a deadlock or an abort. \a what
  /// describes the wait for the deadlock report.
  Result Wait(const std::function<bool()>& ready, std::string what, std::string* error);
  /// A core has stopped; it will not notify again.
  void CoreDone();
  /// A core faulted: every waiting core gives up.
  void Abort();

 private:
  struct Waiter {
    const std::function<bool()>* ready;
    std::string what;
  };
  void CheckDeadlock();

  std::mutex mu_;
  std::condition_variable cv_;
  std::vector<Waiter> waiters_;
  int running_;
  bool deadlock_ = false;
  bool aborted_ = false;
  std::string report_;
};

}  // namespace pto::interp

#endif  // PTO_INTERP_SIGNAL_HUB_H_
