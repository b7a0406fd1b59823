#include "pto/interp/scalar/block_sync.h"

#include "pto/common/strings.h"
#include "pto/interp/vm/kernels.h"
#include "pto/interp/vm/signal_hub.h"

namespace pto::interp {

namespace {

// The launch's counters and their release words (SignalHub::Release's buffer numbers, which
// no global buffer has): syncall's hard barrier, and the cross-block flag ids.
constexpr int64_t kSyncAllCounter = -1;
constexpr int kSyncAllWord = -1;
constexpr int64_t kCrossBlockCounter = -1000;  // minus the flag id
constexpr int kCrossBlockWord = -2;

// Where a barrier counts: a word of global memory (soft syncall) or a counter of the launch.
struct Counter {
  int32_t* word = nullptr;  ///< global memory, or null for the launch's counter \a key
  int64_t key = 0;
  int release_buffer = 0;   ///< where --check's releases go: a buffer and word
  int64_t release_word = 0;
  int64_t Get(SignalHub& hub) const { return word ? *word : hub.Counter(key); }
  void Add(SignalHub& hub) const {
    if (word) {
      *word = static_cast<int32_t>(static_cast<uint32_t>(*word) + 1u);
    } else {
      ++hub.Counter(key);
    }
  }
};

// The workspace of a soft syncall: its first i32, in a buffer of i32.
bool WorkspaceWord(Executor& ex, uint32_t reg, Counter* c) {
  const ViewState* v;
  if (!ex.View(reg, &v)) return false;
  GlobalBuffer& buf = ex.globals()[v->buffer];
  if (DTypeSize(buf.dtype) != 4 || IsFloat(buf.dtype)) {
    return ex.Fault(StrCat("the workspace ", ex.ViewName(reg), " points into ", buf.name, " of ",
                           DTypeName(buf.dtype), "; syncall counts in an i32"));
  }
  if (v->offset < 0 || (v->offset + 1) * 4 > static_cast<int64_t>(buf.bytes.size())) {
    return ex.Fault(StrCat("the workspace ", ex.ViewName(reg), " lies outside ", buf.name));
  }
  c->word = reinterpret_cast<int32_t*>(buf.bytes.data()) + v->offset;
  c->release_buffer = v->buffer;
  c->release_word = v->offset;
  return true;
}

// This core arrives at a barrier of \a total cores counted by \a c, then waits until all have:
// the counter reaches the next multiple of \a total after the value it found (as pto-isa's
// soft SYNCALL does). With --check the arrival releases what the core has done into the
// counter's word, and the wait acquires every arrival's.
bool Barrier(Executor& ex, const Counter& c, int64_t total, const std::string& what) {
  SignalHub* hub = ex.core().signals;
  if (!hub) return ex.Fault("a barrier between blocks needs the launch's signals");
  int64_t before = 0;
  const std::vector<uint32_t>* release = ex.core().comm_release;
  hub->Update([&] {
    before = c.Get(*hub);
    c.Add(*hub);
    if (release) hub->Release(c.release_buffer, c.release_word, *release);
  });
  const int64_t target = (before / total + 1) * total;
  std::vector<uint32_t>* acquire = ex.core().comm_acquire;
  std::function<bool()> ready = [&] {
    const bool done = c.Get(*hub) >= target;
    if (done && acquire) hub->Acquire(c.release_buffer, c.release_word, acquire);
    return done;
  };
  return WaitUntil(ex, *hub, ready, what);
}

std::string Who(Executor& ex) {
  return StrCat(ex.core().Name().empty() ? "" : StrCat(ex.core().Name(), " of "), "block ",
                ex.core().info.block_idx);
}

}  // namespace

bool WaitUntil(Executor& ex, SignalHub& hub, const std::function<bool()>& ready,
               const std::string& what) {
  std::string error;
  switch (hub.Wait(ready, what, &error)) {
    case WaitResult::kDone:
      return true;
    case WaitResult::kStopped:
      ex.core().stopped = true;
      break;
    case WaitResult::kDeadlock:
      break;
  }
  return ex.Fault(error);
}

// syncall: operands [workspace view], [used cores], mode (0 hard, 1 soft), core type. Each block
// of a launch runs on one core here, so every block takes part whatever the core type.
bool ExecSyncAll(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  if (ex.core().kind != CoreKind::kWhole) {
    return ex.Fault("syncall between cube and vector cores run apart is not modelled");
  }
  const int64_t used = o[1] == kNoOperand ? 0 : ex.scalar(o[1]).i;
  const int64_t blocks = ex.core().info.block_num;
  if (used < 0 || used > blocks) {
    return ex.Fault(StrCat("syncall's used_cores is ", used, "; the launch has ", blocks,
                           " block", blocks == 1 ? "" : "s"));
  }
  const int64_t total = used > 0 ? used : blocks;
  Counter c;
  if (o[2] == 1) {
    if (o[0] == kNoOperand) return ex.Fault("a soft syncall needs its workspace");
    if (!WorkspaceWord(ex, o[0], &c)) return false;
  } else {
    c.key = kSyncAllCounter;
    c.release_buffer = kSyncAllWord;
  }
  return Barrier(ex, c, total, StrCat(Who(ex), " waits at a syncall of ", total, " cores"));
}

// set_cross_block / wait_cross_block (FFTS mode 0): operands [id register], pipe, id. A set
// raises flag id once for this core; a core's n-th wait for id returns when every core of the
// launch has raised it n times.
bool ExecCrossBlockFlag(Executor& ex, const Instr& in, bool set) {
  if (ex.core().kind != CoreKind::kWhole) {
    return ex.Fault("cross-block flags between cube and vector cores run apart are not modelled");
  }
  const int64_t id = CrossCoreFlagId(ex, in);
  if (id < 0 || id >= kMaxPipes) return ex.Fault(StrCat("cross-block flag ", id, " (0 to 63)"));
  SignalHub* hub = ex.core().signals;
  if (!hub) return ex.Fault("a cross-block flag needs the launch's signals");
  Counter c;
  c.key = kCrossBlockCounter - id;
  c.release_buffer = kCrossBlockWord;
  c.release_word = id;
  if (set) {
    const std::vector<uint32_t>* release = ex.core().comm_release;
    hub->Update([&] {
      c.Add(*hub);
      if (release) hub->Release(c.release_buffer, c.release_word, *release);
    });
    return true;
  }
  const int64_t blocks = ex.core().info.block_num;
  const int64_t target = ++ex.core().cross_block_waits[id] * blocks;
  std::vector<uint32_t>* acquire = ex.core().comm_acquire;
  std::function<bool()> ready = [&] {
    const bool done = c.Get(*hub) >= target;
    if (done && acquire) hub->Acquire(c.release_buffer, c.release_word, acquire);
    return done;
  };
  return WaitUntil(ex, *hub, ready,
                   StrCat(Who(ex), " waits for cross-block flag ", id, " from all ", blocks,
                          " blocks"));
}

}  // namespace pto::interp
