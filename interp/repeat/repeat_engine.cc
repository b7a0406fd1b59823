#include "pto/interp/repeat/repeat_engine.h"

#include <bit>

#include "pto/common/strings.h"
#include "pto/interp/vm/tools.h"
#include "pto/interp/register/register_memory.h"

namespace pto::interp::repeat {

namespace {

bool Check(Executor& ex, const std::string& problem) {
  return problem.empty() || ex.Fault(problem);
}

// The mask the instruction runs with: its own words, or the core's mask state.
bool ReadMask(Executor& ex, const Instr& in, const RepeatOperands& at, int bytes,
              pto::repeat::Mask* m) {
  const uint32_t* o = in.operands;
  const auto word = [&](int k) { return static_cast<uint64_t>(ex.scalar(o[at.mask + k]).i); };
  switch (static_cast<MaskForm>(o[at.mask_form])) {
    case MaskForm::kContiguous: {
      const int64_t n = ex.scalar(o[at.mask]).i;
      if (!Check(ex, pto::repeat::CheckContiguousMask(n, bytes))) return false;
      m->lanes = pto::repeat::LaneMask::FirstN(static_cast<int>(n));
      return true;
    }
    case MaskForm::kBits:
      m->lanes = {word(1), word(0)};
      return Check(ex, pto::repeat::CheckBitwiseMask(word(0), word(1), bytes));
    case MaskForm::kCounter:
      m->mode = pto::repeat::MaskMode::kCounter;
      m->count = word(0);
      return Check(ex, pto::repeat::CheckCounterMask(ex.scalar(o[at.mask]).i));
    case MaskForm::kState: {
      const RepeatMaskState& s = ex.core().repeat_mask;
      if (s.counter) {
        m->mode = pto::repeat::MaskMode::kCounter;
        m->count = s.lo;
        const int64_t n = s.lo > uint64_t{INT64_MAX} ? -1 : static_cast<int64_t>(s.lo);
        if (pto::repeat::CheckCounterMask(n).empty()) return true;
        return ex.Fault(StrCat("the mask state (counter mode) holds ", s.lo, " elements; "
                               "set_vector_mask sets 1 to 4294967295"));
      }
      // The state serves every element width: an instruction reads the bits of the lanes its
      // repeat has (pto-isa sets (-1, -1) before its f32 instructions), the others not at all.
      const uint64_t hi = bytes >= 4 ? 0 : s.hi;
      const uint64_t lo = bytes == 8 ? s.lo & 0xffffffffu : s.lo;
      m->lanes = {lo, hi};
      const std::string problem = pto::repeat::CheckBitwiseMask(hi, lo, bytes);
      return Check(ex, problem.empty() ? "" : StrCat("the mask state: ", problem));
    }
  }
  return ex.Fault("unknown mask form");
}

// Under the sanitizer: the bytes of the active lanes of every operand. Repeats with one lane
// mask (all of them, but for a counter mode's last) are recorded together: each run of lanes
// once, repeated at the repeat stride.
void RecordLanes(Executor& ex, const Geometry& g) {
  const int bytes = g.shape.elem_bytes;
  const int epb = pto::repeat::LanesPerBlock(bytes);
  const bool one_run = IsOneRun(g);
  for (int p = 0; p < g.pointers; ++p) {
    const pto::repeat::Operand& x = g.x[p];
    const bool write = p == 0;
    if (one_run) {
      RecordAccess(ex.core(), BytesAccess({}, x.base, g.repeats * pto::repeat::kRepeatBytes, write, true));
      continue;
    }
    const uint64_t stride = static_cast<uint64_t>(pto::repeat::kBlockBytes * x.rep_stride);
    for (int64_t r = 0; r < g.repeats;) {
      const pto::repeat::LaneMask m = pto::repeat::ActiveLanes(g.shape, r);
      int64_t same = 1;  // repeats from r on with mask m
      while (r + same < g.repeats && pto::repeat::ActiveLanes(g.shape, r + same) == m) ++same;
      const auto count = static_cast<uint32_t>(same);
      int64_t run_begin = 0, run_end = -1;  // consecutive lanes, merged across blocks
      const auto flush = [&] {
        if (run_end > run_begin) {
          Access a = BytesAccess({}, run_begin, run_end - run_begin, write, true);
          a.count = count;
          a.stride = stride;
          RecordAccess(ex.core(), a);
        }
      };
      for (int b = 0; b < pto::repeat::kBlocksPerRepeat; ++b) {
        uint64_t bits = m.BlockBits(b, epb);
        const int64_t block = x.base + pto::repeat::kBlockBytes * (r * x.rep_stride + b * x.blk_stride);
        while (bits) {  // each run of consecutive active lanes
          const int lo = std::countr_zero(bits);
          const int n = std::countr_one(bits >> lo);
          if (block + lo * bytes != run_end) {
            flush();
            run_begin = block + lo * bytes;
          }
          run_end = block + (lo + n) * bytes;
          bits &= ~(((uint64_t{1} << n) - 1) << lo);
        }
      }
      flush();
      r += same;
    }
  }
}

}  // namespace

bool Decode(Executor& ex, const Instr& in, const RepeatOperands& at, bool accumulate,
            Geometry* g) {
  const uint32_t* o = in.operands;
  g->dtype = static_cast<DType>(o[at.elem_type]);
  const int bytes = DTypeSize(g->dtype);
  g->shape.elem_bytes = bytes;
  if (!ReadMask(ex, in, at, bytes, &g->shape.mask)) return false;
  g->shape.repeat = ex.scalar(o[at.repeat]).i;
  if (g->shape.mask.mode == pto::repeat::MaskMode::kNormal &&
      !Check(ex, pto::repeat::CheckRepeat(g->shape.repeat, false))) {
    return false;
  }
  g->pointers = at.pointers;
  for (int p = 0; p < at.pointers; ++p) {
    pto::repeat::Operand& x = g->x[p];
    x.base = ex.scalar(o[p]).i;
    x.blk_stride = ex.scalar(o[at.blk + p]).i;
    x.rep_stride = ex.scalar(o[at.rep + p]).i;
    const auto fits = [](int64_t v) { return v >= 0 && v <= pto::repeat::kMaxStride; };
    if (fits(x.blk_stride) && fits(x.rep_stride) && x.base % pto::repeat::kBlockBytes == 0) continue;
    // The message only when a value is wrong: decoding stays free of strings.
    const std::string name = RepeatPointerName(at.pointers, p);
    if (!Check(ex, pto::repeat::CheckStride(x.blk_stride, (name + "_blk_stride").c_str())) ||
        !Check(ex, pto::repeat::CheckStride(x.rep_stride, (name + "_rep_stride").c_str())) ||
        !Check(ex, pto::repeat::CheckBase(x.base, name.c_str()))) {
      return false;
    }
  }
  g->repeats = pto::repeat::RepeatsRun(g->shape);
  const int64_t ub_bytes = MemoryCapacity(ex.program().arch, Memory::kVec);
  pto::repeat::Span spans[3];
  for (int p = 0; p < at.pointers; ++p) {
    spans[p] = pto::repeat::ActiveSpan(g->shape, g->x[p]);
    const pto::repeat::Span& span = spans[p];
    if (span.hi == span.lo || (span.lo >= 0 && span.hi <= ub_bytes)) continue;
    uint8_t* bytes_at;
    const std::string what =
        StrCat(RepeatPointerName(at.pointers, p), "'s active lanes ", p == 0 ? "write" : "read");
    int64_t span_bytes;
    if (__builtin_sub_overflow(span.hi, span.lo, &span_bytes)) {  // ActiveSpan's wrapped span
      return ex.Fault(StrCat(RepeatPointerName(at.pointers, p), " at UB byte ", g->x[p].base,
                             ": its active lanes wrap around the 64-bit address space"));
    }
    const reg::Use use = p == 0 ? reg::Use::kWrite : reg::Use::kRead;
    if (!reg::LocalBytes(ex, Memory::kVec, span.lo, span_bytes, 1, use, what.c_str(), &bytes_at)) {
      return false;
    }
  }
  // Lanes may be computed straight from UB, block by block, when no source shares bytes with
  // the destination except as the destination itself with its blocks apart (in place).
  g->direct = true;
  for (int p = 1; p < at.pointers; ++p) {
    const bool apart = spans[p].hi <= spans[0].lo || spans[0].hi <= spans[p].lo;
    g->direct &= apart || (g->x[p] == g->x[0] && g->x[0].blk_stride > 0);
  }
  g->ub = ex.local().arena[static_cast<int>(Memory::kVec)].data();
  if (ex.core().recording) [[unlikely]] RecordLanes(ex, *g);
  if (at.pointers > 1) {
    const std::span<const pto::repeat::Operand> srcs(g->x + 1, at.pointers - 1);
    if (auto bad = pto::repeat::FindOverlap(g->shape, g->x[0], srcs, accumulate)) {
      return ex.Fault(StrCat(RepeatPointerName(at.pointers, bad->source + 1), " ",
                             bad->Describe(), "; the NPU's result would be undefined, so "
                             "nothing is computed"));
    }
  }
  return true;
}

bool IsOneRun(const Geometry& g) {
  if (g.shape.mask.mode == pto::repeat::MaskMode::kCounter) {
    if (g.shape.mask.count % pto::repeat::LanesPerRepeat(g.shape.elem_bytes) != 0) return false;
  } else if (!(g.shape.mask.lanes == pto::repeat::LaneMask::FirstN(pto::repeat::LanesPerRepeat(g.shape.elem_bytes)))) {
    return false;
  }
  for (int p = 0; p < g.pointers; ++p) {
    if (g.x[p].blk_stride != 1 || (g.x[p].rep_stride != 8 && g.repeats > 1)) return false;
  }
  return true;
}

}  // namespace pto::interp::repeat
