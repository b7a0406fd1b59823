// The repeat model against the worked vectors of ../shared/spec/vector-layer.md 1.10 (each
// expected value there comes from the seeds' printed results or is derived by hand), run by
// a lane loop over a byte-addressed memory of element values: each repeat reads all its
// lanes before it writes any, inactive lanes are neither read nor written.
#include "pto/common/isa/repeat_model.h"

#include <doctest/doctest.h>

#include <functional>
#include <map>

namespace pto::repeat {
namespace {

using Memory = std::map<int64_t, double>;  // element address -> value

// dst[lane] = f(src values of the lane), repeat by repeat.
void Run(Memory& mem, const Shape& s, const Operand& dst, std::vector<Operand> srcs,
         const std::function<double(const std::vector<double>&)>& f) {
  std::vector<int64_t> da, sa;
  for (int64_t r = 0; r < RepeatsRun(s); ++r) {
    ActiveAddresses(s, dst, r, &da);
    std::vector<std::vector<double>> in(da.size());
    for (const Operand& x : srcs) {
      ActiveAddresses(s, x, r, &sa);
      for (size_t i = 0; i < sa.size(); ++i) in[i].push_back(mem[sa[i]]);
    }
    for (size_t i = 0; i < da.size(); ++i) mem[da[i]] = f(in[i]);
  }
}

Shape Normal(int w, int64_t repeat, LaneMask m) { return {w, repeat, {MaskMode::kNormal, m, 0}}; }
Shape Contiguous(int w, int64_t repeat, int n) { return Normal(w, repeat, LaneMask::FirstN(n)); }
void Fill(Memory& mem, int64_t base, int w, int n, const std::function<double(int)>& v) {
  for (int i = 0; i < n; ++i) mem[base + int64_t{w} * i] = v(i);
}
double At(Memory& mem, int64_t base, int w, int i) { return mem[base + int64_t{w} * i]; }

constexpr int64_t kSrc = 0, kDst = 4096;

TEST_CASE("repeat model: seed 000's contiguous vec_adds, and the same with a TIK bitwise mask") {
  for (const Shape& s : {Contiguous(2, 4, 128), Normal(2, 4, {~uint64_t{0}, ~uint64_t{0}})}) {
    Memory mem;
    Fill(mem, kSrc, 2, 512, [](int i) { return i; });
    Run(mem, s, {kDst}, {{kSrc}}, [](auto& v) { return v[0] + 2; });
    for (int i = 0; i < 512; ++i) REQUIRE(At(mem, kDst, 2, i) == i + 2);
  }
}

TEST_CASE("repeat model: seed 000's discontiguous vec_adds after vec_dup zeroes the destination") {
  for (const Shape& s : {Contiguous(2, 4, 32), Normal(2, 4, {0xffffffffu, 0})}) {
    Memory mem;
    Fill(mem, kSrc, 2, 128, [](int i) { return i; });
    Run(mem, Contiguous(2, 2, 128), {kDst}, {}, [](auto&) { return 0.0; });
    const Operand dst{kDst, 1, 4}, src{kSrc, 1, 2};
    Run(mem, s, dst, {src}, [](auto& v) { return v[0] + 2; });
    for (int k = 0; k < 4; ++k) {
      for (int c = 0; c < 32; ++c) {
        CHECK(At(mem, kDst, 2, 64 * k + c) == 32 * k + c + 2);
        CHECK(At(mem, kDst, 2, 64 * k + 32 + c) == 0);
      }
    }
    // V2c: only the active lanes count; repeat 3's full footprint would pass both buffers.
    CHECK(ActiveSpan(s, src).lo == 0);
    CHECK(ActiveSpan(s, src).hi == 256);
    CHECK(ActiveSpan(s, dst).hi - kDst == 3 * 128 + 64);
  }
}

TEST_CASE("repeat model: bitwise masks, TIK's [hi, lo] and Ascend C's {lo, hi}") {
  Memory mem;  // V3: TIK [0, 8] is lane 3
  Fill(mem, kSrc, 2, 128, [](int i) { return i; });
  Fill(mem, kDst, 2, 128, [](int) { return -1; });
  Run(mem, Normal(2, 1, {8, 0}), {kDst}, {{kSrc}}, [](auto& v) { return v[0] + 2; });
  for (int i = 0; i < 128; ++i) CHECK(At(mem, kDst, 2, i) == (i == 3 ? 5 : -1));
  // V4: even lanes of both words, then of the low word only.
  const uint64_t even = 0x5555555555555555u;
  for (const LaneMask m : {LaneMask{even, even}, LaneMask{even, 0}}) {
    Memory abs;
    Fill(abs, kSrc, 2, 128, [](int i) { return -i; });
    Fill(abs, kDst, 2, 128, [](int) { return 7; });
    Run(abs, Normal(2, 1, m), {kDst}, {{kSrc}}, [](auto& v) { return v[0] < 0 ? -v[0] : v[0]; });
    const int top = m.hi ? 128 : 64;
    for (int i = 0; i < 128; ++i) CHECK(At(abs, kDst, 2, i) == (i % 2 == 0 && i < top ? i : 7));
  }
}

TEST_CASE("repeat model: block stride, repeat stride 0, counter mode, repeat 0") {
  Memory mem;  // V5
  Fill(mem, kSrc, 4, 128, [](int i) { return i; });
  Run(mem, Contiguous(4, 1, 64), {kDst}, {{kSrc, 2, 8}}, [](auto& v) { return v[0] + 1; });
  for (int j = 0; j < 64; ++j) CHECK(At(mem, kDst, 4, j) == 16 * (j / 8) + j % 8 + 1);
  Memory rep0;  // V6
  Fill(rep0, kSrc, 4, 64, [](int i) { return i; });
  Run(rep0, Contiguous(4, 3, 64), {kDst}, {{kSrc, 1, 0}}, [](auto& v) { return 3 * v[0]; });
  for (int r = 0; r < 3; ++r) {
    for (int i = 0; i < 64; ++i) CHECK(At(rep0, kDst, 4, 64 * r + i) == 3 * i);
  }
  Memory count;  // V7: 300 f16 elements are repeats of 128, 128 and 44 lanes
  const Shape counter{2, 1, {MaskMode::kCounter, {}, 300}};
  CHECK(RepeatsRun(counter) == 3);
  CHECK(ActiveLanes(counter, 2) == LaneMask::FirstN(44));
  Fill(count, kSrc, 2, 384, [](int i) { return i; });
  Fill(count, kDst, 2, 384, [](int) { return -9; });
  Run(count, counter, {kDst}, {{kSrc}}, [](auto& v) { return v[0] + 1; });
  for (int i = 0; i < 384; ++i) CHECK(At(count, kDst, 2, i) == (i < 300 ? i + 1 : -9));
  CHECK(ActiveSpan(counter, {kDst}).hi == kDst + 600);
  // V8: a run-time repeat of 0 runs nothing and touches nothing.
  CHECK(RepeatsRun(Contiguous(2, 0, 128)) == 0);
  CHECK(ActiveSpan(Contiguous(2, 0, 128), {kDst}).lo == ActiveSpan(Contiguous(2, 0, 128), {kDst}).hi);
}

TEST_CASE("repeat model: overlap rules") {
  // V9: dst on src1, both repeat strides 0: the accumulate exception.
  const Shape acc = Contiguous(4, 4, 64);
  const Operand x{kDst, 1, 0}, a{kSrc, 1, 8};
  const std::vector<Operand> srcs{a, x};
  CHECK(!FindOverlap(acc, x, srcs, true));
  CHECK(FindOverlap(acc, x, srcs, false));  // an op without the exception
  // Not excused: src0 touching src1, or both repeat strides 8 with dst ahead of src1.
  const std::vector<Operand> touching{{kDst, 1, 8}, x};
  CHECK(FindOverlap(acc, x, touching, true));
  const std::vector<Operand> moving{a, {kDst, 1, 4}};
  CHECK(FindOverlap(acc, {kDst, 1, 4}, moving, true));
  Memory mem;
  Fill(mem, kSrc, 4, 256, [](int k) { return k; });
  Fill(mem, kDst, 4, 64, [](int) { return 1; });
  Run(mem, acc, x, srcs, [](auto& v) { return v[0] + v[1]; });
  for (int i = 0; i < 64; ++i) CHECK(At(mem, kDst, 4, i) == 4 * i + 385);
  // V10: the destination 32 bytes past the source, one repeat: a partial overlap.
  const Shape one = Contiguous(2, 1, 128);
  const std::vector<Operand> src{{kSrc}};
  auto partial = FindOverlap(one, {kSrc + 32}, src, false);
  REQUIRE(partial);
  CHECK(partial->earlier == -1);
  CHECK(partial->lo == kSrc + 32);
  CHECK(partial->hi == kSrc + 256);  // every lane of the repeat the destination shares
  // In place, lane for lane, is fine; so are disjoint operands.
  CHECK(!FindOverlap(Contiguous(2, 4, 128), {kSrc}, src, false));
  CHECK(!FindOverlap(one, {kSrc + 256}, src, false));
  // V11: in place with both repeat strides 0 reads what the repeat before wrote.
  const std::vector<Operand> still{{kSrc, 1, 0}};
  auto dep = FindOverlap(Contiguous(2, 4, 128), {kSrc, 1, 0}, still, false);
  REQUIRE(dep);
  CHECK(dep->repeat == 1);
  CHECK(dep->earlier == 0);
  CHECK(dep->Describe() == "reads in repeat 1 UB bytes [0, 256) that repeat 0 wrote to the destination");
  // Repeat strides below 8 on the destination ahead of an in-place source: repeat 1 reads
  // bytes repeat 0 wrote.
  CHECK(FindOverlap(Contiguous(2, 2, 128), {kSrc, 1, 4}, std::vector<Operand>{{kSrc, 1, 4}}, false));
}

TEST_CASE("repeat model: a span that wraps around 64 bits covers everything") {
  const Shape s = Contiguous(2, 255, 128);
  const Span wrapped = ActiveSpan(s, {INT64_MAX - 31, 1, 255});
  CHECK(wrapped.lo == INT64_MIN);
  CHECK(wrapped.hi == INT64_MAX);
  const Span near_top = ActiveSpan(Contiguous(2, 1, 128), {INT64_MAX - 511, 1, 8});
  CHECK(near_top.lo == INT64_MAX - 511);
  CHECK(near_top.hi == INT64_MAX - 255);
}

TEST_CASE("repeat model: value checks") {
  CHECK(CheckContiguousMask(128, 2).empty());
  CHECK(CheckContiguousMask(129, 2) ==
        "mask 129 is outside 1..128 for 16-bit elements (the lanes of one repeat)");
  CHECK(!CheckContiguousMask(0, 4).empty());
  CHECK(CheckContiguousMask(32, 8).empty());
  CHECK(!CheckContiguousMask(33, 8).empty());
  CHECK(CheckBitwiseMask(1, 0, 2).empty());
  CHECK(!CheckBitwiseMask(1, 0, 4).empty());
  CHECK(!CheckBitwiseMask(0, 0, 2).empty());
  CHECK(!CheckBitwiseMask(0, uint64_t{1} << 32, 8).empty());
  CHECK(CheckRepeat(0, false).empty());
  CHECK(!CheckRepeat(0, true).empty());
  CHECK(!CheckRepeat(256, false).empty());
  CHECK(!CheckStride(256, "dst_rep_stride").empty());
  CHECK(CheckBase(64, "dst").empty());
  CHECK(CheckBase(48, "dst") == "dst at UB byte 48 is not 32-byte aligned");  // V12
  CHECK(!CheckCounterMask(0).empty());
}

}  // namespace
}  // namespace pto::repeat
