// The cost table names only rows that exist, and its conversions are the ones its sources use.
#include "pto/common/isa/cost_table.h"

#include <doctest/doctest.h>

namespace pto::cost {
namespace {

TEST_CASE("every cost row names a family and kernel of the ISA table and a profile") {
  const std::vector<std::string> unused = UnusedCostRows();
  for (const std::string& row : unused) MESSAGE(row);
  CHECK(unused.empty());
}

TEST_CASE("tadd and vec_add share vadd's profile; tadds takes vadds'") {
  REQUIRE(VectorProfileOf(Opcode::kTAdd) != nullptr);
  CHECK(VectorProfileOf(Opcode::kTAdd)->name == "Vadd");
  CHECK(VectorProfileOf(Opcode::kVecAdd) == VectorProfileOf(Opcode::kTAdd));
  CHECK(VectorProfileOf(Opcode::kTAddS)->name == "Vadds");
  CHECK(VectorProfileOf(Opcode::kTLoad) == nullptr);
}

TEST_CASE("bandwidths convert GiB/s at the clock to bytes per cycle") {
  bool sourced = false;
  // 100.9 GiB/s at 1.85 GHz: 100.9 * 2^30 / 1.85e9 = 58.563 bytes per cycle.
  CHECK(BytesPerCycle({true}, {false, Memory::kVec}, &sourced) == doctest::Approx(58.563).epsilon(1e-4));
  CHECK(sourced);
  BytesPerCycle({false, Memory::kLeft}, {true}, &sourced);
  CHECK_FALSE(sourced);
}

}  // namespace
}  // namespace pto::cost
