// One core of a block: its on-chip memories, its step budget, which core it is, and its ends
// of the cube <-> vector pipes.
#ifndef PTO_INTERP_VM_CORE_H_
#define PTO_INTERP_VM_CORE_H_

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "pto/interp/vm/machine.h"
#include "pto/interp/vm/memory_access.h"
#include "pto/interp/vm/pipe_hub.h"

namespace pto::interp {

/// Which block of a multi-block launch is running, and which of its cores.
struct BlockInfo {
  int64_t block_idx = 0;
  int64_t block_num = 1;
  int64_t subblock_idx = 0;
  int64_t subblock_num = 1;
};

/// Limits shared by every frame of one core's run.
struct RunLimits {
  uint64_t steps = 0;               ///< Instructions executed so far.
  uint64_t max_steps = 1000000000;  ///< A backward jump past this many steps is a fault.
  /// The step count past which a backward jump next looks at max_steps and at \a cancel: one
  /// compare on the hot path for both.
  uint64_t check_at = 1000000000;
  /// Set by another thread to stop the run (Python's Ctrl-C); looked at every kCancelPoll steps.
  const std::atomic<bool>* cancel = nullptr;
  static constexpr uint64_t kCancelPoll = uint64_t{1} << 16;
  /// Stop the run when \a flag is set.
  void CancelWith(const std::atomic<bool>* flag) {
    cancel = flag;
    check_at = flag ? std::min(max_steps, steps + kCancelPoll) : max_steps;
  }
  int call_depth = 0;
  /// Check every instruction against its access description (ptorun --audit-accesses).
  bool audit_accesses = false;
};

/// What a core runs. A program without pipes runs each block on one core that does everything
/// in program order; a program with pipes runs a cube core and two vector cores apart.
enum class CoreKind : uint8_t { kWhole, kCube, kVector };

/// The fixpipe a cube core's pushes of acc tiles pass through on one pipe (pipe_epilogue),
/// and its quantisation state (set_quant_scalar, set_quant_vector).
struct FixpipeState {
  bool on = false;
  uint32_t layout = 0, quant = 0, relu = 0;  ///< pipe_epilogue's codes
  bool has_scale = false;
  float scale = 1.0f;                 ///< set_quant_scalar's
  uint32_t params_tile = 0xffffffffu;  ///< set_quant_vector's tile register, or none
};

/// This core's end of one pipe, as its initialize_pipe set it up.
struct PipeEnd {
  bool ready = false;
  uint32_t dir_mask = 0;       ///< 1 cube to vector, 2 vector to cube, 3 both.
  uint32_t c2v_buffer = 0;     ///< Address of the vector side's slots (in its UB).
  uint32_t v2c_buffer = 0;     ///< Address of the cube side's slots (in its L1).
  uint32_t slot_size = 0;      ///< Bytes per slot.
  uint32_t slots = 0;          ///< Tiles that may be in flight at once.
  uint32_t local_slots = 0;    ///< Slots of the consumer buffer (A2/A3 local_slot_num).
  uint64_t popped = 0;         ///< Tiles this core has popped (picks the next slot).
  uint32_t held = 0;           ///< Popped and not yet freed.
  FixpipeState fixpipe;
  bool gm_slots = false;       ///< A GM FIFO: slot n is `slot_view` moved by n * slot_size bytes.
  ViewState slot_view;
  uint64_t allocated = 0;      ///< GM slots this core has allocated (talloc).
};

/// Pipe ids are immediates below this (the verifier checks).
constexpr int kMaxPipes = 64;

/// The im2col settings of a core (tsetfmatrix, tset_img2col_rpt, tset_img2col_padding, or the
/// feature-map attributes of timg2col itself), read by timg2col (docs/semantics.md "Im2col").
struct Img2colState {
  bool fmatrix_set = false;  ///< FMATRIX has been written since the core started.
  uint32_t fmap_h = 0, fmap_w = 0;
  uint32_t pad_top = 0, pad_bottom = 0, pad_left = 0, pad_right = 0;
  uint32_t repeat_stride = 0, repeat_time = 1, repeat_mode = 0, dst_stride = 0, dst_position = 0;
  uint32_t pad_bits = 0;   ///< The pad value: an i32, or the bits of an f32 when pad_float.
  bool pad_float = false;
};

class SignalHub;

/// The SIMT state of a vector core (micro-isa 17): the launch size pto.store_vfsimt_info set
/// for the next SIMT entry call, and the keep/resume slots of each workitem, which live from one
/// entry call to the next (interp/register/simt/simt_launch.cc).
struct SimtState {
  int64_t dim_x = 0, dim_y = 0, dim_z = 0;  ///< 0: no launch configured yet.
  static constexpr int kSlots = 123;         ///< Slot ids 0..122 (32-bit words).
  std::vector<uint32_t> slot_bits;           ///< [workitem * kSlots + slot].
  std::vector<uint8_t> slot_kept;            ///< Whether that word has been kept.
};

/// The DMA loop registers the set_loop*_stride_* and set_loop_size_* instructions write
/// (interp/register/dma_config.cc), one set per direction.
struct DmaLoopState {
  int64_t loop1_src = 0, loop1_dst = 0, loop2_src = 0, loop2_dst = 0;
  int64_t size1 = 1, size2 = 1;
};

/// The repeat layer's mask state (A2/A3): the mode set_mask_norm / set_mask_count choose and the
/// 128-bit VMASK set_vector_mask writes, read by instructions written {mask = "state"}
/// (interp/repeat/). Reset: normal mode, every lane.
struct RepeatMaskState {
  bool counter = false;
  uint64_t hi = ~uint64_t{0}, lo = ~uint64_t{0};
};

class StepTool;  // vm/tools.h

/// How instructions round (ptorun --arith): as the NPU's instruction sequences do, every
/// intrinsic rounding to its type (docs/semantics.md "The NPU's arithmetic"), or each result
/// rounded once from the exact value.
enum class Arith : uint8_t { kNpu, kExact };

struct Core {
  Core(Arch arch, const BlockInfo& block, CoreKind core_kind, PipeHub* block_hub, uint64_t max_steps)
      : local(arch), info(block), kind(core_kind), hub(block_hub) {
    limits.max_steps = max_steps;
    limits.check_at = max_steps;
  }
  /// "cube core", "vector core 1" (empty for the whole-block core).
  std::string Name() const;

