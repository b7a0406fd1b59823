// The CubeCopy and CubeFrac families: copies between GM, L1, UB, BT and FB (micro-isa 16 and
// 02) and the GM ND/DN -> L1 NZ load (mte_gm_l1_frac).
#include <cstring>

#include "pto/common/isa/cube_flags.h"
#include "pto/common/strings.h"
#include "pto/interp/vm/kernels.h"
#include "pto/interp/register/burst.h"
#include "pto/interp/register/cube/cube_memory.h"

namespace pto::interp {

namespace ops {
struct GmToL1 {};
struct L1ToUb {};
struct UbToUb {};
struct UbToL1 {};
struct GmToCbuf {};
struct UbufToCbuf {};
struct CbufToUbuf {};
struct UbufToUbuf {};
struct L1ToBt {};
struct L1ToFb {};
struct Frac {};
struct Fill {};
}  // namespace ops

namespace cube {

namespace {

// The bytes of one side of a copy: GM (a view register) or an on-chip memory of the core
// that owns it (reg::CoreMemories).
struct Side {
  bool gm = false;
  Memory mem = Memory::kMat;
  uint32_t reg = 0;
  int64_t base = 0;  // on-chip: the pointer's byte address
  LocalMemory* where = nullptr;
};

bool Bytes(Executor& ex, const Side& s, int64_t offset, int64_t n, reg::Use use, const char* what,
           uint8_t** p) {
  return s.gm ? reg::GlobalBytes(ex, s.reg, offset, n, use, what, p)
              : reg::LocalBytesIn(ex, *s.where, s.mem, reg::Address(s.base, offset), n, 1, use,
                                  what, p);
}

// The bursts of mte_gm_l1 and mte_l1_ub: rows of len units of \a len_unit bytes; nburst's strides are the
// gaps after each row (nburst(n, 0, 0) copies n rows back to back, as the cases have it), the
// loops' strides start-to-start; all in bytes.
bool ByteBursts(Executor& ex, const Instr& in, const Side& from, const Side& to,
                int64_t len_unit) {
  dma::Transfer t;
  if (!dma::ReadTransfer(ex, in, 2, 7, &t)) return false;
  t.len *= len_unit;  // at most 2^40 bytes times a unit of at most 8 (ReadTransfer)
  t.src_row = reg::Address(t.src_row, t.len);
  t.dst_row = reg::Address(t.dst_row, t.len);
  return dma::ForEachRow(t, [&](int64_t src, int64_t dst) {
    uint8_t *a, *b;
    if (!Bytes(ex, from, src, t.len, reg::Use::kRead, "reads", &a) ||
        !Bytes(ex, to, dst, t.len, reg::Use::kWrite, "writes", &b)) {
      return false;
    }
    std::memmove(b, a, t.len);
    return true;
  });
}

// Bursts counted in units of \a unit bytes with gaps after each: n bursts of len units.
bool UnitBursts(Executor& ex, const Side& from, const Side& to, int64_t len, int64_t n,
                int64_t src_gap, int64_t dst_gap, int64_t src_unit, int64_t dst_unit,
                DType src_type, DType dst_type) {
  if (len < 0 || n < 0 || src_gap < 0 || dst_gap < 0) {
    return ex.Fault(StrCat("a burst of ", len, " units repeated ", n, " times with gaps ",
                           src_gap, " and ", dst_gap));
  }
  const bool widen = src_type != dst_type && DTypeSize(src_type) != DTypeSize(dst_type);
  // A burst larger than any memory faults below; these products only must not overflow.
  constexpr int64_t kMaxUnits = int64_t{1} << 40;
  if (len > kMaxUnits || src_gap > kMaxUnits || dst_gap > kMaxUnits) {
    return ex.Fault(StrCat("a burst of ", len, " units with gaps ", src_gap, " and ", dst_gap,
                           " reaches past any memory"));
  }
  for (int64_t r = 0; r < n; ++r) {
    uint8_t *a, *b;
    const int64_t src = reg::Address(0, r, (len + src_gap) * src_unit);
    const int64_t dst = reg::Address(0, r, (len + dst_gap) * dst_unit);
    if (!Bytes(ex, from, src, len * src_unit, reg::Use::kRead, "reads", &a) ||
        !Bytes(ex, to, dst, len * dst_unit, reg::Use::kWrite, "writes", &b)) {
      return false;
    }
    if (!widen) {
      std::memmove(b, a, len * src_unit);
      continue;
    }
    // mte_l1_bt f16/bf16 -> f32: each value widened (exactly).
    for (int64_t i = 0; i < len; ++i) {
      const float f = static_cast<float>(LoadDouble(src_type, a + i * src_unit));
      std::memcpy(b + i * dst_unit, &f, 4);
    }
  }
  return true;
}

// create_cbuf_matrix: \a repeats runs of \a blocks 32-byte blocks from \a at, a gap of \a gap
// blocks after each, every word the pattern.
bool FillL1(Executor& ex, int64_t at, uint32_t value, bool wide, int64_t repeats, int64_t blocks,
            int64_t gap) {
  constexpr int64_t kMax = pto::cube::kMaxFillCount;
  if (repeats < 0 || blocks < 0 || gap < 0 || repeats > kMax || blocks > kMax || gap > kMax) {
    return ex.Fault(StrCat("a fill of ", repeats, " repeats of ", blocks, " blocks with gap ", gap,
                           " (each 0..", kMax, ")"));
  }
  if (at % 32 != 0)
    return ex.Fault(StrCat("the fill's L1 address ", at, " is not 32-byte aligned"));
  uint8_t block[32];
  for (int i = 0; i < 32; i += wide ? 4 : 2) {
    if (wide)
      std::memcpy(block + i, &value, 4);
    else
      std::memcpy(block + i, &value, 2);  // the low 16 bits (little-endian)
  }
  for (int64_t r = 0; r < repeats; ++r) {
    uint8_t* p;
    const int64_t start = reg::Address(at, r, (blocks + gap) * 32);
    if (!Span(ex, Memory::kMat, start, blocks * 32, reg::Use::kWrite, "writes", &p)) return false;
    for (int64_t b = 0; b < blocks; ++b) std::memcpy(p + b * 32, block, 32);
  }
  return true;
}

}  // namespace
}  // namespace cube

template <typename Op>
bool ExecCubeCopy(Executor& ex, const Instr& in) {
  using cube::Side;
  const uint32_t* o = in.operands;
  // A cube-side copy to UB writes vector core 0's unless it names the sub-block (%sid).
  int64_t subblock = 0;
  if constexpr (std::is_same_v<Op, ops::UbufToCbuf> || std::is_same_v<Op, ops::CbufToUbuf> ||
                std::is_same_v<Op, ops::UbufToUbuf>) {
    subblock = ex.scalar(o[2]).i;
  }
  auto local = [&](Memory mem, uint32_t reg) {
    Side s;
    s.mem = mem;
    s.base = ex.scalar(reg).i;
    s.where = &reg::CoreMemories(ex, mem, subblock);
    return s;
  };
  if (ex.core().block_cores[0] && subblock != 0 && subblock != 1) {
    return ex.Fault(StrCat("UB sub-block ", subblock, " (0 or 1)"));
  }
  Side gm_src;
  gm_src.gm = true;
  gm_src.reg = o[0];
  if constexpr (std::is_same_v<Op, ops::Fill>) {
    // dst, value, repeat, blocks, gap, @types, @flags.
    return cube::FillL1(ex, ex.scalar(o[0]).i, static_cast<uint32_t>(ex.scalar(o[1]).i),
                        (o[6] & pto::cube::kFillWord32) != 0, ex.scalar(o[2]).i, ex.scalar(o[3]).i,
                        ex.scalar(o[4]).i);
  } else if constexpr (std::is_same_v<Op, ops::GmToL1>) {
    return cube::ByteBursts(ex, in, gm_src, local(Memory::kMat, o[1]), 1);
  } else if constexpr (std::is_same_v<Op, ops::L1ToUb>) {
    // mte_l1_ub's burst length counts elements (fixpipe-cc-gm moves 40 rows of 64 f32 with
    // len 64); its gaps are bytes.
    return cube::ByteBursts(ex, in, local(Memory::kMat, o[0]), local(Memory::kVec, o[1]),
                            DTypeSize(cube::TypeAt(o[6], 0)));
  } else if constexpr (std::is_same_v<Op, ops::UbufToCbuf> || std::is_same_v<Op, ops::CbufToUbuf> ||
                       std::is_same_v<Op, ops::UbufToUbuf>) {
    // src, dst, sid, count, len, src gap, dst gap, @types: mte_ub_l1's and mte_ub_ub's 32-byte
    // blocks and gaps (the sid, read above, picks a cube-side copy's UB).
    const Memory src_mem = std::is_same_v<Op, ops::CbufToUbuf> ? Memory::kMat : Memory::kVec;
    const Memory dst_mem = std::is_same_v<Op, ops::UbufToCbuf> ? Memory::kMat : Memory::kVec;
    const int64_t n = ex.scalar(o[3]).i, len = ex.scalar(o[4]).i;
    const int64_t sg = ex.scalar(o[5]).i, dg = ex.scalar(o[6]).i;
    const DType st = cube::TypeAt(o[7], 0);
    const Side from = local(src_mem, o[0]);
    const Side to = local(dst_mem, o[1]);
    if (from.base % 32 != 0 || to.base % 32 != 0) {
      return ex.Fault(StrCat("the source and destination addresses ", from.base, " and ", to.base,
                             " must be 32-byte aligned"));
    }
    return cube::UnitBursts(ex, from, to, len, n, sg, dg, 32, 32, st, st);
  } else {
    // src, dst, len, count, src gap, dst gap, @types.
    const int64_t len = ex.scalar(o[2]).i, n = ex.scalar(o[3]).i;
    const int64_t sg = ex.scalar(o[4]).i, dg = ex.scalar(o[5]).i;
    const DType st = cube::TypeAt(o[6], 0), dt = cube::TypeAt(o[6], 1);
    if constexpr (std::is_same_v<Op, ops::UbToUb> || std::is_same_v<Op, ops::UbToL1>) {
      const Memory to = std::is_same_v<Op, ops::UbToUb> ? Memory::kVec : Memory::kMat;
      const Side from = local(Memory::kVec, o[0]), dst = local(to, o[1]);
      if (from.base % 32 != 0 || dst.base % 32 != 0) {
        return ex.Fault(StrCat("the UB and destination addresses ", from.base, " and ", dst.base,
                               " must be 32-byte aligned"));
      }
      return cube::UnitBursts(ex, from, dst, len, n, sg, dg, 32, 32, st, st);
    } else if constexpr (std::is_same_v<Op, ops::GmToCbuf>) {
      // copy_gm_to_cbuf src, dst, n_burst, len_burst, src_stride, dst_stride: bursts of
      // len_burst elements, gaps in elements.
      const int64_t elem = DTypeSize(st);
      return cube::UnitBursts(ex, gm_src, local(Memory::kMat, o[1]), n, len, sg, dg, elem, elem,
                              st, st);
    } else if constexpr (std::is_same_v<Op, ops::L1ToBt>) {
      // One unit is one bias value: the source's element, widened to the destination's.
      return cube::UnitBursts(ex, local(Memory::kMat, o[0]), local(Memory::kBias, o[1]), len, n,
                              sg, dg, DTypeSize(st), DTypeSize(dt), st, dt);
    } else {
      static_assert(std::is_same_v<Op, ops::L1ToFb>);
      // One unit is 64 bytes of parameters, copied as they are.
      return cube::UnitBursts(ex, local(Memory::kMat, o[0]), local(Memory::kScaling, o[1]), len,
                              n, sg, dg, 64, 64, st, st);
    }
  }
}

// src, dst, n, d, inner stride, [outer stride], group count, loop2..4 strides, cache, small-C0,
// @types, @flags: writes group_count NZ matrices of n x d (micro-isa 16 "Reference addressing").
template <typename Op>
bool ExecCubeFrac(Executor& ex, const Instr& in) {
  static_assert(std::is_same_v<Op, ops::Frac>);
  const uint32_t* o = in.operands;
  const int64_t n = ex.scalar(o[2]).i, d = ex.scalar(o[3]).i, inner = ex.scalar(o[4]).i;
  const int64_t outer = o[5] == kNoOperand ? 0 : ex.scalar(o[5]).i;
  const int64_t groups = ex.scalar(o[6]).i, row_step = ex.scalar(o[7]).i;
  const int64_t block_step = ex.scalar(o[8]).i, group_step = ex.scalar(o[9]).i;
  const bool small_c0 = ex.scalar(o[11]).i != 0;
  const DType t = cube::TypeAt(o[12], 0);
  const bool dn = o[13] & cube::kDn2Nz;
  const int64_t elem = DTypeSize(t);
  if (elem <= 0 || elem > 8) return ex.Fault("the element type code is not a type GM holds");
  const int64_t c0 = 32 / elem;
  if (small_c0) return ex.Fault("small-C0 packing (ctrl(..., true)) is not modelled");
  if (n < 0 || d < 0 || groups < 0) {
    return ex.Fault(StrCat("shape(", n, ", ", d, ") in ", groups, " groups"));
  }
  // The 32-byte rows it writes must fit L1 together: more would overwrite themselves, and an
  // instruction this large would run for ever.
  const int64_t capacity = MemoryCapacity(ex.program().arch, Memory::kMat);
  const int64_t blocks = d / c0 + (d % c0 != 0);
  int64_t bytes = 0;
  if (__builtin_mul_overflow(n, blocks, &bytes) || __builtin_mul_overflow(bytes, groups, &bytes) ||
      __builtin_mul_overflow(bytes, int64_t{32}, &bytes) || bytes > capacity) {
    return ex.Fault(StrCat(groups, " NZ matrices of shape(", n, ", ", d, ") do not fit the ",
                           capacity / 1024, " KiB of L1"));
  }
  const int64_t l1 = ex.scalar(o[1]).i;
  for (int64_t g = 0; g < groups; ++g) {
    // Every C0 row of the n x d matrix, its tail lanes zero.
    for (int64_t r = 0; r < n; ++r) {
      for (int64_t blk = 0; blk * c0 < d; ++blk) {
        uint8_t* row;
        const int64_t at = reg::Address(
            l1, reg::Address(reg::Address(reg::Address(0, g, group_step), blk, block_step), r,
                             row_step),
            32);
        if (!cube::Span(ex, Memory::kMat, at, 32, reg::Use::kWrite, "writes", &row)) return false;
        for (int64_t c = 0; c < c0; ++c) {
          const int64_t col = blk * c0 + c;
          if (col >= d) {
            std::memset(row + c * elem, 0, elem);
            continue;
          }
          const int64_t src = reg::Address(reg::Address(0, g, outer),
                                           dn ? reg::Address(r * elem, col, inner)
                                              : reg::Address(col * elem, r, inner));
          uint8_t* from;
          if (!reg::GlobalBytes(ex, o[0], src, elem, reg::Use::kRead, "reads", &from)) {
            return false;
          }
          std::memcpy(row + c * elem, from, elem);
        }
      }
    }
  }
  return true;
}

#define PTO_IMPLEMENTS_CubeCopy PTO_YES
#define PTO_IMPLEMENTS_CubeFrac PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
