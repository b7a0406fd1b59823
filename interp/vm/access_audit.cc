#include "pto/interp/vm/access_audit.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <map>

#include "pto/common/strings.h"
#include "pto/interp/vm/kernels.h"
#include "pto/interp/vm/touched_bytes.h"

namespace pto::interp {

namespace {

using Arena = AlignedBytes;

// An atomic update of global memory (tstore's atomic add): running it twice adds twice.
bool UpdatesAtomically(const Instr& in) {
  for (const OperandAccess& a : AccessesOf(in.op)) {
    if (a.writes && (a.atomic == OperandAccess::kAlwaysAtomic ||
                     (a.atomic != OperandAccess::kNotAtomic && in.operands[a.atomic] != 0))) {
      return true;
    }
  }
  return false;
}

// Instructions whose effects are their operands' memory and registers only: a trial run can
// be undone. Pipes and comm wait on and signal other cores; tprint writes to stdout; a trial
// of an atomic update would apply it twice (global memory is not restored).
bool Repeatable(const OpInfo& info, const Instr& in) {
  return info.is_tile_op() && !info.is_pipe() && !info.is_comm() &&
         info.family != Family::kPrint && !UpdatesAtomically(in);
}

bool Audited(const OpInfo& info) {
  return (info.is_tile_op() && !info.is_pipe() && !info.is_comm()) ||
         AccessRuleOf(info) == AccessRule::kViewElement;
}

// A byte that no kernel would compute by accident from the original.
uint8_t Scrambled(uint8_t original, size_t at) {
  return static_cast<uint8_t>(original ^ (0xA5u + (at * 0x9E3779B1u >> 24)) ^ 0x5Au) | 1u;
}

class Audit {
 public:
  Audit(Executor& ex, const Instr& in) : ex_(ex), in_(in), info_(GetOpInfo(in.op)) {}

  bool Run();

 private:
  void Watch();
  bool TrialOnScrambled();
  bool CheckWrites();
  bool CheckReads();
  Arena& arena(int m) { return ex_.core().local.arena[m]; }
  bool Fail(std::string what) {
    return ex_.Fault(StrCat("access self-check: ", what, " (common/isa/access.h describes ",
                            "what it touches)"));
  }