  LocalMemory local;
  RunLimits limits;
  BlockInfo info;
  CoreKind kind;
  PipeHub* hub;  ///< The block's pipes; null when the block runs on one core.
  /// The block's cores when they run apart (the cube core, vector cores 0 and 1), whose
  /// memories cross-core copies reach; all null when one core runs the block.
  std::array<Core*, 3> block_cores{};
  std::array<PipeEnd, kMaxPipes> pipes{};
  /// The launch's comm signals; null when the program has no comm instructions.
  SignalHub* signals = nullptr;
  /// wait_cross_block: how many times this core has waited for each flag id.
  std::array<int64_t, kMaxPipes> cross_block_waits{};
  /// The core gave up because another core of the block faulted (its own fault is a symptom).
  bool stopped = false;
  /// Matmul input rounding set by tsethf32mode / tsettf32mode: 0 off, else 1 + the
  /// RoundMode f32 inputs are rounded with.
  uint8_t hf32_mode = 0, tf32_mode = 0;
  Arith arith = Arith::kNpu;
  /// The MX scale buffers beside L0A and L0B (VPTO mte_l1_l0a_mx / mte_l1_l0b_mx write them,
  /// mad_mx* reads them at its operands' addresses); sized on first use.
  std::array<std::vector<uint8_t>, 2> mx_scales;
  /// The CTRL register (VPTO get_ctrl / set_ctrl): held, its bits not consulted.
  uint64_t ctrl = 0;
  /// The atomic mode of the DMA's writes to GM (VPTO set_atomic_*): 0 none, 1 add, 2 max,
  /// 3 min, on elements of atomic_type (kInvalid until a set_atomic_<type>).
  uint8_t atomic_op = 0;
  DType atomic_type = DType::kInvalid;
  Img2colState img2col;
  DmaLoopState out_to_ub, ub_to_out;
  /// The pad register set_mov_pad_val writes (the value's bits), read by copy_gm_to_ubuf.
  uint64_t mov_pad_bits = 0;
  /// The vector unit's special registers: AR, the address offset vstur / vstar add (sprclr
  /// clears it), and SQZN, the bytes the last vsqz / vusqz kept, which vstur stores (-1: no
  /// squeeze has run on this core).
  int64_t spr_ar = 0, spr_sqzn = -1;
  /// VMS4_SR: the records the last vmrgsort4 took from each list, 16 bits each.
  uint64_t vms4_sr = 0;
  SimtState simt;
  RepeatMaskState repeat_mask;
  /// What watches this core (the sanitizer, the observers: vm/tools.h), or null.
  StepTool* tool = nullptr;
  /// Moves whenever a tile or view register of a frame on this core may change (a frame made
  /// or restored, Executor's non-const tile() and view()): a tool that remembers what an
  /// instruction touched for an operand state can tell that the state is still the same.
  uint64_t binding_version = 0;
  /// While the tool runs an instruction whose accesses it records: where the memory events
  /// go (RecordAccess); null otherwise.
  std::vector<Access>* recording = nullptr;
  /// What the tool's clocks attach to synchronisation, carried by the kernels and opaque to
  /// them. Cores run apart: what this step's cross-core set, push or free carries (made by the
  /// checked step before it runs), and what its wait, pop or push took.
  SyncRelease release_out;
  std::vector<SyncRelease> releases_in;
  /// Blocks comm orders: what this step's tnotify releases into its signal words, and for a
  /// twait or ttest, where the words' releases go when they satisfy it (comm_in); null
  /// otherwise (the sanitizer's CommClock).
  const std::vector<uint32_t>* comm_release = nullptr;
  std::vector<uint32_t>* comm_acquire = nullptr;
  std::vector<uint32_t> comm_in;
};

}  // namespace pto::interp

#endif  // PTO_INTERP_VM_CORE_H_
