#include "pto/common/isa/opcode.h"

#include <array>
#include <unordered_map>

#include "pto/common/check.h"

namespace pto {

std::vector<OperandSpec> ParseOperands(std::string_view text, uint32_t flags, int* num_outputs,
                                       bool* variadic) {
  std::vector<OperandSpec> specs;
  bool output = true;
  bool optional = false;
  *num_outputs = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    OperandSpec spec{OperandKind::kImm, output, optional, {}};
    switch (c) {
      case '|':
        output = false;
        continue;
      case '[':
        optional = true;
        continue;
      case ']':
        optional = false;
        continue;
      case '@': {
        size_t end = i + 1;
        while (end < text.size() && text[end] != '|' && text[end] != '[' && text[end] != '@') {
          ++end;
        }
        spec.attr = text.substr(i + 1, end - i - 1);
        i = end - 1;
        break;
      }
      case '*':
        *variadic = true;
        continue;
      default:
        PTO_CHECK(KindOfLetter(c, &spec.kind), "opcodes.def: an operand letter no kind has");
        break;
    }
    if (output) ++*num_outputs;
    specs.push_back(spec);
  }
  if (flags & kFlagScalarFirst) specs.push_back({OperandKind::kImm, false, false, "%order"});
  return specs;
}

namespace {

struct Row {
  Opcode opcode;
  std::string_view mnemonic;
  std::string_view operands;
  Family family;
  DTypeMask a2a3;
  DTypeMask a5;
  uint32_t flags;
};

constexpr Row kRows[] = {
#define PTO_OP(Name, Code, mnemonic, operands, Fam, Kernel, a2a3, a5, flags) \
  {Opcode::k##Name, mnemonic, operands, Family::k##Fam, a2a3, a5, flags},
#include "pto/common/isa/opcodes.def"
#undef PTO_OP
};
static_assert(sizeof(kRows) / sizeof(kRows[0]) == kOpcodeCount);

// Indexed by opcode number; rows are grouped by concern in opcodes.def, not by number.
const std::array<OpInfo, kOpcodeCount>& Table() {
  static const std::array<OpInfo, kOpcodeCount> table = [] {
    std::array<OpInfo, kOpcodeCount> t{};
    for (const Row& row : kRows) {
      OpInfo& info = t[static_cast<int>(row.opcode)];
      info.opcode = row.opcode;
      info.mnemonic = row.mnemonic;
      info.family = row.family;
      info.a2a3_types = row.a2a3;
      info.a5_types = row.a5;
      info.flags = row.flags;
      info.operands =
          ParseOperands(row.operands, row.flags, &info.num_outputs, &info.variadic);
    }
    return t;
  }();
  return table;
}

}  // namespace

const OpInfo& GetOpInfo(Opcode op) { return Table()[static_cast<int>(op)]; }

namespace {

struct Spelling {
  Opcode opcode;
  std::string_view mnemonic;
};
constexpr Spelling kSpellings[] = {
#define PTO_OP(...)
#define PTO_SPELLING(Name, text) {Opcode::k##Name, text},
#include "pto/common/isa/opcodes.def"
#undef PTO_SPELLING
#undef PTO_OP
};

}  // namespace

// Every assembly name, to the first row spelled so (the assembler looks up every statement's
// name; a scan of the whole table per statement was a measurable share of assembly time).
const std::unordered_map<std::string_view, const OpInfo*>& MnemonicIndex() {
  static const auto* index = [] {
    auto* names = new std::unordered_map<std::string_view, const OpInfo*>();
    for (const OpInfo& info : Table()) {
      if (info.has_spelling()) names->emplace(info.mnemonic, &info);
    }
    for (const Spelling& s : kSpellings) names->emplace(s.mnemonic, &GetOpInfo(s.opcode));
    return names;
  }();
  return *index;
}

const OpInfo* LookupMnemonic(std::string_view mnemonic) {
  const auto& index = MnemonicIndex();
  auto it = index.find(mnemonic);
  return it == index.end() ? nullptr : it->second;
}

std::vector<std::string_view> AlternateSpellings(Opcode op) {
  std::vector<std::string_view> names;
  for (const Spelling& s : kSpellings) {
    if (s.opcode == op) names.push_back(s.mnemonic);
  }
  return names;
}

const OpInfo* NextOverload(const OpInfo& info) {
  // Built once: the assembler asks for every tile instruction it lowers.
  static const std::array<const OpInfo*, kOpcodeCount> next = [] {
    std::array<const OpInfo*, kOpcodeCount> links{};
    std::unordered_map<std::string_view, int> last;  // mnemonic -> latest row seen
    for (int i = 0; i < kOpcodeCount; ++i) {
      const OpInfo& row = Table()[i];
      auto [it, first] = last.emplace(row.mnemonic, i);
      if (!first) links[it->second] = &row;
      it->second = i;
    }
    return links;
  }();
  return next[static_cast<int>(info.opcode)];
}

}  // namespace pto