  Executor& ex_;
  const Instr& in_;
  const OpInfo& info_;
  TouchedBytes reads_, writes_;
  std::array<bool, kMemoryCount> watched_{};
  std::array<Arena, kMemoryCount> before_;
  std::map<int, AlignedBytes> global_before_;
  std::array<Arena, kMemoryCount> trial_;  // memory after the scrambled run
  std::vector<Slot> trial_scalars_;
  bool trial_ok_ = true;
};

void Audit::Watch() {
  for (int i = 0; i < info_.num_operands(); ++i) {
    if (info_.operands[i].kind != OperandKind::kTile || in_.operands[i] == kNoOperand) continue;
    watched_[static_cast<int>(ex_.function().tiles[in_.operands[i]].type.mem)] = true;
  }
  for (int m = 0; m < kMemoryCount; ++m) {
    watched_[m] = watched_[m] || !reads_.local[m].empty() || !writes_.local[m].empty();
    if (watched_[m]) before_[m] = arena(m);
  }
  // Global memory is another core's too when cores run side by side.
  if (ex_.core().kind != CoreKind::kWhole || ex_.core().signals) return;
  for (const auto* set : {&reads_.global, &writes_.global}) {
    for (const auto& [buffer, bytes] : *set) global_before_[buffer] = ex_.globals()[buffer].bytes;
  }
}

bool Audit::TrialOnScrambled() {
  Executor::Registers saved = ex_.SaveRegisters();
  for (int m = 0; m < kMemoryCount; ++m) {
    if (!watched_[m]) continue;
    Arena& a = arena(m);
    for (size_t i = 0; i < a.size(); ++i) a[i] = Scrambled(a[i], i);
    for (const ByteSet* kept : {&reads_.local[m], &writes_.local[m]}) {
      for (const auto& [begin, end] : kept->ranges()) {
        const uint64_t stop = std::min<uint64_t>(end, a.size());
        if (begin < stop) std::memcpy(a.data() + begin, before_[m].data() + begin, stop - begin);
      }
    }
  }
  trial_ok_ = ex_.Execute(in_);
  for (int m = 0; m < kMemoryCount; ++m) {
    if (!watched_[m]) continue;
    trial_[m] = arena(m);
    arena(m) = before_[m];
  }
  trial_scalars_ = ex_.scalars();
  ex_.RestoreRegisters(std::move(saved));
  return true;
}

bool Audit::CheckWrites() {
  for (int m = 0; m < kMemoryCount; ++m) {
    if (!watched_[m]) continue;
    const Arena& now = arena(m);
    if (std::memcmp(now.data(), before_[m].data(), now.size()) == 0) continue;
    for (size_t i = 0; i < now.size(); ++i) {
      if (now[i] != before_[m][i] && !writes_.local[m].Contains(i)) {
        return Fail(StrCat("it wrote byte ", i, " of ", MemoryName(static_cast<Memory>(m)),
                           ", which is not among the bytes it writes"));
      }
    }
  }
  for (const auto& [buffer, bytes] : global_before_) {
    const AlignedBytes& now = ex_.globals()[buffer].bytes;
    const ByteSet* allowed = writes_.global.count(buffer) ? &writes_.global.at(buffer) : nullptr;
    for (size_t i = 0; i < now.size(); ++i) {
      if (now[i] != bytes[i] && !(allowed && allowed->Contains(i))) {
        return Fail(StrCat("it wrote byte ", i, " of ", ex_.globals()[buffer].name,
                           ", which is not among the bytes it writes"));
      }
    }
  }
  return true;
}

bool Audit::CheckReads() {
  if (!trial_ok_) {
    return Fail("it faulted when bytes it does not read held other values");
  }
  for (int m = 0; m < kMemoryCount; ++m) {
    if (!watched_[m]) continue;
    for (const auto& [begin, end] : writes_.local[m].ranges()) {
      for (uint64_t i = begin; i < end && i < trial_[m].size(); ++i) {
        if (trial_[m][i] != arena(m)[i]) {
          return Fail(StrCat("byte ", i, " of ", MemoryName(static_cast<Memory>(m)),
                             " it writes depends on bytes that are not among those it reads"));
        }
      }
    }
  }
  const std::vector<Slot>& now = ex_.scalars();
  for (size_t r = 0; r < now.size(); ++r) {
    if (std::memcmp(&now[r], &trial_scalars_[r], sizeof(Slot)) != 0) {
      return Fail(StrCat("its scalar result depends on bytes that are not among those it reads"));
    }
  }
  return true;
}

bool Audit::Run() {
  if (!EvaluateTouched(ex_, in_, &reads_, &writes_)) return ex_.Execute(in_);
  Watch();
  const bool repeatable = Repeatable(info_, in_);
  if (repeatable) TrialOnScrambled();
  if (!ex_.Execute(in_)) return false;  // the kernel's own fault
  return CheckWrites() && (!repeatable || CheckReads());
}

}  // namespace

// The dispatch switch again, generated from opcodes.def: in this file, not the executor's, so
// that a second copy there does not crowd the scalar kernels out of the loop's inlining.
bool Executor::Execute(const Instr& in) {
  switch (in.op) {
#define PTO_OP(Name, Code, mnemonic, operands, Family, Kernel, a2a3, a5, flags) \
  case Opcode::k##Name:                                                         \
    return Exec##Family<ops::Kernel>(*this, in);
#include "pto/common/isa/opcodes.def"
#undef PTO_OP
  }
  return true;
}

bool AuditedStep(Executor& ex, const Instr& in) {
  const OpInfo& info = GetOpInfo(in.op);
  if (!Audited(info)) return ex.Execute(in);
  return Audit(ex, in).Run();
}

}  // namespace pto::interp
