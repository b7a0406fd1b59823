// The SimtState and SimtQuery families: the launch size, barriers and fences, keep/resume
// slots, and what a workitem asks about itself (micro-isa 17).
#include <cstring>

#include "pto/common/float_format.h"
#include "pto/common/strings.h"
#include "pto/interp/vm/kernels.h"
#include "pto/interp/register/simt/simt_lane.h"

namespace pto::interp {

namespace {

// The 32-bit words a kept value of register type \a t takes: two for 64-bit integers.
int SlotWords(DType t) { return !IsFloat(t) && IntBits(t) > 32 ? 2 : 1; }

uint64_t SlotBitsOf(const Executor& ex, uint32_t reg) {
  const ScalarInfo& info = ex.scalar_info(reg);
  const Slot s = ex.scalar(reg);
  switch (info.dtype) {
    case DType::kF32: return FloatBits(static_cast<float>(s.f));
    case DType::kF16: return EncodeFloat(s.f, kHalfFormat, RoundMode::kRint);
    case DType::kBF16: return EncodeFloat(s.f, kBF16Format, RoundMode::kRint);
    default: return static_cast<uint64_t>(s.i);
  }
}

void SetFromSlotBits(Executor& ex, uint32_t reg, uint64_t bits) {
  const ScalarInfo& info = ex.scalar_info(reg);
  Slot& s = ex.scalar(reg);
  switch (info.dtype) {
    case DType::kF32: s.f = BitsFloat(static_cast<uint32_t>(bits)); break;
    case DType::kF16: s.f = DecodeFloat(bits & 0xffff, kHalfFormat); break;
    case DType::kBF16: s.f = DecodeFloat(bits & 0xffff, kBF16Format); break;
    default: s.i = ex.Wrap(reg, static_cast<int64_t>(bits)); break;
  }
}

}  // namespace

template <typename Op>
bool ExecSimtState(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  if constexpr (std::is_same_v<Op, ops::StoreVfsimtInfo>) {
    SimtState& simt = ex.core().simt;
    simt.dim_z = ex.scalar(o[0]).i;
    simt.dim_y = ex.scalar(o[1]).i;
    simt.dim_x = ex.scalar(o[2]).i;
    return true;
  } else if constexpr (std::is_same_v<Op, ops::ThreadFence> ||
                       std::is_same_v<Op, ops::ThreadFenceBlock>) {
    // Workitems run one at a time, each in program order: every effect is already ordered.
    return LaneOf(ex, "a thread fence") != nullptr;
  } else if constexpr (std::is_same_v<Op, ops::SyncThreads>) {
    SimtLane* lane = LaneOf(ex, "pto.syncthreads");
    if (!lane) return false;
    if (lane->top != &ex) {
      return ex.Fault("pto.syncthreads runs in the SIMT entry itself; ptorun does not model it "
                      "in a function the entry calls");
    }
    lane->wait = SimtLane::Wait::kBarrier;
    ex.Suspend();
    return true;
  } else {
    constexpr bool kKeep = std::is_same_v<Op, ops::Keep>;
    static_assert(kKeep || std::is_same_v<Op, ops::Resume>);
    SimtLane* lane = LaneOf(ex, kKeep ? "pto.keep" : "pto.resume");
    if (!lane) return false;
    const uint32_t reg = o[0];
    const uint32_t slot = o[1];
    const int words = SlotWords(ex.scalar_info(reg).dtype);
    SimtState& simt = ex.core().simt;
    const size_t at = static_cast<size_t>(lane->linear) * SimtState::kSlots + slot;
    if (slot + words > SimtState::kSlots) {
      return ex.Fault(StrCat("slot ", slot, " and the next are outside the slots 0 to ",
                             SimtState::kSlots - 1));
    }
    if constexpr (kKeep) {
      const uint64_t bits = SlotBitsOf(ex, reg);
      for (int w = 0; w < words; ++w) {
        simt.slot_bits[at + w] = static_cast<uint32_t>(bits >> (32 * w));
        simt.slot_kept[at + w] = 1;
      }
    } else {
      uint64_t bits = 0;
      for (int w = 0; w < words; ++w) {
        if (!simt.slot_kept[at + w]) {
          return ex.Fault(StrCat("slot ", slot + w, " of workitem ", lane->linear,
                                 " holds nothing: no earlier SIMT entry kept a value there"));
        }
        bits |= uint64_t{simt.slot_bits[at + w]} << (32 * w);
      }
      SetFromSlotBits(ex, reg, bits);
    }
    return true;
  }
}

template <typename Op>
bool ExecSimtQuery(Executor& ex, const Instr& in) {
  const uint32_t d = in.operands[0];
  if constexpr (std::is_same_v<Op, ops::GetClock32> || std::is_same_v<Op, ops::GetClock64>) {
    ex.scalar(d).i = ex.Wrap(d, static_cast<int64_t>(ex.limits().steps));
    return true;
  } else if constexpr (std::is_same_v<Op, ops::GetVecCoreId>) {
    ex.scalar(d).i = ex.Wrap(d, ex.block().subblock_idx);
    return true;
  } else {
    SimtLane* lane = LaneOf(ex, GetOpInfo(in.op).mnemonic.data());
    if (!lane) return false;
    const int l = lane->lane;
    const uint64_t eq = uint64_t{1} << l;
    const uint64_t all = 0xffffffffull;
    int64_t v = 0;
    if constexpr (std::is_same_v<Op, ops::GetTidX>) v = lane->tid[0];
    if constexpr (std::is_same_v<Op, ops::GetTidY>) v = lane->tid[1];
    if constexpr (std::is_same_v<Op, ops::GetTidZ>) v = lane->tid[2];
    if constexpr (std::is_same_v<Op, ops::GetBlockDimX>) v = lane->dim[0];
    if constexpr (std::is_same_v<Op, ops::GetBlockDimY>) v = lane->dim[1];
    if constexpr (std::is_same_v<Op, ops::GetBlockDimZ>) v = lane->dim[2];
    // One VF block: grid sizes and block indices read 0 (docs/semantics.md "### simt").
    if constexpr (std::is_same_v<Op, ops::GetLaneId>) v = l;
    if constexpr (std::is_same_v<Op, ops::GetLanemaskEq>) v = static_cast<int64_t>(eq);
    if constexpr (std::is_same_v<Op, ops::GetLanemaskLe>) v = static_cast<int64_t>((eq << 1) - 1);
    if constexpr (std::is_same_v<Op, ops::GetLanemaskLt>) v = static_cast<int64_t>(eq - 1);
    if constexpr (std::is_same_v<Op, ops::GetLanemaskGe>) v = static_cast<int64_t>(all & ~(eq - 1));
    if constexpr (std::is_same_v<Op, ops::GetLanemaskGt>) {
      v = static_cast<int64_t>(all & ~((eq << 1) - 1));
    }
    ex.scalar(d).i = ex.Wrap(d, v);
    return true;
  }
}

#define PTO_IMPLEMENTS_SimtState PTO_YES
#define PTO_IMPLEMENTS_SimtQuery PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
