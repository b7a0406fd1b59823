// A SIMT launch (micro-isa 17): the entry runs once per workitem, deterministically. Workitems
// run one after another, in linear order, each until it finishes or stops at a lane collective
// (vote, shuffle, redux) or at pto.syncthreads. A collective completes for the lanes of a
// 32-lane group that wait at that same instruction; a barrier releases once every unfinished
// workitem waits at one (docs/semantics.md "### simt").
#include <climits>
#include <memory>

#include "pto/common/strings.h"
#include "pto/interp/vm/kernels.h"
#include "pto/interp/register/simt/simt_collective.h"
#include "pto/interp/register/simt/simt_lane.h"
#include "pto/interp/scalar/scalar_ops.h"

namespace pto::interp {

SimtLane* LaneOf(Executor& ex, const char* what) {
  if (!ex.simt()) {
    ex.Fault(StrCat(what, " runs in a SIMT workitem; this function was not launched as a "
                          "pto.simt_entry"));
  }
  return ex.simt();
}

namespace {

enum class State : uint8_t { kReady, kWaiting, kDone };

struct Workitem {
  SimtLane lane;
  std::unique_ptr<Executor> frame;
  State state = State::kReady;
  bool started = false;
};

// Runs \a w until it finishes or stops; false on a fault (reported in \a ex).
bool Step(Executor& ex, Workitem& w) {
  const bool ok = w.started ? w.frame->Continue() : w.frame->Run();
  w.started = true;
  if (!ok) return ex.PropagateFault(*w.frame);
  if (!w.frame->suspended()) {
    w.state = State::kDone;
    w.lane.wait = SimtLane::Wait::kNone;
  } else {
    w.state = State::kWaiting;
  }
  return true;
}

// Completes the collective the first waiting lane of each group waits at; true if any did.
bool ResolveCollectives(std::vector<Workitem>& items) {
  bool any = false;
  for (size_t base = 0; base < items.size(); base += kSimtLanes) {
    const size_t end = std::min(items.size(), base + kSimtLanes);
    SimtLane* first = nullptr;
    for (size_t i = base; i < end && !first; ++i) {
      if (items[i].state == State::kWaiting && items[i].lane.wait == SimtLane::Wait::kCollective) {
        first = &items[i].lane;
      }
    }
    if (!first) continue;
    SimtGroup group{};
    for (size_t i = base; i < end; ++i) {
      SimtLane& l = items[i].lane;
      if (items[i].state == State::kWaiting && l.wait == SimtLane::Wait::kCollective &&
          l.at_pc == first->at_pc) {
        group.lanes[l.lane] = &l;
      }
    }
    CompleteCollective(first->at, group);
    for (SimtLane* l : group.lanes) {
      if (!l) continue;
      l->wait = SimtLane::Wait::kNone;
      items[l->linear].state = State::kReady;
    }
    any = true;
  }
  return any;
}

}  // namespace

bool RunSimtLaunch(Executor& ex, const Function& body, const uint32_t* args) {
  SimtState& simt = ex.core().simt;
  if (ex.simt()) {
    return ex.Fault(StrCat("@", ex.program().String(body.name), " is a SIMT entry; a workitem "
                           "cannot launch another"));
  }
  if (simt.dim_x <= 0 && simt.dim_y <= 0 && simt.dim_z <= 0) {
    return ex.Fault(StrCat("@", ex.program().String(body.name), " is a SIMT entry, and no launch "
                           "size is set: call it through pto.simt_launch, or after "
                           "pto.store_vfsimt_info"));
  }
  const int64_t dims[3] = {simt.dim_x, simt.dim_y, simt.dim_z};
  for (int64_t d : dims) {
    if (d <= 0) {
      return ex.Fault(StrCat("the SIMT launch size ", dims[0], " x ", dims[1], " x ", dims[2],
                             " has an empty dimension"));
    }
  }
  int64_t count = 0;
  if (__builtin_mul_overflow(dims[0], dims[1], &count) ||
      __builtin_mul_overflow(count, dims[2], &count)) {
    count = INT64_MAX;
  }
  if (count > kMaxSimtWorkitems) {
    return ex.Fault(StrCat("the SIMT launch size ", dims[0], " x ", dims[1], " x ", dims[2],
                           " is more than the ", kMaxSimtWorkitems, " workitems allowed"));
  }
  if (simt.slot_bits.size() < static_cast<size_t>(count * SimtState::kSlots)) {
    simt.slot_bits.resize(count * SimtState::kSlots);
    simt.slot_kept.resize(count * SimtState::kSlots);
  }
  std::vector<Workitem> items(count);
  for (int64_t i = 0; i < count; ++i) {
    Workitem& w = items[i];
    w.lane.linear = i;
    w.lane.lane = static_cast<int>(i % kSimtLanes);
    w.lane.tid[0] = i % dims[0];
    w.lane.tid[1] = (i / dims[0]) % dims[1];
    w.lane.tid[2] = i / (dims[0] * dims[1]);
    for (int k = 0; k < 3; ++k) w.lane.dim[k] = dims[k];
    w.frame = std::make_unique<Executor>(ex.program(), body, ex.core(), ex.globals());
    PassArguments(ex, *w.frame, body, args);
    w.frame->set_simt(&w.lane);
    w.lane.top = w.frame.get();
  }
  RunLimits& limits = ex.limits();
  ++limits.call_depth;
  bool ok = true;
  for (;;) {
    bool ran = false;
    for (Workitem& w : items) {
      if (w.state != State::kReady) continue;
      ran = true;
      if (!(ok = Step(ex, w))) break;
    }
    if (!ok) break;
    if (ResolveCollectives(items)) continue;
    bool waiting = false;
    for (Workitem& w : items) waiting |= w.state == State::kWaiting;
    if (!waiting) break;
    // Everyone left waits at a barrier: release them together.
    for (Workitem& w : items) {
      if (w.state == State::kWaiting) {
        w.state = State::kReady;
        w.lane.wait = SimtLane::Wait::kNone;
      }
    }
    (void)ran;
  }
  --limits.call_depth;
  return ok;
}

}  // namespace pto::interp
