// The im2col settings: a !pto.fmatrix_config becomes the immediates of the instructions that
// load it, attributes written on an instruction win, and absent settings take reset values.
#include <doctest/doctest.h>

#include <cstring>

#include "pto/common/isa/encoding.h"
#include "pto/common/isa/opcode.h"

#include "pto/tests/test_support.h"

namespace pto::testing {
namespace {

// The operands of the first instruction of \a op in the entry function.
std::vector<uint32_t> OperandsOf(const Program& p, Opcode op) {
  const std::vector<uint32_t>& code = p.functions[p.entry].code;
  for (size_t at = 0; at < code.size();) {
    const uint32_t count = HeaderCount(code[at]);
    if (static_cast<Opcode>(HeaderOpcode(code[at])) == op) {
      return std::vector<uint32_t>(code.begin() + at + 1, code.begin() + at + 1 + count);
    }
    at += 1 + count;
  }
  FAIL("no such instruction");
  return {};
}

TEST_CASE("a fmatrix config becomes the immediates of the set instructions") {
  Program p = Assemble(R"(
%cfg = pto.make_fmatrix_config {fmap_h = 7, fmap_w = 9, pad_top = 1, pad_right = 3, pad_value = 0.1 : f16, repeat_stride = 5} : !pto.fmatrix_config
pto.tsetfmatrix %cfg : !pto.fmatrix_config -> ()
tset_img2col_rpt %cfg
pto.tset_img2col_padding ins(%cfg : !pto.fmatrix_config) outs()
)");
  CHECK(OperandsOf(p, Opcode::kTSetFmatrix) == std::vector<uint32_t>{7, 9, 1, 0, 0, 3});
  // repeat_time resets to 1; dst_stride and dst_position to 0.
  CHECK(OperandsOf(p, Opcode::kTSetImg2colRpt) == std::vector<uint32_t>{5, 1, 0, 0, 0});
  // 0.1 rounded to f16 first, held as f32 bits.
  const float f16_tenth = 0.0999755859375f;
  uint32_t bits;
  std::memcpy(&bits, &f16_tenth, sizeof bits);
  CHECK(OperandsOf(p, Opcode::kTSetImg2colPadding) == std::vector<uint32_t>{bits, 1});
}

TEST_CASE("attributes on a set instruction override its config") {
  Program p = Assemble(R"(
%cfg = pto.make_fmatrix_config {fmap_h = 7, fmap_w = 9, pad_value = 3} : !pto.fmatrix_config
pto.tsetfmatrix %cfg {fmap_w = 2} : !pto.fmatrix_config -> ()
pto.tset_img2col_padding {pad_value = -1 : i8}
)");
  CHECK(OperandsOf(p, Opcode::kTSetFmatrix) == std::vector<uint32_t>{7, 2, 0, 0, 0, 0});
  // An integer pad value is held as its i32 bits.
  CHECK(OperandsOf(p, Opcode::kTSetImg2colPadding) == std::vector<uint32_t>{0xffffffffu, 0});
}

TEST_CASE("a set instruction rejects settings it does not load") {
  std::string errors = AssembleErrors("pto.tsetfmatrix {fmap_h = 4, repeat_time = 2}\n");
  CHECK(errors.find("tsetfmatrix does not load repeat_time (it sets: fmap_h fmap_w pad_top "
                    "pad_bottom pad_left pad_right)") != std::string::npos);
}

}  // namespace
}  // namespace pto::testing
