// Lowers PTOAS v0.60's async DMA operations (comm.build_async_session, comm.tput_async,
// comm.tget_async, comm.wait_async_event, comm.test_async_event), the L2 prefetch
// (make_prefetch_async_context, get_prefetch_async_session, tprefetch_async) and set_ffts.
#ifndef PTO_ASM_LOWERING_ASYNC_LOWERING_H_
#define PTO_ASM_LOWERING_ASYNC_LOWERING_H_

#include "pto/asm/function_builder.h"

namespace pto::assembler {

bool LowerBuildAsyncSession(FunctionBuilder& fb, const Statement& stmt);
bool LowerAsyncTransfer(FunctionBuilder& fb, const Statement& stmt);
bool LowerAsyncEventQuery(FunctionBuilder& fb, const Statement& stmt);
bool LowerPrefetchContext(FunctionBuilder& fb, const Statement& stmt);
bool LowerPrefetchSession(FunctionBuilder& fb, const Statement& stmt);
bool LowerPrefetchAsync(FunctionBuilder& fb, const Statement& stmt);
bool LowerSetFfts(FunctionBuilder& fb, const Statement& stmt);

}  // namespace pto::assembler

#endif  // PTO_ASM_LOWERING_ASYNC_LOWERING_H_
