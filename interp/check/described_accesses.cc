#include "pto/interp/check/described_accesses.h"

#include <algorithm>
#include <utility>
#include <array>
#include <cstring>

#include "pto/common/isa/access.h"
#include "pto/common/isa/opcode.h"
#include "pto/interp/vm/executor.h"
#include "pto/interp/vm/touched_bytes.h"

namespace pto::interp {

namespace check {

TileStepMemo::Entry& TileStepMemo::At(const void* function, uint32_t pc, Opcode op) {
  if (entries_.empty()) entries_.resize(kSlots);
  const size_t h = (reinterpret_cast<uintptr_t>(function) >> 4) * 0x9e3779b1u + pc;
  Entry& e = entries_[h & (kSlots - 1)];
  if (e.function != function || e.pc != pc || e.op != op) {
    e.function = function, e.pc = pc, e.op = op;
    e.reads.valid = e.writes.valid = false;
    e.serial = kNone;
    e.version = kNone;
  }
  return e;
}

}  // namespace check


bool DescribedAccesses(Executor& ex, const Instr& in, bool writes, std::vector<Access>* out) {
  const OpInfo& info = GetOpInfo(in.op);
  thread_local TouchedBytes bytes;  // one per thread (blocks run on threads), reused
  for (const OperandAccess& a : AccessesOf(in.op, ex.program().arch)) {
    if (in.operands[a.operand] == kNoOperand) continue;  // an absent optional tile
    if (writes ? !a.writes : !a.reads) continue;
    bytes.Clear();
    if (!EvaluateOperandTouched(ex, in, a, &bytes)) return false;
    const uint32_t reg = in.operands[a.operand];
    const bool tile = info.operands[a.operand].kind == OperandKind::kTile;
    Access base;
    base.exact = a.region != Region::kStorage;
    if (tile) {
      base.tile = static_cast<int>(reg);
      base.origin = std::as_const(ex).tile(reg).addr;
      base.elem_bytes = DTypeSize(ex.function().tiles[reg].type.dtype);
    }
    base.write = writes;
    base.atomic = a.atomic == OperandAccess::kAlwaysAtomic ||
                  (a.atomic != OperandAccess::kNotAtomic && in.operands[a.atomic] != 0);
    const auto add = [&](Place place, const ByteSet& set) {
      for (const auto& [b, e] : set.ranges()) {
        Access x = base;
        x.place = place;
        x.begin = b, x.end = e;
        out->push_back(x);
      }
    };
    for (int m = 0; m < kMemoryCount; ++m) add(Place{false, static_cast<Memory>(m), 0}, bytes.local[m]);
    for (const auto& [buffer, set] : bytes.global) add(Place{true, Memory::kVec, buffer}, set);
  }
  return true;
}

namespace {

// Which operands of an opcode name tile, view and scalar registers (a bit per operand), made
// once from the table; listed is false where the operand list is variable.
struct KeyPlan {
  uint32_t tiles = 0, views = 0, scalars = 0;
  uint32_t count = 0;
  bool listed = false;
};

const KeyPlan& KeyPlanOf(Opcode op) {
  static const std::array<KeyPlan, kOpcodeCount> plans = [] {
    std::array<KeyPlan, kOpcodeCount> t{};
    for (int o = 0; o < kOpcodeCount; ++o) {
      const OpInfo& info = GetOpInfo(static_cast<Opcode>(o));
      KeyPlan& p = t[o];
      p.listed = !info.variadic && info.num_operands() <= 32;
      p.count = static_cast<uint32_t>(info.num_operands());
      for (int i = 0; i < info.num_operands() && p.listed; ++i) {
        const RegClass c = GetKindInfo(info.operands[i].kind).reg_class;
        if (c == RegClass::kTile) p.tiles |= 1u << i;
        if (c == RegClass::kView) p.views |= 1u << i;
        if (c == RegClass::kScalar) p.scalars |= 1u << i;
      }
    }
    return t;
  }();
  return plans[static_cast<int>(op)];
}

}  // namespace

bool RememberScalars(const Executor& ex, const Instr& in, check::TileStepMemo::Entry* e) {
  using Entry = check::TileStepMemo::Entry;
  e->scalar_count = 0;
  for (uint32_t m = KeyPlanOf(in.op).scalars; m != 0; m &= m - 1) {
    const uint32_t reg = in.operands[__builtin_ctz(m)];
    if (reg == kNoOperand) continue;
    if (e->scalar_count == Entry::kMaxScalars) return false;
    e->scalars[e->scalar_count++] = ex.scalar(reg).i;
  }
  return true;
}

bool SameScalars(const Executor& ex, const Instr& in, const check::TileStepMemo::Entry& e) {
  int n = 0;
  for (uint32_t m = KeyPlanOf(in.op).scalars; m != 0; m &= m - 1) {
    const uint32_t reg = in.operands[__builtin_ctz(m)];
    if (reg == kNoOperand) continue;
    if (n == e.scalar_count || ex.scalar(reg).i != e.scalars[n++]) return false;
  }
  return n == e.scalar_count;
}

// Everything the evaluation reads besides the code: the state of each tile, view and scalar
// operand. False for an instruction whose operands the table does not list one by one, or
// whose state is too large to remember.
bool DescribedKey(const Executor& ex, const Instr& in, check::TileStepMemo::Key* key) {
  using Key = check::TileStepMemo::Key;
  const KeyPlan& plan = KeyPlanOf(in.op);
  if (!plan.listed || in.count != plan.count) return false;
  uint32_t n = 0;
  for (uint32_t m = plan.tiles; m != 0; m &= m - 1) {
    const uint32_t reg = in.operands[__builtin_ctz(m)];
    if (reg == kNoOperand) continue;  // static: the code says so
    if (n + 2 > Key::kMaxWords) return false;
    const TileState& t = ex.tile(reg);
    key->words[n++] = uint64_t{t.addr} << 32 | static_cast<uint32_t>(t.valid_rows);
    key->words[n++] = static_cast<uint32_t>(t.valid_cols);
  }
  for (uint32_t m = plan.scalars; m != 0; m &= m - 1) {
    const uint32_t reg = in.operands[__builtin_ctz(m)];
    if (reg == kNoOperand) continue;
    if (n + 1 > Key::kMaxWords) return false;
    key->words[n++] = static_cast<uint64_t>(ex.scalar(reg).i);
  }
  for (uint32_t m = plan.views; m != 0; m &= m - 1) {
    const uint32_t reg = in.operands[__builtin_ctz(m)];
    if (reg == kNoOperand) continue;
    const ViewState& v = ex.view(reg);
    const int rank = std::min(v.rank, kMaxViewRank);
    if (n + 2 + 2 * static_cast<uint32_t>(rank) > Key::kMaxWords) return false;
    key->words[n++] = uint64_t(static_cast<uint32_t>(v.buffer)) << 32 | static_cast<uint32_t>(v.rank);
    key->words[n++] = static_cast<uint64_t>(v.offset);
    for (int d = 0; d < rank; ++d) {
      key->words[n++] = static_cast<uint64_t>(v.shape[d]);
      key->words[n++] = static_cast<uint64_t>(v.stride[d]);
    }
  }
  key->size = n;
  return true;
}

const std::vector<Access>* RememberedAccesses(Executor& ex, const Instr& in, bool writes,
                                              const check::TileStepMemo::Key& key,
                                              check::TileStepMemo::Evaluated* e, bool* fresh) {
  *fresh = !e->valid || !(e->key == key);
  if (!*fresh) return &e->accesses;
  e->valid = false;
  e->accesses.clear();
  if (!DescribedAccesses(ex, in, writes, &e->accesses)) return nullptr;
  e->key = key;
  e->valid = true;
  return &e->accesses;
}

}  // namespace pto::interp
