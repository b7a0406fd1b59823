// The Histogram and Random families (A5): thistogram's 256-bin byte counts and trandom's
// Philox4x32 words, as pto-isa's THistogram.hpp and TRandom.hpp compute them
// (docs/semantics.md "Histograms and random numbers").
#include <array>

#include "pto/common/strings.h"
#include "pto/interp/tile/kernels.h"

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

// The 128-bit counter of one lane, as four words (word 0 least significant).
using Counter = std::array<uint32_t, 4>;

Counter CounterPlus(const Counter& c, unsigned __int128 n) {
  unsigned __int128 v = 0;
  for (int w = 3; w >= 0; --w) v = (v << 32) | c[w];
  v += n;
  Counter out;
  for (int w = 0; w < 4; ++w) out[w] = static_cast<uint32_t>(v >> (32 * w));
  return out;
}

// Philox4x32 of one counter: \a rounds rounds, the key bumped after each (TRandomKernel).
Counter Philox(Counter x, uint32_t k0, uint32_t k1, int rounds) {
  for (int i = 0; i < rounds; ++i) {
    const uint64_t p0 = uint64_t{x[0]} * 0xD2511F53u, p1 = uint64_t{x[2]} * 0xCD9E8D57u;
    const uint32_t hi0 = p0 >> 32, lo0 = static_cast<uint32_t>(p0);
    const uint32_t hi1 = p1 >> 32, lo1 = static_cast<uint32_t>(p1);
    x = {hi1 ^ x[1] ^ k0, lo1, hi0 ^ x[3] ^ k1, lo0};
    k0 += 0x9E3779B9u;
    k1 += 0xBB67AE85u;
  }
  return x;
}

}  // namespace

// trandom d | key0 key1 counter0..3 @rounds: each row is made in blocks of 256 words, lane l
// (0..63) of a block giving words 4l..4l+3 from counter C + l + S, where S grows by 64 after
// each block of a row but the last, which adds ((valid columns - 1) mod 64) + 1 (TRandom's
// counter schedule, so rows may leave counters unused).
template <typename Op>
bool ExecRandom(Executor& ex, const Instr& in) {
  TileRef d;
  if (!ex.Tile(in.operands[0], &d)) return false;
  auto word = [&](int i) { return static_cast<uint32_t>(ex.scalar(in.operands[i]).i); };
  const uint32_t k0 = word(1), k1 = word(2);
  const Counter start{word(3), word(4), word(5), word(6)};
  const int rounds = static_cast<int>(in.operands[7]);
  const int32_t cols = d.valid_cols;
  const int32_t blocks = (cols + 255) / 256;
  unsigned __int128 sum = 0;
  for (int32_t r = 0; r < d.valid_rows; ++r) {
    for (int32_t j = 0; j < blocks; ++j) {
      for (int l = 0; l < 64; ++l) {
        const Counter out = Philox(CounterPlus(start, sum + l), k0, k1, rounds);
        for (int w = 0; w < 4; ++w) {
          const int32_t c = 256 * j + 4 * l + w;
          if (c < cols) *d.At<uint32_t>(r, c) = out[w];
        }
      }
      sum += j + 1 < blocks ? 64 : (cols - 1) % 64 + 1;
    }
  }
  return true;
}

#define PTO_IMPLEMENTS_Histogram PTO_YES
#define PTO_IMPLEMENTS_Random PTO_YES
#include "pto/interp/instantiate.inc"

}  // namespace pto::interp
