// Runs one function of a verified program: the register file and the dispatch loop.
#ifndef PTO_INTERP_VM_EXECUTOR_H_
#define PTO_INTERP_VM_EXECUTOR_H_

#include <cstdint>
#include <string>
#include <vector>

#include "pto/common/isa/encoding.h"
#include "pto/common/program.h"
#include "pto/interp/vm/core.h"
#include "pto/interp/vm/machine.h"

namespace pto::interp {

/// A tile operand ready for a kernel: storage pointer, type and current valid shape.
struct TileRef {
  uint8_t* base = nullptr;
  const TileType* type = nullptr;
  int32_t valid_rows = 0;
  int32_t valid_cols = 0;
  uint32_t reg = 0;
  uint32_t addr = 0;

  template <typename T>
  T* At(int64_t r, int64_t c) const {
    return reinterpret_cast<T*>(base) + type->ElementOffset(r, c);
  }
  /// Element (0, 0): the start of the storage in every layout (At without the layout walk).
  template <typename T>
  T* Origin() const {
    return reinterpret_cast<T*>(base);
  }
  uint32_t bytes() const { return type->Bytes(); }
};

/// What a scalar register's type means for arithmetic on it.
struct ScalarInfo {
  DType dtype = DType::kI64;
  uint8_t shift = 0;        ///< 64 - bit width, for wrapping integers with two shifts.
  bool is_signed = true;    ///< Sign- (true) or zero-extended storage.
  bool is_float = false;
};

struct SimtLane;  // interp/register/simt/simt_lane.h

/// "%name" of tile register \a reg of \a f (or "tile 3"), for messages.
std::string TileNameOf(const Program& program, const Function& f, uint32_t reg);

class Executor {
 public:
  /// \a program must have passed verification.
  Executor(const Program& program, const Function& function, Core& core,
           std::vector<GlobalBuffer>& globals);

  /// Register access for parameter set-up and result read-back.
  Slot& scalar(uint32_t reg) { return scalars_[reg]; }
  const Slot& scalar(uint32_t reg) const { return scalars_[reg]; }
  const TileState& tile(uint32_t reg) const { return tiles_[reg]; }
  const ViewState& view(uint32_t reg) const { return views_[reg]; }
  /// For changing a tile's or view's binding: moves Core::binding_version (reads take the
  /// const overloads, through std::as_const where the executor is not const).
  TileState& tile(uint32_t reg) {
    ++core_.binding_version;
    return tiles_[reg];
  }
  ViewState& view(uint32_t reg) {
    ++core_.binding_version;
    return views_[reg];
  }
  VRegValue& vreg(uint32_t reg) { return vregs_[reg]; }
  MaskValue& mask(uint32_t reg) { return masks_[reg]; }
  AlignValue& align(uint32_t reg) { return aligns_[reg]; }
  /// A VMI logical vector's bytes (LVecReg::Bytes of them) and a logical mask's lanes (one
  /// byte each, 0 or 1): interp/vmi/.
  uint8_t* lvec(uint32_t reg) { return lvec_bytes_.data() + lvec_at_[reg]; }
  uint8_t* lmask(uint32_t reg) { return lmask_lanes_.data() + lmask_at_[reg]; }
  LocalMemory& local() { return core_.local; }
  Core& core() { return core_; }
  std::vector<GlobalBuffer>& globals() { return globals_; }
  const std::vector<GlobalBuffer>& globals() const { return globals_; }
  const Function& function() const { return function_; }
  const Program& program() const { return program_; }

  /// Executes the function from its first instruction. Returns false on a fault; fault()
  /// then says what happened and where.
  bool Run();
  /// Continues a function that suspended itself (Suspend) after the instruction it stopped at.
  bool Continue();
  /// Whether the last Run or Continue ended because an instruction suspended the function.
  bool suspended() const { return suspended_; }
  /// Ends Run or Continue after the current instruction, to be continued later: a SIMT workitem
  /// waiting for the other lanes at a collective or a barrier.
  void Suspend() { jump_ = kSuspend; }
  /// The SIMT workitem this frame runs, or null outside a SIMT entry.
  SimtLane* simt() const { return simt_; }
  void set_simt(SimtLane* lane) { simt_ = lane; }
  uint32_t pc() const { return pc_; }
  /// Executes \a in alone (the access audit runs an instruction twice).
  bool Execute(const Instr& in);
  /// The registers and local arrays, saved and restored around an audit's trial run.
  struct Registers {
    std::vector<Slot> scalars;
    std::vector<TileState> tiles;
    std::vector<ViewState> views;
    std::vector<std::vector<Slot>> arrays;
  };
  Registers SaveRegisters() const;
  void RestoreRegisters(Registers saved);
  const std::vector<Slot>& scalars() const { return scalars_; }
  /// The fault's message, with the calls it happened in: the innermost few, then how many more.
  std::string fault() const;
  /// Source position of the faulting instruction ("file:line:col"), if the line table has it.
  bool FaultPosition(std::string* file, int* line, int* col) const;
  /// Whether the fault is the step limit's (the front end says how to raise it).
  bool StoppedAtStepLimit() const { return step_limited_; }
  /// Whether the run was stopped from outside (RunLimits::cancel).
  bool Cancelled() const { return cancelled_; }

