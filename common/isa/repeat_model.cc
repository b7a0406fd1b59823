#include "pto/common/isa/repeat_model.h"

#include <algorithm>
#include <bit>
#include <unordered_map>
#include <unordered_set>

#include "pto/common/strings.h"

namespace pto::repeat {

LaneMask LaneMask::FirstN(int n) {
  LaneMask m;
  if (n >= 64) {
    m.lo = ~uint64_t{0};
    m.hi = n >= 128 ? ~uint64_t{0} : (uint64_t{1} << (n - 64)) - 1;
  } else if (n > 0) {
    m.lo = (uint64_t{1} << n) - 1;
  }
  return m;
}

namespace {

std::string WidthWords(int elem_bytes) { return StrCat(8 * elem_bytes, "-bit elements"); }

}  // namespace

std::string CheckContiguousMask(int64_t m, int elem_bytes) {
  const int lanes = LanesPerRepeat(elem_bytes);
  if (m < 1 || m > lanes) {
    return StrCat("mask ", m, " is outside 1..", lanes, " for ", WidthWords(elem_bytes),
                  " (the lanes of one repeat)");
  }
  return "";
}

std::string CheckBitwiseMask(uint64_t hi, uint64_t lo, int elem_bytes) {
  if (hi == 0 && lo == 0) return "the mask selects no lane (both words are 0)";
  if (elem_bytes >= 4 && hi != 0) {
    return StrCat("the mask's high word must be 0 for ", WidthWords(elem_bytes), " (",
                  LanesPerRepeat(elem_bytes), " lanes, all in the low word)");
  }
  if (elem_bytes == 8 && (lo >> 32) != 0) {
    return StrCat("the mask's low word must be below 2^32 for ", WidthWords(elem_bytes),
                  " (32 lanes)");
  }
  return "";
}

std::string CheckCounterMask(int64_t n) {
  if (n < 1 || n > int64_t{0xffffffff}) {
    return StrCat("counter-mode mask ", n, " is outside 1..4294967295 (elements of the whole "
                  "instruction)");
  }
  return "";
}

std::string CheckRepeat(int64_t repeat, bool literal) {
  if (literal && repeat == 0) {
    return "repeat = 0 runs nothing; a constant 0 is not allowed (a run-time 0 is)";
  }
  if (repeat < 0 || repeat > kMaxRepeat) {
    return StrCat("repeat ", repeat, " is outside 0..", kMaxRepeat,
                  " (split the work into instructions of at most 255 repeats)");
  }
  return "";
}

std::string CheckStride(int64_t stride, const char* name) {
  if (stride < 0 || stride > kMaxStride) {
    return StrCat(name, " ", stride, " is outside 0..", kMaxStride, " (32-byte units)");
  }
  return "";
}

std::string CheckBase(int64_t base, const char* name) {
  if (base % kBlockBytes != 0) {
    return StrCat(name, " at UB byte ", base, " is not 32-byte aligned");
  }
  return "";
}

int64_t RepeatsRun(const Shape& s) {
  if (s.mask.mode == MaskMode::kNormal) return s.repeat;
  const uint64_t lanes = LanesPerRepeat(s.elem_bytes);
  return static_cast<int64_t>((s.mask.count + lanes - 1) / lanes);
}

LaneMask ActiveLanes(const Shape& s, int64_t r) {
  if (s.mask.mode == MaskMode::kNormal) return s.mask.lanes;
  const int64_t lanes = LanesPerRepeat(s.elem_bytes);
  const uint64_t done = static_cast<uint64_t>(r) * static_cast<uint64_t>(lanes);
  if (done >= s.mask.count) return {};
  return LaneMask::FirstN(static_cast<int>(std::min<uint64_t>(s.mask.count - done, lanes)));
}

int64_t LaneAddress(const Operand& x, int64_t r, int j, int elem_bytes) {
  const int epb = LanesPerBlock(elem_bytes);
  const uint64_t blocks = static_cast<uint64_t>(r) * static_cast<uint64_t>(x.rep_stride) +
                          static_cast<uint64_t>(j / epb) * static_cast<uint64_t>(x.blk_stride);
  return static_cast<int64_t>(static_cast<uint64_t>(x.base) + blocks * kBlockBytes +
                              static_cast<uint64_t>(elem_bytes) * static_cast<uint64_t>(j % epb));
}

namespace {

// The lowest and highest lane offsets (from the repeat's own base) of the lanes in m: per
// block, its first and last active lane (lane offsets rise within a block).
void LaneExtent(const LaneMask& m, const Operand& x, int elem_bytes, int64_t* lo, int64_t* hi) {
  *lo = INT64_MAX;
  *hi = INT64_MIN;
  const int epb = LanesPerBlock(elem_bytes);
  for (int b = 0; b < kBlocksPerRepeat; ++b) {
    const uint64_t bits = m.BlockBits(b, epb);
    if (bits == 0) continue;
    const int64_t block = static_cast<int64_t>(b) * x.blk_stride * kBlockBytes;
    *lo = std::min(*lo, block + std::countr_zero(bits) * elem_bytes);
    *hi = std::max(*hi, block + (63 - std::countl_zero(bits)) * elem_bytes);
  }
}

}  // namespace

Span ActiveSpan(const Shape& s, const Operand& x) {
  const int64_t repeats = RepeatsRun(s);
  if (repeats <= 0) return {x.base, x.base};
  // Strides are not negative, so the lowest lane is in repeat 0 and the highest in the last
  // repeat (in counter mode the last repeat may hold fewer lanes than the one before it).
  int64_t lo, hi, last_lo, last_hi;
  LaneExtent(ActiveLanes(s, 0), x, s.elem_bytes, &lo, &hi);
  if (lo > hi) return {x.base, x.base};
  LaneExtent(ActiveLanes(s, repeats - 1), x, s.elem_bytes, &last_lo, &last_hi);
  const int64_t step = kBlockBytes * x.rep_stride;  // at most 2^32 repeats of 8160 bytes
  int64_t top = (repeats - 1) * step + last_hi;
  if (repeats >= 2 && s.mask.mode == MaskMode::kCounter) {
    top = std::max(top, (repeats - 2) * step + hi);
  }
  // Wrapping, as LaneAddress: a base near the ends of int64 gives a span the bounds check
  // rejects, never an overflow.
  const auto at = [&](int64_t offset) {
    return static_cast<int64_t>(static_cast<uint64_t>(x.base) + static_cast<uint64_t>(offset));
  };
  const Span span{at(lo), at(top + s.elem_bytes)};
  return span.lo <= span.hi ? span : Span{INT64_MIN, INT64_MAX};  // wrapped: covers everything
}

void ActiveAddresses(const Shape& s, const Operand& x, int64_t r, std::vector<int64_t>* out) {
  out->clear();
  const LaneMask m = ActiveLanes(s, r);
  for (int j = 0; j < LanesPerRepeat(s.elem_bytes); ++j) {
    if (m.Test(j)) out->push_back(LaneAddress(x, r, j, s.elem_bytes));
  }
}

std::string Overlap::Describe() const {
  if (earlier >= 0) {
    return StrCat("reads in repeat ", repeat, " UB bytes [", lo, ", ", hi, ") that repeat ",
                  earlier, " wrote to the destination");
  }
  return StrCat("overlaps the destination partly in repeat ", repeat, ": UB bytes [", lo, ", ",
                hi, ") (a source must be disjoint from the destination or the same bytes lane "
                "for lane)");
}

namespace {

bool Disjoint(const Span& a, const Span& b) { return a.hi <= b.lo || b.hi <= a.lo; }

// Whether no two repeats of x share a byte: the active lanes of a repeat (the first has the
// most) span no more than its repeat stride.
bool RepeatsApart(const Shape& s, const Operand& x) {
  if (RepeatsRun(s) <= 1) return true;
  int64_t lo, hi;
  LaneExtent(ActiveLanes(s, 0), x, s.elem_bytes, &lo, &hi);
  return lo > hi || x.rep_stride * kBlockBytes >= hi + s.elem_bytes - lo;
}

}  // namespace

std::optional<Overlap> FindOverlap(const Shape& s, const Operand& dst,
                                   std::span<const Operand> srcs, bool accumulate) {
  const Span d = ActiveSpan(s, dst);
  std::vector<Span> spans;
  std::vector<int> near;  // the sources whose bytes come near the destination's
  for (size_t k = 0; k < srcs.size(); ++k) {
    spans.push_back(ActiveSpan(s, srcs[k]));
    if (!Disjoint(d, spans[k])) near.push_back(static_cast<int>(k));
  }
  // A source that is the destination itself (in place), with repeats that never meet, is the
  // same bytes lane for lane and reads nothing an earlier repeat wrote: the common case,
  // decided without walking the lanes.
  if (!near.empty() && RepeatsApart(s, dst)) {
    std::erase_if(near, [&](int k) { return srcs[k] == dst; });
  }
  if (near.empty() || d.lo == d.hi) return std::nullopt;
  // The exception: dst on src1 with dst's or src1's repeat stride 0, src0 clear of src1.
  const bool excused = accumulate && srcs.size() == 2 &&
                       (dst.rep_stride == 0 || srcs[1].rep_stride == 0) &&
                       Disjoint(spans[0], spans[1]);
  // Every element is elem_bytes at a multiple of elem_bytes (bases are 32-byte aligned), so
  // two elements overlap exactly when they start at the same byte.
  const int w = s.elem_bytes;
  std::unordered_map<int64_t, int64_t> written;  // element address -> last repeat writing it
  std::vector<int64_t> da, sa;
  std::unordered_set<int64_t> dset;
  const int64_t repeats = RepeatsRun(s);
  for (int64_t r = 0; r < repeats; ++r) {
    ActiveAddresses(s, dst, r, &da);
    dset.clear();
    dset.insert(da.begin(), da.end());
    for (int k : near) {
      ActiveAddresses(s, srcs[k], r, &sa);
      const bool lane_for_lane = sa == da;
      // The first bad lane decides the rule; the range covers every lane of this repeat that
      // breaks it.
      std::optional<Overlap> found;
      for (int64_t a : sa) {
        const bool partial = !lane_for_lane && dset.count(a);
        auto it = written.find(a);
        const bool dependent = it != written.end() && !(excused && k == 1);
        if (!found && (partial || dependent)) {
          found = Overlap{k, r, partial ? -1 : it->second, a, a + w};
        } else if (found && (found->earlier < 0 ? partial : dependent)) {
          found->lo = std::min(found->lo, a);
          found->hi = std::max(found->hi, a + w);
        }
      }
      if (found) return found;
    }
    for (int64_t a : da) written[a] = r;
  }
  return std::nullopt;
}

}  // namespace pto::repeat
