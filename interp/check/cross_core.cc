#include "pto/interp/check/cross_core.h"

#include <algorithm>
#include <map>

#include "pto/common/code_walk.h"
#include "pto/common/strings.h"

namespace pto::interp::check {

bool OrdersCores(const Program& program) {
  return AnyInstruction(program, [](const Instr& in) {
    const Family family = GetOpInfo(in.op).family;
    return family == Family::kPipe || family == Family::kComm || in.op == Opcode::kSyncSet ||
           in.op == Opcode::kSyncWait || in.op == Opcode::kTSyncOp;
  });
}

bool OrdersBlocks(const Program& program) { return UsesFamily(program, Family::kComm); }

namespace {

struct Item {
  uint64_t begin, end;
  bool wrote;
  Site site;
  int core;
  bool atomic;  ///< an atomic update: two cores' atomics on the same bytes do not race
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
  s.AddFinding(both ? "WAW cores" : "RW cores", at.site, other.site,
               StrCat("race: ", what, " on ", buffer, " bytes [", lo, ", ", hi,
                      "): ", s.Name(at.site), " on ", cores[at.core]->label,
                      at.wrote ? " writes" : " reads", " bytes ", s.Name(other.site), " on ",
                      cores[other.core]->label, other.wrote ? " writes" : " reads",
                      ", and nothing orders the two cores (they run at the same time on the NPU)"),
               StrCat("the ", other.wrote ? "write" : "read", " by ", s.Name(other.site), " on ",
                      cores[other.core]->label, " is here"));
}

}  // namespace

void FindCrossCoreRaces(const Program& program, const std::vector<Sanitizer*>& cores,
                        const std::vector<std::string>& buffer_names) {
  const bool blocks_apart = !OrdersBlocks(program), cores_apart = !OrdersCores(program);
  if (!blocks_apart && !cores_apart) return;
  const auto unordered = [&](int a, int b) {
    return cores[a]->block != cores[b]->block ? blocks_apart : cores_apart;
  };
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
    const std::string name = buffer < static_cast<int>(buffer_names.size())
                                 ? buffer_names[buffer]
                                 : StrCat("global buffer ", buffer);
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