  // ---- For kernels ----
  /// Resolves tile register \a reg; faults if it is unbound or its valid shape is unset.
  /// Inline: every tile instruction resolves two or three tiles.
  [[gnu::always_inline]] bool Tile(uint32_t reg, TileRef* ref) {
    const TileState& s = tiles_[reg];
    if (s.addr == kUnboundAddress || s.valid_rows == kDynamic || s.valid_cols == kDynamic)
        [[unlikely]] {
      return TileFault(reg);
    }
    const TileReg& r = function_.tiles[reg];
    ref->base = core_.local.At(r.type.mem, s.addr);
    ref->type = &r.type;
    ref->valid_rows = s.valid_rows;
    ref->valid_cols = s.valid_cols;
    ref->reg = reg;
    ref->addr = s.addr;
    return true;
  }
  /// Resolves view register \a reg; faults if no instruction has set it yet.
  bool View(uint32_t reg, const ViewState** out);
  /// Records a fault for the current instruction and returns false.
  bool Fault(std::string message);
  /// Something the NPU runs as written but that is likely a bug: with --check a warning at the
  /// current instruction (once), with --check=strict a fault. Returns whether the run goes on.
  bool Suspect(std::string message);
  /// "%name" of a tile register (or "tile 3"): TileNameOf in this function.
  std::string TileName(uint32_t reg) const;
  std::string ViewName(uint32_t reg) const;
  /// A scratch buffer of at least \a bytes, reused between instructions.
  uint8_t* Scratch(size_t bytes);
  /// Ends the function, keeping the values of \a count registers as its results.
  void Return(const uint32_t* regs, uint32_t count);
  const std::vector<Slot>& results() const { return results_; }
  /// The function's local array in \a slot (empty until its declaration runs).
  std::vector<Slot>& local_array(uint32_t slot) {
    if (slot >= arrays_.size()) arrays_.resize(slot + 1);
    return arrays_[slot];
  }
  /// Continues at code offset \a target after the current instruction. A backward jump counts
  /// against the step limit; returns false (a fault) when the limit is passed.
  bool JumpTo(uint32_t target) {
    jump_ = target;
    if (target <= pc_ && core_.limits.steps > core_.limits.check_at) [[unlikely]] {
      return StepCheckpoint();
    }
    return true;
  }
  const ScalarInfo& scalar_info(uint32_t reg) const { return scalar_info_[reg]; }
  /// \a v wrapped to the width of integer register \a reg.
  int64_t Wrap(uint32_t reg, int64_t v) const {
    const ScalarInfo& info = scalar_info_[reg];
    uint64_t shifted = static_cast<uint64_t>(v) << info.shift;
    return info.is_signed ? static_cast<int64_t>(shifted) >> info.shift
                          : static_cast<int64_t>(shifted >> info.shift);
  }
  /// \a v rounded to the float type of register \a reg.
  double Round(uint32_t reg, double v) const;
  RunLimits& limits() { return core_.limits; }
  const BlockInfo& block() const { return core_.info; }
  /// Takes over the fault of a called function, adding where it was called from.
  bool PropagateFault(const Executor& callee);
  bool TileFault(uint32_t reg);
  bool StepLimitFault();
  bool StepCheckpoint();

 private:
  enum LoopMode { kPlain, kAudited, kTooled };
  template <LoopMode kMode>
  bool Loop(bool from_start = true);
  bool RunLoop(bool from_start);
  void PackLogicalRegisters();

  const Program& program_;
  const Function& function_;
  Core& core_;
  std::vector<GlobalBuffer>& globals_;
  std::vector<Slot> scalars_;
  std::vector<ScalarInfo> scalar_info_;
  std::vector<TileState> tiles_;
  std::vector<ViewState> views_;
  // The register layer's registers (zero when the function starts).
  std::vector<VRegValue> vregs_;
  std::vector<MaskValue> masks_;
  std::vector<AlignValue> aligns_;
  // The VMI layer's registers, packed: register r starts at lvec_at_[r] (zero at the start).
  std::vector<uint8_t> lvec_bytes_;
  std::vector<uint32_t> lvec_at_;
  std::vector<uint8_t> lmask_lanes_;
  std::vector<uint32_t> lmask_at_;
  std::vector<uint8_t> scratch_;
  std::vector<Slot> results_;
  std::vector<std::vector<Slot>> arrays_;  ///< pto.declare_local_array storage, by slot.
  std::string fault_;
  int fault_calls_ = 0;       ///< "(in @f, called at ...)" clauses in fault_.
  int fault_more_calls_ = 0;  ///< Calls further out, counted but not named.
  std::string fault_file_;
  int fault_line_ = 0;
  int fault_col_ = 0;
  bool step_limited_ = false;  ///< the fault is the step limit's
  bool cancelled_ = false;     ///< the fault is a cancellation
  uint32_t pc_ = 0;
  // What the dispatch loop does after the current instruction: the next one (kNoJump), leave
  // the function (kReturn, set by Return), or continue at a code offset (JumpTo). One word, so
  // the loop tests one thing per instruction.
  static constexpr uint32_t kNoJump = 0xffffffffu;
  static constexpr uint32_t kReturn = 0xfffffffeu;
  static constexpr uint32_t kSuspend = 0xfffffffdu;
  uint32_t jump_ = kNoJump;
  bool suspended_ = false;
  SimtLane* simt_ = nullptr;
};

}  // namespace pto::interp

#endif  // PTO_INTERP_VM_EXECUTOR_H_
