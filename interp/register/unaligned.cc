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
// the last vsqz / vusqz kept and, in POST_UPDATE mode, adding them to AR; sprsti and sprsts
// store AR itself.
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
struct VldusPost {};
struct VstusPost {};
struct VstasPost {};
struct Sprsti {};
struct Sprsts {};
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

// vldus: register \a d = UB[p, p + 256), its first block from load stream \a align_in;
// \a align_out is the stream moved on to the block holding p + 256.
bool LoadUnaligned(Executor& ex, uint32_t d, uint32_t align_out, int64_t p, uint32_t align_in) {
  const AlignValue& al = ex.align(align_in);
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
  std::memcpy(ex.vreg(d).bytes, out, kVectorBytes);
  // The state moves on to the block holding p + 256, where the next load of the stream starts.
  AlignValue& next = ex.align(align_out);
  const int64_t block = BlockOf(p + kVectorBytes);
  if (block + kBlock <= MemoryCapacity(ex.program().arch, Memory::kVec)) return Prime(ex, block, next);
  next.count = 0;
  return true;
}

// vstus: the first \a n elements of register \a a go to the store stream \a align_in at p.
bool StoreUnaligned(Executor& ex, uint32_t align_out, uint32_t align_in, int64_t n, uint32_t a,
                    int64_t p) {
  const int size = DTypeSize(reg::VRegType(ex, a));
  if (n < 0 || n * size > kVectorBytes) {
    return ex.Fault(StrCat("stores ", n, " elements of a ", kVectorBytes / size,
                           "-element vector"));
  }
  const AlignValue state = ex.align(align_in);
  return Append(ex, state, p, ex.vreg(a).bytes, n * size, ex.align(align_out));
}

// vstur: the first SQZN bytes of register \a a go to the store stream at p + AR; \a update
// (POST_UPDATE) then adds them to AR.
bool StoreSqueezed(Executor& ex, uint32_t align_out, uint32_t align_in, uint32_t a, int64_t p,
                   bool update) {
  Core& core = ex.core();
  if (core.spr_sqzn < 0) {
    return ex.Fault("SQZN holds no squeeze count: run vsqz or vusqz before vstur");
  }
  const int64_t n = core.spr_sqzn;
  const AlignValue state = ex.align(align_in);
  if (!Append(ex, state, reg::Address(p, core.spr_ar), ex.vreg(a).bytes, n, ex.align(align_out))) {
    return false;
  }
  if (update) core.spr_ar += n;
  return true;
}

// sprsti / sprsts: AR's low 32 bits to UB at \a addr (a ui32 or i32 pointer's element).
bool StoreAr(Executor& ex, int64_t addr) {
  uint8_t* dst;
  if (!reg::LocalBytes(ex, Memory::kVec, addr, 4, 4, reg::Use::kWrite, "writes", &dst)) {
    return false;
  }
  const uint32_t ar = static_cast<uint32_t>(ex.core().spr_ar);
  std::memcpy(dst, &ar, 4);
  return true;
}

}  // namespace

// Operands (outputs first): init_align: align; vldas: align, p; vldus: d, align out,
// [updated,] p, align in[, o, elem]; vstus: align out, [updated,] align in, n, a, p[, elem];
// pstu: align out, p out, align in, mask, p; vstur: align out, align in, a, p, @update;
// vstar: align, p; vstas: [updated,] align, p, o, elem; sprsti / sprsts: [updated], p, o.
// The post-update forms (a row each, or sprst*'s optional result) access p and return p
// advanced by the offset.
template <typename Op>
bool ExecVecAlign(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  auto scalar = [&](int i) { return ex.scalar(o[i]).i; };
  if constexpr (std::is_same_v<Op, ops::InitAlign>) {
    ex.align(o[0]).count = 0;  // an empty store stream
    return true;
  } else if constexpr (std::is_same_v<Op, ops::Vldas>) {
    return Prime(ex, BlockOf(scalar(1)), ex.align(o[0]));
  } else if constexpr (std::is_same_v<Op, ops::Vldus>) {
    return LoadUnaligned(ex, o[0], o[1], scalar(2), o[3]);
  } else if constexpr (std::is_same_v<Op, ops::VldusPost>) {
    if (!LoadUnaligned(ex, o[0], o[1], scalar(3), o[4])) return false;
    ex.scalar(o[2]).i = reg::Address(scalar(3), scalar(5), o[6]);
    return true;
  } else if constexpr (std::is_same_v<Op, ops::Vstus>) {
    return StoreUnaligned(ex, o[0], o[1], scalar(2), o[3], scalar(4));
  } else if constexpr (std::is_same_v<Op, ops::VstusPost>) {
    if (!StoreUnaligned(ex, o[0], o[2], scalar(3), o[4], scalar(5))) return false;
    ex.scalar(o[1]).i = reg::Address(scalar(5), scalar(3), o[6]);
    return true;
  } else if constexpr (std::is_same_v<Op, ops::Pstu>) {
    const int64_t p = scalar(4);
    uint8_t bits[kVectorBytes / 8];
    const int n = PackLaneBits(ex.mask(o[3]), reg::MaskGranule(ex, o[3]), bits);
    const AlignValue state = ex.align(o[2]);
    if (!Append(ex, state, p, bits, n, ex.align(o[0]))) return false;
    ex.scalar(o[1]).i = p + n;
    return true;
  } else if constexpr (std::is_same_v<Op, ops::Vstur>) {
    return StoreSqueezed(ex, o[0], o[1], o[2], scalar(3), o[4] == 1);
  } else if constexpr (std::is_same_v<Op, ops::Vstar>) {
    // The stream knows where its pending bytes belong, and after a NO_POST_UPDATE vstur AR no
    // longer says it, so p + AR is not checked.
    const AlignValue& al = ex.align(o[0]);
    return Flush(ex, al, al.offset + al.count);
  } else if constexpr (std::is_same_v<Op, ops::Sprclr>) {
    ex.core().spr_ar = 0;  // @spr: AR, the only register it names
    return true;
  } else if constexpr (std::is_same_v<Op, ops::Sprsti> || std::is_same_v<Op, ops::Sprsts>) {
    const int64_t next = reg::Address(scalar(1), scalar(2), std::is_same_v<Op, ops::Sprsti> ? 4 : 1);
    const bool post = o[0] != kNoOperand;
    if (!StoreAr(ex, post ? scalar(1) : next)) return false;
    if (post) ex.scalar(o[0]).i = next;
    return true;
  } else if constexpr (std::is_same_v<Op, ops::VstasPost>) {
    // Write the pending bytes, which must end at p.
    if (!Flush(ex, ex.align(o[1]), scalar(2))) return false;
    ex.scalar(o[0]).i = reg::Address(scalar(2), scalar(3), o[4]);
    return true;
  } else {
    // vstas: write the pending bytes, which must end at p + o.
    return Flush(ex, ex.align(o[0]), reg::Address(scalar(1), scalar(2), o[3]));
  }
}

#define PTO_IMPLEMENTS_VecAlign PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
