// The burst model the register layer's DMA shares (micro-isa 02 and 16): rows of len bytes,
// nburst(count, src stride, dst stride), wrapped by loop(...) triples, inner first.
#ifndef PTO_INTERP_REGISTER_BURST_H_
#define PTO_INTERP_REGISTER_BURST_H_

#include <cstdint>

#include "pto/common/strings.h"
#include "pto/interp/vm/executor.h"
#include "pto/interp/register/register_memory.h"

namespace pto::interp::dma {

constexpr int kMaxLoops = 8;

// One transfer's shape: rows of len bytes, then outer loops.
struct Transfer {
  int64_t len = 0;
  int64_t rows = 0, src_row = 0, dst_row = 0;
  int loops = 0;
  int64_t count[kMaxLoops] = {}, src_step[kMaxLoops] = {}, dst_step[kMaxLoops] = {};
};

/// More burst rows than this in one DMA is a fault (UB holds 8192 rows of 32 bytes).
constexpr int64_t kMaxRows = int64_t{1} << 24;

/// Faults on a transfer no memory could hold: a burst longer than kMaxBurst bytes, or more
/// than kMaxRows rows (they would only overwrite themselves, and one instruction would run for
/// ever).
inline bool CheckTransfer(Executor& ex, const Transfer& t) {
  constexpr int64_t kMaxBurst = int64_t{1} << 40;
  if (t.len > kMaxBurst) return ex.Fault(StrCat("a burst of ", t.len, " bytes"));
  int64_t total = t.rows;
  for (int l = 0; l < t.loops && total != 0 && total <= kMaxRows; ++l) {
    if (__builtin_mul_overflow(total, t.count[l], &total)) total = kMaxRows + 1;
  }
  if (total > kMaxRows) return ex.Fault(StrCat("a DMA of more than ", kMaxRows, " burst rows"));
  return true;
}

inline bool ReadTransfer(Executor& ex, const Instr& in, int len_at, int first_loop, Transfer* t) {
  const uint32_t* o = in.operands;
  t->len = ex.scalar(o[len_at]).i;
  t->rows = ex.scalar(o[len_at + 1]).i;
  t->src_row = ex.scalar(o[len_at + 2]).i;
  t->dst_row = ex.scalar(o[len_at + 3]).i;
  const int rest = static_cast<int>(in.count) - first_loop;
  t->loops = rest / 3;
  if (rest % 3 != 0 || t->loops > kMaxLoops) {
    return ex.Fault(StrCat("a DMA takes up to ", kMaxLoops, " loop(...) triples, not ", rest,
                           " further operands"));
  }
  if (t->len < 0 || t->rows < 0) {
    return ex.Fault(StrCat("a burst of ", t->len, " bytes repeated ", t->rows, " times"));
  }
  for (int l = 0; l < t->loops; ++l) {
    t->count[l] = ex.scalar(o[first_loop + 3 * l]).i;
    t->src_step[l] = ex.scalar(o[first_loop + 3 * l + 1]).i;
    t->dst_step[l] = ex.scalar(o[first_loop + 3 * l + 2]).i;
    if (t->count[l] < 0) return ex.Fault(StrCat("loop ", l + 1, " repeats ", t->count[l], " times"));
  }
  return CheckTransfer(ex, *t);
}

// Calls row(src_offset, dst_offset) for every burst row, outer loops outermost.
template <typename Row>
bool ForEachRow(const Transfer& t, Row&& row) {
  int64_t index[kMaxLoops] = {};
  // No rows, or a loop of none: nothing moves (CheckTransfer bounds the loops' product only
  // when every factor is non-zero, so they must not be walked for nothing).
  if (t.rows == 0) return true;
  for (int l = 0; l < t.loops; ++l) {
    if (t.count[l] == 0) return true;
  }
  while (true) {
    int64_t src = 0, dst = 0;
    for (int l = 0; l < t.loops; ++l) {
      src = reg::Address(src, index[l], t.src_step[l]);
      dst = reg::Address(dst, index[l], t.dst_step[l]);
    }
    for (int64_t r = 0; r < t.rows; ++r) {
      if (!row(reg::Address(src, r, t.src_row), reg::Address(dst, r, t.dst_row))) return false;
    }
    int l = 0;
    while (l < t.loops && ++index[l] == t.count[l]) index[l++] = 0;
    if (l == t.loops) return true;
  }
}

// How a GM -> UB copy pads each UB row: `left` elements of the pad value, the burst, `right`
// elements, then (when `to_block`) the pad value up to the row's next 32-byte boundary.
struct RowPadding {
  bool to_block = false;
  int64_t left = 0, right = 0;
  uint8_t pattern[8] = {};
  int size = 1;  ///< Bytes of one pad element.
};

/// The bits of scalar register \a reg as an element of its type (floats bitcast), \a size bytes.
void PadPattern(Executor& ex, uint32_t reg, uint8_t* pattern, int* size);
/// The GM -> UB rows of \a t from view \a gm to UB byte address \a ub (interp/register/dma.cc).
bool CopyGmToUb(Executor& ex, uint32_t gm, int64_t ub, const Transfer& t, const RowPadding& pad);
/// The UB -> GM rows of \a t from UB byte address \a ub to view \a gm.
bool CopyUbToGm(Executor& ex, int64_t ub, uint32_t gm, const Transfer& t);

}  // namespace pto::interp::dma

#endif  // PTO_INTERP_REGISTER_BURST_H_
