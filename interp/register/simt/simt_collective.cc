// The SimtCollective family: votes, shuffles and redux over the lanes of a 32-lane group. A lane
// reaching one records what it brings and stops; the launch (simt_launch.cc) completes the
// collective for the lanes waiting at that instruction and lets them go on.
#include <algorithm>
#include <cmath>

#include "pto/common/strings.h"
#include "pto/interp/vm/kernels.h"
#include "pto/interp/register/simt/simt_collective.h"

namespace pto::interp {

template <typename Op>
bool ExecSimtCollective(Executor& ex, const Instr& in) {
  SimtLane* lane = LaneOf(ex, "a lane collective");
  if (!lane) return false;
  if (lane->top != &ex) {
    return ex.Fault("lane collectives run in the SIMT entry itself; ptorun does not model them "
                    "in a function it calls");
  }
  lane->value = ex.scalar(in.operands[1]);
  lane->control = in.count > 2 && GetOpInfo(in.op).operands[2].kind != OperandKind::kImm
                      ? ex.scalar(in.operands[2]).i
                      : 0;
  lane->wait = SimtLane::Wait::kCollective;
  lane->at = in;
  lane->at_pc = ex.pc();
  ex.Suspend();
  return true;
}

namespace {

uint64_t Low(int64_t v, int bits) {
  return bits >= 64 ? static_cast<uint64_t>(v) : static_cast<uint64_t>(v) & ((1ull << bits) - 1);
}

// The source lane of a shuffle, or -1 (the lane keeps its own value).
int ShuffleSource(Opcode op, int lane, int64_t k, int width) {
  const int base = lane / width * width;
  const int local = lane - base;
  int64_t src = 0;
  switch (op) {
    case Opcode::kShuffleIdx: src = k; break;
    case Opcode::kShuffleUp: src = local - k; break;
    case Opcode::kShuffleDown: src = local + k; break;
    default: src = local ^ k; break;  // kShuffleBfly
  }
  return src < 0 || src >= width ? -1 : base + static_cast<int>(src);
}

void Redux(const Instr& in, const SimtGroup& group, Executor& ex0) {
  const uint32_t d = in.operands[0];
  const ScalarInfo& info = ex0.scalar_info(d);
  const bool is_unsigned = in.operands[2] == 2;
  const int bits = info.is_float ? 0 : 64 - info.shift;
  bool first = true;
  Slot acc{0};
  for (SimtLane* l : group.lanes) {
    if (!l) continue;
    const Slot v = l->value;
    if (first) {
      acc = v;
      first = false;
      continue;
    }
    if (info.is_float) {
      if (in.op == Opcode::kReduxAdd) acc.f = ex0.Round(d, acc.f + v.f);
      else if (in.op == Opcode::kReduxMax) acc.f = std::fmax(acc.f, v.f);
      else acc.f = std::fmin(acc.f, v.f);
    } else if (in.op == Opcode::kReduxAdd) {
      acc.i = ex0.Wrap(d, static_cast<int64_t>(static_cast<uint64_t>(acc.i) +
                                               static_cast<uint64_t>(v.i)));
    } else {
      const bool less = is_unsigned ? Low(v.i, bits) < Low(acc.i, bits) : v.i < acc.i;
      if ((in.op == Opcode::kReduxMin) == less) acc = v;
    }
  }
  for (SimtLane* l : group.lanes) {
    if (l) l->top->scalar(d) = acc;
  }
}

}  // namespace

void CompleteCollective(const Instr& in, const SimtGroup& group) {
  Executor* any = nullptr;
  for (SimtLane* l : group.lanes) {
    if (l && !any) any = l->top;
  }
  if (!any) return;
  const uint32_t d = in.operands[0];
  switch (in.op) {
    case Opcode::kVoteAll:
    case Opcode::kVoteAny:
    case Opcode::kVoteUni:
    case Opcode::kVoteBallot: {
      bool all = true, some = false;
      int64_t ballot = 0;
      for (SimtLane* l : group.lanes) {
        if (!l) continue;
        const bool p = l->value.i != 0;
        all &= p;
        some |= p;
        if (p) ballot |= int64_t{1} << l->lane;
      }
      const int64_t r = in.op == Opcode::kVoteAll   ? all
                        : in.op == Opcode::kVoteAny ? some
                        : in.op == Opcode::kVoteUni ? (all || !some)
                                                    : ballot;
      for (SimtLane* l : group.lanes) {
        if (l) l->top->scalar(d).i = l->top->Wrap(d, r);
      }
      return;
    }
    case Opcode::kReduxAdd:
    case Opcode::kReduxMax:
    case Opcode::kReduxMin:
      Redux(in, group, *any);
      return;
    default: {  // shuffles
      const int width = static_cast<int>(in.operands[3]);
      Slot out[kSimtLanes];
      for (SimtLane* l : group.lanes) {
        if (!l) continue;
        const int src = ShuffleSource(in.op, l->lane, l->control, width);
        out[l->lane] = src >= 0 && group.lanes[src] ? group.lanes[src]->value : l->value;
      }
      for (SimtLane* l : group.lanes) {
        if (l) l->top->scalar(d) = out[l->lane];
      }
      return;
    }
  }
}

#define PTO_IMPLEMENTS_SimtCollective PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
