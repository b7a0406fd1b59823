// What an instruction does for the tools that reason about order and cost (the sanitizer, the
// cost model, the traces): the PTO_ROLE rows of opcodes.def, so that no tool names opcodes of
// its own. Every other instruction's role is kNone.
#ifndef PTO_COMMON_ISA_ROLES_H_
#define PTO_COMMON_ISA_ROLES_H_

#include <array>
#include <cstdint>

#include "pto/common/isa/opcode.h"

namespace pto {

enum class Role : uint8_t {
  kNone,
  // Flags and barriers between the pipes of one core.
  kSetFlag,       ///< set_flag: pipes and event id as immediates.
  kWaitFlag,      ///< wait_flag.
  kSetFlagDyn,    ///< set_flag_dyn: the event id in a scalar register.
  kWaitFlagDyn,   ///< wait_flag_dyn.
  kRecordEvent,   ///< record_event: the pipes named by op types.
  kWaitEvent,     ///< wait_event.
  kPipeBarrier,   ///< barrier: one pipe's queue (or every pipe's) drains.
  kBarrierAll,    ///< barrier_sync: every pipe of the core.
  kBufferGet,     ///< get_buf: acquire a buffer token.
  kBufferRelease, ///< rls_buf: release it.
  kBufferGetDyn,     ///< get_buf_dyn: the buffer id in a scalar register.
  kBufferReleaseDyn, ///< rls_buf_dyn.
  // Between the cube and vector cores of a block, the blocks of a launch, tile events.
  kCrossCoreSet,   ///< sync.set.
  kCrossCoreWait,  ///< sync.wait.
  kBlockBarrier,   ///< syncall: every block meets.
  kBlockSet,       ///< set_cross_block.
  kBlockWait,      ///< wait_cross_block.
  kTileEvent,      ///< tsync.op: a barrier for one instruction class.
  kSignalRelease,  ///< tnotify: releases into the signal words.
  kSignalAcquire,  ///< twait, ttest: acquire what the words hold.
  kMemoryMaintenance,  ///< dsb, dcci: memory barrier and cache maintenance (nothing to order here).
  // The register layer's vector scopes and UB fences.
  kScopeBegin,  ///< %vecscope_begin.
  kScopeEnd,    ///< %vecscope_end.
  kMemBar,      ///< mem_bar.
  // Tiles between the cube and vector cores.
  kPushToVector,    ///< tpush_to_aiv.
  kPushToCube,      ///< tpush_to_aic.
  kPopFromCube,     ///< tpop_from_aic: on a vector core.
  kPopFromVector,   ///< tpop_from_aiv: on the cube core.
};

namespace isa_detail {
inline constexpr std::array<Role, kOpcodeCount> kRoles = [] {
  std::array<Role, kOpcodeCount> roles{};
#define PTO_OP(...)
#define PTO_ROLE(Name, R) roles[static_cast<int>(Opcode::k##Name)] = Role::k##R;
#include "pto/common/isa/opcodes.def"
#undef PTO_ROLE
#undef PTO_OP
  return roles;
}();
}  // namespace isa_detail

constexpr Role RoleOf(Opcode op) { return isa_detail::kRoles[static_cast<int>(op)]; }

/// A flag, event, barrier or buffer token between the pipes of one core (not one between
/// cores, blocks or tile events).
constexpr bool OrdersCorePipes(Role r) { return r >= Role::kSetFlag && r <= Role::kBufferReleaseDyn; }

/// syncall and the cross-block flags: every pipe of the core meets at them.
constexpr bool SyncsBlocks(Role r) {
  return r == Role::kBlockBarrier || r == Role::kBlockSet || r == Role::kBlockWait;
}

}  // namespace pto

#endif  // PTO_COMMON_ISA_ROLES_H_
