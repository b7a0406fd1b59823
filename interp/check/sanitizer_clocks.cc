// The sanitizer's clocks and the synchronisation that moves them: barriers, buffer tokens,
// cross-core flags of one core running a whole block, a vector scope's queues and mem_bar, and
// (far_clock.h) what the clocks of cores run apart see of each other. set_flag and wait_flag,
// which also report misuse, are in sanitizer.cc.
#include <algorithm>
#include <vector>

#include "pto/interp/check/sanitizer.h"

namespace pto::interp::check {

void Sanitizer::Join(int clock, const Clock& c) {
  for (int q = 0; q < kClockCount; ++q) clock_[clock][q] = std::max(clock_[clock][q], c[q]);
  ++version_[clock], ++clock_serial_;
}

void Sanitizer::Join(int clock, const Clock& c, const FarClock& far) {
  Join(clock, c);
  if (core_ >= 0) JoinFar(clock, far);
}

void Sanitizer::JoinFar(int clock, const FarClock& far) {
  FarClock& mine = far_[clock];
  bool grew = false;
  for (int k = 0; k < kBlockCores; ++k) {
    for (int q = 0; q < kClockCount; ++q) {
      if (far[k][q] > mine[k][q]) mine[k][q] = far[k][q], grew = true;
    }
  }
  if (!grew) return;
  // A new epoch for what it now sees: an epoch of a clock then names one far clock, and later
  // epochs have seen more (cross_core.cc relies on both).
  far_id_[clock] = kNoFar;
  Snapshot(clock);
}

uint32_t Sanitizer::FarId(int c) {
  if (far_id_[c] == kNoFar) {
    far_id_[c] = static_cast<uint32_t>(fars_.size());
    fars_.push_back(far_[c]);
  }
  return far_id_[c];
}

void Sanitizer::Snapshot(int c) {
  ++clock_[c][c];
  ++version_[c], ++clock_serial_;
}

void Sanitizer::See(int later, int earlier) { Join(later, clock_[earlier], far_[earlier]); }

void Sanitizer::BarrierAll() {
  Clock all{};
  FarClock far{};
  for (int c = 0; c < kClockCount; ++c) {
    for (int q = 0; q < kClockCount; ++q) all[q] = std::max(all[q], clock_[c][q]);
    for (int k = 0; k < kBlockCores && core_ >= 0; ++k) {
      for (int q = 0; q < kClockCount; ++q) far[k][q] = std::max(far[k][q], far_[c][k][q]);
    }
  }
  clock_.fill(all);
  for (int c = 0; c < kClockCount; ++c) {
    if (core_ >= 0) JoinFar(c, far);
    Snapshot(c);
  }
}

void Sanitizer::SignalSet(int pipe, int64_t id) {
  Signal& sig = signals_[id];
  if (!sig.waiting.empty()) {  // an earlier wait takes it
    Join(sig.waiting.front(), clock_[pipe]);
    sig.waiting.pop_front();
  } else {
    // The hardware counts 15 sets; the oldest of more are the ones a wait would take first.
    if (sig.sets.size() == 15) sig.sets.pop_front();
    sig.sets.push_back(clock_[pipe]);
  }
  Snapshot(pipe);
}

void Sanitizer::SignalWait(int pipe, int64_t id) {
  Signal& sig = signals_[id];
  if (sig.sets.empty()) {
    sig.waiting.push_back(pipe);
    return;
  }
  Join(pipe, sig.sets.front());
  sig.sets.pop_front();
}

void Sanitizer::ReleaseBuffer(Site, int pipe, int64_t id) {
  buffers_[id] = {clock_[pipe], far_[pipe]};
  Snapshot(pipe);
}

void Sanitizer::AcquireBuffer(Site, int pipe, int64_t id) {
  auto it = buffers_.find(id);
  if (it != buffers_.end()) Join(pipe, it->second.clock, it->second.far);
}

void Sanitizer::RunsApart(int core) { core_ = core; }

Release Sanitizer::CrossRelease(int pipe) {
  Release r{core_, clock_[pipe], far_[pipe]};
  Snapshot(pipe);
  return r;
}

void Sanitizer::CrossAcquire(int pipe, const Release& r) {
  if (core_ < 0 || r.core == core_) return;
  FarClock far = r.far;
  far[r.core] = r.own;
  // What the releasing core had seen of this one orders this core's own clocks.
  Join(pipe, far[core_]);
  far[core_] = Clock{};
  JoinFar(pipe, far);
}

void Sanitizer::OrderedByComm(int core, int cores) {
  comm_core_ = core;
  comm_clock_.assign(cores, 0);
}

const CommClock& Sanitizer::CommRelease() {
  comm_release_ = comm_clock_;
  comm_release_[comm_core_] = comm_epoch_;
  ++comm_epoch_;
  return comm_release_;
}

void Sanitizer::CommAcquire(const CommClock& c) {
  bool grew = false;
  for (size_t k = 0; k < c.size() && k < comm_clock_.size(); ++k) {
    if (static_cast<int>(k) != comm_core_ && c[k] > comm_clock_[k]) comm_clock_[k] = c[k], grew = true;
  }
  if (!grew) return;
  // A new epoch for what it now sees: an epoch names one comm clock (cross_core.cc).
  ++comm_epoch_;
  comm_seen_id_ = kNoFar;
}

uint32_t Sanitizer::CommSeenId() {
  if (comm_seen_id_ == kNoFar) {
    comm_seen_id_ = static_cast<uint32_t>(comm_seens_.size());
    comm_seens_.push_back(comm_clock_);
  }
  return comm_seen_id_;
}

void Sanitizer::VectorScope(bool begin) {
  const int v = PipeOfClock(kVecLoad);
  for (int q = kPipeCount; q < kClockCount; ++q) {
    if (begin) {
      See(q, v);
    } else {  // the scope's work is done when the vector pipe goes on
      See(v, q);
      Snapshot(q);
    }
  }
}

void Sanitizer::MemBar(std::string_view barrier) {
  // The barrier's name says its queues: "VV_ALL", "VS_ALL", "SV_ALL" (V vector, S scalar
  // loads and stores), or prior_later from VLD, VST, LD, ST.
  const auto queues = [](std::string_view w) -> std::vector<int> {
    if (w == "V") return {kVecLoad, kVecStore};
    if (w == "S") return {kScalarLoad, kScalarStore};
    for (int q = kPipeCount; q < kClockCount; ++q) {
      if (w == QueueWord(q)) return {q};
    }
    return {};
  };
  const size_t cut = barrier.find('_');
  if (cut == std::string_view::npos) return;
  std::string_view prior = barrier.substr(0, cut), later = barrier.substr(cut + 1);
  if (later == "ALL") later = prior.substr(1, 1), prior = prior.substr(0, 1);
  const std::vector<int> from = queues(prior), to = queues(later);
  for (int t : to) {
    for (int f : from) See(t, f);
  }
  for (int f : from) Snapshot(f);
}

void Sanitizer::Log(const HeldAccess& d) {
  const Access& a = d.a;
  const Place& p = a.place;
  std::vector<Logged>& log = logged_[LogKey(p.global, p.buffer, p.owner >= 0 ? p.owner : core_, p.mem)];
  for (uint32_t k = 0; k < a.count; ++k) {
    const uint64_t begin = a.begin + uint64_t{k} * a.stride, end = a.end + uint64_t{k} * a.stride;
    if (!log.empty()) {
      Logged& last = log.back();
      if (last.site == d.site && last.clock == d.clock && last.epoch == d.time &&
          last.far == d.far && last.comm_epoch == d.comm_epoch && last.comm_seen == d.comm_seen &&
          last.write == a.write && last.atomic == a.atomic &&
          begin <= last.end && end >= last.begin) {
        // The same step again on bytes that meet the last: one run.
        last.begin = std::min(last.begin, begin), last.end = std::max(last.end, end);
        continue;
      }
    }
    if (logged_count_ == kMaxLogged) {
      log_cut_ = true;
      return;
    }
    ++logged_count_;
    log.push_back({begin, end, d.site, d.time, d.far, d.comm_epoch, d.comm_seen,
                   static_cast<uint8_t>(d.clock), a.write, a.atomic});
  }
}

}  // namespace pto::interp::check
