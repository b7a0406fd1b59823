// Lowers synchronisation operations in every spelling PTOAS and the ISA pages use.
#ifndef PTO_ASM_SYNC_LOWERING_H_
#define PTO_ASM_SYNC_LOWERING_H_

#include "asm/function_builder.h"
#include "common/isa/opcode.h"

namespace pto::assembler {

/// Lowers \a stmt, a sync operation (\a info's family is kSync):
///   pto.barrier <PIPE_ALL>            pto.barrier #pto.pipe<PIPE_ALL>
///   pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
///   pto.record_event[#pto.sync_op_type<TLOAD>, #pto.sync_op_type<TVEC>, #pto.event<EVENT_ID0>]
///   pto.sync.set <PIPE_FIX>, 0        pto.get_buf[#pto.pipe_event_type<TLOAD>, 0]
bool LowerSyncOp(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt);

}  // namespace pto::assembler

#endif  // PTO_ASM_SYNC_LOWERING_H_
