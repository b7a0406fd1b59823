// Lowers synchronisation operations in every spelling PTOAS and the ISA pages use, and the
// fences and cache operations that order global memory.
#ifndef PTO_ASM_LOWERING_SYNC_LOWERING_H_
#define PTO_ASM_LOWERING_SYNC_LOWERING_H_

#include "pto/asm/function_builder.h"
#include "pto/common/isa/opcode.h"

namespace pto::assembler {

/// Lowers \a stmt, a sync operation (\a info's family is kSync):
///   pto.barrier <PIPE_ALL>            pto.barrier #pto.pipe<PIPE_ALL>
///   pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
///   pto.record_event[#pto.sync_op_type<TLOAD>, #pto.sync_op_type<TVEC>, #pto.event<EVENT_ID0>]
///   pto.sync.set <PIPE_FIX>, 0        pto.get_buf[#pto.pipe_event_type<TLOAD>, 0]
bool LowerSyncOp(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt);

/// pto.fence.barrier_all #pto.fence_scope<gm>, pto.fence.release <ddr>,
/// pto.cmo.cacheinvalid all #pto.address_space<gm>, pto.cmo.clean all ...,
/// pto.cmo.cacheinvalid %view single_cache_line : T. They order global-memory traffic and
/// caches on the NPU; ptorun completes every access in program order, so they are checked and
/// emit nothing (docs/semantics.md).
bool LowerMemoryOrder(FunctionBuilder& fb, const Statement& stmt);

}  // namespace pto::assembler

#endif  // PTO_ASM_LOWERING_SYNC_LOWERING_H_
