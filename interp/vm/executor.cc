#include "pto/interp/vm/executor.h"

#include <cstring>

#include "pto/common/float_format.h"
#include "pto/common/strings.h"
#include "pto/interp/vm/kernels.h"
#include "pto/interp/vm/access_audit.h"
#include "pto/interp/vm/tools.h"
#include "pto/interp/scalar/scalar_ops.h"  // inlined into the dispatch switch

namespace pto::interp {

Executor::Executor(const Program& program, const Function& function, Core& core,
                   std::vector<GlobalBuffer>& globals)
    : program_(program),
      function_(function),
      core_(core),
      globals_(globals),
      scalars_(function.scalar_regs.size(), Slot{0}),
      scalar_info_(function.scalar_regs.size()),
      tiles_(function.tiles.size()),
      views_(function.views.size()),
      vregs_(function.vregs.size()),
      masks_(function.masks.size()),
      aligns_(function.aligns.size()) {
  for (size_t i = 0; i < scalar_info_.size(); ++i) {
    ScalarInfo& info = scalar_info_[i];
    info.dtype = function.scalar_regs[i];
    info.is_float = IsFloat(info.dtype);
    if (!info.is_float) {
      info.shift = static_cast<uint8_t>(64 - IntBits(info.dtype));
      info.is_signed = IsSigned(info.dtype);
    }
  }
  for (const ConstInit& c : function.consts) std::memcpy(&scalars_[c.reg], &c.bits, 8);
  PackLogicalRegisters();
  for (size_t i = 0; i < tiles_.size(); ++i) {
    const TileReg& reg = function.tiles[i];
    tiles_[i] = TileState{reg.addr, reg.valid_rows, reg.valid_cols};
  }
  ++core_.binding_version;  // a new frame's registers
}

// Each VMI register's place in its packed file, 64-byte aligned for the lane loops.
void Executor::PackLogicalRegisters() {
  auto pack = [](const auto& records, auto bytes_of, std::vector<uint32_t>* at,
                 std::vector<uint8_t>* storage) {
    size_t next = 0;
    at->resize(records.size());
    for (size_t i = 0; i < records.size(); ++i) {
      (*at)[i] = static_cast<uint32_t>(next);
      next += (static_cast<size_t>(bytes_of(records[i])) + 63) & ~size_t{63};
    }
    storage->assign(next, 0);
  };
  pack(function_.lvecs, [](const LVecReg& r) { return r.Bytes(); }, &lvec_at_, &lvec_bytes_);
  pack(function_.lmasks, [](const LMaskReg& r) { return r.lanes; }, &lmask_at_, &lmask_lanes_);
}

std::string TileNameOf(const Program& program, const Function& f, uint32_t reg) {
  const std::string& name = program.String(f.tiles[reg].name);
  return name.empty() ? StrCat("tile ", reg) : "%" + name;
}

std::string Executor::TileName(uint32_t reg) const { return TileNameOf(program_, function_, reg); }

std::string Executor::ViewName(uint32_t reg) const {
  const std::string& name = program_.String(function_.views[reg].name);
  return name.empty() ? StrCat("view ", reg) : "%" + name;
}

bool Executor::Fault(std::string message) {
  const OpInfo& info = GetOpInfo(Decode(&function_.code[pc_]).op);
  const std::string_view mnemonic = info.listing_name();
  // Jumps and loop steps stand for the scf operation at their source position: no prefix.
  fault_ = info.family == Family::kControl ? message : StrCat(mnemonic, ": ", message);
  fault_calls_ = 0;
  fault_more_calls_ = 0;
  fault_line_ = 0;
  for (const LineEntry& l : function_.lines) {
    if (l.code_offset > pc_) break;
    if (l.code_offset == pc_) {
      fault_file_ = program_.String(l.file);
      fault_line_ = static_cast<int>(l.line);
      fault_col_ = static_cast<int>(l.col);
    }
  }
  return false;
}

bool Executor::Suspect(std::string message) {
  if (core_.tool == nullptr) return true;
  const OpInfo& info = GetOpInfo(Decode(&function_.code[pc_]).op);
  std::string text = StrCat(info.listing_name(), ": ", message);
  if (core_.tool->Suspect(function_, pc_, text)) return true;
  return Fault(std::move(message));
}

// A fault 64 calls deep names the innermost calls; the rest, only counted, keep the message
// to a line.
constexpr int kFaultCallsNamed = 3;

bool Executor::PropagateFault(const Executor& callee) {
  std::string message = callee.fault_;
  int calls = callee.fault_calls_;
  int more_calls = callee.fault_more_calls_;
  Fault("");
  if (fault_line_ > 0 && calls < kFaultCallsNamed) {
    message += StrCat(" (in @", program_.String(callee.function_.name), ", called at ",
                      fault_file_, ":", fault_line_, ":", fault_col_, ")");
    ++calls;
  } else if (fault_line_ > 0) {
    ++more_calls;
  }
  fault_ = std::move(message);
  fault_calls_ = calls;
  fault_more_calls_ = more_calls;
  fault_file_ = callee.fault_file_;
  fault_line_ = callee.fault_line_;
  fault_col_ = callee.fault_col_;
  return false;
}

std::string Executor::fault() const {
  if (fault_more_calls_ == 0) return fault_;
  return StrCat(fault_, " (and ", fault_more_calls_, " call", fault_more_calls_ == 1 ? "" : "s",
                " further out)");
}

bool Executor::FaultPosition(std::string* file, int* line, int* col) const {
  if (fault_line_ == 0) return false;
  *file = fault_file_;
  *line = fault_line_;
  *col = fault_col_;
  return true;
}

// A backward jump past RunLimits::check_at: the step limit, or a cancellation, or the next
// poll for one.
bool Executor::StepCheckpoint() {
  RunLimits& l = core_.limits;
  if (l.steps > l.max_steps) return StepLimitFault();
  if (l.cancel && l.cancel->load(std::memory_order_relaxed)) {
    cancelled_ = true;
    return Fault("the run was interrupted");
  }
  l.check_at = std::min(l.max_steps, l.steps + RunLimits::kCancelPoll);
  return true;
}

bool Executor::StepLimitFault() {
  step_limited_ = true;
  return Fault(StrCat("this loop is still running after ", core_.limits.max_steps,
                      " steps; stopped"));
}

bool Executor::TileFault(uint32_t reg) {
  if (tiles_[reg].addr == kUnboundAddress) {
    return Fault(StrCat(TileName(reg), " is used before it is bound to an address"));
  }
  return Fault(StrCat(TileName(reg), " has a dynamic valid shape that was never set"));
}

bool Executor::View(uint32_t reg, const ViewState** out) {
  *out = &views_[reg];
  if (views_[reg].buffer < 0) {
    return Fault(StrCat(ViewName(reg), " is used before any instruction sets it"));
  }
  return true;
}

void Executor::Return(const uint32_t* regs, uint32_t count) {
  results_.resize(count);
  for (uint32_t i = 0; i < count; ++i) results_[i] = scalars_[regs[i]];
  jump_ = kReturn;
}

uint8_t* Executor::Scratch(size_t bytes) {
  if (scratch_.size() < bytes) scratch_.resize(bytes);
  return scratch_.data();
}

// One instruction: the dispatch switch, generated from opcodes.def. Inline into the loop.
[[gnu::always_inline]] inline bool Dispatch(Executor& ex, const Instr& in) {
  switch (in.op) {
#define PTO_OP(Name, Code, mnemonic, operands, Family, Kernel, a2a3, a5, flags) \
  case Opcode::k##Name:                                                         \
    return Exec##Family<ops::Kernel>(ex, in);
#include "pto/common/isa/opcodes.def"
#undef PTO_OP
  }
  return true;
}

Executor::Registers Executor::SaveRegisters() const {
  return {scalars_, tiles_, views_, arrays_};
}

void Executor::RestoreRegisters(Registers saved) {
  scalars_ = std::move(saved.scalars);
  tiles_ = std::move(saved.tiles);
  views_ = std::move(saved.views);
  arrays_ = std::move(saved.arrays);
  ++core_.binding_version;
}

bool Executor::RunLoop(bool from_start) {
  if (core_.tool) return Loop<kTooled>(from_start);
  return core_.limits.audit_accesses ? Loop<kAudited>(from_start) : Loop<kPlain>(from_start);
}

bool Executor::Run() { return RunLoop(true); }

bool Executor::Continue() { return RunLoop(false); }

template <Executor::LoopMode kMode>
bool Executor::Loop(bool from_start) {
  const uint32_t* code = function_.code.data();
  uint64_t& steps = core_.limits.steps;  // in a register, not reloaded through core_
  if (from_start) pc_ = 0;
  jump_ = kNoJump;
  suspended_ = false;
  // With a tool, an instruction it does not watch runs here as it would without one.
  const uint8_t* watched = kMode == kTooled ? core_.tool->Watched(function_) : nullptr;
  for (;;) {
    Instr in = Decode(code + pc_);
    ++steps;
    bool ok;
    if constexpr (kMode == kAudited) {
      ok = AuditedStep(*this, in);
    } else if constexpr (kMode == kTooled) {
      ok = watched[pc_] ? core_.tool->Step(*this, in) : Dispatch(*this, in);
    } else {
      ok = Dispatch(*this, in);
    }
    if (!ok) [[unlikely]] return false;
    if (jump_ == kNoJump) [[likely]] {
      pc_ += in.size();
    } else if (jump_ == kReturn) {
      return true;
    } else if (jump_ == kSuspend) {
      pc_ += in.size();
      suspended_ = true;
      return true;
    } else {
      pc_ = jump_;
      jump_ = kNoJump;
    }
  }
}

}  // namespace pto::interp
