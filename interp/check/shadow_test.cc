#include "pto/interp/check/shadow.h"

#include <doctest/doctest.h>

#include <functional>
#include <tuple>
#include <vector>

namespace pto::interp::check {
namespace {

// Records what an access reports.
struct Recorder final : AccessSink {
  std::vector<Conflict> conflicts;
  std::vector<uint64_t> unwritten;
  void OnConflict(const Conflict& c) override { conflicts.push_back(c); }
  void OnUnwritten(uint64_t byte, uint64_t) override { unwritten.push_back(byte); }
};

// Both stores, the granules of on-chip memories and the runs of global buffers, must agree.
struct Fixture {
  explicit Fixture(bool by_runs) : shadow(by_runs ? MakeRunShadow() : MakeGranuleShadow()) {}
  CellTable cells;
  std::unique_ptr<Shadow> shadow;
  Clock seen{};
  Recorder rec;
  // An access of \a span on clock \a clock at epoch \a time that has seen \a seen_now.
  void Access(const Span& span, bool write, int clock, uint32_t time, uint32_t pc,
              const Clock& seen_now, bool atomic = false) {
    seen = seen_now;
    StepMemo memo;
    memo.Use(uint64_t{time} << 16 | uint64_t{atomic} << 5 | uint64_t(clock) << 1 | write);
    shadow->Access(span, {write, clock, time, &seen, Site{nullptr, pc}, atomic}, cells, memo, rec);
  }
  // An atomic update on clock \a clock at epoch \a time that has seen nothing of other clocks.
  void Atomic(uint64_t begin, uint64_t end, int clock, uint32_t time, uint32_t pc) {
    Clock own{};
    own[clock] = time;
    Access(Span{begin, end}, true, clock, time, pc, own, true);
  }
  // An access on clock \a clock at epoch \a time that has seen nothing of other clocks.
  void Access(const Span& span, bool write, int clock, uint32_t time, uint32_t pc) {
    Clock own{};
    own[clock] = time;
    Access(span, write, clock, time, pc, own);
  }
  void Access(uint64_t begin, uint64_t end, bool write, int clock, uint32_t time, uint32_t pc) {
    Access(Span{begin, end}, write, clock, time, pc);
  }
  // The shadow's runs: (begin, end, cell id).
  std::vector<std::tuple<uint64_t, uint64_t, uint32_t>> Runs() const {
    std::vector<std::tuple<uint64_t, uint64_t, uint32_t>> out;
    shadow->ForEachRun([&](uint64_t b, uint64_t e, uint32_t id) { out.emplace_back(b, e, id); });
    return out;
  }
  // The instruction that last wrote each run.
  std::vector<uint32_t> Writers() const {
    std::vector<uint32_t> pcs;
    for (const auto& [b, e, id] : Runs()) pcs.push_back(cells[id].write_site.pc);
    return pcs;
  }
};

// Runs \a body on a fresh fixture of each store: both must behave alike.
void OnBothStores(const std::function<void(Fixture&)>& body) {
  for (const bool by_runs : {false, true}) {
    CAPTURE(by_runs);
    Fixture f(by_runs);
    body(f);
  }
}

TEST_CASE("shadow: two atomic updates on different clocks do not race; an atomic and a plain write do") {
  OnBothStores([](Fixture& f) {
    f.Atomic(0, 64, 5, 1, 10);  // FIX's atomic add
    f.Atomic(0, 64, 1, 1, 20);  // V's atomic add of the same bytes, unordered: no race
    CHECK(f.rec.conflicts.empty());
    f.Access(32, 96, true, 4, 1, 30);  // a plain write by MTE3: races with the last atomic
    REQUIRE(!f.rec.conflicts.empty());
    CHECK(f.rec.conflicts[0].site.pc == 20);
    f.rec.conflicts.clear();
    f.Atomic(0, 64, 6, 1, 40);  // an atomic after the plain write, unordered: a race
    REQUIRE(!f.rec.conflicts.empty());
    CHECK(f.rec.conflicts[0].site.pc == 30);
  });
}

TEST_CASE("shadow: an unordered write after a write on another clock is reported over the shared bytes") {
  OnBothStores([](Fixture& f) {
    f.Access(0, 100, true, 4, 1, 10);  // MTE2 writes [0, 100)
    f.Access(64, 200, true, 1, 1, 20);  // V writes [64, 200), not ordered after it
    REQUIRE(f.rec.conflicts.size() >= 1);
    uint64_t lo = UINT64_MAX, hi = 0;
    for (const Conflict& c : f.rec.conflicts) {
      CHECK(c.earlier_write);
      CHECK(c.clock == 4);
      CHECK(c.site.pc == 10);
      lo = std::min(lo, c.begin), hi = std::max(hi, c.end);
    }
    CHECK(lo == 64);
    CHECK(hi == 100);
  });
}

TEST_CASE("shadow: an access ordered after the earlier one reports nothing") {
  OnBothStores([](Fixture& f) {
    f.Access(0, 256, true, 4, 1, 10);
    Clock seen{};
    seen[4] = 1;  // V has seen MTE2's epoch 1 (a set_flag / wait_flag pair)
    seen[1] = 1;
    f.Access(Span{0, 256}, false, 1, 1, 20, seen);
    CHECK(f.rec.conflicts.empty());
    CHECK(f.rec.unwritten.empty());
  });
}

TEST_CASE("shadow: a read of bytes nothing wrote names the first one, byte-precise inside a granule") {
  OnBothStores([](Fixture& f) {
    f.Access(0, 8, true, 1, 1, 10);
    f.Access(4, 12, false, 1, 1, 20);  // bytes 8..11 were never written
    REQUIRE(f.rec.unwritten.size() == 1);
    CHECK(f.rec.unwritten[0] == 8);
    CHECK(f.rec.conflicts.empty());  // same clock: program order
  });
}

TEST_CASE("shadow: a write after reads on other clocks is a WAR with each reader") {
  OnBothStores([](Fixture& f) {
    f.Access(0, 64, true, 0, 1, 1);
    f.rec = {};
    f.Access(0, 64, false, 1, 1, 2);
    f.Access(0, 64, false, 5, 1, 3);
    f.rec = {};
    f.Access(0, 64, true, 4, 1, 4);
    int readers = 0;
    for (const Conflict& c : f.rec.conflicts) readers += !c.earlier_write;
    CHECK(readers == 2);
  });
}

TEST_CASE("shadow: runs of cells; splitting and rejoining granules") {
  OnBothStores([](Fixture& f) {
    f.Access(0, 64, true, 1, 1, 1);
    f.Access(10, 20, true, 4, 1, 2);
    const auto bounds = [&] {
      std::vector<std::pair<uint64_t, uint64_t>> out;
      for (const auto& [b, e, id] : f.Runs()) out.push_back({b, e});
      return out;
    };
    CHECK(bounds() == std::vector<std::pair<uint64_t, uint64_t>>{{0, 10}, {10, 20}, {20, 64}});
    f.Access(0, 64, true, 1, 1, 1);  // the same write again: one run
    CHECK(bounds() == std::vector<std::pair<uint64_t, uint64_t>>{{0, 64}});
  });
}

TEST_CASE("shadow: a strided span touches its copies only, and reports once over them") {
  OnBothStores([](Fixture& f) {
    f.Access(0, 1024, true, 4, 1, 10);  // MTE2 writes [0, 1024)
    // V writes 32 bytes every 64, eight times, ordered after nothing of MTE2.
    f.Access(Span{0, 32, 8, 64}, true, 1, 1, 20);
    REQUIRE(f.rec.conflicts.size() == 1);
    CHECK(f.rec.conflicts[0].begin == 0);
    CHECK(f.rec.conflicts[0].end == 7 * 64 + 32);
    CHECK(f.Writers() ==
          std::vector<uint32_t>{20, 10, 20, 10, 20, 10, 20, 10, 20, 10, 20, 10, 20, 10, 20, 10});
  });
}

TEST_CASE("run shadow: scattered pieces turn it into granules that hold the same cells") {
  Fixture runs(true), granules(false);
  for (uint32_t i = 0; i < 40000; ++i) {  // more pieces than a run shadow keeps
    const uint64_t at = uint64_t{i} * 12;
    runs.Access(at, at + 4, true, 1 + i % 3, 1, i % 7);
    granules.Access(at, at + 4, true, 1 + i % 3, 1, i % 7);
  }
  CHECK(runs.Runs().size() == 40000);
  CHECK(runs.Runs() == granules.Runs());
}

TEST_CASE("spans: overlap is exact for copies at one stride, and never missed") {
  // Brute force over small spans: every pair the bytes say overlaps must be reported, and
  // for one stride no shorter than the bytes, only those.
  const auto bytes_of = [](const Span& x) {
    std::vector<bool> b(512);
    for (uint32_t i = 0; i < x.count; ++i) {
      for (uint64_t at = x.begin + i * x.stride; at < x.end + i * x.stride; ++at) b[at] = true;
    }
    return b;
  };
  int exact = 0;
  for (uint64_t xb : {0, 3, 16}) {
    for (uint64_t xl : {1, 8, 16}) {
      for (uint32_t xc : {1u, 2u, 5u}) {
        for (uint64_t yb : {0, 7, 16, 40, 95}) {
          for (uint64_t yl : {1, 4, 16, 20}) {
            for (uint32_t yc : {1u, 3u}) {
              for (uint64_t stride : {16, 24}) {
                const Span x{xb, xb + xl, xc, xc > 1 ? stride : 0};
                const Span y{yb, yb + yl, yc, yc > 1 ? stride : 0};
                const std::vector<bool> bx = bytes_of(x), by = bytes_of(y);
                bool shared = false;
                for (size_t i = 0; i < bx.size(); ++i) shared |= bx[i] && by[i];
                const bool said = SpansOverlap(x, y);
                CAPTURE(xb);
                CAPTURE(xl);
                CAPTURE(xc);
                CAPTURE(yb);
                CAPTURE(yl);
                CAPTURE(yc);
                CAPTURE(stride);
                if (shared) CHECK(said);
                if (xl <= stride && yl <= stride) {
                  CHECK(said == shared);
                  ++exact;
                }
                CHECK(said == SpansOverlap(y, x));
              }
            }
          }
        }
      }
    }
  }
  CHECK(exact > 1000);
}

TEST_CASE("cells: compaction keeps the cells in use and renumbers the shadow") {
  OnBothStores([](Fixture& f) {
    f.Access(0, 32, true, 1, 1, 1);
    f.Access(0, 32, true, 1, 2, 2);  // the first cell is no longer used
    f.Access(32, 64, true, 1, 3, 3);
    std::vector<bool> used(f.cells.size());
    f.shadow->MarkUsed(&used);
    const size_t before = f.cells.size();
    f.shadow->Renumber(f.cells.Compact(used));
    CHECK(f.cells.size() == before - 1);
    CHECK(f.Writers() == std::vector<uint32_t>{2, 3});
  });
}

}  // namespace
}  // namespace pto::interp::check
