#include "pto/interp/observe/pipe_schedule.h"

#include <algorithm>
#include <deque>
#include <map>
#include <optional>
#include <tuple>

namespace pto::interp::observe {

namespace {

using Kind = check::FlagEvent::Kind;

// A fired signal: when, and which record fired it.
struct Fired {
  uint64_t at;
  int core;
  size_t record;
};

class Scheduler {
 public:
  explicit Scheduler(const std::vector<const CostRecorder*>& cores)
      : recorders_(cores), states_(cores.size()), cross_(cores.size()) {
    out_.cores.resize(cores.size());
    for (size_t c = 0; c < cores.size(); ++c) out_.cores[c].placed.resize(cores[c]->records().size());
  }

  BlockSchedule Run() {
    // Each core runs until it waits for a signal not yet fired; then the next. A round with
    // no progress releases the first stuck wait (its set never came).
    for (;;) {
      bool progress = false, left = false;
      for (size_t c = 0; c < states_.size(); ++c) {
        const size_t before = states_[c].next;
        RunCore(static_cast<int>(c), false);
        progress |= states_[c].next != before;
        left |= states_[c].next < recorders_[c]->records().size();
      }
      if (!left) break;
      if (!progress) {
        for (size_t c = 0; c < states_.size(); ++c) {
          if (states_[c].next < recorders_[c]->records().size()) {
            RunCore(static_cast<int>(c), true);
            break;
          }
        }
      }
    }
    for (size_t c = 0; c < states_.size(); ++c) {
      DrainAll(static_cast<int>(c));  // the kernel's end
      CoreSchedule& cs = out_.cores[c];
      cs.end = states_[c].issue;
      for (const uint64_t e : states_[c].pipe_end) cs.end = std::max(cs.end, e);
      out_.end = std::max(out_.end, cs.end);
    }
    return std::move(out_);
  }

 private:
  struct CoreState {
    size_t next = 0;
    uint64_t issue = 0;  ///< when the scalar unit issues the next instruction
    std::array<uint64_t, kPipeCount> pipe_end{};
    std::array<uint64_t, kPipeCount> work_end{};  ///< the end of its last headed instruction
    std::array<bool, kPipeCount> worked{};
    std::array<uint32_t, kPipeCount> pending_tail{};  ///< the drain its last work still owes
    std::array<size_t, kPipeCount> pending_record{};  ///< ... and whose it is
    std::map<std::tuple<int, int, int32_t>, std::deque<Fired>> flags;
  };

  // Places record \a r of core \a c on pipe \a pipe, starting no earlier than \a ready, for
  // \a body cycles, plus \a head unless it follows the pipe's last work with no gap (pto-isa's
  // cost model pays the head on an empty queue). Work (an instruction, not a sync) takes over
  // the pipe's pending drain with its own \a tail; anything else on the pipe drains it first.
  uint64_t Place(int c, size_t r, int pipe, uint64_t ready, uint32_t body, uint32_t head = 0,
                 bool work = false, uint32_t tail = 0) {
    CoreState& s = states_[c];
    if (!work) Drain(c, pipe);
    const uint64_t start = std::max({ready, s.pipe_end[pipe]});
    const bool streams = s.worked[pipe] && s.work_end[pipe] == start;
    const uint32_t cycles = body + (streams ? 0 : head);
    s.pipe_end[pipe] = start + cycles;
    if (head > 0) s.worked[pipe] = true, s.work_end[pipe] = start + cycles;
    out_.cores[c].placed[r] = {start, cycles, static_cast<int8_t>(pipe)};
    out_.cores[c].busy[pipe] += cycles;
    if (work) s.pending_tail[pipe] = tail, s.pending_record[pipe] = r;
    return start + cycles;
  }

  // The pipe's last work drains (pto-isa: its tail, settled by a barrier, a wait on the pipe
  // or the end): the drain follows it at once and counts as its cycles.
  void Drain(int c, int pipe) {
    CoreState& s = states_[c];
    const uint32_t tail = s.pending_tail[pipe];
    if (tail == 0) return;
    s.pending_tail[pipe] = 0;
    Placed& p = out_.cores[c].placed[s.pending_record[pipe]];
    p.cycles += tail;
    s.pipe_end[pipe] = std::max(s.pipe_end[pipe], p.start + p.cycles);
    out_.cores[c].busy[pipe] += tail;
  }

  void DrainAll(int c) {
    for (int p = 0; p < kPipeCount; ++p) Drain(c, p);
  }

  // The issue of pipe instruction \a r costs the scalar unit its slot.
  void Dispatch(int c, size_t r) {
    ++states_[c].issue;
    ++out_.cores[c].busy[kScalarPipe];
    out_.cores[c].placed[r].dispatched = true;
  }

  // A wait of record \a r on \a pipe, released at \a ready by \a from (null: taken as set).
  void Wait(int c, size_t r, int pipe, uint32_t cycles, uint64_t ready, const Fired* from) {
    CoreState& s = states_[c];
    if (from) out_.arrows.push_back({from->core, from->record, c, r});
    if (pipe == kScalarPipe || pipe < 0) {
      s.issue = Place(c, r, kScalarPipe, std::max(s.issue, ready), cycles);
      return;
    }
    Place(c, r, pipe, std::max(s.issue, ready), cycles);
    Dispatch(c, r);
  }

