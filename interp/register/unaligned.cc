// The VecAlign family: unaligned loads and stores through an align register (micro-isa 03,
// 04; docs/semantics.md "ldst").
//
// A load stream's state (vldas) is the 32-byte block holding its next address: count 32,
// offset the block's address. A store stream's state (init_align, vstus, pstu) is the bytes
// not yet written because they do not fill a 32-byte block: count < 32 of them, which belong
// at UB address offset onwards. A store continues the stream where its pending bytes end,
// writes every byte up to the last 32-byte boundary it reaches and keeps the rest; vstas
// writes what is pending at the flush point the stream has reached. vstur and vstar are the
// same store and flush at p + AR (the core's address register), vstur storing the SQZN bytes
// the last vsqz / vusqz kept and, in POST_UPDATE mode, adding them to AR.
#include <cstring>

#include "pto/common/strings.h"
#include "pto/interp/vm/kernels.h"
#include "pto/interp/register/register_memory.h"

namespace pto::interp {

namespace ops {
struct InitAlign {};
struct Vldas {};
struct Vldus {};
struct Vstus {};
struct Vstas {};
struct Pstu {};
struct Vstur {};
struct Vstar {};
struct Sprclr {};
}  // namespace ops

namespace {

constexpr int64_t kBlock = 32;
constexpr uint32_t kLoadPrimed = kBlock;  // count of a load stream's state

int64_t BlockOf(int64_t addr) { return addr & ~(kBlock - 1); }

bool Prime(Executor& ex, int64_t block, AlignValue& al) {
  uint8_t* src;
  if (!reg::LocalBytes(ex, Memory::kVec, block, kBlock, kBlock, reg::Use::kRead, "reads", &src)) {
    return false;
  }
  std::memcpy(al.bytes, src, kBlock);
  al.count = kLoadPrimed;
  al.offset = static_cast<uint32_t>(block);
  return true;
}

// Appends \a n bytes at \a addr to the store stream \a in, writing whole blocks; \a out is the
// stream after (it may be \a in).
bool Append(Executor& ex, const AlignValue& in, int64_t addr, const uint8_t* data, int64_t n,
            AlignValue& out) {
  if (in.count == kLoadPrimed) return ex.Fault("the align state is a load stream's (vldas)");
  if (in.count > 0 && addr != in.offset + in.count) {
    return ex.Fault(StrCat("the store stream's pending bytes end at UB address ",
                           in.offset + in.count, "; this store starts at ", addr));
  }
  uint8_t buffer[kBlock + 2 * kVectorBytes];
  const int64_t start = in.count > 0 ? in.offset : addr;
  const int64_t pending = in.count;
  std::memcpy(buffer, in.bytes, pending);
  std::memcpy(buffer + pending, data, n);
  const int64_t end = start + pending + n;
  const int64_t commit = BlockOf(end) > start ? BlockOf(end) : start;
  if (commit > start) {
    uint8_t* dst;
    if (!reg::LocalBytes(ex, Memory::kVec, start, commit - start, 1, reg::Use::kWrite, "writes",
                         &dst)) {
      return false;
    }
    std::memcpy(dst, buffer, commit - start);
  }
  std::memcpy(out.bytes, buffer + (commit - start), end - commit);
  out.count = static_cast<uint32_t>(end - commit);
  out.offset = static_cast<uint32_t>(commit);
  return true;
}

// Writes the pending bytes of store stream \a al, which must end at UB address \a at.
bool Flush(Executor& ex, const AlignValue& al, int64_t at) {
  if (al.count == kLoadPrimed) return ex.Fault("the align state is a load stream's (vldas)");
  if (al.count == 0) return true;
  if (at != al.offset + al.count) {
    return ex.Fault(StrCat("the store stream has reached UB address ", al.offset + al.count,
                           ", not the flush point ", at));
  }
  uint8_t* dst;
  if (!reg::LocalBytes(ex, Memory::kVec, al.offset, al.count, 1, reg::Use::kWrite, "writes",
                       &dst)) {
    return false;
  }
  std::memcpy(dst, al.bytes, al.count);
  return true;
}

// The lane bits of a b16 or b32 mask, packed one bit per lane: 16 or 8 bytes.
int PackLaneBits(const MaskValue& m, int g, uint8_t* out) {
  const int lanes = kVectorBytes / g;
  std::memset(out, 0, lanes / 8);
  for (int i = 0; i < lanes; ++i) {
    if (reg::LaneActive(m, i, g)) out[i / 8] |= static_cast<uint8_t>(1u << (i % 8));
  }
  return lanes / 8;
}

}  // namespace

template <typename Op>
bool ExecVecAlign(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  if constexpr (std::is_same_v<Op, ops::InitAlign>) {
    AlignValue& al = ex.align(o[0]);
    al.count = 0;
    al.offset = 0;
    return true;
  } else if constexpr (std::is_same_v<Op, ops::Vldas>) {
    // align, p
    return Prime(ex, BlockOf(ex.scalar(o[1]).i), ex.align(o[0]));
  } else if constexpr (std::is_same_v<Op, ops::Vldus>) {
    // d, align out, p, align in: d = UB[p, p + 256), its first block from the state.
    const int64_t p = ex.scalar(o[2]).i;
    const AlignValue& al = ex.align(o[3]);
    if (al.count != kLoadPrimed) {
      return ex.Fault("the align state is not a load stream's: prime it with vldas");
    }
    if (al.offset != BlockOf(p)) {
      return ex.Fault(StrCat("the align state holds the block at UB address ", al.offset,
                             ", not the one holding ", p));
    }
    const int64_t head = al.offset + kBlock - p;  // bytes the state supplies
    uint8_t out[kVectorBytes];
    std::memcpy(out, al.bytes + (p - al.offset), head);
    uint8_t* src;
    if (!reg::LocalBytes(ex, Memory::kVec, al.offset + kBlock, kVectorBytes - head, kBlock,
                         reg::Use::kRead, "reads", &src)) {
      return false;
    }
    std::memcpy(out + head, src, kVectorBytes - head);
    std::memcpy(ex.vreg(o[0]).bytes, out, kVectorBytes);
    // The state moves on to the block holding p + 256, where the next load of the stream starts.
    AlignValue& next = ex.align(o[1]);
    const int64_t block = BlockOf(p + kVectorBytes);
    if (block + kBlock <= MemoryCapacity(ex.program().arch, Memory::kVec)) return Prime(ex, block, next);
    next.count = 0;
    return true;
  } else if constexpr (std::is_same_v<Op, ops::Vstus>) {
    // align out, align in, n, a, p: the first n elements of a go to the stream at p.
    const int64_t n = ex.scalar(o[2]).i;
    const int size = DTypeSize(reg::VRegType(ex, o[3]));
    if (n < 0 || n * size > kVectorBytes) {
      return ex.Fault(StrCat("stores ", n, " elements of a ", kVectorBytes / size,
                             "-element vector"));
    }
    const AlignValue state = ex.align(o[1]);
    return Append(ex, state, ex.scalar(o[4]).i, ex.vreg(o[3]).bytes, n * size, ex.align(o[0]));
  } else if constexpr (std::is_same_v<Op, ops::Pstu>) {
    // align out, p out, align in, mask, p: the mask's lane bits go to the stream at p.
    const int64_t p = ex.scalar(o[4]).i;
    uint8_t bits[kVectorBytes / 8];
    const int n = PackLaneBits(ex.mask(o[3]), reg::MaskGranule(ex, o[3]), bits);
    const AlignValue state = ex.align(o[2]);
    if (!Append(ex, state, p, bits, n, ex.align(o[0]))) return false;
    ex.scalar(o[1]).i = p + n;
    return true;
  } else if constexpr (std::is_same_v<Op, ops::Vstur>) {
    // align out, align in, a, p, @update: the first SQZN bytes of a go to the stream at p + AR.
    Core& core = ex.core();
    if (core.spr_sqzn < 0) {
      return ex.Fault("SQZN holds no squeeze count: run vsqz or vusqz before vstur");
    }
    const int64_t n = core.spr_sqzn;
    const AlignValue state = ex.align(o[1]);
    if (!Append(ex, state, reg::Address(ex.scalar(o[3]).i, core.spr_ar), ex.vreg(o[2]).bytes, n, ex.align(o[0]))) {
      return false;
    }
    if (o[4] == 1) core.spr_ar += n;  // POST_UPDATE
    return true;
  } else if constexpr (std::is_same_v<Op, ops::Vstar>) {
    // align, p: write the pending bytes where they belong. The stream knows that place, and
    // after a NO_POST_UPDATE vstur AR no longer says it, so p + AR is not checked.
    const AlignValue& al = ex.align(o[0]);
    return Flush(ex, al, al.offset + al.count);
  } else if constexpr (std::is_same_v<Op, ops::Sprclr>) {
    ex.core().spr_ar = 0;  // @spr: AR, the only register it names
    return true;
  } else {
    // vstas: align, p, o, elem: write the pending bytes, which must end at p + o.
    const int64_t at = reg::Address(ex.scalar(o[1]).i, ex.scalar(o[2]).i, o[3]);
    return Flush(ex, ex.align(o[0]), at);
  }
}

#define PTO_IMPLEMENTS_VecAlign PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
