// The checked step (check_tool.h): one instruction under the sanitizer, by its plan.
#include "pto/interp/check/check_tool.h"

#include "pto/common/isa/roles.h"
#include "pto/common/isa/access.h"
#include "pto/common/isa/attributes.h"
#include "pto/common/isa/pipes.h"
#include "pto/common/isa/sync_enums.h"
#include "pto/common/strings.h"
#include "pto/interp/check/described_accesses.h"
#include "pto/interp/check/flag_event.h"
#include "pto/interp/check/sanitizer.h"
#include "pto/interp/check/step_plan.h"
#include "pto/interp/vm/executor.h"
#include "pto/interp/vm/touched_bytes.h"

namespace pto::interp::check {

namespace {

// Whether \a pipe exists on this core: the cube core has no vector pipes, a vector core no
// cube ones (one core running the whole block has all).
bool OnCore(const Core& core, int pipe) {
  const Pipe p = kPipes[pipe];
  if (core.kind == CoreKind::kVector) return p != Pipe::kM && p != Pipe::kMTE1 && p != Pipe::kFIX;
  if (core.kind == CoreKind::kCube) return p != Pipe::kV && p != Pipe::kMTE3;
  return true;
}

void Sync(Executor& ex, const Instr& in, Sanitizer& s, Site site) {
  using Kind = FlagEvent::Kind;
  const uint32_t* o = in.operands;
  switch (RoleOf(in.op)) {
    case Role::kBufferGet:
      if (const int p = OpTypePipeIndex(o[0]); p >= 0) s.AcquireBuffer(site, p, o[1]);
      return;
    case Role::kBufferRelease:
      if (const int p = OpTypePipeIndex(o[0]); p >= 0) s.ReleaseBuffer(site, p, o[1]);
      return;
    case Role::kBufferGetDyn:  // the id in a register, the operation type after it
      if (const int p = OpTypePipeIndex(o[1]); p >= 0) s.AcquireBuffer(site, p, ex.scalar(o[0]).i);
      return;
    case Role::kBufferReleaseDyn:
      if (const int p = OpTypePipeIndex(o[1]); p >= 0) s.ReleaseBuffer(site, p, ex.scalar(o[0]).i);
      return;
    default:
      break;
  }
  const FlagEvent e = DecodeFlagEvent(ex, in);
  switch (e.kind) {
    case Kind::kBarrierAll:
      s.BarrierAll();
      return;
    case Kind::kCrossSet:
    case Kind::kCrossWait: {
      // Cores run apart wait for each other in the run itself, and a set carries its core's
      // clocks to the wait that takes it (far_clock.h); one core running the whole block
      // orders its halves' pipes through the flag.
      if (e.src < 0) return;
      if (ex.core().hub) {
        if (e.kind == Kind::kCrossSet && s.core() >= 0) {
          ex.core().release_out = std::make_shared<Release>(s.CrossRelease(e.src));
        }
        return;
      }
      if (e.kind == Kind::kCrossSet) {
        s.SignalSet(e.src, e.id);
      } else {
        s.SignalWait(e.src, e.id);
      }
      return;
    }
    case Kind::kSet:
    case Kind::kWait:
      break;
    default:
      return;  // one pipe is in order already; tsync is ordered by the run itself
  }
  const bool set = e.kind == Kind::kSet;
  const int src = e.src, dst = e.dst;
  if (src < 0 || dst < 0) return;
  for (int p : {src, dst}) {
    if (!OnCore(ex.core(), p)) {
      s.Misuse(site, StrCat("sync: ", set ? "set_flag " : "wait_flag ", PipeName(kPipes[src]),
                            " -> ", PipeName(kPipes[dst]), " on the ", ex.core().Name(),
                            ", which has no ", PipeName(kPipes[p])));
      return;
    }
  }
  if (set) {
    s.SetFlag(site, src, dst, e.id);
  } else {
    s.WaitFlag(site, src, dst, e.id);
  }
}

// The releases the step's cross-core wait, pop or push took, acquired on \a pipe.
void Acquire(Core& core, Sanitizer& s, int pipe) {
  for (const SyncRelease& r : core.releases_in) s.CrossAcquire(pipe, *r);
  core.releases_in.clear();
  core.release_out.reset();
}

// In a vector scope, the latest of the loads each source register's value comes from.
inline uint32_t SourcesLoadsBehind(const StepPlans& plans, Sanitizer& s, const StepPlan& plan) {
  const uint32_t* const behind = s.LoadsBehind();
  uint32_t loads_behind = 0;
  for (const PlanReg& r : plans.Sources(plan)) {
    loads_behind = std::max(loads_behind, behind[r.slot]);
  }
  return loads_behind;
}

// The results now hold values of loads \a loads_behind.
inline void HoldLoadsBehind(const StepPlans& plans, Sanitizer& s, const StepPlan& plan,
                            uint32_t loads_behind) {
  uint32_t* const behind = s.LoadsBehind();
  for (const PlanReg& r : plans.Results(plan)) behind[r.slot] = loads_behind;
}

// The results hold values of the loads behind the sources, and of the step's own.
inline void SetResultsLoadsBehind(const StepPlans& plans, Sanitizer& s, const StepPlan& plan,
                                  const std::vector<Access>& accesses, uint32_t loads_behind) {
  uint32_t now = loads_behind;
  for (const Access& a : accesses) {
    if (!a.write && !a.place.global) now = std::max(loads_behind, s.LoadEpoch());
  }
  HoldLoadsBehind(plans, s, plan, now);
}

// A tile instruction on its pipe, outside pipes, comm and vector scopes: its accesses come from
// its description, remembered per operand state (DescribedStep).
inline bool DescribedOnPipe(const StepPlan& plan, bool in_vector_scope) {
  return plan.kind == StepPlan::Kind::kPlain && plan.described && !plan.ordered &&
         plan.pipe >= 0 && !in_vector_scope;
}

// The short lane of a vector_lane instruction inside a vector scope: the loads behind its
// sources, its recorded UB accesses on the vector queues, the loads behind its results. The
// same as the general step below, without the cases that cannot arise.
bool VectorScopeStep(Executor& ex, const Instr& in, const StepPlan& plan, CheckTool& t) {
  Core& core = ex.core();
  Sanitizer& s = t.sanitizer();
  const uint32_t loads_behind = SourcesLoadsBehind(t.plans(), s, plan);
  std::vector<Access>& accesses = t.step_accesses();
  accesses.clear();
  // (ExecuteRecorded without its access-description branch: a vector_lane plan has none,
  // and this lane runs most of a VPTO kernel's steps.)
  core.recording = &accesses;
  const bool ok = ex.Execute(in);
  core.recording = nullptr;
  if (!ok) return false;
  if (!accesses.empty()) {
    const Site site{&ex.function(), ex.pc()};
    if (accesses.size() != 1 || !s.ContinueSpan(site, accesses[0], loads_behind)) {
      s.Instruction(site, plan.pipe, Queue::kVector, accesses, true, loads_behind);
    }
  }
  SetResultsLoadsBehind(t.plans(), s, plan, accesses, loads_behind);
  return true;
}

// A run of a remembered tile step whose operand state is the one its last checked run started
// and ended with (the same binding version and scalars) at the sanitizer's state that run left:
// its keys and accesses are the remembered ones, so it runs and changes nothing. Should the
// run rebind what it writes after all, its writes are evaluated and checked now.
bool RepeatStep(Executor& ex, const Instr& in, const StepPlan& plan, CheckTool& t, Site site,
                TileStepMemo::Entry& e) {
  Sanitizer& s = t.sanitizer();
  TileStepMemo& memo = s.tile_steps();
  const uint64_t version = ex.core().binding_version;
  memo.set_busy(true);
  const bool ran = ex.Execute(in);
  memo.set_busy(false);
  if (!ran || ex.core().binding_version == version) return ran;
  e.version = e.serial = TileStepMemo::kNone;
  std::vector<Access>& accesses = t.step_accesses();
  accesses.assign(e.reads.accesses.begin(), e.reads.accesses.end());
  if (!DescribedAccesses(ex, in, true, &accesses)) return false;
  s.Instruction(site, plan.pipe, Queue::kPipe, accesses, false);
  return true;
}

// A tile instruction on its pipe, outside pipes, comm and vector scopes: its accesses from its
// description, remembered per operand state, and a run that repeats the last checked one on
// the state that run left skips the shadow (described_accesses.h).
bool DescribedStep(Executor& ex, const Instr& in, const StepPlan& plan, CheckTool& t, Site site) {
  Sanitizer& s = t.sanitizer();
  std::vector<Access>& accesses = t.step_accesses();  // (the observer's, too)
  TileStepMemo::Key key;
  TileStepMemo& memo = s.tile_steps();
  const uint64_t version = ex.core().binding_version;
  // An instruction run while another runs (a SIMT launch's lanes) evaluates afresh: the
  // outer one holds its entry across its run.
  TileStepMemo::Entry* const remembered = memo.busy() ? nullptr : &memo.At(site.function, site.pc, in.op);
  if (remembered && !t.observed() && remembered->version == version &&
      remembered->serial == s.StateSerial() && s.Settled() && SameScalars(ex, in, *remembered)) {
    return RepeatStep(ex, in, plan, t, site, *remembered);
  }
  if (!remembered || !DescribedKey(ex, in, &key)) {
    accesses.clear();
    if (!ExecuteRecorded(ex, in, plan, &accesses)) return false;
    s.Instruction(site, plan.pipe, Queue::kPipe, accesses, false);
    return true;
  }
  TileStepMemo::Entry& e = *remembered;
  bool fresh_reads, fresh_writes;
  const std::vector<Access>* reads = RememberedAccesses(ex, in, false, key, &e.reads, &fresh_reads);
  if (!reads) return ex.Execute(in);  // it faults on its own
  memo.set_busy(true);
  const bool ran = ex.Execute(in);
  memo.set_busy(false);
  if (!ran) return false;
  DescribedKey(ex, in, &key);  // the operands' state after it ran (their count is the same)
  const std::vector<Access>* writes = RememberedAccesses(ex, in, true, key, &e.writes, &fresh_writes);
  if (!writes) return false;
  const bool repeat = !fresh_reads && !fresh_writes && e.serial == s.StateSerial() && s.Settled();
  if (t.observed() || !repeat) {
    accesses.assign(reads->begin(), reads->end());
    accesses.insert(accesses.end(), writes->begin(), writes->end());
  }
  if (!repeat) {
    const size_t reported = s.Reported();
    s.Instruction(site, plan.pipe, Queue::kPipe, accesses, false);
    const bool quiet = s.Reported() == reported && s.Settled();
    e.serial = quiet ? s.StateSerial() : TileStepMemo::kNone;
  }  // else what its last checked run did, again: nothing changes
  // A run that rebound nothing leaves the state it started from: a repeat at this version
  // with these scalars has these keys (RepeatStep).
  const bool same = ex.core().binding_version == version && e.serial != TileStepMemo::kNone;
  e.version = same && RememberScalars(ex, in, &e) ? version : TileStepMemo::kNone;
  return true;
}

// syncall and the cross-block flags: every pipe of the core meets at them, and with blocks
// ordered by comm they release into and acquire from their counter, as tnotify and twait do
// (the kernels pass the clocks through the launch's SignalHub).
bool BlockSyncStep(Executor& ex, const Instr& in, Sanitizer& s) {
  Core& core = ex.core();
  s.BarrierAll();
  if (s.comm_core() >= 0) {
    if (RoleOf(in.op) != Role::kBlockWait) core.comm_release = &s.CommRelease();
    if (RoleOf(in.op) != Role::kBlockSet) core.comm_acquire = &core.comm_in;
  }
  const bool ok = ex.Execute(in);
  if (core.comm_acquire) {
    s.CommAcquire(core.comm_in);
    core.comm_in.clear();
  }
  core.comm_release = nullptr, core.comm_acquire = nullptr;
  s.BarrierAll();
  return ok;
}

// Every other checked step (kept out of CheckTool::Checked, so that the vector lane does not pay for
// this one's frame).
[[gnu::noinline]] bool GeneralStep(Executor& ex, const Instr& in, const StepPlan& plan,
                                   CheckTool& t) {
  Core& core = ex.core();
  Sanitizer& s = t.sanitizer();
  const Site site{&ex.function(), ex.pc()};
  switch (plan.kind) {
    case StepPlan::Kind::kSync: {
      if (SyncsBlocks(RoleOf(in.op))) return BlockSyncStep(ex, in, s);
      Sync(ex, in, s, site);
      const bool ok = ex.Execute(in);
      if (RoleOf(in.op) == Role::kCrossCoreWait && core.hub) Acquire(core, s, PipeIndex(in.operands[1]));
      core.release_out.reset();
      return ok;
    }
    case StepPlan::Kind::kMemBar: {
      static const AttrInfo* const barrier = FindAttr("barrier");
      s.MemBar(barrier->values[in.operands[0]]);
      return ex.Execute(in);
    }
    case StepPlan::Kind::kVecScope:
      if (t.StepScope(RoleOf(in.op) == Role::kScopeBegin)) s.VectorScope(t.in_vector_scope());
      return ex.Execute(in);
    case StepPlan::Kind::kPlain:
      break;
  }
  // Pipes and comm order themselves (their tiles cross cores through their own handshakes):
  // everything before them is done, everything after waits for them.
  if (plan.ordered) {
    s.BarrierAll();
    // A tnotify releases all the core has done into its signal words; a twait or ttest the
    // words satisfy acquires what they hold (far_clock.h CommClock).
    if (s.comm_core() >= 0) {
      if (RoleOf(in.op) == Role::kSignalRelease) core.comm_release = &s.CommRelease();
      if (RoleOf(in.op) == Role::kSignalAcquire) core.comm_acquire = &core.comm_in;
    }
    // A push or free carries everything before it to the other core (a barrier made every
    // clock the same).
    if (core.hub && s.core() >= 0) {
      core.release_out = std::make_shared<Release>(s.CrossRelease(0));
    }
  }
  if (DescribedOnPipe(plan, t.in_vector_scope())) return DescribedStep(ex, in, plan, t, site);
  // In a vector scope, the loads each source register's value comes from (register layer).
  const bool flows = t.in_vector_scope() && plan.register_layer;
  const uint32_t loads_behind = flows ? SourcesLoadsBehind(t.plans(), s, plan) : 0;
  std::vector<Access>& accesses = t.step_accesses();
  accesses.clear();
  const bool ok = ExecuteRecorded(ex, in, plan, &accesses);
  if (plan.ordered && core.hub) Acquire(core, s, 0);
  if (core.comm_acquire) {
    s.CommAcquire(core.comm_in);
    core.comm_in.clear();
  }
  core.comm_release = nullptr, core.comm_acquire = nullptr;
  if (!ok) return false;
  if (plan.pipe >= 0 && !accesses.empty()) {
    // In a vector scope the vector unit's UB loads and stores, and its scalar ones, go
    // through queues of their own.
    Queue queue = Queue::kPipe;
    if (t.in_vector_scope() && kPipes[plan.pipe] == Pipe::kV) {
      queue = plan.local_scalar ? Queue::kScalar : Queue::kVector;
    }
    s.Instruction(site, plan.pipe, queue, accesses, !plan.described, loads_behind);
  }
  if (flows) SetResultsLoadsBehind(t.plans(), s, plan, accesses, loads_behind);
  if (plan.ordered) s.BarrierAll();
  return true;
}

}  // namespace

// Runs \a in, with the bytes it touches in \a accesses: from its access description, or
// recorded by its checked memory accesses as it runs. (One that faults records what it may.)
bool ExecuteRecorded(Executor& ex, const Instr& in, const StepPlan& plan,
                     std::vector<Access>* accesses) {
  Core& core = ex.core();
  if (plan.described) {
    if (!DescribedAccesses(ex, in, false, accesses)) return ex.Execute(in);  // it faults
    return ex.Execute(in) && DescribedAccesses(ex, in, true, accesses);
  }
  core.recording = accesses;
  const bool ok = ex.Execute(in);
  core.recording = nullptr;
  return ok;
}

bool CheckTool::Checked(Executor& ex, const Instr& in, const StepPlan& plan) {
  if (plan.vector_lane && in_vector_scope()) return VectorScopeStep(ex, in, plan, *this);
  return GeneralStep(ex, in, plan, *this);
}

bool CheckTool::Step(Executor& ex, const Instr& in) {
  // The running function's plans, looked up again only when the function changes.
  if (&ex.function() != plans_of_) {
    plans_of_ = &ex.function();
    function_plans_ = plans_.Of(ex.function());
  }
  const StepPlan& plan = function_plans_[ex.pc()];
  // A register-only instruction in a vector scope runs as it would unchecked, once its
  // results hold the loads behind its sources.
  if (plan.register_only && in_vector_scope()) {
    Sanitizer& s = *sanitizer_;
    HoldLoadsBehind(plans_, s, plan, SourcesLoadsBehind(plans_, s, plan));
    return ex.Execute(in);
  }
  // A tile instruction on its pipe (most of a tile kernel's checked steps): straight to its
  // remembered accesses.
  if (DescribedOnPipe(plan, in_vector_scope())) {
    return DescribedStep(ex, in, plan, *this, Site{&ex.function(), ex.pc()});
  }
  return Checked(ex, in, plan);
}

bool CheckTool::Suspect(const Function& fn, uint32_t pc, std::string message) {
  if (sanitizer_->strict()) return false;
  sanitizer_->Warn({&fn, pc}, StrCat(message, " (--check=strict makes this an error)"));
  return true;
}

}  // namespace pto::interp::check
