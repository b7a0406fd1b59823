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
  REQUIRE(VectorProfileOf(Opcode::kTAdd, ElemClass::kFloat) != nullptr);
  CHECK(VectorProfileOf(Opcode::kTAdd, ElemClass::kFloat)->name == "Vadd");
  CHECK(VectorProfileOf(Opcode::kVecAdd, ElemClass::kFloat) ==
        VectorProfileOf(Opcode::kTAdd, ElemClass::kFloat));
  CHECK(VectorProfileOf(Opcode::kTAddS, ElemClass::kFloat)->name == "Vadds");
  CHECK(VectorProfileOf(Opcode::kTLoad, ElemClass::kFloat) == nullptr);
}

TEST_CASE("a profile row of the element's own class wins over the Any row") {
  const VectorProfile* f32 = VectorProfileOf(Opcode::kTAddS, ElemClass::kFloat);
  const VectorProfile* i16 = VectorProfileOf(Opcode::kTAddS, ElemClass::kNarrowInt);
  REQUIRE(f32 != nullptr);
  REQUIRE(i16 != nullptr);
  CHECK(f32->elem_class == ElemClass::kAny);
  CHECK(i16->elem_class == ElemClass::kNarrowInt);
  CHECK(i16->slope < f32->slope);
  CHECK(VectorProfileOf(Opcode::kTAdd, ElemClass::kInt) ==
        VectorProfileOf(Opcode::kTAdd, ElemClass::kFloat));
}

TEST_CASE("a tile path row names the dispatch of its family and kernel") {
  CHECK(TilePathOf(Opcode::kTAdd) == TilePath::kBinOp);
  CHECK(TilePathOf(Opcode::kTAddS) == TilePath::kScalarOp);
  CHECK(TilePathOf(Opcode::kTNeg) == TilePath::kScalarOp);  // TMULS by -1
  CHECK(TilePathOf(Opcode::kTExp) == TilePath::kUnaryOp);
  CHECK(TilePathOf(Opcode::kTLoad) == TilePath::kNone);
}

TEST_CASE("a sequence row applies on its own architecture only") {
  const VectorSequence* a2 = VectorSequenceOf(Opcode::kTRowExpand, Arch::kA2A3);
  REQUIRE(a2 != nullptr);
  CHECK(a2->shape == SequenceShape::kScalarRowBroadcast);
  CHECK(VectorSequenceOf(Opcode::kTRowExpand, Arch::kA5) == nullptr);
  CHECK(VectorSequenceOf(Opcode::kTAdd, Arch::kA2A3) == nullptr);
  REQUIRE(VectorSequenceOf(Opcode::kTColSum, Arch::kA2A3) != nullptr);
  CHECK(VectorSequenceOf(Opcode::kTColSum, Arch::kA2A3)->shape == SequenceShape::kColumnFold);
}

TEST_CASE("bandwidths convert GiB/s at the clock to bytes per cycle") {
  bool sourced = false;
  // L1 -> GM, flat: 32 GiB/s at 1.85 GHz: 32 * 2^30 / 1.85e9 = 18.573 bytes per cycle.
  const Place mat{false, Memory::kMat}, gm{true};
  CHECK(BytesPerCycle(mat, gm, 4096, &sourced) == doctest::Approx(18.573).epsilon(1e-4));
  CHECK(BytesPerCycle(mat, gm, 64, &sourced) == doctest::Approx(18.573).epsilon(1e-4));
  CHECK(sourced);
  BytesPerCycle({false, Memory::kLeft}, {true}, 64, &sourced);
  CHECK_FALSE(sourced);
}

TEST_CASE("GM -> UB follows the fitted Hill curve: half its peak at its half-saturation size") {
  const Place gm{true}, ub{false, Memory::kVec};
  // Peak 247.16 GiB/s = 143.45 bytes per cycle; at B = 30643 bytes, B / (K + B) = 1/2.
  CHECK(BytesPerCycle(gm, ub, 30643) == doctest::Approx(143.45 / 2).epsilon(1e-3));
  // 64 KiB: 247.16 * 65536 / (30643 + 65536) GiB/s = 97.75 bytes per cycle.
  CHECK(BytesPerCycle(gm, ub, 65536) == doctest::Approx(97.75).epsilon(1e-3));
  CHECK(BytesPerCycle(gm, ub, 1 << 24) < 143.45);
}

}  // namespace
}  // namespace pto::cost
