// The instruction table keeps the bytecode's promises: an opcode number names the instruction it
// named in format version 1, the schemas of the current format (3) are pinned, and tsync's codes
// name the instructions they always named.
#include "pto/common/isa/opcode.h"

#include <doctest/doctest.h>

#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "pto/common/bytecode.h"
#include "pto/common/isa/sync_enums.h"

namespace pto {
namespace {

bool SameSpecs(const std::vector<OperandSpec>& a, const std::vector<OperandSpec>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i].kind != b[i].kind || a[i].output != b[i].output || a[i].optional != b[i].optional ||
        a[i].attr != b[i].attr) {
      return false;
    }
  }
  return true;
}

// Reads a pin file of tests/format: (code, mnemonic, schema, "+order" or "") per row.
struct PinRow {
  int code = -1;
  std::string mnemonic, schema, order;
};
std::vector<PinRow> ReadPin(const std::string& name) {
  std::ifstream in(PTO_SOURCE_DIR "/tests/format/" + name);
  REQUIRE(in);
  std::vector<PinRow> rows;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    PinRow r;
    fields >> r.code >> r.mnemonic >> r.schema >> r.order;
    rows.push_back(r);
  }
  return rows;
}

TEST_CASE("opcode numbers of format version 1 still name their instructions") {
  const std::vector<PinRow> rows = ReadPin("opcodes-v1.txt");
  CHECK(rows.size() == 231);
  for (const PinRow& r : rows) {
    INFO("format v1 row: ", r.code, " ", r.mnemonic);
    REQUIRE(r.code >= 0);
    REQUIRE(r.code < kOpcodeCount);
    CHECK(GetOpInfo(static_cast<Opcode>(r.code)).mnemonic == r.mnemonic);
  }
}

// Checks every row of pin file \a name against the table; returns the rows.
std::vector<PinRow> CheckPin(const char* name) {
  const std::vector<PinRow> rows = ReadPin(name);
  for (const PinRow& r : rows) {
    INFO(name, " row: ", r.code, " ", r.mnemonic, " ", r.schema);
    REQUIRE(r.code >= 0);
    REQUIRE(r.code < kOpcodeCount);
    const OpInfo& info = GetOpInfo(static_cast<Opcode>(r.code));
    CHECK(info.mnemonic == r.mnemonic);
    int outputs = 0;
    bool variadic = false;
    const auto frozen =
        ParseOperands(r.schema, r.order == "+order" ? kFlagScalarFirst : 0, &outputs, &variadic);
    CHECK(SameSpecs(info.operands, frozen));
    CHECK(info.num_outputs == outputs);
    CHECK(info.variadic == variadic);
  }
  return rows;
}

TEST_CASE("opcode numbers and schemas of format version 4 are those of version 5") {
  // Version 5 added registers and rows; each of version 4's rows kept its number and schema.
  CHECK(CheckPin("opcodes-v4.txt").size() == 525);
}

TEST_CASE("opcode numbers and schemas of format version 5 are unchanged") {
  static_assert(kFormatVersion == 5, "a new format version pins its opcodes in a new file");
  const std::vector<PinRow> rows = CheckPin("opcodes-v5.txt");
  // Every opcode is pinned: a new row is added to the pin with its number.
  CHECK(rows.size() == static_cast<size_t>(kOpcodeCount));
}

TEST_CASE("tsync codes name tile instructions") {
  const uint32_t count = SyncEnumCount(SyncEnum::kTileOp);
  CHECK(count == 150);
  CHECK(std::string(SyncEnumName(SyncEnum::kTileOp, 0)) == "TADD");
  CHECK(std::string(SyncEnumName(SyncEnum::kTileOp, 60)) == "TMATMUL_ACC");
  CHECK(std::string(SyncEnumName(SyncEnum::kTileOp, 149)) == "TQUANT_MX");
  uint32_t code = 0;
  CHECK(ParseSyncEnum(SyncEnum::kTileOp, "TGATHER", &code));
  CHECK(code == 118);  // the first of tgather's two forms
  // Each code's name is the ISA name of a tile instruction ("tmatmul.acc" is TMATMUL_ACC).
  std::set<std::string> tile_names;
  for (int i = 0; i < kOpcodeCount; ++i) {
    const OpInfo& info = GetOpInfo(static_cast<Opcode>(i));
    if (!info.is_tile_op()) continue;
    std::string name(info.mnemonic);
    for (char& c : name) c = c == '.' ? '_' : static_cast<char>(std::toupper(c));
    tile_names.insert(name);
  }
  for (uint32_t i = 0; i < count; ++i) CHECK(tile_names.count(SyncEnumName(SyncEnum::kTileOp, i)));
}

TEST_CASE("every family has a layer and every row a family") {
  for (int i = 0; i < kOpcodeCount; ++i) {
    const OpInfo& info = GetOpInfo(static_cast<Opcode>(i));
    CHECK(static_cast<int>(info.opcode) == i);
    CHECK(static_cast<int>(info.family) < kFamilyCount);
  }
  CHECK(GetOpInfo(Opcode::kTAdd).layer() == Layer::kTile);
  CHECK(GetOpInfo(Opcode::kAddI).layer() == Layer::kScalar);
  CHECK(GetOpInfo(Opcode::kSetFlag).layer() == Layer::kSync);
}

}  // namespace
}  // namespace pto
