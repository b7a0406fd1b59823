// The Histogram and Random families (A5): thistogram's 256-bin byte counts and trandom's
// Philox4x32 words, as pto-isa's THistogram.hpp and TRandom.hpp compute them
// (docs/semantics.md "Histograms and random numbers").
#include <algorithm>
#include <array>

#include "pto/common/strings.h"
#include "pto/interp/tile/tile_shared.h"

namespace pto::interp {

namespace ops {
struct Histogram {};
struct Philox {};
}  // namespace ops

namespace {

// Byte k of element (r, c) of a (16- or 32-bit integers).
uint32_t ByteOf(const TileRef& a, int32_t r, int32_t c, int k) {
  const uint32_t v = DTypeSize(a.type->dtype) == 2 ? *a.At<uint16_t>(r, c) : *a.At<uint32_t>(r, c);
  return (v >> (8 * k)) & 0xff;
}

// Whether element (r, c) passes the filter of the histogram of byte \a byte: a 16-bit low byte
// counts where the high byte is idx[r]; a 32-bit byte counts where each higher byte is the
// filter value in its row of idx (byte 3 in row 0, byte 2 in row 1, byte 1 in row 2).
bool Passes(const TileRef& a, const TileRef& idx, int32_t r, int32_t c, int byte) {
  if (DTypeSize(a.type->dtype) == 2) return byte == 1 || ByteOf(a, r, c, 1) == *idx.At<uint8_t>(r, 0);
  for (int k = 3, row = 0; k > byte; --k, ++row) {
    if (ByteOf(a, r, c, k) != *idx.At<uint8_t>(row, 0)) return false;
  }
  return true;
}

}  // namespace

// thistogram d | a idx @byte: for each valid row r of a, d's 256 words from storage offset
// 256 r count the values of byte `byte` among the row's valid elements that pass the filter
// (the NPU stores each row's bins there whatever d's row length).
template <typename Op>
bool ExecHistogram(Executor& ex, const Instr& in) {
  TileRef d, a, idx;
  if (!ex.Tile(in.operands[0], &d) || !ex.Tile(in.operands[1], &a) ||
      !ex.Tile(in.operands[2], &idx)) {
    return false;
  }
  const int byte = static_cast<int>(in.operands[3]);
  const int64_t words = int64_t{d.type->rows} * d.type->cols;
  if (int64_t{256} * a.valid_rows > words) {
    return ex.Fault(StrCat(a.valid_rows, " rows of 256 bins do not fit in ", ex.TileName(d.reg)));
  }
  const bool wide = DTypeSize(a.type->dtype) == 4;
  const int32_t filter_rows = wide ? 3 - byte : a.valid_rows;
  if (filter_rows > 0 && !RequireCovers(ex, idx, filter_rows, wide ? 1 : 0, "filter")) {
    return false;
  }
  uint32_t* bins = reinterpret_cast<uint32_t*>(d.base);
  for (int32_t r = 0; r < a.valid_rows; ++r) {
    std::array<uint32_t, 256> count{};
    for (int32_t c = 0; c < a.valid_cols; ++c) {
      if (Passes(a, idx, r, c, byte)) ++count[ByteOf(a, r, c, byte)];
    }
    std::copy(count.begin(), count.end(), bins + 256 * r);
  }
  return true;
}

namespace {

// The lanes of one block of trandom: x[w][l] is word w (0 least significant) of lane l's
// 128-bit counter on entry, of its Philox4x32 output on return.
struct PhiloxLanes {
  static constexpr int kLanes = 64;
  alignas(64) uint32_t x[4][kLanes];
};

// Philox4x32 of lanes [0, n) of \a block: \a rounds rounds, the key bumped after each
// (TRandomKernel). Lanes innermost, as the NPU's vector runs them, so that the compiler
// vectorises the loop (histogram_random.cc is compiled with loop vectorisation; an AVX2 clone
// is chosen at run time where the CPU has it).
[[gnu::target_clones("avx2", "default")]] void PhiloxRounds(PhiloxLanes& block, int n,
                                                             uint32_t k0, uint32_t k1,
                                                             int rounds) {
  uint32_t* __restrict x0 = block.x[0];
  uint32_t* __restrict x1 = block.x[1];
  uint32_t* __restrict x2 = block.x[2];
  uint32_t* __restrict x3 = block.x[3];
  for (int i = 0; i < rounds; ++i) {
    for (int l = 0; l < n; ++l) {
      const uint64_t p0 = uint64_t{x0[l]} * 0xD2511F53u, p1 = uint64_t{x2[l]} * 0xCD9E8D57u;
      const uint32_t y0 = static_cast<uint32_t>(p1 >> 32) ^ x1[l] ^ k0;
      const uint32_t y2 = static_cast<uint32_t>(p0 >> 32) ^ x3[l] ^ k1;
      x0[l] = y0;
      x1[l] = static_cast<uint32_t>(p1);
      x2[l] = y2;
      x3[l] = static_cast<uint32_t>(p0);
    }
    k0 += 0x9E3779B9u;
    k1 += 0xBB67AE85u;
  }
}

}  // namespace

// trandom d | key0 key1 counter0..3 @rounds: each row is made in blocks of 256 words, lane l
// (0..63) of a block giving words 4l..4l+3 from counter C + l + S, where S grows by 64 after
// each block of a row but the last, which adds ((valid columns - 1) mod 64) + 1 (TRandom's
// counter schedule, so rows may leave counters unused). Only the lanes with a word in the
// valid columns are computed.
template <typename Op>
bool ExecRandom(Executor& ex, const Instr& in) {
  TileRef d;
  if (!ex.Tile(in.operands[0], &d)) return false;
  auto word = [&](int i) { return static_cast<uint32_t>(ex.scalar(in.operands[i]).i); };
  const uint32_t k0 = word(1), k1 = word(2);
  unsigned __int128 start = 0;
  for (int w = 6; w >= 3; --w) start = (start << 32) | word(w);
  const int rounds = static_cast<int>(in.operands[7]);
  const int32_t cols = d.valid_cols;
  const int32_t blocks = (cols + 255) / 256;
  const bool contiguous = d.type->Plain() && d.type->row_major();
  PhiloxLanes block;
  unsigned __int128 sum = 0;
  for (int32_t r = 0; r < d.valid_rows; ++r) {
    uint32_t* row = contiguous ? d.At<uint32_t>(r, 0) : nullptr;
    for (int32_t j = 0; j < blocks; ++j) {
      const int lanes = std::min(PhiloxLanes::kLanes, (cols - 256 * j + 3) / 4);
      for (int l = 0; l < lanes; ++l) {
        const unsigned __int128 counter = start + sum + l;
        for (int w = 0; w < 4; ++w) block.x[w][l] = static_cast<uint32_t>(counter >> (32 * w));
      }
      PhiloxRounds(block, lanes, k0, k1, rounds);
      for (int l = 0; l < lanes; ++l) {
        for (int w = 0; w < 4; ++w) {
          const int32_t c = 256 * j + 4 * l + w;
          if (c >= cols) break;
          if (row) {
            row[c] = block.x[w][l];
          } else {
            *d.At<uint32_t>(r, c) = block.x[w][l];
          }
        }
      }
      sum += j + 1 < blocks ? 64 : (cols - 1) % 64 + 1;
    }
  }
  return true;
}

#define PTO_IMPLEMENTS_Histogram PTO_YES
#define PTO_IMPLEMENTS_Random PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
