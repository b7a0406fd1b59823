#include "pto/interp/check/sanitizer.h"
#include "pto/interp/check/collector.h"

#include <algorithm>
#include <unordered_set>

#include "pto/common/isa/roles.h"
#include "pto/common/call_graph.h"
#include "pto/common/code_walk.h"
#include "pto/common/strings.h"
#include "pto/interp/vm/executor.h"

namespace pto::interp::check {

namespace {

const char* PipeWord(int pipe) { return PipeName(kPipes[pipe]); }

Span SpanOf(const Access& a) { return {a.begin, a.end, a.count, a.stride}; }

const Function& FunctionOf(Site s) { return *static_cast<const Function*>(s.function); }

}  // namespace

bool HasExplicitSync(const Program& program, const Function& entry) {
  const std::vector<std::vector<uint32_t>> calls = CallsOf(program);
  std::vector<uint32_t> todo{static_cast<uint32_t>(&entry - program.functions.data())};
  std::vector<bool> seen(program.functions.size());
  while (!todo.empty()) {
    const uint32_t fi = todo.back();
    todo.pop_back();
    if (fi >= seen.size() || seen[fi]) continue;
    seen[fi] = true;
    for (uint32_t callee : calls[fi]) todo.push_back(callee);
    for (const CodeSite& site : Instructions(program.functions[fi].code)) {
      // Any flag, barrier, event or buffer token; cross-core signals, barriers between blocks
      // and tsync order cores, blocks and tile events, not a core's pipes.
      if (OrdersCorePipes(RoleOf(site.in.op))) return true;
    }
  }
  return false;
}

bool SitePosition(const Program& program, const Function& f, uint32_t pc, std::string* file,
                  int* line, int* col) {
  bool found = false;
  for (const LineEntry& l : f.lines) {
    if (l.code_offset > pc) break;
    if (l.code_offset == pc) {
      *file = program.String(l.file);
      *line = static_cast<int>(l.line);
      *col = static_cast<int>(l.col);
      found = true;
    }
  }
  return found;
}

Sanitizer::Sanitizer(const Program& program, const Function& entry, Level level)
    : program_(program), strict_(level == Level::kStrict) {
  races_ = level == Level::kStrict || (level == Level::kAuto && HasExplicitSync(program, entry));
  for (int c = 0; c < kClockCount; ++c) clock_[c][c] = 1;  // each in program order, epoch 1
}

std::string Sanitizer::Name(Site s) const {
  return std::string(GetOpInfo(Decode(&FunctionOf(s).code[s.pc]).op).listing_name());
}

void Sanitizer::AddFinding(const char* kind, Site at, Site other, std::string message,
                           std::string note) {
  Report(kind, at, other, [&] { return Text{std::move(message), std::move(note)}; });
}

Shadow& Sanitizer::ShadowOf(const Place& p) {
  std::unique_ptr<Shadow>& s = p.global ? global_[p.buffer] : local_[static_cast<int>(p.mem)];
  if (!s) s = p.global ? MakeRunShadow() : MakeGranuleShadow();
  return *s;
}

StepMemo& Sanitizer::MemoOf(Site site, bool write) {
  if (memos_.empty()) memos_.resize(1024);
  const size_t h = (reinterpret_cast<uintptr_t>(site.function) >> 4) * 0x9e3779b1u + site.pc * 2 +
                   write;
  SiteMemo& m = memos_[h & (memos_.size() - 1)];
  if (!(m.site == site) || m.write != write) {
    m.site = site, m.write = write;
    m.memo.key = ~uint64_t{0};
  }
  return m.memo;
}

void Sanitizer::CollectCells() {
  std::vector<bool> used(cells_.size());
  for (const auto& s : local_) {
    if (s) s->MarkUsed(&used);
  }
  for (const auto& [buffer, s] : global_) s->MarkUsed(&used);
  const std::vector<uint32_t> remap = cells_.Compact(used);
  for (const auto& s : local_) {
    if (s) s->Renumber(remap);
  }
  for (const auto& [buffer, s] : global_) s->Renumber(remap);
  ++generation_;  // every memo's ids are stale (and StateSerial moves)
  if (!records_.empty()) {  // the batch records no cell names any more go
    std::unordered_set<uint32_t> named;
    const auto name = [&](const Site& s) {
      if (s.function == this) named.insert(s.pc);
    };
    for (size_t i = 0; i < cells_.size(); ++i) {
      const Cell& c = cells_[i];
      name(c.write_site);
      for (unsigned r = c.readers; r != 0; r &= r - 1) name(c.read_site[__builtin_ctz(r)]);
    }
    std::erase_if(records_, [&](const auto& r) { return !named.count(r.first); });
  }
  collect_at_ = std::max(size_t{1} << 12, cells_.size() * 4);
}

std::string Sanitizer::TileName(Site site, int tile) const {
  return tile < 0 ? "" : TileNameOf(program_, FunctionOf(site), static_cast<uint32_t>(tile));
}

void Sanitizer::Unbatched(Site site, int pipe, Queue queue, const std::vector<Access>& accesses,
                          bool recorded, uint32_t loads_behind) {
  if (!batch_.spans.empty()) FlushBatch();
  // The accesses of a register- or repeat-layer instruction, and a tile instruction's only
  // one, may wait (a vector load or store in a loop); the ranges of a tile instruction with
  // several (its rows) are applied now, so that its report covers them all.
  const bool defer = recorded ? accesses.size() <= HeldAccesses::kMax / 2 : accesses.size() == 1;
  unsigned directions = 0;  // bit 0: reads, bit 1: writes
  for (const Access& a : accesses) directions |= 1u << a.write;
  Collector collect(*this, site);
  for (int pass = 0; pass < 2; ++pass) {  // reads, then writes
    const bool write = pass == 1;
    // (The scalar queues move their clocks for every scalar access, read or write.)
    if (!(directions >> pass & 1) && queue != Queue::kScalar) continue;
    int clock = pipe;
    if (queue == Queue::kVector) clock = write ? kVecStore : kVecLoad;
    if (queue == Queue::kScalar) {  // the scalar unit keeps its own loads and stores in order
      clock = write ? kScalarStore : kScalarLoad;
      const int other = write ? kScalarLoad : kScalarStore;
      See(clock, other);
      Snapshot(other);
    }
    for (uint32_t index = 0; index < accesses.size(); ++index) {
      const Access& a = accesses[index];
      if (a.write != write) continue;
      if (a.place.owner >= 0) {
        // Another core's memory has no shadow here: its accesses are only logged, and compared
        // with that core's after the run (cross_core.cc).
        if (core_ >= 0) Log(Stamp(site, clock, loads_behind, a));
      } else if (defer) {
        Defer(site, index, clock, loads_behind, a);
      } else {
        FlushOverlapping(a);
        Apply(Stamp(site, clock, loads_behind, a), collect);
      }
    }
  }
  collect.ReportRaces();
  if (cells_.size() >= collect_at_) CollectCells();
}

void Sanitizer::Apply(const HeldAccess& d, Collector& collect) {
  const Access& a = d.a;
  StepMemo& memo = MemoOf(d.site, a.write);
  memo.Use(uint64_t{generation_ & 0xffff} << 48 | uint64_t{d.time} << 16 |
           uint64_t{a.atomic} << 5 | uint64_t(d.clock) << 1 | a.write);
  if (Logs(a.place)) Log(d);
  collect.Start(a, d.clock);
  ShadowOf(a.place).Access(SpanOf(a), Step{a.write, d.clock, d.time, &d.seen, d.site, a.atomic},
                           cells_, memo, collect);
}

void Sanitizer::ApplyAndReport(const HeldAccess& d) {
  Collector collect(*this, d.site);
  Apply(d, collect);
  collect.ReportRaces();
}

void Sanitizer::FlushOverlapping(const Access& a) {
  held_.FlushOverlapping(a, [this](const HeldAccess& d) { ApplyAndReport(d); });
}

void Sanitizer::FlushAll() {
  if (!batch_.spans.empty()) FlushBatch();
  // Applying one may report, never hold back.
  held_.FlushAll([this](const HeldAccess& d) { ApplyAndReport(d); });
}

HeldAccess Sanitizer::Stamp(Site site, int clock, uint32_t loads_behind, const Access& a) {
  HeldAccess d;
  d.site = site, d.clock = clock, d.time = Epoch(clock), d.seen = clock_[clock], d.a = a;
  d.far = FarFor(a, clock), d.version = version_[clock], d.loads = loads_behind;
  if (loads_behind > 0) d.seen[kVecLoad] = std::max(d.seen[kVecLoad], loads_behind - 1);
  if (comm_core_ >= 0 && a.place.global) d.comm_epoch = comm_epoch_, d.comm_seen = CommSeenId();
  return d;
}

void Sanitizer::Defer(Site site, uint32_t index, int clock, uint32_t loads_behind, const Access& a) {
  // The clock's version stands for all it has seen (and its epoch and far clock): an equal
  // version is the same step.
  if (held_.Merge(site, index, clock, version_[clock], loads_behind, a)) return;
  if (held_.full()) FlushAll();
  HeldAccess d = Stamp(site, clock, loads_behind, a);
  d.index = index;
  held_.Add(d);
}

void Sanitizer::ReportRace(Site site, const Conflict& c, bool write, int clock, const Place& place) {
  const char* kind = write ? (c.earlier_write ? "WAW" : "WAR") : "RAW";
  Report(kind, site, c.site, [&] {
    std::string order;
    if (c.clock >= kPipeCount && clock >= kPipeCount) {
      order = StrCat("a mem_bar \"", QueueWord(c.clock), "_", QueueWord(clock), "\" between them");
    } else {
      order = StrCat("a set_flag ", PipeWord(PipeOfClock(c.clock)), " -> ",
                     PipeWord(PipeOfClock(clock)), " with its wait_flag, or a barrier");
    }
    return Text{StrCat("race: ", kind, " on ", WhereOf(place), " bytes [", c.begin, ", ", c.end,
                       "): ", Name(site), " (", ClockName(clock), ") ",
                       write ? "writes" : "reads", " bytes ", Name(c.site), " (",
                       ClockName(c.clock), ") ", c.earlier_write ? "wrote" : "read",
                       ", and nothing orders the two (", order, ")"),
                StrCat("the ", c.earlier_write ? "write" : "read", " by ", Name(c.site),
                       " is here")};
  });
}

void Sanitizer::Warn(Site site, std::string message) {
  if (!reported_.insert({site.function, site.pc, nullptr, 0, "warn"}).second) return;
  findings_.push_back({std::move(message), site, "", {}, true});
}

void Sanitizer::Misuse(Site site, std::string message) {
  Report("sync", site, {}, [&] { return Text{std::move(message), ""}; });
}

void Sanitizer::HostWrite(Memory mem, uint64_t begin, uint64_t end) {
  // Written on clock 0 in epoch 0, which every clock has seen.
  class Quiet final : public AccessSink {
    void OnConflict(const Conflict&) override {}
    void OnUnwritten(uint64_t, uint64_t) override {}
  } quiet;
  const Clock all{};
  FlushAll();
  StepMemo memo;
  memo.Use(0);
  ShadowOf(Place{false, mem, 0}).Access(begin, end, {true, 0, 0, &all, Site{}}, cells_, memo, quiet);
}

void Sanitizer::SetFlag(Site site, int src, int dst, int64_t id) {
  Flag& f = flags_[{src, dst, id}];
  if (f.waiting) {  // an earlier wait takes it: dst has been waiting for this set
    f.waiting = false;
    Report("sync", f.wait_site, site, [&] {
      return Text{StrCat("sync: wait_flag ", PipeWord(src), " -> ", PipeWord(dst), " event ", id,
                         " comes before the set_flag that satisfies it: on the NPU ",
                         PipeWord(dst), "'s instructions after the wait run after that set, "
                         "ptorun runs them in program order (their results, and what the checks "
                         "see, may differ from the NPU's)"),
                  "the set_flag it waits for is here"};
    });
    See(dst, src);
    Snapshot(src);
    return;
  }
  if (f.pending) {
    Report("sync", site, f.set_site, [&] {
      return Text{StrCat("sync: set_flag ", PipeWord(src), " -> ", PipeWord(dst), " event ", id,
                         " is set again before its wait_flag (undefined on the NPU: two sets "
                         "of one flag without a wait between them)"),
                  "the earlier set_flag is here"};
    });
  }
  f.pending = true;
  f.snapshot = clock_[src];
  f.far = far_[src];
  f.set_site = site;
  Snapshot(src);
}

void Sanitizer::WaitFlag(Site site, int src, int dst, int64_t id) {
  Flag& f = flags_[{src, dst, id}];
  if (f.pending) {
    f.pending = false;
    Join(dst, f.snapshot, f.far);
    return;
  }
  f.waiting = true;
  f.wait_site = site;
}

std::map<int, std::vector<Sanitizer::Touch>> Sanitizer::GlobalTouches() const {
  std::map<int, std::vector<Touch>> out;
  for (const auto& [buffer, shadow] : global_) {
    std::vector<Touch>& list = out[buffer];
    shadow->ForEachRun([&](uint64_t begin, uint64_t end, uint32_t id) {
      const Cell& c = cells_[id];
      if (c.writer < 0 && c.readers == 0) return;
      const bool wrote = c.writer >= 0;
      const Site site = wrote ? c.write_site : c.read_site[__builtin_ctz(c.readers)];
      const bool atomic = wrote && c.atomic;
      if (!list.empty() && list.back().end == begin && list.back().wrote == wrote &&
          list.back().site == site && list.back().atomic == atomic) {
        list.back().end = end;
      } else {
        list.push_back({begin, end, wrote, site, atomic});
      }
    });
  }
  return out;
}

void Sanitizer::Finish() {
  if (finished_) return;
  finished_ = true;
  FlushAll();
  for (const auto& [key, f] : flags_) {
    // Named copies, not structured bindings: lambdas capture them.
    const int src = std::get<0>(key), dst = std::get<1>(key);
    const int64_t id = std::get<2>(key);
    if (f.pending) {
      Report("sync", f.set_site, {}, [&] {
        return Text{StrCat("sync: set_flag ", PipeWord(src), " -> ", PipeWord(dst), " event ", id,
                           " is still pending when the kernel ends: no wait_flag takes it"),
                    ""};
      });
    }
    if (f.waiting) {
      Report("sync", f.wait_site, {}, [&] {
        return Text{StrCat("sync: wait_flag ", PipeWord(src), " -> ", PipeWord(dst), " event ",
                           id, ": nothing sets this flag, so ", PipeWord(dst),
                           " would wait forever on the NPU (a hang)"),
                    ""};
      });
    }
  }
  // What the cross-core check needs is kept; the shadows go (a launch may have many blocks).
  touches_ = GlobalTouches();
  local_ = {};
  global_.clear();
  std::vector<SiteMemo>().swap(memos_);
  tile_steps_.Release();
  cells_.Release();
  records_.clear();
  std::vector<uint32_t>().swap(loads_behind_);
}

}  // namespace pto::interp::check
