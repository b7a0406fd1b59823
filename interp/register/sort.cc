// The VecSort family (micro-isa 13): UB-to-UB sorts of 8-byte proposal records (the score in the
// low 4 bytes, an f16 score in the lowest 2 of them with 2 zero bytes, the 32-bit index in the
// high 4). vbitsort (VBS32) sorts groups of 32 scores with their indices into records;
// vmrgsort4 (VMS4) merges four sorted record lists and leaves in VMS4_SR how many records it
// took from each, which get_vms4_sr reads. Order: descending by score, NaN above +inf, ties
// (and +0/-0) in input order, a tie between lists going to the lower list.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "pto/common/strings.h"
#include "pto/interp/vm/kernels.h"
#include "pto/interp/register/register_memory.h"
#include "pto/interp/element/sort_order.h"

namespace pto::interp {

namespace ops {
struct VBitsort {};
struct VMrgsort4 {};
struct VGetVms4Sr {};
}  // namespace ops

namespace {

using sort_order::Before;
using sort_order::KeyAt;

constexpr int kRecordBytes = 8;
constexpr int kGroup = 32;
constexpr int kLists = 4;

bool Bitsort(Executor& ex, const Instr& in, DType dtype) {
  const uint32_t* o = in.operands;
  const int esz = DTypeSize(dtype);
  const int64_t repeats = ex.scalar(o[3]).i;
  if (repeats < 0) return ex.Fault(StrCat("a repeat count of ", repeats));
  for (int64_t r = 0; r < repeats; ++r) {
    uint8_t *dst, *scores, *indices;
    if (!reg::LocalBytes(ex, Memory::kVec, reg::Address(ex.scalar(o[1]).i, r, kGroup * esz),
                         kGroup * esz, 32, reg::Use::kRead, "scores", &scores) ||
        !reg::LocalBytes(ex, Memory::kVec, reg::Address(ex.scalar(o[2]).i, r, kGroup * 4),
                         kGroup * 4, 32, reg::Use::kRead, "indices", &indices) ||
        !reg::LocalBytes(ex, Memory::kVec, reg::Address(ex.scalar(o[0]).i, r, kGroup * kRecordBytes),
                         kGroup * kRecordBytes, 32, reg::Use::kWrite, "records", &dst)) {
      return false;
    }
    int order[kGroup];
    for (int i = 0; i < kGroup; ++i) order[i] = i;
    std::stable_sort(order, order + kGroup, [&](int a, int b) {
      return Before(KeyAt(scores + a * esz, dtype), KeyAt(scores + b * esz, dtype));
    });
    uint8_t out[kGroup * kRecordBytes] = {};
    for (int k = 0; k < kGroup; ++k) {
      std::memcpy(out + k * kRecordBytes, scores + order[k] * esz, esz);
      std::memcpy(out + k * kRecordBytes + 4, indices + order[k] * 4, 4);
    }
    std::memcpy(dst, out, sizeof(out));
  }
  return true;
}

// count: four 16-bit record counts, list k in bits [16k, 16k + 16). config: the repeat count
// in bits [7:0] (only 1 is modelled), the lists taking part in bits [11:8], and in bit 12
// "exhausted" mode, which stops as soon as one of them is used up.
bool Mrgsort4(Executor& ex, const Instr& in, DType dtype) {
  const uint32_t* o = in.operands;
  const uint64_t count = static_cast<uint64_t>(ex.scalar(o[5]).i);
  const uint64_t config = static_cast<uint64_t>(ex.scalar(o[6]).i);
  if ((config & 0xff) != 1) {
    return ex.Fault(StrCat("a repeat count (config bits 7:0) of ", config & 0xff,
                           " is not modelled; only 1 is"));
  }
  const bool exhausted = (config >> 12) & 1;
  const uint8_t* list[kLists] = {};
  int64_t length[kLists] = {}, taken[kLists] = {};
  int64_t total = 0;
  for (int k = 0; k < kLists; ++k) {
    if (!((config >> (8 + k)) & 1)) continue;
    length[k] = static_cast<int64_t>((count >> (16 * k)) & 0xffff);
    uint8_t* p;
    if (!reg::LocalBytes(ex, Memory::kVec, ex.scalar(o[1 + k]).i, length[k] * kRecordBytes, 8,
                         reg::Use::kRead, StrCat("list ", k, " reads").c_str(), &p)) {
      return false;
    }
    list[k] = p;
    total += length[k];
  }
  std::vector<uint8_t> out;
  out.reserve(total * kRecordBytes);
  while (true) {
    int best = -1;
    bool one_used_up = false;
    for (int k = 0; k < kLists; ++k) {
      if (!list[k]) continue;
      if (taken[k] == length[k]) {
        one_used_up = true;
        continue;
      }
      const float key = KeyAt(list[k] + taken[k] * kRecordBytes, dtype);
      if (best < 0 || Before(key, KeyAt(list[best] + taken[best] * kRecordBytes, dtype))) {
        best = k;
      }
    }
    if (best < 0 || (exhausted && one_used_up)) break;
    const uint8_t* r = list[best] + taken[best]++ * kRecordBytes;
    out.insert(out.end(), r, r + kRecordBytes);
  }
  uint8_t* dst;
  if (!reg::LocalBytes(ex, Memory::kVec, ex.scalar(o[0]).i, static_cast<int64_t>(out.size()), 8,
                       reg::Use::kWrite, "records", &dst)) {
    return false;
  }
  if (!out.empty()) std::memcpy(dst, out.data(), out.size());  // no records: no pointers
  uint64_t sr = 0;
  for (int k = 0; k < kLists; ++k) sr |= static_cast<uint64_t>(taken[k] & 0xffff) << (16 * k);
  ex.core().vms4_sr = sr;
  return true;
}

}  // namespace

template <typename Op>
bool ExecVecSort(Executor& ex, const Instr& in) {
  if constexpr (std::is_same_v<Op, ops::VGetVms4Sr>) {
    const uint64_t sr = ex.core().vms4_sr;
    for (int k = 0; k < kLists; ++k) {
      ex.scalar(in.operands[k]).i = ex.Wrap(in.operands[k], static_cast<int64_t>((sr >> (16 * k)) & 0xffff));
    }
    return true;
  } else {
    const auto dtype = static_cast<DType>(in.operands[std::is_same_v<Op, ops::VBitsort> ? 4 : 7]);
    if (dtype != DType::kF16 && dtype != DType::kF32) {
      return ex.Fault("scores of a type other than f16 and f32");
    }
    return std::is_same_v<Op, ops::VBitsort> ? Bitsort(ex, in, dtype) : Mrgsort4(ex, in, dtype);
  }
}

#define PTO_IMPLEMENTS_VecSort PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
