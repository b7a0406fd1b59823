// What the tile kernels share: scalar operands as element values, the SIMD loop of an element
// function, walks over a tile's rows and runs, and the checks of sources and destinations.
#ifndef PTO_INTERP_TILE_TILE_SHARED_H_
#define PTO_INTERP_TILE_TILE_SHARED_H_

#include <algorithm>
#include <array>
#include <cstring>

#include "pto/interp/element/element.h"
#include "pto/interp/vm/executor.h"
#include "pto/interp/host_simd/simd.h"
#include "pto/interp/vm/kernels.h"

namespace pto::interp {

bool ExecQuantMx(Executor& ex, const Instr& in);  // tquant.mx, tile/quant_mx.cc
bool ExecMoveToZz(Executor& ex, const Instr& in);  // tmov.zz, tile/quant_mx.cc
bool GlobalGather(Executor& ex, const Instr& in);   // mgather, tile/global_gather.cc
bool GlobalGatherL1(Executor& ex, const Instr& in);  // mgather into mat, tile/global_gather.cc
bool GlobalScatter(Executor& ex, const Instr& in);  // mscatter, tile/global_gather.cc
bool FlatScatter(Executor& ex, const Instr& in);    // tscatter by index, tile/scatter.cc
bool MaskScatter(Executor& ex, const Instr& in);    // tscatter by mask pattern, tile/scatter.cc

/// Elements of a global buffer a view may index from its first element: up to the last
/// element the view reaches (a bare pointer: the end of its buffer).
inline int64_t ViewReach(const ViewState& v, const GlobalBuffer& buf) {
  if (v.offset < 0 || v.offset >= buf.elements()) return 0;
  const int64_t to_end = buf.elements() - v.offset;
  if (v.rank == 0) return to_end;
  int64_t last = 0;
  for (int i = 0; i < v.rank; ++i) {
    if (v.shape[i] <= 0) return 0;
    int64_t span;
    if (v.stride[i] > 0 && (__builtin_mul_overflow(v.shape[i] - 1, v.stride[i], &span) ||
                            __builtin_add_overflow(last, span, &last))) {
      return to_end;
    }
  }
  return std::min(last + 1, to_end);
}

/// The scalar operand \a reg converted to the compute type of tiles of T.
template <typename T>
typename Elem<T>::C ScalarAs(Executor& ex, uint32_t reg) {
  DType type = ex.function().scalar_regs[reg];
  const Slot& s = ex.scalar(reg);
  return IsFloat(type) ? Elem<T>::FromDouble(s.f) : Elem<T>::FromInt(s.i);
}

/// The pad value of tiles of \a type (PadBits) as an element of their storage type T, as the
/// backend the kernel was built for pads.
template <typename T>
T PadElement(const TileType& type, Backend backend) {
  T pad;
  const uint64_t bits = PadBits(type.pad, type.dtype, backend);
  std::memcpy(&pad, &bits, sizeof(T));  // the low bytes: the host is little-endian
  return pad;
}

/// The SIMD loop (interp/host_simd/simd.h) that computes element function Op on f32, or -1.
template <typename Op>
constexpr int SimdBinaryOf() {
#define PTO_SIMD_MATCH(name) \
  if constexpr (std::is_same_v<Op, ops::name>) return static_cast<int>(simd::Binary::k##name);
  PTO_SIMD_BINARY_OPS(PTO_SIMD_MATCH)
#undef PTO_SIMD_MATCH
  return -1;
}
template <typename Op>
constexpr int SimdUnaryOf() {
#define PTO_SIMD_MATCH(name) \
  if constexpr (std::is_same_v<Op, ops::name>) return static_cast<int>(simd::Unary::k##name);
  PTO_SIMD_UNARY_OPS(PTO_SIMD_MATCH)
#undef PTO_SIMD_MATCH
  return -1;
}
template <typename Op>
constexpr int kSimdBinary = SimdBinaryOf<Op>();
template <typename Op>
constexpr int kSimdUnary = SimdUnaryOf<Op>();

/// The SIMD loops' name for a 16-bit float storage type (Half or BFloat16).
template <typename T>
constexpr simd::HalfType kHalfType =
    std::is_same_v<T, Half> ? simd::HalfType::kF16 : simd::HalfType::kBF16;
template <typename T>
constexpr bool kIsHalf = std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>;

/// Op (with a SIMD loop, kSimdUnary) on \a n 16-bit floats \a a into \a d (which may be \a a):
/// widened exactly, the target's f32 loop, rounded back once. An Op evaluated in double
/// (element.h kInDouble) redoes from its double a result the f32 loop left exactly halfway
/// between two 16-bit values, so that every result is rounded once from the exact value.
template <typename Op, typename T>
void UnaryHalfRun(const T* a, T* d, size_t n) {
  using E = Elem<T>;
  constexpr size_t kChunk = 256;
  alignas(64) float wide[kChunk];
  for (size_t at = 0; at < n; at += kChunk) {
    const size_t m = std::min(kChunk, n - at);
    for (size_t i = 0; i < m; ++i) wide[i] = E::Load(a[at + i]);
    simd::UnaryF32(static_cast<simd::Unary>(kSimdUnary<Op>), wide, wide, m);
    for (size_t i = 0; i < m; ++i) {
      const T x = a[at + i];  // (before d overwrites it)
      T r = E::Store(wide[i]);
      if constexpr (kInDouble<Op>) {
        if (Halfway(wide[i], r)) [[unlikely]] r = E::Store(E::FromDouble(Op::InDouble(E::Load(x))));
      }
      d[at + i] = r;
    }
  }
}

/// Whether each row of \a t is contiguous in storage (plain row-major).
inline bool RowsContiguous(const TileRef& t) { return t.type->Plain() && t.type->row_major(); }

/// Calls \a run(row, n) for runs of elements of the rows x cols regions of \a tiles: once for
/// the whole region when every tile's rows are exactly \a cols long (so the region is one
/// contiguous run), else once per row.
template <typename Run>
void ForRuns(int32_t rows, int32_t cols, std::initializer_list<const TileRef*> tiles, Run&& run) {
  bool whole = true;
  for (const TileRef* t : tiles) whole &= t->type->StorageCols() == cols;
  if (whole) {
    run(0, static_cast<size_t>(rows) * static_cast<size_t>(cols));
  } else {
    for (int32_t r = 0; r < rows; ++r) run(r, static_cast<size_t>(cols));
  }
}

/// The layout of \a t as the SIMD packing code (simd::PackF32, UnpackF32) describes it:
/// element (r, c) where t.ElementOffset(r, c) puts it.
inline simd::BoxLayout BoxesOf(const TileType& t) {
  const size_t rows = t.StorageRows(), cols = t.StorageCols();
  if (!t.boxed()) return {rows, cols, 0, 0, !t.row_major()};
  const size_t ir = t.InnerRows(), ic = t.InnerCols();
  return {ir, ic, t.row_major() ? cols * ir : ir * ic, t.row_major() ? ir * ic : rows * ic,
          t.slayout == SLayout::kColMajor};
}

/// Walks rows of a tile as runs of equally spaced elements, with the layout's divisions done
/// once per row rather than per element (boxed layouts put a box boundary every few columns).
template <typename T>
class RowRuns {
 public:
  explicit RowRuns(const TileRef& t)
      : base_(reinterpret_cast<T*>(t.base)), type_(*t.type), boxed_(t.type->boxed()),
        boxes_(BoxesOf(*t.type)), step_(t.type->RunStep()) {}

  /// Calls fn(i, p, step, len) for row r from column c0 on, n columns in all: columns
  /// c0+i .. c0+i+len-1 are at p[0], p[step], ...
  template <typename Fn>
  void ForRow(int64_t r, int64_t c0, int64_t n, Fn&& fn) const {
    if (!boxed_) {
      fn(0, base_ + r * type_.RowStep() + c0 * type_.ColStep(), step_, n);
      return;
    }
    const int64_t box_rows = static_cast<int64_t>(boxes_.box_rows);
    const int64_t box_cols = static_cast<int64_t>(boxes_.box_cols);
    const int64_t br = r / box_rows, ir = r % box_rows;
    for (int64_t i = 0; i < n;) {
      const int64_t c = c0 + i, bc = c / box_cols, ic = c % box_cols;
      const int64_t box_start = br * static_cast<int64_t>(boxes_.row_box_step) +
                                bc * static_cast<int64_t>(boxes_.col_box_step);
      const int64_t inner = boxes_.col_major ? ic * box_rows + ir : ir * box_cols + ic;
      const int64_t len = std::min(box_cols - ic, n - i);
      fn(i, base_ + box_start + inner, step_, len);
      i += len;
    }
  }

 private:
  T* base_;
  const TileType& type_;
  bool boxed_;
  simd::BoxLayout boxes_;  ///< The box arithmetic, shared with the matmul packing.
  int64_t step_;
};

/// True when [a, a + a_bytes) and [b, b + b_bytes) share a byte.
constexpr bool BytesOverlap(uint32_t a, uint32_t a_bytes, uint32_t b, uint32_t b_bytes) {
  return a < b + b_bytes && b < a + a_bytes;
}

/// True if the storage of \a a and \a b share a byte (in the same memory).
[[gnu::always_inline]] inline bool Overlaps(const TileRef& a, const TileRef& b) {
  if (a.type->mem != b.type->mem) return false;
  return BytesOverlap(a.addr, a.bytes(), b.addr, b.bytes());
}

/// Faults when the \a rows x \a cols elements an elementwise instruction writes through \a dst
/// share bytes with the ones it reads through \a src without being the same elements: the NPU
/// computes one lane after another, so only the source's own elements or disjoint ones give a
/// defined result (docs/semantics.md "Overlapping operands"). Out of line: RejectPartialOverlap
/// calls it only when the two tiles' storage overlaps at all.
bool CheckPartialOverlap(Executor& ex, const TileRef& dst, const TileRef& src, int32_t rows,
                         int32_t cols);
[[gnu::always_inline]] inline bool RejectPartialOverlap(
    Executor& ex, const TileRef& dst, std::initializer_list<const TileRef*> srcs, int32_t rows,
    int32_t cols) {
  for (const TileRef* s : srcs) {
    if (Overlaps(dst, *s) && !(s->addr == dst.addr && *s->type == *dst.type)) [[unlikely]] {
      if (!CheckPartialOverlap(ex, dst, *s, rows, cols)) return false;
    }
  }
  return true;
}

/// The fault RequireCovers reports (out of line: the check is on every instruction).
bool NotCovered(Executor& ex, const TileRef& src, int32_t rows, int32_t cols, const char* role);

/// Whether \a in asks for the NPU's high-precision sequence (its precisionType immediate is
/// HIGH_PRECISION; false for rows without one). The operand's index is looked up once per
/// opcode: the division and remainder kernels ask on every instruction.
inline bool HighPrecision(const Instr& in) {
  static const std::array<int8_t, kOpcodeCount> at = [] {
    std::array<int8_t, kOpcodeCount> t{};
    for (int code = 0; code < kOpcodeCount; ++code) {
      t[code] = static_cast<int8_t>(GetOpInfo(static_cast<Opcode>(code)).ImmOperand("precisionType"));
    }
    return t;
  }();
  const int i = at[static_cast<int>(in.op)];
  return i >= 0 && i < static_cast<int>(in.count) && in.operands[i] == 1;
}

/// Whether an element of \a t's \a rows x \a cols region is 0 (integer divisors); \a zr, \a zc
/// get the first one's row and column.
template <typename T>
bool AnyZero(const TileRef& t, int32_t rows, int32_t cols, int32_t* zr, int32_t* zc) {
  for (int32_t r = 0; r < rows; ++r) {
    const T* p = t.At<T>(r, 0);
    for (int32_t c = 0; c < cols; ++c) {
      if (p[c] == 0) {
        *zr = r;
        *zc = c;
        return true;
      }
    }
  }
  return false;
}

/// Faults unless \a src has at least \a rows valid rows and \a cols valid columns.
inline bool RequireCovers(Executor& ex, const TileRef& src, int32_t rows, int32_t cols,
                          const char* role) {
  if (src.valid_rows >= rows && src.valid_cols >= cols) [[likely]] return true;
  return NotCovered(ex, src, rows, cols, role);
}

/// Runs \a body against a destination that does not overlap the given sources: when \a dst
/// shares storage with one of them (other than the exact same tile, which \a in_place_ok
/// allows for elementwise kernels), the body writes a scratch copy that is copied back after.
template <typename Body>
bool WithSafeDst(Executor& ex, const TileRef& dst, std::initializer_list<const TileRef*> srcs,
                 bool in_place_ok, Body&& body) {
  bool clash = false;
  for (const TileRef* s : srcs) {
    if (!s || !Overlaps(dst, *s)) continue;
    bool same = s->addr == dst.addr && *s->type == *dst.type;
    if (!(same && in_place_ok)) clash = true;
  }
  if (!clash) [[likely]] return body(dst);
  uint32_t n = dst.bytes();
  uint8_t* scratch = ex.Scratch(n);
  std::copy(dst.base, dst.base + n, scratch);
  TileRef copy = dst;
  copy.base = scratch;
  if (!body(copy)) return false;
  std::copy(scratch, scratch + n, dst.base);
  return true;
}

}  // namespace pto::interp

#endif  // PTO_INTERP_TILE_TILE_SHARED_H_
