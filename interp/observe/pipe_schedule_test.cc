// The schedule's rules on records made by hand: a wait for another core's signal, a wait whose
// signal never comes, a vector barrier's drain, and the head a streaming pipe does not pay.
#include "pto/interp/observe/pipe_schedule.h"

#include <doctest/doctest.h>

namespace pto::interp::observe {
namespace {

using Kind = check::FlagEvent::Kind;

int PipeOf(Pipe p) { return PipeIndex(static_cast<uint32_t>(p)); }

CostRecord Work(Pipe pipe, uint32_t body, uint32_t head = 0) {
  return {nullptr, 0, head, body, 0, Kind::kNone, static_cast<int8_t>(PipeOf(pipe)), -1, -1,
          false, false, Opcode::kTAdd, -1};
}

CostRecord Sync(Kind kind, Pipe pipe, int32_t id) {
  const auto p = static_cast<int8_t>(PipeOf(pipe));
  return {nullptr, 0, 0, 1, id, kind, 0, p, p, false, false, Opcode::kSyncSet, -1};
}

TEST_CASE("a sync.wait holds its pipe until another core's sync.set fired") {
  CostRecorder setter(false), waiter(false);
  setter.Append(Work(Pipe::kMTE3, 10));                 // MTE3 [0, 10)
  setter.Append(Sync(Kind::kCrossSet, Pipe::kMTE3, 0));  // MTE3 [10, 11): fires at 11
  waiter.Append(Sync(Kind::kCrossWait, Pipe::kV, 0));    // V [11, 12)
  waiter.Append(Work(Pipe::kV, 5));                      // V [12, 17)
  // The waiting core first: it stops at its wait until the setter has run.
  const BlockSchedule s = ScheduleBlock({&waiter, &setter});
  CHECK(s.cores[0].placed[0].start == 11);
  CHECK(s.cores[0].placed[1].start == 12);
  CHECK(s.cores[0].end == 17);
  CHECK(s.end == 17);
  REQUIRE(s.arrows.size() == 1);
  CHECK(s.arrows[0].from_core == 1);
  CHECK(s.arrows[0].from == 1);
  CHECK(s.arrows[0].to_core == 0);
  CHECK(s.unmatched_waits == 0);
}

TEST_CASE("a wait no core signals is taken as set, and counted") {
  CostRecorder alone(false);
  alone.Append(Sync(Kind::kCrossWait, Pipe::kV, 3));
  alone.Append(Work(Pipe::kV, 4));
  const BlockSchedule s = ScheduleBlock({&alone});
  CHECK(s.unmatched_waits == 1);
  CHECK(s.end == 5);
}

TEST_CASE("a vector barrier drains for 16 cycles only with vector work queued") {
  CostRecorder core(false);
  core.Append(Work(Pipe::kV, 20));  // V [0, 20); issue 1
  CostRecord barrier = Sync(Kind::kBarrier, Pipe::kV, 0);
  barrier.body = 0;
  core.Append(barrier);  // V [20, 36)
  core.Append(barrier);  // issued at 2, no vector work left behind the first: nothing to drain
  const BlockSchedule s = ScheduleBlock({&core});
  CHECK(s.cores[0].placed[1].start == 20);
  CHECK(s.cores[0].placed[1].cycles == 16);
  CHECK(s.cores[0].placed[2].start == 36);
  CHECK(s.cores[0].placed[2].cycles == 0);
  CostRecorder idle(false);
  idle.Append(barrier);
  CHECK(ScheduleBlock({&idle}).cores[0].placed[0].cycles == 0);
}

TEST_CASE("a vector instruction right after another pays no head; after a gap it does") {
  CostRecorder core(false);
  core.Append(Work(Pipe::kV, 4, 6));      // V [0, 10): the first pays its head
  core.Append(Work(Pipe::kV, 4, 6));      // V [10, 14): streams
  core.Append(Sync(Kind::kSet, Pipe::kV, 0));  // V [14, 15)
  core.Append(Work(Pipe::kV, 4, 6));      // V [15, 25): after the flag, a gap
  const BlockSchedule s = ScheduleBlock({&core});
  CHECK(s.cores[0].placed[0].cycles == 10);
  CHECK(s.cores[0].placed[1].start == 10);
  CHECK(s.cores[0].placed[1].cycles == 4);
  CHECK(s.cores[0].placed[3].start == 15);
  CHECK(s.cores[0].placed[3].cycles == 10);
  CHECK(s.cores[0].busy[PipeOf(Pipe::kV)] == 25);
  CHECK(s.cores[0].busy[PipeOf(Pipe::kS)] == 4);  // four dispatches
}

}  // namespace
}  // namespace pto::interp::observe
