// Bytecode: writing and reading back, and the verifier's rejection of damaged files.
#include "pto/common/bytecode.h"

#include <doctest/doctest.h>

#include <cstdio>
#include <random>

#include "pto/common/isa/encoding.h"
#include "pto/common/strings.h"
#include "pto/tests/test_support.h"

namespace pto {
namespace {

const char* kKernel = R"(
module {
  func.func @k(%x: !pto.ptr<f32>, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %v = pto.make_tensor_view %x, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
    %p = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%n, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<?x16xf32>
    %t = pto.alloc_tile valid_row = %n : !pto.tile_buf<vec, 16x16xf32, valid=?x16>
    pto.tload ins(%p : !pto.partition_tensor_view<?x16xf32>) outs(%t : !pto.tile_buf<vec, 16x16xf32, valid=?x16>)
    pto.texp ins(%t : !pto.tile_buf<vec, 16x16xf32, valid=?x16>) outs(%t : !pto.tile_buf<vec, 16x16xf32, valid=?x16>)
    pto.tstore ins(%t : !pto.tile_buf<vec, 16x16xf32, valid=?x16>) outs(%p : !pto.partition_tensor_view<?x16xf32>)
    return
  }
}
)";

std::string ReadErrors(const std::vector<uint8_t>& bytes) {
  Program p;
  Diagnostics diags;
  CHECK_FALSE(ReadProgram(bytes, "p.ptobc", &p, diags));
  return diags.ToString();
}

TEST_CASE("write, read and write again gives the same bytes") {
  Program program = testing::Assemble(kKernel);
  std::vector<uint8_t> bytes = WriteProgram(program);
  Program reread;
  Diagnostics diags;
  REQUIRE(ReadProgram(bytes, "p.ptobc", &reread, diags));
  CHECK(WriteProgram(reread) == bytes);
  CHECK(reread.functions[0].code == program.functions[0].code);
  CHECK(reread.String(reread.functions[0].name) == "k");
}

TEST_CASE("header damage is reported at its offset") {
  std::vector<uint8_t> bytes = WriteProgram(testing::Assemble(kKernel));
  std::vector<uint8_t> bad = bytes;
  bad[1] = 'X';
  CHECK(ReadErrors(bad) == "p.ptobc:0x000000: error: bad magic: not a PTO bytecode file\n");
  bad = bytes;
  bad[8] = 7;
  CHECK(ReadErrors(bad) ==
        "p.ptobc:0x000008: error: unsupported bytecode version 7 (this tool reads 5)\n");
  bad = bytes;
  bad[23] = 0xff;  // high byte of the first section's offset
  CHECK(ReadErrors(bad).find("lies outside the file") != std::string::npos);
  CHECK(ReadErrors({}) == "p.ptobc:0x000000: error: file too short for a bytecode header\n");
}

TEST_CASE("a function's backend is a function flag; meta flags are refused at their offset") {
  Program program = testing::Assemble(kKernel);
  program.functions[0].backend = Backend::kVpto;
  std::vector<uint8_t> bytes = WriteProgram(program);
  Program reread;
  Diagnostics diags;
  REQUIRE(ReadProgram(bytes, "p.ptobc", &reread, diags));
  CHECK(reread.functions[0].backend == Backend::kVpto);
  CHECK(WriteProgram(reread) == bytes);
  // The meta section: arch, entry, then the flags word, which must be 0.
  size_t meta = 0;
  for (size_t s = 0; s < 3; ++s) {
    const size_t at = 16 + s * 12;
    if (bytes[at] == static_cast<uint8_t>(SectionId::kMeta)) {
      meta = bytes[at + 4] | bytes[at + 5] << 8 | bytes[at + 6] << 16 | bytes[at + 7] << 24;
    }
  }
  REQUIRE(meta != 0);
  std::vector<uint8_t> bad = bytes;
  bad[meta + 8] = 0x6;
  char where[16];
  std::snprintf(where, sizeof where, "0x%06zx", meta + 8);
  CHECK(ReadErrors(bad) == StrCat("p.ptobc:", where, ": error: unknown meta flags 0x6\n"));
}

TEST_CASE("every truncation and many byte flips are rejected or read, never crash") {
  std::vector<uint8_t> bytes = WriteProgram(testing::Assemble(kKernel));
  for (size_t n = 0; n < bytes.size(); ++n) {
    std::vector<uint8_t> cut(bytes.begin(), bytes.begin() + n);
    Program p;
    Diagnostics diags;
    CHECK_FALSE(ReadProgram(cut, "p.ptobc", &p, diags));
    CHECK(diags.has_errors());
  }
  std::mt19937 rng(7);
  for (int i = 0; i < 5000; ++i) {
    std::vector<uint8_t> mutated = bytes;
    int flips = 1 + static_cast<int>(rng() % 4);
    for (int f = 0; f < flips; ++f) mutated[rng() % mutated.size()] ^= 1u << (rng() % 8);
    Program p;
    Diagnostics diags;
    bool ok = ReadProgram(mutated, "p.ptobc", &p, diags);
    CHECK(ok != diags.has_errors());
  }
}

// A hand-made function: two f32 16x16 tiles at 0 and 0x400, and the given code.
Program HandMade(std::vector<uint32_t> code) {
  Program p;
  p.strings = {"k", "t.pto"};
  Function f;
  f.name = 0;
  TileType t;
  t.rows = t.cols = t.valid_rows = t.valid_cols = 16;
  f.tiles.push_back(TileReg{t, 0, 16, 16, 0});
  f.tiles.push_back(TileReg{t, 0x400, 16, 16, 0});
  f.scalar_regs = {DType::kF32, DType::kIndex};
  f.code = std::move(code);
  p.functions.push_back(f);
  return p;
}

std::vector<uint32_t> Code(std::initializer_list<std::vector<uint32_t>> instrs) {
  std::vector<uint32_t> code;
  for (const auto& i : instrs) code.insert(code.end(), i.begin(), i.end());
  return code;
}

std::vector<uint32_t> I(Opcode op, std::vector<uint32_t> operands) {
  std::vector<uint32_t> words{HeaderWord(op, static_cast<uint32_t>(operands.size()))};
  words.insert(words.end(), operands.begin(), operands.end());
  return words;
}

TEST_CASE("the verifier checks every instruction against its schema") {
  const std::vector<uint32_t> ret = I(Opcode::kReturn, {});
  Program good = HandMade(Code({I(Opcode::kTAdd, {0, 1, 1}), ret}));
  Program p;
  Diagnostics diags;
  REQUIRE(ReadProgram(WriteProgram(good), "p.ptobc", &p, diags));

  // Section and function headers take a fixed number of bytes before the code; the offsets
  // in these messages are read from the file, so only the message text is checked.
  auto error_of = [](const Program& program) {
    std::string all = ReadErrors(WriteProgram(program));
    size_t colon = all.find("error: ");
    return all.substr(colon + 7);
  };
  CHECK(error_of(HandMade(Code({I(Opcode::kTAdd, {0, 1, 9}), ret}))) ==
        "tadd operand 3: tile register 9 out of range (function has 2)\n");
  CHECK(error_of(HandMade(Code({I(Opcode::kTAdd, {0, 1}), ret}))) ==
        "tadd has 2 operands, its schema has 3\n");
  CHECK(error_of(HandMade(Code({{0x7777u}, ret}))) == "unknown opcode 30583\n");
  Diagnostics ok_diags;
  CHECK(ReadProgram(WriteProgram(HandMade(Code({I(Opcode::kTAddS, {0, 1, 1}), ret}))), "p",
                    &p, ok_diags));  // an index scalar for an f32 tile is fine
  CHECK(error_of(HandMade(Code({I(Opcode::kTAddS, {0, 1, 5}), ret}))) ==
        "tadds operand 3: scalar register 5 out of range (function has 2)\n");
  CHECK(error_of(HandMade(Code({I(Opcode::kTAdd, {0, 1, 1})}))) ==
        "code does not end with a return or a jump\n");
  CHECK(error_of(HandMade(Code({I(Opcode::kTAdd, {0, 1, kNoOperand}), ret}))) ==
        "tadd operand 3: required operand missing\n");
  CHECK(error_of(HandMade(Code({I(Opcode::kTAdd, {0, 1, 1}), {HeaderWord(Opcode::kReturn, 0) |
                                                              0x01000000u}}))) ==
        "reserved bits of the instruction header are set\n");
}

TEST_CASE("the verifier holds every immediate to its range (common/isa/immediates.cc)") {
  const std::vector<uint32_t> ret = I(Opcode::kReturn, {});
  auto error_of = [](const Program& program) {  // "" if the program reads
    Program read;
    Diagnostics diags;
    if (ReadProgram(WriteProgram(program), "p.ptobc", &read, diags)) return std::string();
    const std::string all = diags.ToString();
    return all.substr(all.find("error: ") + 7);
  };
  // set_flag PIPE_V -> PIPE_MTE3, event 7 is the last event; 8 is none.
  CHECK(error_of(HandMade(Code({I(Opcode::kSetFlag, {1, 5, 7}), ret}))).empty());
  CHECK(error_of(HandMade(Code({I(Opcode::kSetFlag, {1, 5, 8}), ret}))) ==
        "set_flag operand 3: event 8 is out of range (0 to 7)\n");
  CHECK(error_of(HandMade(Code({I(Opcode::kSetFlag, {13, 5, 0}), ret}))) ==
        "set_flag operand 1: src 13 is out of range (0 to 12)\n");
  CHECK(error_of(HandMade(Code({I(Opcode::kSyncSet, {kNoOperand, 1, 64}), ret}))) ==
        "sync.set operand 3: id 64 is out of range (0 to 63)\n");
  // The rounding mode of tcvt: 7 codes.
  CHECK(error_of(HandMade(Code({I(Opcode::kTCvt, {0, 1, kNoOperand, 7, 0}), ret}))) ==
        "tcvt operand 4: rmode 7 is out of range (0 to 6)\n");
  // A pipe's slot count: 1 to 64, or 0 for the default; nothing else.
  const uint32_t k = 1;  // an index register
  CHECK(error_of(HandMade(Code({I(Opcode::kInitPipeAic, {k, k, 0, 1, 512, 0, 64}), ret})))
            .empty());
  CHECK(error_of(HandMade(Code({I(Opcode::kInitPipeAic, {k, k, 0, 1, 512, 65, 0}), ret}))) ==
        "aic_initialize_pipe operand 6: slot_num 65 is out of range (1 to 64)\n");
}

TEST_CASE("the verifier checks the element type codes of a cube row's @types") {
  auto error_of = [](uint32_t types) {  // "" if mte_ub_ub with these @types reads
    const uint32_t k = 1;                // an index register
    Program p = HandMade(Code({I(Opcode::kMteUbUb, {k, k, k, k, k, k, types}),
                               I(Opcode::kReturn, {})}));
    p.arch = Arch::kA5;
    Program read;
    Diagnostics diags;
    if (ReadProgram(WriteProgram(p), "p.ptobc", &read, diags)) return std::string();
    const std::string all = diags.ToString();
    return all.substr(all.find("error: ") + 7);
  };
  const uint32_t f16 = static_cast<uint32_t>(DType::kF16);
  CHECK(error_of(f16 | f16 << 8).empty());
  CHECK(error_of(f16 | f16 << 8 | f16 << 16 | f16 << 24).empty());
  CHECK(error_of(f16 << 8) ==
        "mte_ub_ub operand 7: types byte 0 is 0, not an element type memory holds\n");
  CHECK(error_of(f16 | 99u << 8) ==
        "mte_ub_ub operand 7: types byte 1 is 99, not an element type memory holds\n");
  CHECK(error_of(f16 | f16 << 8 | static_cast<uint32_t>(DType::kIndex) << 24) ==
        "mte_ub_ub operand 7: types byte 3 is 14, not 0 or an element type memory holds\n");
}

TEST_CASE("the verifier applies the instruction's type rules for the file's architecture") {
  Program p = HandMade(Code({I(Opcode::kTAdd, {0, 1, 1}), I(Opcode::kReturn, {})}));
  for (TileReg& t : p.functions[0].tiles) t.type.dtype = DType::kBF16;
  std::string errors = ReadErrors(WriteProgram(p));
  CHECK(errors.find("tadd does not support element type bf16 on a2a3") != std::string::npos);
  p.arch = Arch::kA5;
  Program reread;
  Diagnostics diags;
  CHECK(ReadProgram(WriteProgram(p), "p.ptobc", &reread, diags));
}

TEST_CASE("the verifier checks tile registers and line entries") {
  Program p = HandMade(Code({I(Opcode::kTAdd, {0, 1, 1}), I(Opcode::kReturn, {})}));
  p.functions[0].tiles[1].addr = 0x410;
  CHECK(ReadErrors(WriteProgram(p)).find("tile register 1: address 0x410 is not 32-byte aligned") !=
        std::string::npos);
  p = HandMade(Code({I(Opcode::kTAdd, {0, 1, 1}), I(Opcode::kReturn, {})}));
  p.functions[0].lines = {LineEntry{2, 1, 3, 1}};
  CHECK(ReadErrors(WriteProgram(p)).find("points at code word 2, which does not start an "
                                         "instruction") != std::string::npos);
}

TEST_CASE("names a listing could not write back are refused") {
  // A value's name may hold anything but NUL and line breaks (listings quote it); a function's
  // is an identifier or a quoted string, kept with its quotes.
  const auto errors_with = [](const std::string& fn_name, const std::string& param_name) {
    Program p = testing::Assemble(kKernel);
    p.strings.push_back(fn_name);
    p.functions[0].name = static_cast<uint32_t>(p.strings.size() - 1);
    p.strings.push_back(param_name);
    p.functions[0].params[0].name = static_cast<uint32_t>(p.strings.size() - 1);
    Program read;
    Diagnostics diags;
    if (ReadProgram(WriteProgram(p), "p.ptobc", &read, diags)) return std::string();
    return diags.ToString();
  };
  CHECK(errors_with("k", "x)y\xe9 \"q\"") == "");
  CHECK(errors_with("\"a)b\\\"c\"", "x") == "");
  for (const std::string bad : {std::string("a)b"), std::string("\"a\0b\"", 5), std::string("\"a\"b\""),
                                std::string("\"a\nb\""), std::string("\"ab\\\"")}) {
    INFO("function name " << bad);
    CHECK(errors_with(bad, "x").find("function name is neither an identifier nor a quoted "
                                     "string") != std::string::npos);
  }
  CHECK(errors_with("k", std::string("x\0y", 3)).find("parameter 1: its name holds a NUL") !=
        std::string::npos);
  CHECK(errors_with("k", "x\ny").find("parameter 1: its name holds a NUL or a line break") !=
        std::string::npos);
}

}  // namespace
}  // namespace pto
