// The schedule's rules on records made by hand: a wait for another core's signal, a wait whose
// signal never comes, a drain and who pays it, and the head a streaming pipe does not pay.
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

TEST_CASE(
    "a barrier drains the pipe's last work once; a streamed instruction takes over the drain") {
  CostRecorder core(false);
  CostRecord first = Work(Pipe::kV, 20);
  first.tail = 14;
  core.Append(first);  // V [0, 20); issue 1
  CostRecord barrier = Sync(Kind::kBarrier, Pipe::kV, 0);
  barrier.body = 0;
  core.Append(barrier);  // its drain: the first becomes [0, 34); the barrier at 34
  core.Append(barrier);  // nothing left to drain
  const BlockSchedule s = ScheduleBlock({&core});
  CHECK(s.cores[0].placed[0].cycles == 34);
  CHECK(s.cores[0].placed[1].start == 34);
  CHECK(s.cores[0].placed[1].cycles == 0);
  CHECK(s.cores[0].placed[2].start == 34);
  CHECK(s.cores[0].busy[PipeOf(Pipe::kV)] == 34);

  CostRecorder stream(false);
  CostRecord a = Work(Pipe::kV, 4, 6), b = Work(Pipe::kV, 4, 6);
  a.tail = 14, b.tail = 18;
  stream.Append(a);  // V [0, 10)
  stream.Append(b);  // V [10, 14): streams, its tail replaces a's
  const BlockSchedule t = ScheduleBlock({&stream});
  CHECK(t.cores[0].placed[0].cycles == 10);
  CHECK(t.cores[0].placed[1].cycles == 4 + 18);  // drained at the kernel's end
  CHECK(t.end == 32);
}

TEST_CASE("a set_flag fires after its pipe's last work drained") {
  CostRecorder core(false);
  CostRecord vec = Work(Pipe::kV, 10);
  vec.tail = 5;
  core.Append(vec);  // V [0, 10), drained to 15 by the set
  CostRecord set = Sync(Kind::kSet, Pipe::kV, 0), wait = Sync(Kind::kWait, Pipe::kV, 0);
  set.dst = wait.dst = static_cast<int8_t>(PipeOf(Pipe::kMTE3));
  core.Append(set);   // V [15, 16): fires at 16
  core.Append(wait);  // MTE3 [16, 17)
  core.Append(Work(Pipe::kMTE3, 7));
  const BlockSchedule s = ScheduleBlock({&core});
  CHECK(s.cores[0].placed[0].cycles == 15);
  CHECK(s.cores[0].placed[1].start == 15);
  CHECK(s.cores[0].placed[3].start == 17);
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
