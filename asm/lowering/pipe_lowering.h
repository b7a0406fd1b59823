// Lowers the cube <-> vector pipes: the buffers a pipe's consumer reserves and its producer
// imports, and the pipe instructions (aic/aiv_initialize_pipe, tpush_*, tpop_*, tfree_*).
#ifndef PTO_ASM_LOWERING_PIPE_LOWERING_H_
#define PTO_ASM_LOWERING_PIPE_LOWERING_H_

#include "pto/asm/function_builder.h"
#include "pto/common/isa/opcode.h"

namespace pto::assembler {

/// %b = pto.reserve_buffer {name = "fifo", size = N, location = #pto.address_space<vec>,
///                          auto = true | false, base = ADDR} -> i32
bool LowerReserveBuffer(FunctionBuilder& fb, const Statement& stmt);
/// %b = pto.import_reserved_buffer {name = "fifo", peer_func = @f} -> i32: the address of the
/// buffer @f reserves, for the producer side of a pipe.
bool LowerImportBuffer(FunctionBuilder& fb, const Statement& stmt);
/// Lowers \a stmt, an instruction of the Pipe family (\a info), in any of its spellings:
///   pto.aic_initialize_pipe {id = K, dir_mask = M, slot_size = N, slot_num = S}
///       (c2v_consumer_buf = %a : i32, v2c_consumer_buf = %b : i32 [, gm_slot_buffer = %p : T])
///   pto.tpush_to_aiv(%t : T) {split = N[, id = K]}     pto.tpush_to_aic ins(%t : T) {split = N}
///   %t = pto.tpop_from_aic [(%valid_rows, %valid_cols)] {split = N[, id = K]} -> T
///   pto.tfree_from_aic {split = N[, id = K]}
/// (the operands may also be written bare, before the attributes: tpush_to_aiv %t {split = 0}).
bool LowerPipeOp(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt);

}  // namespace pto::assembler

#endif  // PTO_ASM_LOWERING_PIPE_LOWERING_H_
