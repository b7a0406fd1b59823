// The instruction table keeps the bytecode's promises: opcode numbers of format version 1
// keep their meaning, and tsync's codes name the instructions they always named.
#include "pto/common/isa/opcode.h"

#include <doctest/doctest.h>

#include <fstream>
#include <set>
#include <sstream>
#include <string>

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

TEST_CASE("opcode numbers and schemas of format version 1 are unchanged") {
  std::ifstream in(PTO_SOURCE_DIR "/tests/format/opcodes-v1.txt");
  REQUIRE(in);
  std::string line;
  int rows = 0;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    int code = -1;
    std::string mnemonic, schema, order;
    fields >> code >> mnemonic >> schema >> order;
    INFO("format v1 row: ", line);
    REQUIRE(code >= 0);
    REQUIRE(code < kOpcodeCount);
    const OpInfo& info = GetOpInfo(static_cast<Opcode>(code));
    CHECK(info.mnemonic == mnemonic);
    int outputs = 0;
    bool variadic = false;
    const auto frozen =
        ParseOperands(schema, order == "+order" ? kFlagScalarFirst : 0, &outputs, &variadic);
    CHECK(SameSpecs(info.operands, frozen));
    CHECK(info.num_outputs == outputs);
    CHECK(info.variadic == variadic);
    ++rows;
  }
  CHECK(rows == 231);
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
