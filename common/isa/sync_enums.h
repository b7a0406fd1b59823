// Names of the synchronisation enumerations (pipes, events, operation types) and their codes
// in the bytecode, as PTOAS numbers them.
#ifndef PTO_COMMON_ISA_SYNC_ENUMS_H_
#define PTO_COMMON_ISA_SYNC_ENUMS_H_

#include <cstdint>
#include <string_view>

#include "pto/common/isa/opcode.h"

namespace pto {

enum class SyncEnum : uint8_t {
  kPipe,    ///< PIPE_S, PIPE_V, PIPE_M, PIPE_MTE1, ... PIPE_ALL, PIPE_FIX ...
  kEvent,   ///< EVENT_ID0 .. EVENT_ID7
  kOpType,  ///< TLOAD, TSTORE_ACC, TSTORE_VEC, TMOV_M2L, ... TMATMUL, TVEC
  kTileOp,  ///< A tile instruction by its ISA name: TADD, TMATMUL_ACC (tsync.op)
  kSyncAllMode,   ///< syncall's mode: hard, soft
  kSyncCoreType,  ///< syncall's participants: aiv_only, aic_only, mix
  kMemDomain,     ///< dsb's memory domain: ALL, DDR, UB, SEQ
  kCacheLine,     ///< dcci's scope: SINGLE_CACHE_LINE, ENTIRE_DATA_CACHE
  kCacheDst,      ///< dcci's destination domain, "" when not written
};

/// The code of \a name ("PIPE_MTE2", "EVENT_ID3", "TLOAD") in \a kind; false if unknown.
bool ParseSyncEnum(SyncEnum kind, std::string_view name, uint32_t* code);
/// The name of \a code in \a kind, or null if out of range.
const char* SyncEnumName(SyncEnum kind, uint32_t code);
/// Number of codes in \a kind.
uint32_t SyncEnumCount(SyncEnum kind);
/// The pipe (its kPipe code) operation type \a code of record_event, wait_event, get_buf and
/// rls_buf runs on, or -1 if \a code is none.
int OpTypePipe(uint32_t code);
/// PIPE_ALL's kPipe code: barrier's "every pipe".
constexpr uint32_t kPipeAllCode = 6;
/// Which enumeration the immediate "@attr" of sync instruction \a op holds (src and dst: pipes
/// for the flag forms, by their roles; operation types for the event forms).
SyncEnum SyncAttrKind(Opcode op, std::string_view attr);

}  // namespace pto

#endif  // PTO_COMMON_ISA_SYNC_ENUMS_H_
