#include "common/isa/sync_enums.h"

#include <cctype>
#include <iterator>
#include <string>
#include <vector>

#include "common/isa/opcode.h"

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

// The ISA names of the tile instructions, in opcode order: "tmatmul.acc" is TMATMUL_ACC.
Table TileOpNames() {
  static const std::vector<std::string>* names = [] {
    auto* v = new std::vector<std::string>;
    for (int i = 0; i < kOpcodeCount; ++i) {
      const OpInfo& info = GetOpInfo(static_cast<Opcode>(i));
      if (!info.is_tile_op() || !info.has_spelling()) continue;
      std::string name(info.mnemonic);
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
  if (attr == "tileop") return SyncEnum::kTileOp;
  if (attr == "pipe") return SyncEnum::kPipe;
  // src/dst: pipes for the flag forms, operation types for the event forms.
  return mnemonic.substr(0, 8) == "set_flag" || mnemonic.substr(0, 9) == "wait_flag"
             ? SyncEnum::kPipe
             : SyncEnum::kOpType;
}

}  // namespace pto
