#include "pto/common/isa/sync_enums.h"

#include <cctype>
#include <iterator>
#include <string>
#include <vector>

#include "pto/common/isa/opcode.h"
#include "pto/common/isa/roles.h"

namespace pto {

namespace {

constexpr const char* kPipes[] = {"PIPE_S",    "PIPE_V",    "PIPE_M",   "PIPE_MTE1", "PIPE_MTE2",
                                  "PIPE_MTE3", "PIPE_ALL",  "PIPE_MTE4", "PIPE_MTE5", "PIPE_V2",
                                  "PIPE_FIX",  "VIRTUAL_PIPE_MTE2_L1A", "VIRTUAL_PIPE_MTE2_L1B"};
constexpr const char* kEvents[] = {"EVENT_ID0", "EVENT_ID1", "EVENT_ID2", "EVENT_ID3",
                                   "EVENT_ID4", "EVENT_ID5", "EVENT_ID6", "EVENT_ID7"};
constexpr const char* kOpTypes[] = {"TLOAD",    "TSTORE_ACC", "TSTORE_VEC", "TMOV_M2L",
                                    "TMOV_M2S", "TMOV_M2B",   "TMOV_M2V",   "TMOV_V2M",
                                    "TMATMUL",  "TVEC",       "TVECWAIT_EVENT",
                                    // VPTO's get_buf/rls_buf name the pipe itself.
                                    "PIPE_S",   "PIPE_V",     "PIPE_M",     "PIPE_MTE1",
                                    "PIPE_MTE2", "PIPE_MTE3", "PIPE_FIX"};
// The pipe each operation type runs on, by its kPipes code, in kOpTypes's order: TLOAD MTE2,
// TSTORE_ACC FIX, TSTORE_VEC MTE3, the TMOVs out of L1 MTE1 and into it MTE3, TMATMUL M, TVEC
// and TVECWAIT_EVENT V, then the pipes themselves.
// syncall: how the barrier is made (FFTS hardware flags, or a counter in global memory) and
// which cores take part.
constexpr const char* kSyncAllModes[] = {"hard", "soft"};
constexpr const char* kSyncCoreTypes[] = {"aiv_only", "aic_only", "mix"};
// dsb's memory domains and dcci's cache scopes and destination domains (micro-isa 01); code 0
// of the destination is the form that writes none.
constexpr const char* kMemDomains[] = {"ALL", "DDR", "UB", "SEQ"};
constexpr const char* kCacheLines[] = {"SINGLE_CACHE_LINE", "ENTIRE_DATA_CACHE"};
constexpr const char* kCacheDsts[] = {"", "CACHELINE_ALL", "CACHELINE_UB", "CACHELINE_OUT",
                                      "CACHELINE_ATOMIC"};
constexpr uint8_t kOpTypePipes[] = {4, 10, 5, 3, 3, 3, 3, 5, 2, 1, 1, 0, 1, 2, 3, 4, 5, 10};
static_assert(std::size(kOpTypePipes) == std::size(kOpTypes));

struct Table {
  const char* const* names;
  uint32_t count;
};

// tsync.op's operand codes: the instruction each code names. Part of the bytecode format
// (version 1), so frozen: a new tile instruction tsync should name is appended at the end.
// Some instructions appear twice (the forms of tgather and tmrgsort); the first is written.
constexpr Opcode kTSyncOps[] = {
    Opcode::kTAdd, Opcode::kTSub, Opcode::kTMul, Opcode::kTDiv, Opcode::kTMax, Opcode::kTMin,
    Opcode::kTAbs, Opcode::kTNeg, Opcode::kTExp, Opcode::kTLog, Opcode::kTSqrt,
    Opcode::kTRsqrt, Opcode::kTRecip, Opcode::kTRelu, Opcode::kTPRelu, Opcode::kTAddC,
    Opcode::kTSubC, Opcode::kTAddS, Opcode::kTSubS, Opcode::kTMulS, Opcode::kTDivS,
    Opcode::kTMaxS, Opcode::kTMinS, Opcode::kTShlS, Opcode::kTShrS, Opcode::kTLRelu,
    Opcode::kTAddSC, Opcode::kTSubSC, Opcode::kTCmpS, Opcode::kTSel, Opcode::kTTri,
    Opcode::kTCi, Opcode::kTFillPad, Opcode::kTExpandS, Opcode::kTRowSum, Opcode::kTRowMax,
    Opcode::kTRowMin, Opcode::kTColSum, Opcode::kTColMax, Opcode::kTColMin,
    Opcode::kTColExpand, Opcode::kTRowExpand, Opcode::kTRowExpandSub, Opcode::kTRowExpandMul,
    Opcode::kTRowExpandDiv, Opcode::kTRowExpandAdd, Opcode::kTRowExpandMax,
    Opcode::kTRowExpandMin, Opcode::kTRowExpandExpDif, Opcode::kTColExpandSub,
    Opcode::kTColExpandDiv, Opcode::kTColExpandMax, Opcode::kTColExpandMin,
    Opcode::kTColExpandExpDif, Opcode::kTColExpandMul, Opcode::kTColExpandAdd, Opcode::kTLoad,
    Opcode::kTStore, Opcode::kTMov, Opcode::kTMatmul, Opcode::kTMatmulAcc,
    Opcode::kTMatmulBias, Opcode::kTExtract, Opcode::kTInsert, Opcode::kTTrans, Opcode::kTCvt,
    Opcode::kTReshape, Opcode::kTPrint, Opcode::kTAssign, Opcode::kTSetVal, Opcode::kTGetVal,
    Opcode::kInitPipeAic, Opcode::kInitPipeAiv, Opcode::kTPushToAiv, Opcode::kTPushToAic,
    Opcode::kTPopFromAic, Opcode::kTPopFromAiv, Opcode::kTFreeFromAic, Opcode::kTFreeFromAiv,
    Opcode::kTPut, Opcode::kTGet, Opcode::kTNotify, Opcode::kTWait, Opcode::kTTest,
    Opcode::kTBroadcast, Opcode::kCommTGather, Opcode::kCommTScatter, Opcode::kTReduce,
    Opcode::kTAnd, Opcode::kTOr, Opcode::kTXor, Opcode::kTNot, Opcode::kTShl, Opcode::kTShr,
    Opcode::kTAndS, Opcode::kTOrS, Opcode::kTXorS, Opcode::kTRem, Opcode::kTRemS,
    Opcode::kTFMod, Opcode::kTFModS, Opcode::kTCmp, Opcode::kTSelS, Opcode::kTPartAdd,
    Opcode::kTPartMul, Opcode::kTPartMax, Opcode::kTPartMin, Opcode::kTRowProd,
    Opcode::kTColProd, Opcode::kTRowArgMax, Opcode::kTRowArgMin, Opcode::kTColArgMax,
    Opcode::kTColArgMin, Opcode::kTFillPadInplace, Opcode::kTFillPadExpand, Opcode::kTPrefetch,
    Opcode::kTInterleave, Opcode::kTDeInterleave, Opcode::kTGather, Opcode::kTGatherMask,
    Opcode::kTGatherB, Opcode::kTScatter, Opcode::kMGather, Opcode::kMScatter,
    Opcode::kTSort32, Opcode::kTMrgSort, Opcode::kTMrgSortLists, Opcode::kTMrgSortListsTmp,
    Opcode::kTGemv, Opcode::kTGemvAcc, Opcode::kTGemvBias, Opcode::kTMovFp, Opcode::kTStoreFp,
    Opcode::kTExtractFp, Opcode::kTInsertFp, Opcode::kTMatmulMx, Opcode::kTMatmulMxAcc,
    Opcode::kTMatmulMxBias, Opcode::kTGemvMx, Opcode::kTGemvMxAcc, Opcode::kTGemvMxBias,
    Opcode::kTQuant, Opcode::kTDequant, Opcode::kTSetHf32Mode, Opcode::kTSetTf32Mode,
    Opcode::kTImg2col, Opcode::kTSetFmatrix, Opcode::kTSetImg2colRpt,
    Opcode::kTSetImg2colPadding, Opcode::kTQuantMx,
};

// The ISA names of kTSyncOps: "tmatmul.acc" is TMATMUL_ACC.
Table TileOpNames() {
  static const std::vector<std::string>* names = [] {
    auto* v = new std::vector<std::string>;
    for (Opcode op : kTSyncOps) {
      std::string name(GetOpInfo(op).mnemonic);
      for (char& c : name) c = c == '.' ? '_' : static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      v->push_back(name);
    }
    return v;
  }();
  static const std::vector<const char*>* pointers = [] {
    auto* v = new std::vector<const char*>;
    for (const std::string& n : *names) v->push_back(n.c_str());
    return v;
  }();
  return {pointers->data(), static_cast<uint32_t>(pointers->size())};
}

Table Get(SyncEnum kind) {
  switch (kind) {
    case SyncEnum::kPipe:
      return {kPipes, static_cast<uint32_t>(std::size(kPipes))};
    case SyncEnum::kEvent:
      return {kEvents, static_cast<uint32_t>(std::size(kEvents))};
    case SyncEnum::kOpType:
      return {kOpTypes, static_cast<uint32_t>(std::size(kOpTypes))};
    case SyncEnum::kTileOp:
      return TileOpNames();
    case SyncEnum::kSyncAllMode:
      return {kSyncAllModes, static_cast<uint32_t>(std::size(kSyncAllModes))};
    case SyncEnum::kSyncCoreType:
      return {kSyncCoreTypes, static_cast<uint32_t>(std::size(kSyncCoreTypes))};
    case SyncEnum::kMemDomain:
      return {kMemDomains, static_cast<uint32_t>(std::size(kMemDomains))};
    case SyncEnum::kCacheLine:
      return {kCacheLines, static_cast<uint32_t>(std::size(kCacheLines))};
    case SyncEnum::kCacheDst:
      return {kCacheDsts, static_cast<uint32_t>(std::size(kCacheDsts))};
  }
  return {kPipes, 0};
}

}  // namespace

bool ParseSyncEnum(SyncEnum kind, std::string_view name, uint32_t* code) {
  Table t = Get(kind);
  for (uint32_t i = 0; i < t.count; ++i) {
    if (name == t.names[i]) {
      *code = i;
      return true;
    }
  }
  return false;
}

const char* SyncEnumName(SyncEnum kind, uint32_t code) {
  Table t = Get(kind);
  return code < t.count ? t.names[code] : nullptr;
}

uint32_t SyncEnumCount(SyncEnum kind) { return Get(kind).count; }

int OpTypePipe(uint32_t code) {
  return code < std::size(kOpTypePipes) ? kOpTypePipes[code] : -1;
}

SyncEnum SyncAttrKind(Opcode op, std::string_view attr) {
  if (attr == "event") return SyncEnum::kEvent;
  if (attr == "op") return SyncEnum::kOpType;
  if (attr == "tileop") return SyncEnum::kTileOp;
  if (attr == "pipe") return SyncEnum::kPipe;
  if (attr == "sync_mode") return SyncEnum::kSyncAllMode;
  if (attr == "core_type") return SyncEnum::kSyncCoreType;
  if (attr == "domain") return SyncEnum::kMemDomain;
  if (attr == "cache") return SyncEnum::kCacheLine;
  if (attr == "cache_dst") return SyncEnum::kCacheDst;
  // src/dst: pipes for the flag forms, operation types for the event forms.
  switch (RoleOf(op)) {
    case Role::kSetFlag:
    case Role::kWaitFlag:
    case Role::kSetFlagDyn:
    case Role::kWaitFlagDyn:
      return SyncEnum::kPipe;
    default:
      return SyncEnum::kOpType;
  }
}

}  // namespace pto
