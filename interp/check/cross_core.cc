#include "pto/interp/check/cross_core.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>

#include "pto/common/isa/roles.h"
#include "pto/common/code_walk.h"
#include "pto/common/strings.h"
#include "pto/interp/vm/run_layout.h"

namespace pto::interp::check {

bool OrdersBlocks(const Program& program) { return UsesComm(program); }

bool CoreOrderModelled(const Program& program) {
  // (Comm with cores run apart does not run: Runner refuses it.)
  return !AnyInstruction(program, [](const Instr& in) { return RoleOf(in.op) == Role::kTileEvent; });
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

// What could have ordered the two accesses of a race between cores.
enum class Order { kBlocks, kBlockCores, kComm };

void Report(const std::vector<Sanitizer*>& cores, const std::string& buffer, Order order,
            const Item& later, const Item& earlier) {
  // Reported at the higher-numbered core, the other as the note.
  const Item& at = later.core > earlier.core ? later : earlier;
  const Item& other = &at == &later ? earlier : later;
  Sanitizer& s = *cores[at.core];
  const uint64_t lo = std::max(at.begin, other.begin), hi = std::min(at.end, other.end);
  const bool both = at.wrote && other.wrote;
  const std::string what = both ? "WAW between cores" : "read-write between cores";
  // Cores of one block name their pipes (their clocks were followed).
  const auto pipe = [&](const Item& i) {
    return i.clock >= 0 ? StrCat(" (", ClockName(i.clock), ")") : std::string();
  };
  const char* fix = "";
  switch (order) {
    case Order::kBlocks:
      fix = ", and nothing orders the two cores (they run at the same time on the NPU)";
      break;
    case Order::kBlockCores:
      fix = ", and nothing orders the two (a sync.set after one with a sync.wait on the other's "
            "pipe before it, or a tpush and its tpop)";
      break;
    case Order::kComm:
      fix = ", and nothing orders the two (a tnotify after one with a twait on that signal "
            "before the other, a set_cross_block and its wait_cross_block, or a syncall between "
            "them)";
      break;
  }
  s.AddFinding(both ? "WAW cores" : "RW cores", at.site, other.site,
               StrCat("race: ", what, " on ", buffer, " bytes [", lo, ", ", hi,
                      "): ", s.Name(at.site), pipe(at), " on ", cores[at.core]->label,
                      at.wrote ? " writes" : " reads", " bytes ", s.Name(other.site), pipe(other),
                      " on ", cores[other.core]->label, other.wrote ? " writes" : " reads", fix),
               StrCat("the ", other.wrote ? "write" : "read", " by ", s.Name(other.site), " on ",
                      cores[other.core]->label, " is here"));
}

std::string BufferName(const std::vector<std::string>& names, int buffer) {
  return buffer < static_cast<int>(names.size()) ? names[buffer] : StrCat("global buffer ", buffer);
}

// One logged access, for the sweep: of launch core \a core, which is \a part of those the
// sweep orders (a block core, or a core of the launch comm orders), on its clock \a clock in
// epoch \a epoch; \a seen is what it had seen of the others' clocks (Seen below).
struct Entry {
  const Logged* log;
  int core;
  int part;
  int clock;
  uint32_t epoch;
  const void* seen;
  Item item(int shown_clock) const {
    return {log->begin, log->end, log->write, log->site, core, log->atomic, shown_clock};
  }
};

// The kinds of access a sweep keeps apart: two reads, or two atomics, do not race.
constexpr int kKinds = 4;  // read, write, atomic read, atomic write
int KindOf(const Logged& l) { return (l.atomic ? 2 : 0) + (l.write ? 1 : 0); }
bool KindsRace(int a, int b) { return (a & 1 || b & 1) && !(a & 2 && b & 2); }

// The races among \a entries (of one place, named \a name), for \a parts parts of \a clocks
// clocks each: seen(entry, part, clock) is the epoch of that clock up to which the entry's
// part had seen it. A sweep over the accesses by first byte, keeping the active ones by
// (part, clock, kind) ordered by epoch. Access i of part B and active a of part A are
// unordered when a's epoch is past what i had seen of A's clock, and i's epoch past what a
// had seen of B's. In one (part, clock) later epochs have seen more, so the first active
// access past what i has seen is the one most likely not to have seen i: testing it alone
// decides the whole bucket. \a report(later, earlier) gets each unordered pair.
template <typename Seen, typename ReportPair>
void SweepUnordered(std::vector<Entry>& entries, int parts, int clocks, Seen&& seen,
                    ReportPair&& report) {
  std::sort(entries.begin(), entries.end(),
            [](const Entry& a, const Entry& b) { return a.log->begin < b.log->begin; });
  using Bucket = std::set<std::pair<uint32_t, uint32_t>>;  // (epoch, entry)
  std::vector<Bucket> buckets(static_cast<size_t>(parts) * clocks * kKinds);
  const auto bucket_index = [&](int part, int clock, int kind) {
    return (static_cast<size_t>(part) * clocks + clock) * kKinds + kind;
  };
  std::vector<std::pair<uint64_t, uint32_t>> ends;  // min-heap of (end, entry)
  for (uint32_t i = 0; i < entries.size(); ++i) {
    const Entry& e = entries[i];
    while (!ends.empty() && ends.front().first <= e.log->begin) {
      const Entry& gone = entries[ends.front().second];
      buckets[bucket_index(gone.part, gone.clock, KindOf(*gone.log))].erase(
          {gone.epoch, ends.front().second});
      std::pop_heap(ends.begin(), ends.end(), std::greater<>());
      ends.pop_back();
    }
    const int mine = KindOf(*e.log);
    for (int part = 0; part < parts; ++part) {
      if (part == e.part) continue;
      for (int clock = 0; clock < clocks; ++clock) {
        for (int k = 0; k < kKinds; ++k) {
          if (!KindsRace(mine, k)) continue;
          const Bucket& b = buckets[bucket_index(part, clock, k)];
          if (b.empty()) continue;
          const auto it = b.lower_bound({seen(e, part, clock) + 1, 0});
          if (it == b.end()) continue;
          const Entry& a = entries[it->second];
          if (seen(a, e.part, e.clock) < e.epoch) report(e, a);
        }
      }
    }
    buckets[bucket_index(e.part, e.clock, mine)].insert({e.epoch, i});
    ends.push_back({e.log->end, i});
    std::push_heap(ends.begin(), ends.end(), std::greater<>());
  }
}

}  // namespace

void FindBlockRaces(const std::vector<Sanitizer*>& cores,
                    const std::vector<std::string>& buffer_names) {
  std::map<int, std::vector<Entry>> by_place;
  for (int c = 0; c < static_cast<int>(cores.size()); ++c) {
    if (cores[c]->core() < 0) return;  // not run apart, or not logged (CoreOrderModelled)
    const Sanitizer& s = *cores[c];
    for (const auto& [place, log] : s.logged()) {
      std::vector<Entry>& entries = by_place[place];
      for (const Logged& l : log) entries.push_back({&l, c, s.core(), l.clock, l.epoch, &s.fars()[l.far]});
    }
  }
  const auto seen = [](const Entry& e, int part, int clock) {
    return (*static_cast<const FarClock*>(e.seen))[part][clock];
  };
  for (auto& [place, entries] : by_place) {
    std::string name;
    if (place >= 0) {
      name = BufferName(buffer_names, place);
    } else {  // on-chip memory of one of the block's cores (LogKey)
      const int part = (-1 - place) / kMemoryCount;
      const auto mem = static_cast<Memory>((-1 - place) % kMemoryCount);
      for (int c = 0; c < static_cast<int>(cores.size()); ++c) {
        if (cores[c]->core() == part) name = StrCat(MemoryHardwareName(mem), " of ", cores[c]->label);
      }
    }
    SweepUnordered(entries, kBlockCores, kClockCount, seen, [&](const Entry& e, const Entry& a) {
      Report(cores, name, Order::kBlockCores, e.item(e.clock), a.item(a.clock));
    });
  }
  for (Sanitizer* s : cores) s->DropLog();
}

namespace {

// Races between the blocks of a launch that comm orders, from every core's global log.
void FindCommRaces(const std::vector<Sanitizer*>& cores,
                   const std::vector<std::string>& buffer_names) {
  std::map<int, std::vector<Entry>> by_buffer;
  for (int c = 0; c < static_cast<int>(cores.size()); ++c) {
    const Sanitizer& s = *cores[c];
    for (const auto& [buffer, log] : s.logged()) {
      if (buffer < 0) continue;
      std::vector<Entry>& entries = by_buffer[buffer];
      for (const Logged& l : log) {
        entries.push_back({&l, c, s.comm_core(), 0, l.comm_epoch, &s.comm_seens()[l.comm_seen]});
      }
    }
  }
  const auto seen = [](const Entry& e, int part, int) {
    return (*static_cast<const CommClock*>(e.seen))[part];
  };
  for (auto& [buffer, entries] : by_buffer) {
    const std::string name = BufferName(buffer_names, buffer);
    SweepUnordered(entries, static_cast<int>(cores.size()), 1, seen,
                   [&](const Entry& e, const Entry& a) {
                     Report(cores, name, Order::kComm, e.item(-1), a.item(-1));
                   });
  }
  for (Sanitizer* s : cores) s->DropLog();
}

}  // namespace

void FindCrossCoreRaces(const Program& program, const std::vector<Sanitizer*>& cores,
                        const std::vector<std::string>& buffer_names) {
  // Nothing orders blocks but comm; when comm does, every core logged its global accesses
  // (OrderedByComm), unless its block's cores run apart.
  if (OrdersBlocks(program)) {
    for (const Sanitizer* s : cores) {
      if (s->comm_core() < 0) return;
    }
    FindCommRaces(cores, buffer_names);
    return;
  }
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
      if (const Item* w = writes.Other(i, unordered)) Report(cores, name, Order::kBlocks, i, *w);
      if (i.wrote) {
        if (const Item* r = reads.Other(i, unordered)) Report(cores, name, Order::kBlocks, i, *r);
      }
      (i.wrote ? writes : reads).Add(&i);
    }
  }
}

}  // namespace pto::interp::check
