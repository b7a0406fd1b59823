#include "pto/interp/check/held_accesses.h"

#include <doctest/doctest.h>

#include <vector>

namespace pto::interp::check {
namespace {

Access Bytes(uint64_t begin, uint64_t end, bool write) {
  Access a;
  a.place = Place{false, Memory::kVec, 0};
  a.begin = begin, a.end = end, a.write = write;
  return a;
}

HeldAccess Held(uint32_t pc, const Access& a) {
  HeldAccess h;
  h.site = Site{nullptr, pc};
  h.a = a;
  return h;
}

// The held accesses in the order FlushAll applies them: (pc, begin, end, count, stride).
std::vector<std::vector<uint64_t>> Applied(HeldAccesses& held) {
  std::vector<std::vector<uint64_t>> out;
  held.FlushAll([&](const HeldAccess& h) {
    out.push_back({h.site.pc, h.a.begin, h.a.end, h.a.count, h.a.stride});
  });
  return out;
}

TEST_CASE("held accesses: a loop's consecutive bytes merge into one span, copies at a stride too") {
  HeldAccesses held;
  held.Add(Held(1, Bytes(0, 256, false)));
  CHECK(held.Merge(Site{nullptr, 1}, 0, 0, 0, 0, Bytes(256, 512, false)));   // right after
  CHECK(held.Merge(Site{nullptr, 1}, 0, 0, 0, 0, Bytes(100, 200, false)));   // inside
  held.Add(Held(2, Bytes(4096, 4352, true)));
  CHECK(held.Merge(Site{nullptr, 2}, 0, 0, 0, 0, Bytes(8192, 8448, true)));  // sets the stride
  CHECK(held.Merge(Site{nullptr, 2}, 0, 0, 0, 0, Bytes(12288, 12544, true)));
  CHECK_FALSE(held.Merge(Site{nullptr, 2}, 0, 0, 1, 0, Bytes(16384, 16640, true)));  // another step
  CHECK_FALSE(held.Merge(Site{nullptr, 3}, 0, 0, 0, 0, Bytes(512, 768, false)));     // another site
  CHECK(Applied(held) == std::vector<std::vector<uint64_t>>{{1, 0, 512, 1, 0},
                                                            {2, 4096, 4352, 3, 4096}});
}

TEST_CASE("held accesses: no merge into an earlier one over bytes a later one touches") {
  HeldAccesses held;
  held.Add(Held(1, Bytes(0, 256, false)));    // a load
  held.Add(Held(2, Bytes(256, 512, true)));   // a store after it, of the next bytes
  // The load's next bytes were stored in between: merged, they would meet the shadow before
  // the store. They must be held on their own, after it.
  CHECK_FALSE(held.Merge(Site{nullptr, 1}, 0, 0, 0, 0, Bytes(256, 512, false)));
  held.Add(Held(1, Bytes(256, 512, false)));
  CHECK(Applied(held) == std::vector<std::vector<uint64_t>>{{1, 0, 256, 1, 0},
                                                            {2, 256, 512, 1, 0},
                                                            {1, 256, 512, 1, 0}});
}

TEST_CASE("held accesses: an access elsewhere applies, in order, those up to the last touching it") {
  HeldAccesses held;
  held.Add(Held(1, Bytes(0, 256, false)));
  held.Add(Held(2, Bytes(1024, 1280, false)));
  held.Add(Held(3, Bytes(4096, 4352, false)));
  std::vector<uint32_t> pcs;
  held.FlushOverlapping(Bytes(1024, 1040, true), [&](const HeldAccess& h) { pcs.push_back(h.site.pc); });
  CHECK(pcs == std::vector<uint32_t>{1, 2});  // the first goes too: order is kept
  pcs.clear();
  held.FlushOverlapping(Bytes(8192, 8200, true), [&](const HeldAccess& h) { pcs.push_back(h.site.pc); });
  CHECK(pcs.empty());
  CHECK(Applied(held) == std::vector<std::vector<uint64_t>>{{3, 4096, 4352, 1, 0}});
}

TEST_CASE("ClipAccess: the hull of an access's bytes inside a range") {
  uint64_t b = 0, e = 0;
  const Access run = Bytes(100, 200, false);
  CHECK(ClipAccess(run, 150, 400, &b, &e));
  CHECK(b == 150);
  CHECK(e == 200);
  CHECK_FALSE(ClipAccess(run, 200, 300, &b, &e));
  // Four copies of [0, 32) at a stride of 100: [0, 32), [100, 132), [200, 232), [300, 332).
  Access copies = Bytes(0, 32, false);
  copies.count = 4, copies.stride = 100;
  CHECK(ClipAccess(copies, 40, 250, &b, &e));  // copies 1 and 2
  CHECK(b == 100);
  CHECK(e == 232);
  CHECK(ClipAccess(copies, 110, 120, &b, &e));  // inside copy 1
  CHECK(b == 110);
  CHECK(e == 120);
  CHECK_FALSE(ClipAccess(copies, 32, 100, &b, &e));  // the gap between copies 0 and 1
  CHECK_FALSE(ClipAccess(copies, 332, 400, &b, &e));  // after the last
  CHECK(ClipAccess(copies, 0, 1000, &b, &e));
  CHECK(b == 0);
  CHECK(e == 332);
}

}  // namespace
}  // namespace pto::interp::check
