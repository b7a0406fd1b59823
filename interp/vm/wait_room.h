// Cores that sleep until a condition holds, shared by the cube <-> vector pipes (PipeHub) and
// the comm signals (SignalHub). When every core still running sleeps and no condition holds,
// nothing can change any more: the room is deadlocked and every sleeper gets an error listing
// what each one waits for.
#ifndef PTO_INTERP_VM_WAIT_ROOM_H_
#define PTO_INTERP_VM_WAIT_ROOM_H_

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <vector>

namespace pto::interp {

/// How a wait ended.
enum class WaitResult : uint8_t {
  kDone,
  kDeadlock,  ///< Every core still running waits, and no condition holds.
  kStopped,   ///< Another core faulted; this one gives up.
};

class WaitRoom {
 public:
  /// \a cores: how many cores run (each calls CoreDone when it stops). \a deadlock_text and
  /// \a stopped_text are the errors' wording ("every core of the block still running waits on
  /// a pipe"). With a nonzero \a poll, sleepers also look again that often: for conditions
  /// that change without a Wake (a signal written by a plain store).
  WaitRoom(int cores, std::string deadlock_text, std::string stopped_text,
           std::chrono::milliseconds poll = std::chrono::milliseconds(0))
      : running_(cores), deadlock_text_(std::move(deadlock_text)),
        stopped_text_(std::move(stopped_text)), poll_(poll) {}

  /// The lock that guards the conditions and the room.
  std::mutex& mutex() { return mu_; }
  /// After a change to the conditions (with the lock held): sleepers look again.
  void Wake() { cv_.notify_all(); }
  /// Sleeps (holding \a lock) until \a ready, a deadlock or an abort; \a what describes the
  /// wait for the deadlock report.
  WaitResult Wait(std::unique_lock<std::mutex>& lock, const std::function<bool()>& ready,
                  std::string what, std::string* error);
  /// A core has stopped (finished or faulted); it will change no condition again.
  void CoreDone();
  /// A core faulted: every sleeper gives up.
  void Abort();

 private:
  struct Waiter {
    const std::function<bool()>* ready;
    std::string what;
  };
  /// Called with the lock held.
  void CheckDeadlock();

  std::mutex mu_;
  std::condition_variable cv_;
  std::vector<Waiter> waiters_;
  int running_;
  bool deadlock_ = false;
  bool aborted_ = false;
  std::string report_;
  const std::string deadlock_text_;
  const std::string stopped_text_;
  const std::chrono::milliseconds poll_;
};

}  // namespace pto::interp

#endif  // PTO_INTERP_VM_WAIT_ROOM_H_
