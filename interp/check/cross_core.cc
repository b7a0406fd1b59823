#include "pto/interp/check/cross_core.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>

#include "pto/common/code_walk.h"
#include "pto/common/strings.h"

namespace pto::interp::check {

bool OrdersBlocks(const Program& program) { return UsesFamily(program, Family::kComm); }

bool CoreOrderModelled(const Program& program) {
  return !AnyInstruction(program, [](const Instr& in) {
    return GetOpInfo(in.op).family == Family::kComm || in.op == Opcode::kTSyncOp;
  });
}

namespace {

struct Item {
  uint64_t begin, end;
  bool wrote;
  Site site;
  int core;
  bool atomic;  ///< an atomic update: two cores' atomics on the same bytes do not race
  int clock = -1;  ///< the sanitizer clock it was on (cores of one block), or -1
};

// The active intervals of a sweep, as a min-heap by end.
struct Active {
  std::vector<const Item*> heap;
  static bool Later(const Item* a, const Item* b) { return a->end > b->end; }
  void Add(const Item* i) {
    heap.push_back(i);
    std::push_heap(heap.begin(), heap.end(), Later);
  }
  void EndBefore(uint64_t at) {
    while (!heap.empty() && heap.front()->end <= at) {
      std::pop_heap(heap.begin(), heap.end(), Later);
      heap.pop_back();
    }
  }
  // The first active interval of another core than \a i's that nothing orders against it.
  template <typename Unordered>
  const Item* Other(const Item& i, Unordered&& unordered) const {
    for (const Item* a : heap) {
      if (a->core != i.core && !(a->atomic && i.atomic) && unordered(a->core, i.core)) return a;
    }
    return nullptr;
  }
};

void Report(const std::vector<Sanitizer*>& cores, const std::string& buffer, const Item& later,
            const Item& earlier) {
  // Reported at the higher-numbered core, the other as the note.
  const Item& at = later.core > earlier.core ? later : earlier;
  const Item& other = &at == &later ? earlier : later;
  Sanitizer& s = *cores[at.core];
  const uint64_t lo = std::max(at.begin, other.begin), hi = std::min(at.end, other.end);
  const bool both = at.wrote && other.wrote;
  const std::string what = both ? "WAW between cores" : "read-write between cores";
  // Cores of one block can be ordered (their clocks were followed); blocks cannot.
  const bool block = at.clock >= 0;
  const auto pipe = [&](const Item& i) {
    return block ? StrCat(" (", ClockName(i.clock), ")") : std::string();
  };
  s.AddFinding(both ? "WAW cores" : "RW cores", at.site, other.site,
               StrCat("race: ", what, " on ", buffer, " bytes [", lo, ", ", hi,
                      "): ", s.Name(at.site), pipe(at), " on ", cores[at.core]->label,
                      at.wrote ? " writes" : " reads", " bytes ", s.Name(other.site), pipe(other),
                      " on ", cores[other.core]->label, other.wrote ? " writes" : " reads",
                      block ? ", and nothing orders the two (a sync.set after one with a sync.wait "
                              "on the other's pipe before it, or a tpush and its tpop)"
                            : ", and nothing orders the two cores (they run at the same time on "
                              "the NPU)"),
               StrCat("the ", other.wrote ? "write" : "read", " by ", s.Name(other.site), " on ",
                      cores[other.core]->label, " is here"));
}

std::string BufferName(const std::vector<std::string>& names, int buffer) {
  return buffer < static_cast<int>(names.size()) ? names[buffer] : StrCat("global buffer ", buffer);
}

// One logged access of a core of a block run apart, for the sweep.
struct Entry {
  const Logged* log;
  int core;  ///< in the launch's cores
  int part;  ///< the block core (far_clock.h)
  const FarClock* far;
  Item item() const {
    return {log->begin, log->end, log->write, log->site, core, log->atomic, log->clock};
  }
};

}  // namespace

// The races between the cores of one block run apart, from their logs: a sweep over each
// buffer's accesses by first byte, keeping the active ones by (core, clock, kind) ordered by
// epoch. Access i of core B and active a of core A are unordered when A's epoch is past what
// i had seen of A's clock, and i's epoch past what a had seen of B's. In one (core, clock)
// later epochs have seen more, so the first active access past what i has seen is the one
// most likely not to have seen i: testing it alone decides the whole bucket.
void FindBlockRaces(const std::vector<Sanitizer*>& cores,
                    const std::vector<std::string>& buffer_names) {
  std::map<int, std::vector<Entry>> by_buffer;
  for (int c = 0; c < static_cast<int>(cores.size()); ++c) {
    if (cores[c]->core() < 0) return;  // not run apart, or not logged (CoreOrderModelled)
    const Sanitizer& s = *cores[c];
    for (const auto& [buffer, log] : s.logged()) {
      std::vector<Entry>& entries = by_buffer[buffer];
      for (const Logged& l : log) entries.push_back({&l, c, s.core(), &s.fars()[l.far]});
    }
  }
  constexpr int kKinds = 3;  // read, write, atomic write
  const auto kind = [](const Logged& l) { return l.write ? (l.atomic ? 2 : 1) : 0; };
  using Bucket = std::set<std::pair<uint32_t, uint32_t>>;  // (epoch, entry)
  for (auto& [buffer, entries] : by_buffer) {
    std::sort(entries.begin(), entries.end(),
              [](const Entry& a, const Entry& b) { return a.log->begin < b.log->begin; });
    std::string name;
    if (buffer >= 0) {
      name = BufferName(buffer_names, buffer);
    } else {  // on-chip memory of one of the block's cores (LogKey)
      const int part = (-1 - buffer) / kMemoryCount;
      const auto mem = static_cast<Memory>((-1 - buffer) % kMemoryCount);
      for (int c = 0; c < static_cast<int>(cores.size()); ++c) {
        if (cores[c]->core() == part) name = StrCat(MemoryHardwareName(mem), " of ", cores[c]->label);
      }
    }
    std::vector<Bucket> buckets(kBlockCores * kClockCount * kKinds);
    const auto bucket_of = [&](const Entry& e) -> Bucket& {
      return buckets[(e.part * kClockCount + e.log->clock) * kKinds + kind(*e.log)];
    };
    std::vector<std::pair<uint64_t, uint32_t>> ends;  // min-heap of (end, entry)
    for (uint32_t i = 0; i < entries.size(); ++i) {
      const Entry& e = entries[i];
      while (!ends.empty() && ends.front().first <= e.log->begin) {
        const uint32_t gone = ends.front().second;
        std::pop_heap(ends.begin(), ends.end(), std::greater<>());
        ends.pop_back();
        bucket_of(entries[gone]).erase({entries[gone].log->epoch, gone});
      }
      const int mine = kind(*e.log);
      for (int part = 0; part < kBlockCores; ++part) {
        if (part == e.part) continue;
        for (int clock = 0; clock < kClockCount; ++clock) {
          for (int k = 0; k < kKinds; ++k) {
            // Reads race with writes; two atomics do not race.
            if ((mine == 0 && k == 0) || (mine == 2 && k == 2)) continue;
            const Bucket& b = buckets[(part * kClockCount + clock) * kKinds + k];
            if (b.empty()) continue;
            const auto it = b.lower_bound({(*e.far)[part][clock] + 1, 0});
            if (it == b.end()) continue;
            const Entry& a = entries[it->second];
            if ((*a.far)[e.part][e.log->clock] < e.log->epoch) Report(cores, name, e.item(), a.item());
          }
        }
      }
      bucket_of(e).insert({e.log->epoch, i});
      ends.push_back({e.log->end, i});
      std::push_heap(ends.begin(), ends.end(), std::greater<>());
    }
  }
  for (Sanitizer* s : cores) s->DropLog();
}

void FindCrossCoreRaces(const Program& program, const std::vector<Sanitizer*>& cores,
                        const std::vector<std::string>& buffer_names) {
  // Nothing orders blocks but comm.
  if (OrdersBlocks(program)) return;
  const auto unordered = [&](int a, int b) { return cores[a]->block != cores[b]->block; };
  std::map<int, std::vector<Item>> by_buffer;
  for (int c = 0; c < static_cast<int>(cores.size()); ++c) {
    for (const auto& [buffer, touches] : cores[c]->touches()) {
      std::vector<Item>& items = by_buffer[buffer];
      for (const Sanitizer::Touch& t : touches) items.push_back({t.begin, t.end, t.wrote, t.site, c, t.atomic});
    }
  }
  for (auto& [buffer, items] : by_buffer) {
    std::sort(items.begin(), items.end(),
              [](const Item& a, const Item& b) { return a.begin < b.begin; });
    const std::string name = BufferName(buffer_names, buffer);
    Active writes, reads;
    for (const Item& i : items) {
      writes.EndBefore(i.begin);
      reads.EndBefore(i.begin);
      if (const Item* w = writes.Other(i, unordered)) Report(cores, name, i, *w);
      if (i.wrote) {
        if (const Item* r = reads.Other(i, unordered)) Report(cores, name, i, *r);
      }
      (i.wrote ? writes : reads).Add(&i);
    }
  }
}

}  // namespace pto::interp::check
