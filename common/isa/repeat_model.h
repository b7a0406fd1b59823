// The A2/A3 repeat layer's geometry (docs/semantics.md "The repeat layer"): which lanes of
// which repeat an instruction touches, where they lie in UB, what its masks and counts may
// be, and when its operands overlap in the ways the NPU leaves undefined. Shared by ptoas
// (literal operands are checked when they are assembled) and ptorun (everything else, when
// the instruction runs), so both say the same thing in the same words.
//
// One instruction runs `repeat` iterations; iteration r covers 8 DataBlocks of 32 bytes per
// operand; lane j of operand X lies at
//   base + 32 * (r * rep_stride + (j / lanes_per_block) * blk_stride) + size * (j % lanes_per_block).
// A mask selects the lanes: the same 128-bit set in every repeat (normal mode), or the first n
// elements of the whole instruction (counter mode: the leading lanes of each repeat, the
// repeat count inferred). Inactive lanes are neither read nor written.
#ifndef PTO_COMMON_ISA_REPEAT_MODEL_H_
#define PTO_COMMON_ISA_REPEAT_MODEL_H_

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace pto::repeat {

constexpr int kBlockBytes = 32;
constexpr int kBlocksPerRepeat = 8;
constexpr int kRepeatBytes = kBlockBytes * kBlocksPerRepeat;
constexpr int64_t kMaxRepeat = 255;  ///< repeat_times is 8 bits
constexpr int64_t kMaxStride = 255;  ///< block and repeat strides are 8 bits, in 32-byte units

/// Lanes of one repeat for elements of \a elem_bytes (2: 128, 4: 64, 8: 32).
constexpr int LanesPerRepeat(int elem_bytes) { return kRepeatBytes / elem_bytes; }
constexpr int LanesPerBlock(int elem_bytes) { return kBlockBytes / elem_bytes; }

/// 128 lane bits: lane j is bit j of hi:lo, so lo holds lanes 0..63.
struct LaneMask {
  uint64_t lo = 0, hi = 0;
  bool Test(int j) const { return ((j < 64 ? lo >> j : hi >> (j - 64)) & 1) != 0; }
  bool Empty() const { return lo == 0 && hi == 0; }
  /// Lanes 0..n-1 (n in 0..128).
  static LaneMask FirstN(int n);
  bool operator==(const LaneMask&) const = default;
  /// The bits of DataBlock \a block's lanes, \a epb lanes a block (lane 0 of the block in bit 0).
  uint64_t BlockBits(int block, int epb) const {
    const int first = block * epb;
    return ((first < 64 ? lo : hi) >> (first % 64)) & ((uint64_t{1} << epb) - 1);
  }
};

enum class MaskMode { kNormal, kCounter };

/// The mask an instruction runs with: a lane set, or (counter mode) an element count.
struct Mask {
  MaskMode mode = MaskMode::kNormal;
  LaneMask lanes;      ///< normal mode
  uint64_t count = 0;  ///< counter mode: elements of the whole instruction
};

/// One UB operand: its byte base and strides in 32-byte units.
struct Operand {
  int64_t base = 0;
  int64_t blk_stride = 1;
  int64_t rep_stride = 8;
  bool operator==(const Operand&) const = default;
};

/// What one instruction covers: element width, its repeat field, its mask.
struct Shape {
  int elem_bytes = 2;
  int64_t repeat = 1;  ///< ignored in counter mode
  Mask mask;
};

// Checks of the values an instruction names, each "" when fine or the reason it is not, in
// the words both tools print ("mask 129 is outside 1..128 for 16-bit elements").
std::string CheckContiguousMask(int64_t m, int elem_bytes);
std::string CheckBitwiseMask(uint64_t hi, uint64_t lo, int elem_bytes);
std::string CheckCounterMask(int64_t n);
/// \a literal: a repeat written as a constant, where 0 is an error (a run-time 0 runs nothing).
std::string CheckRepeat(int64_t repeat, bool literal);
std::string CheckStride(int64_t stride, const char* name);
std::string CheckBase(int64_t base, const char* name);

/// The repeats that run: the repeat field, or ceil(count / lanes) in counter mode.
int64_t RepeatsRun(const Shape& s);
/// The lanes repeat \a r reads and writes.
LaneMask ActiveLanes(const Shape& s, int64_t r);
/// Byte address of lane \a j of repeat \a r of \a x (wrapping arithmetic: no UB, the bounds
/// checks reject what lands outside).
int64_t LaneAddress(const Operand& x, int64_t r, int j, int elem_bytes);

/// [lo, hi): the bytes the active lanes of all repeats of \a x touch, from the lowest lane to
/// the end of the highest (empty, lo == hi, when no lane is active). What bounds checks use:
/// masked-off lanes past a buffer's end are not an access.
struct Span {
  int64_t lo = 0, hi = 0;
};
Span ActiveSpan(const Shape& s, const Operand& x);

/// An overlap the NPU leaves undefined (docs/semantics.md "Overlapping operands").
struct Overlap {
  int source = 0;           ///< which source (0-based) overlaps the destination
  int64_t repeat = 0;       ///< the repeat where it shows
  int64_t earlier = -1;     ///< across repeats: the earlier repeat that wrote the bytes
  int64_t lo = 0, hi = 0;   ///< the overlapping bytes [lo, hi)
  std::string Describe() const;
};

/// The first overlap of the destination \a dst with a source of \a srcs that the rules forbid:
/// within one repeat a source is either disjoint from the destination or the same bytes lane
/// for lane; no repeat reads bytes an earlier repeat of the instruction wrote. \a accumulate:
/// the instruction is a binary op with the accumulate exception (the destination may be
/// src1 when dst's or src1's repeat stride is 0 and src0 does not touch src1).
std::optional<Overlap> FindOverlap(const Shape& s, const Operand& dst,
                                   std::span<const Operand> srcs, bool accumulate);

/// The byte addresses of the active lanes of repeat \a r of \a x, in lane order: what an
/// executor reads or writes.
void ActiveAddresses(const Shape& s, const Operand& x, int64_t r, std::vector<int64_t>* out);

}  // namespace pto::repeat

#endif  // PTO_COMMON_ISA_REPEAT_MODEL_H_
