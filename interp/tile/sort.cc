// Sorts: tsort32 sorts 32-element blocks of each row into 8-byte (value, index)
// records; tmrgsort merges four sorted runs of such records. Order: descending by value, NaN
// above +inf, equal values (and +0/-0) in their original order (docs/semantics.md).
#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "pto/common/strings.h"
#include "pto/interp/element/sort_order.h"
#include "pto/interp/tile/tile_shared.h"

namespace pto::interp {

namespace {

using sort_order::Before;
using sort_order::KeyAt;

constexpr int kRecordBytes = 8;
constexpr int kSortBlock = 32;

// Element (r, c) of a u32 or i32 index tile as raw 32 bits.
uint32_t IndexBits(const TileRef& t, int64_t r, int64_t c) {
  uint32_t v;
  std::memcpy(&v, t.base + t.type->ElementOffset(r, c) * 4, 4);
  return v;
}

// tmrgsort (2 to 4 lists): row 0 of each source is a list of records sorted by value; d
// receives them merged, from column 0, until d's valid columns are full or the lists run out
// (with exhausted, as soon as one list runs out). executed[k] = records taken from list k.
// \a shift: 1 when a tmp tile follows d (unused: the merge needs no scratch space here).
bool MergeLists(Executor& ex, const Instr& in, const TileRef& d, const TileRef& first,
                int shift) {
  constexpr int kMaxLists = 4;
  const DType dtype = d.type->dtype;
  const int esz = DTypeSize(dtype);
  TileRef lists[kMaxLists];
  int64_t length[kMaxLists] = {};
  int count = 0;
  lists[count++] = first;
  for (int k = 1; k < kMaxLists; ++k) {
    const uint32_t reg = in.operands[shift + 2 + k];
    if (reg == kNoOperand) continue;
    if (!ex.Tile(reg, &lists[count])) return false;
    ++count;
  }
  for (int k = 0; k < count; ++k) length[k] = int64_t{lists[k].valid_cols} * esz / kRecordBytes;
  std::vector<Slot>& executed = ex.local_array(in.operands[shift + 1]);
  if (executed.empty()) executed.assign(4, Slot{0});  // an SSA result: fresh counts
  if (executed.size() < 4) {
    return ex.Fault(StrCat("the executed counts need a local array of 4 elements, got ",
                           executed.size()));
  }
  const bool exhausted = in.operands[shift + 2 + kMaxLists] != 0;
  const int64_t room = int64_t{d.valid_cols} * esz / kRecordBytes;
  int64_t taken[kMaxLists] = {};
  std::vector<uint8_t> out;
  for (int64_t n = 0; n < room; ++n) {
    int best = -1;
    float best_key = 0;
    bool one_empty = false;
    for (int k = 0; k < count; ++k) {
      if (taken[k] == length[k]) {
        one_empty = true;
        continue;
      }
      const float key = KeyAt(lists[k].base + taken[k] * kRecordBytes, dtype);
      if (best < 0 || Before(key, best_key)) {
        best = k;
        best_key = key;
      }
    }
    if (best < 0 || (exhausted && one_empty)) break;
    const uint8_t* record = lists[best].base + taken[best] * kRecordBytes;
    out.insert(out.end(), record, record + kRecordBytes);
    ++taken[best];
  }
  // The sources are read whole before d is written, so d may overlap them.
  std::memcpy(d.base, out.data(), out.size());
  for (int k = 0; k < 4; ++k) executed[k].i = k < count ? taken[k] : 0;
  return true;
}

}  // namespace

namespace ops {
struct Sort32 {};
struct MergeBlocks {};
struct MergeLists {};
struct MergeListsTmp {};
}  // namespace ops

template <typename Op>
bool ExecSort(Executor& ex, const Instr& in) {
  // Operands: d, then the source (tmrgsort with lists: d, the counts' array, the lists).
  constexpr int kSource = std::is_same_v<Op, ops::MergeLists>      ? 2
                          : std::is_same_v<Op, ops::MergeListsTmp> ? 3
                                                                   : 1;
  TileRef d, a;
  if (!ex.Tile(in.operands[0], &d) || !ex.Tile(in.operands[kSource], &a)) return false;
  const DType dtype = a.type->dtype;
  const int esz = DTypeSize(dtype);
  if constexpr (std::is_same_v<Op, ops::MergeLists> || std::is_same_v<Op, ops::MergeListsTmp>) {
    return MergeLists(ex, in, d, a, kSource - 2);
  } else if constexpr (std::is_same_v<Op, ops::Sort32>) {
    // Row r, block b (columns 32b .. 32b+31 of D(a), the last one possibly shorter): the
    // block's records, sorted, at bytes 8*(32b + k) of row r of d. A record is the value's
    // bits, zero bytes up to byte 4, then the index's 32 bits (raw, as the NPU writes them).
    TileRef idx;
    if (!ex.Tile(in.operands[2], &idx)) return false;
    const int32_t rows = a.valid_rows, cols = a.valid_cols;
    // An index tile of one valid row serves every row (pto-isa's a5 TSort32: row stride 0).
    const bool shared_index = idx.valid_rows == 1;
    if (!RequireCovers(ex, idx, shared_index ? std::min(rows, 1) : rows, cols, "index tile")) {
      return false;
    }
    if (d.valid_rows < rows || int64_t{d.valid_cols} * esz < int64_t{kRecordBytes} * cols) {
      return ex.Fault(StrCat("the records of a ", rows, "x", cols, " valid source need ", rows,
                             " rows of ", kRecordBytes * cols / esz, " valid columns, but ",
                             ex.TileName(d.reg), " has a valid shape of ", d.valid_rows, "x",
                             d.valid_cols));
    }
    struct Entry {
      float key;
      int32_t col;
    };
    return WithSafeDst(ex, d, {&a, &idx}, false, [&](const TileRef& dst) {
      std::vector<Entry> block;
      for (int32_t r = 0; r < rows; ++r) {
        uint8_t* out = dst.base + dst.type->ElementOffset(r, 0) * esz;
        for (int32_t c0 = 0; c0 < cols; c0 += kSortBlock) {
          const int32_t n = std::min(kSortBlock, cols - c0);
          block.clear();
          for (int32_t c = c0; c < c0 + n; ++c) {
            block.push_back({KeyAt(a.base + a.type->ElementOffset(r, c) * esz, dtype), c});
          }
          std::stable_sort(block.begin(), block.end(),
                           [](const Entry& x, const Entry& y) { return Before(x.key, y.key); });
          for (int32_t k = 0; k < n; ++k) {
            uint8_t record[kRecordBytes] = {};
            std::memcpy(record, a.base + a.type->ElementOffset(r, block[k].col) * esz, esz);
            const uint32_t index = IndexBits(idx, shared_index ? 0 : r, block[k].col);
            std::memcpy(record + 4, &index, 4);
            std::memcpy(out + int64_t{kRecordBytes} * (c0 + k), record, kRecordBytes);
          }
        }
      }
      return true;
    });
  } else {
    // tmrgsort (one list): row 0 of a holds groups of four runs of blockLen elements, each
    // run records sorted by value; each group is merged into the same columns of d. The
    // repeat count is the whole groups in the valid columns (pto-isa's srcCol / (blockLen x
    // 4)): columns past the last whole group are not read, and d's are left as they are.
    const int64_t block_len = ex.scalar(in.operands[2]).i;
    const int64_t per_record = kRecordBytes / esz;  // elements per record
    const int64_t cols = a.valid_cols;
    if (block_len <= 0 || block_len % 64 != 0) {
      return ex.Fault(StrCat("blockLen must be a positive multiple of 64, got ", block_len));
    }
    // (A blockLen past the columns is refused before 4 x blockLen could overflow.)
    const int64_t group = block_len <= cols ? 4 * block_len : 0;
    if (group == 0 || cols / group < 1 || cols / group > 255) {
      return ex.Fault(StrCat("the source's ", cols, " valid columns must hold 1 to 255 groups "
                             "of 4 x blockLen (", block_len, ") elements"));
    }
    if (d.valid_cols < cols) {
      return ex.Fault(StrCat("the destination ", ex.TileName(d.reg), " has ", d.valid_cols,
                             " valid columns, the source ", cols));
    }
    const int64_t run = block_len / per_record;  // records per run
    return WithSafeDst(ex, d, {&a}, false, [&](const TileRef& dst) {
      const uint8_t* src = a.base;
      uint8_t* out = dst.base;
      for (int64_t g = 0; g < cols / group; ++g) {
        const int64_t first = g * 4 * run;  // record number of the group's first record
        int64_t taken[4] = {0, 0, 0, 0};
        for (int64_t k = 0; k < 4 * run; ++k) {
          int best = -1;
          float best_key = 0;
          for (int l = 0; l < 4; ++l) {
            if (taken[l] == run) continue;
            const float key = KeyAt(src + (first + l * run + taken[l]) * kRecordBytes, dtype);
            if (best < 0 || Before(key, best_key)) {
              best = l;
              best_key = key;
            }
          }
          std::memcpy(out + (first + k) * kRecordBytes,
                      src + (first + best * run + taken[best]) * kRecordBytes, kRecordBytes);
          ++taken[best];
        }
      }
      return true;
    });
  }
}

#define PTO_IMPLEMENTS_Sort PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
