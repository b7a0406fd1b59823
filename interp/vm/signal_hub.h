// The comm signals of one launch: blocks that wait on an i32 signal in global memory sleep in
// the launch's WaitRoom until another block notifies; a wait that nothing can satisfy any more
// is reported as a deadlock on every waiting block.
#ifndef PTO_INTERP_VM_SIGNAL_HUB_H_
#define PTO_INTERP_VM_SIGNAL_HUB_H_

#include <cstdint>
#include <algorithm>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "pto/interp/vm/wait_room.h"

namespace pto::interp {

class SignalHub {
 public:
  /// \a cores: how many cores of the launch run (each calls CoreDone when it stops). A signal
  /// written by a plain store (not tnotify) wakes nobody, so sleepers look again every 20 ms.
  explicit SignalHub(int cores)
      : room_(cores, "every block still running waits on a signal that no one can change any more",
              "stopped: another block faulted", std::chrono::milliseconds(20)) {}

  /// Runs \a update (a write to signals or an atomic add to global memory) under the hub's
  /// lock, then wakes the waiting cores to look again.
  void Update(const std::function<void()>& update) {
    std::lock_guard<std::mutex> lock(room_.mutex());
    update();
    room_.Wake();
  }
  /// Evaluates \a condition under the lock (a consistent read of signals).
  bool Test(const std::function<bool()>& condition) {
    std::lock_guard<std::mutex> lock(room_.mutex());
    return condition();
  }
  /// Sleeps until \a ready (evaluated under the lock), a deadlock or an abort.
  WaitResult Wait(const std::function<bool()>& ready, std::string what, std::string* error) {
    std::unique_lock<std::mutex> lock(room_.mutex());
    return room_.Wait(lock, ready, std::move(what), error);
  }
  /// ptorun --check (under the lock, inside Update, Test or Wait's functions): a tnotify
  /// releases \a release (a check::CommClock) into word \a word of global buffer \a buffer;
  /// a satisfied twait or ttest joins what the word holds into \a into. The releases of one
  /// word accumulate (a waiter may have seen any of the notifies so far).
  void Release(int buffer, int64_t word, const std::vector<uint32_t>& release) {
    JoinInto(&released_[{buffer, word}], release);
  }
  void Acquire(int buffer, int64_t word, std::vector<uint32_t>* into) const {
    const auto it = released_.find({buffer, word});
    if (it != released_.end()) JoinInto(into, it->second);
  }
  /// A counter of the launch no global memory holds (syncall's hard barrier, the cross-block
  /// flags), by \a key; only under the lock (inside Update, Test or Wait's functions).
  int64_t& Counter(int64_t key) { return counters_[key]; }
  /// A core has stopped; it will not notify again.
  void CoreDone() { room_.CoreDone(); }
  /// A core faulted: every waiting core gives up.
  void Abort() { room_.Abort(); }

 private:
  /// \a into = the elementwise maximum of \a into and \a from (a clock join).
  static void JoinInto(std::vector<uint32_t>* into, const std::vector<uint32_t>& from) {
    if (into->size() < from.size()) into->resize(from.size(), 0);
    for (size_t k = 0; k < from.size(); ++k) (*into)[k] = std::max((*into)[k], from[k]);
  }

  WaitRoom room_;
  std::map<std::pair<int, int64_t>, std::vector<uint32_t>> released_;
  std::map<int64_t, int64_t> counters_;
};

}  // namespace pto::interp

#endif  // PTO_INTERP_VM_SIGNAL_HUB_H_
