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
///   pto.aic_initialize_pipe {id = K, dir_mask = M, slot_size = N, slot_num = S, nosplit = B,
///       acc_push_epilogue = #pto.acc_push_epilogue<...>}
///       (c2v_consumer_buf = %a : i32, v2c_consumer_buf = %b : i32 [, gm_slot_buffer = %p : T]
///        [, gm_slot_tensor = %v : !pto.tensor_view<...>])
///   pto.tpush_to_aiv(%t : T) {split = N[, id = K]}     pto.tpush_to_aic ins(%t : T) {split = N}
///   %t = pto.tpop_from_aic [(%valid_rows, %valid_cols)] {split = N[, id = K]} -> T
///   pto.tfree_from_aic {split = N[, id = K]}       %e = pto.talloc_to_aiv {...} -> !pto.tensor_view
///   pto.set_quant_scalar(%s : f32) {id = K}        pto.set_quant_vector(%fp : T) {id = K}
/// (the operands may also be written bare, before the attributes: tpush_to_aiv %t {split = 0}).
bool LowerPipeOp(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt);
/// %pipe = pto.initialize_l2g2l_pipe {...}(%gm : T[, %local : i32[, %peer : i32]]) -> !pto.pipe
/// and initialize_l2l_pipe {...}(%local : i32[, %peer : i32]) -> !pto.pipe: PTOAS's internal
/// set-ups, a pipe handle for pto.tpush / tpop / tfree / talloc.
bool LowerInternalPipeInit(FunctionBuilder& fb, const Statement& stmt);
/// pto.tpush(%entry, %pipe : T, !pto.pipe) {split = N}, pto.tpop, pto.tfree, pto.talloc.
bool LowerInternalPipeOp(FunctionBuilder& fb, const Statement& stmt);
/// %entry = pto.declare_global -> !pto.tensor_view<...>: a GM FIFO entry bound later.
bool LowerDeclareGlobal(FunctionBuilder& fb, const Statement& stmt);

}  // namespace pto::assembler

#endif  // PTO_ASM_LOWERING_PIPE_LOWERING_H_