  void RunCore(int c, bool force) {
    CoreState& s = states_[c];
    const size_t n = recorders_[c]->records().size();
    for (; s.next < n; ++s.next) {
      if (!StepRecord(c, s.next, force)) return;  // another core may still fire its signal
      force = false;
    }
  }

  // Signals what record \a r fired at \a at: a flag of its own core, or a cross-core signal
  // to every other core of the block.
  void Fire(int c, size_t r, const CostRecord& rec, uint64_t at) {
    const Fired fired{at, c, r};
    if (rec.sync == Kind::kSet) {
      states_[c].flags[{rec.src, rec.dst, rec.id}].push_back(fired);
      return;
    }
    for (size_t d = 0; d < cross_.size(); ++d) {
      if (static_cast<int>(d) != c) cross_[d][rec.id].push_back(fired);
    }
  }

  // The cross-core signal a wait of core \a c takes into \a f: false when none has fired
  // yet, unless \a force (its set never came: taken as already set, \a f null).
  bool TakeCross(int c, const CostRecord& rec, bool force, std::optional<Fired>* f) {
    auto& queue = cross_[c][rec.id];
    if (queue.empty()) {
      if (!force) return false;
      ++out_.unmatched_waits;
      return true;
    }
    *f = queue.front();
    queue.pop_front();
    return true;
  }

  // Places record \a r of core \a c; false when it waits for a signal not yet fired.
  bool StepRecord(int c, size_t r, bool force) {
    CoreState& s = states_[c];
    const CostRecord& rec = recorders_[c]->records()[r];
    if (rec.ordered) {  // pipes and comm: everything before, then everything after
      std::optional<Fired> f;
      if (rec.sync == Kind::kCrossWait && !TakeCross(c, rec, force, &f)) return false;
      DrainAll(c);
      uint64_t t = s.issue;
      for (const uint64_t e : s.pipe_end) t = std::max(t, e);
      if (f) t = std::max(t, f->at), out_.arrows.push_back({f->core, f->record, c, r});
      s.issue = Place(c, r, rec.pipe, t, rec.body, rec.head);
      if (rec.sync == Kind::kCrossSet) Fire(c, r, rec, s.issue);
      return true;
    }
    switch (rec.sync) {
      case Kind::kSet:
      case Kind::kCrossSet: {
        const int pipe = std::max<int>(0, rec.src);
        const uint64_t at = pipe == kScalarPipe
                                ? (s.issue = Place(c, r, kScalarPipe, s.issue, rec.body))
                                : Place(c, r, pipe, s.issue, rec.body);
        if (pipe != kScalarPipe) Dispatch(c, r);
        Fire(c, r, rec, at);
        return true;
      }
      case Kind::kWait: {
        auto& queue = s.flags[{rec.src, rec.dst, rec.id}];
        if (queue.empty()) {
          ++out_.unmatched_waits;
          Wait(c, r, rec.dst, rec.body, 0, nullptr);
          return true;
        }
        const Fired f = queue.front();
        queue.pop_front();
        Wait(c, r, rec.dst, rec.body, f.at, &f);
        return true;
      }
      case Kind::kCrossWait: {
        std::optional<Fired> f;
        if (!TakeCross(c, rec, force, &f)) return false;
        // A sync.wait holds the pipe it names.
        Wait(c, r, rec.src, rec.body, f ? f->at : 0, f ? &*f : nullptr);
        return true;
      }
      case Kind::kBarrierAll: {
        DrainAll(c);
        uint64_t t = s.issue;
        for (const uint64_t e : s.pipe_end) t = std::max(t, e);
        s.issue = Place(c, r, kScalarPipe, t, rec.body);
        return true;
      }
      case Kind::kBarrier: {
        // The pipe's last work drains (Place); a second barrier finds nothing to drain.
        const int pipe = std::max<int>(0, rec.src);
        Place(c, r, pipe, s.issue, rec.body);
        if (pipe != kScalarPipe) Dispatch(c, r);
        return true;
      }
      case Kind::kNone:
        break;
    }
    const int pipe = rec.pipe;
    // A kernel without synchronisation of its own: the order a compiler's would give.
    uint64_t ready = s.issue;
    if (rec.deps >= 0) {
      const PipeDeps& deps = recorders_[c]->deps(rec.deps);
      for (int p = 0; p < kPipeCount; ++p) {
        if (deps[p] < 0) continue;
        if (s.pending_record[p] == static_cast<size_t>(deps[p])) Drain(c, p);  // a set/wait pair
        const Placed& d = out_.cores[c].placed[static_cast<size_t>(deps[p])];
        ready = std::max(ready, d.start + d.cycles);
      }
    }
    if (pipe == kScalarPipe) {
      s.issue = Place(c, r, kScalarPipe, ready, rec.body);
    } else {
      Place(c, r, pipe, ready, rec.body, rec.head, true, rec.tail);
      // The vector unit issues a vector scope's program itself; elsewhere the scalar unit
      // issues every instruction.
      if (!rec.in_vector_scope) Dispatch(c, r);
    }
    return true;
  }

  const std::vector<const CostRecorder*>& recorders_;
  std::vector<CoreState> states_;
  std::vector<std::map<int32_t, std::deque<Fired>>> cross_;  ///< by waiting core, signal id
  BlockSchedule out_;
};

}  // namespace

BlockSchedule ScheduleBlock(const std::vector<const CostRecorder*>& cores) {
  return Scheduler(cores).Run();
}

}  // namespace pto::interp::observe
