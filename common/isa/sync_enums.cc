#include "common/isa/sync_enums.h"

#include <iterator>

namespace pto {

namespace {

constexpr const char* kPipes[] = {"PIPE_S",    "PIPE_V",    "PIPE_M",   "PIPE_MTE1", "PIPE_MTE2",
                                  "PIPE_MTE3", "PIPE_ALL",  "PIPE_MTE4", "PIPE_MTE5", "PIPE_V2",
                                  "PIPE_FIX",  "VIRTUAL_PIPE_MTE2_L1A", "VIRTUAL_PIPE_MTE2_L1B"};
constexpr const char* kEvents[] = {"EVENT_ID0", "EVENT_ID1", "EVENT_ID2", "EVENT_ID3",
                                   "EVENT_ID4", "EVENT_ID5", "EVENT_ID6", "EVENT_ID7"};
constexpr const char* kOpTypes[] = {"TLOAD",    "TSTORE_ACC", "TSTORE_VEC", "TMOV_M2L",
                                    "TMOV_M2S", "TMOV_M2B",   "TMOV_M2V",   "TMOV_V2M",
                                    "TMATMUL",  "TVEC",       "TVECWAIT_EVENT"};

struct Table {
  const char* const* names;
  uint32_t count;
};

Table Get(SyncEnum kind) {
  switch (kind) {
    case SyncEnum::kPipe:
      return {kPipes, static_cast<uint32_t>(std::size(kPipes))};
    case SyncEnum::kEvent:
      return {kEvents, static_cast<uint32_t>(std::size(kEvents))};
    case SyncEnum::kOpType:
      return {kOpTypes, static_cast<uint32_t>(std::size(kOpTypes))};
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

SyncEnum SyncAttrKind(std::string_view mnemonic, std::string_view attr) {
  if (attr == "event") return SyncEnum::kEvent;
  if (attr == "op") return SyncEnum::kOpType;
  if (attr == "pipe") return SyncEnum::kPipe;
  // src/dst: pipes for the flag forms, operation types for the event forms.
  return mnemonic.substr(0, 8) == "set_flag" || mnemonic.substr(0, 9) == "wait_flag"
             ? SyncEnum::kPipe
             : SyncEnum::kOpType;
}

}  // namespace pto
