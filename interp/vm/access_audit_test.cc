// The access audit fires where a description is wrong, and not where it is right: the same
// kernel runs clean, then with descriptions of tadd and trowsum made wrong on purpose.
#include "pto/interp/vm/access_audit.h"

#include <doctest/doctest.h>

#include "pto/common/isa/access.h"
#include "pto/interp/vm/touched_bytes.h"
#include "pto/tests/test_support.h"

namespace pto::testing {
namespace {

constexpr const char* kKernel = R"(
.arg %a : !pto.tile<8x16xf32>
.arg %b : !pto.tile<8x16xf32>
%c = tadd %a, %b : (!pto.tile<8x16xf32>, !pto.tile<8x16xf32>) -> !pto.tile<8x16xf32>
%s = trowsum %c : !pto.tile<8x16xf32> -> !pto.tile_buf<vec, 8x8xf32, valid=8x1>
)";

Outputs RunAudited() {
  Inputs in;
  in.audit_accesses = true;
  in.tiles["a"] = std::vector<double>(128);
  in.tiles["b"] = std::vector<double>(128);
  for (int i = 0; i < 128; ++i) {
    in.tiles["a"][i] = i;
    in.tiles["b"][i] = 0.5 * i;
  }
  return Run(kKernel, in);
}

// RunAudited with the description of \a op made wrong: what it reads (\a reads) or writes
// said to be row 0 only.
Outputs RunWithRow0Only(Opcode op, bool reads) {
  std::vector<OperandAccess> narrow = AccessesOf(op);
  for (OperandAccess& a : narrow) {
    if (reads ? a.reads : a.writes) a.region = Region::kRow0;
  }
  ScopedAccessOverride wrong(op, narrow);
  return RunAudited();
}

TEST_CASE("the access audit passes instructions that touch what they say") {
  Outputs out = RunAudited();
  INFO(out.fault);
  REQUIRE(out.ok);
  CHECK(out.tiles["c"][17] == 25.5);
  CHECK(out.tiles["s"][8] == 1.5 * (16 * 16 + 120));  // row 1: 1.5 * (16 + ... + 31)
}

TEST_CASE("the access audit faults an instruction that reads more than it says") {
  // tadd said to read only row 0 of each source: rows 1..7 of c depend on bytes it then
  // does not read.
  Outputs out = RunWithRow0Only(Opcode::kTAdd, true);
  CHECK_FALSE(out.ok);
  CHECK(out.fault.find("tadd: access self-check: byte ") == 0);
  CHECK(out.fault.find("depends on bytes that are not among those it reads") !=
        std::string::npos);
}

TEST_CASE("the access audit faults an instruction that writes more than it says") {
  // trowsum said to write row 0 of its result: it writes column 0, rows 0 to 7.
  Outputs out = RunWithRow0Only(Opcode::kTRowSum, false);
  CHECK_FALSE(out.ok);
  CHECK(out.fault.find("trowsum: access self-check: it wrote byte ") == 0);
}

TEST_CASE("byte sets merge what touches and answer membership") {
  interp::ByteSet set;
  set.Add(10, 20);
  set.Add(30, 40);
  set.Add(20, 25);  // touches the first
  set.Add(5, 6);
  CHECK(set.ranges().size() == 3);
  CHECK(set.ranges()[1] == std::make_pair(uint64_t{10}, uint64_t{25}));
  set.Add(0, 100);
  CHECK(set.ranges().size() == 1);
  CHECK(set.Contains(0));
  CHECK(set.Contains(99));
  CHECK_FALSE(set.Contains(100));
}

}  // namespace
}  // namespace pto::testing
