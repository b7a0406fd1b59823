// What the register layer's arithmetic kernels share: a vector register's lanes as an array,
// the test for a mask with every lane active (the kernels' fast path), and the zeroing of
// inactive lanes. Lanes compute unconditionally into a local array, which the compiler can
// vectorise, and the mask is applied afterwards: an inactive lane's value is dropped, so
// computing it has no effect (no lane operation faults or touches memory).
#ifndef PTO_INTERP_REGISTER_LANES_H_
#define PTO_INTERP_REGISTER_LANES_H_

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "pto/interp/element/element.h"
#include "pto/interp/vm/executor.h"
#include "pto/interp/register/register_memory.h"

namespace pto::interp::reg {

/// The unsigned integer of \a kBytes bytes.
template <int kBytes>
using UIntOf = std::conditional_t<kBytes == 1, uint8_t,
               std::conditional_t<kBytes == 2, uint16_t,
               std::conditional_t<kBytes == 4, uint32_t, uint64_t>>>;

/// The element functions that work on bit patterns, and the shifts (VPTO's and VMI's kernels).
template <typename Op>
constexpr bool kBitwiseOp =
    std::is_same_v<Op, ops::And> || std::is_same_v<Op, ops::Or> || std::is_same_v<Op, ops::Xor>;
template <typename Op>
constexpr bool kShiftOp = std::is_same_v<Op, ops::Shl> || std::is_same_v<Op, ops::Shr>;

/// The lanes of element type T in one vector register.
template <typename T>
constexpr int kLanes = kVectorBytes / static_cast<int>(sizeof(T));

/// Lane bits in a 64-bit mask word for lanes of \a bytes-byte elements: a lane's lowest bit
/// (elements of 8 bytes are governed by the b32 granule's bit at the lane's start).
constexpr uint64_t LaneBits(int bytes) {
  return bytes == 1   ? ~uint64_t{0}
         : bytes == 2 ? 0x5555555555555555ull
         : bytes == 4 ? 0x1111111111111111ull
                      : 0x0101010101010101ull;
}

/// Whether every lane of \a bytes-byte elements is active in \a m.
inline bool AllActive(const MaskValue& m, int bytes) {
  const uint64_t bits = LaneBits(bytes);
  return ((m.words[0] & m.words[1] & m.words[2] & m.words[3]) & bits) == bits;
}

/// A copy of register \a v's lanes as elements of T.
template <typename T>
struct LaneArray {
  alignas(64) T v[kLanes<T>];
  explicit LaneArray(const VRegValue& r) { std::memcpy(v, r.bytes, kVectorBytes); }
  LaneArray() : v{} {}
  T& operator[](int i) { return v[i]; }
  const T& operator[](int i) const { return v[i]; }
};

/// Zeroes the lanes of \a out that \a m leaves inactive.
template <typename T>
void ZeroInactive(const MaskValue& m, T* out) {
  for (int i = 0; i < kLanes<T>; ++i) {
    if (!LaneActive(m, i, sizeof(T))) out[i] = T{};
  }
}

/// Stores \a out into \a d, zeroing the lanes \a m leaves inactive.
template <typename T>
void StoreMasked(const MaskValue& m, T* out, VRegValue& d) {
  if (!AllActive(m, sizeof(T))) ZeroInactive(m, out);
  std::memcpy(d.bytes, out, kVectorBytes);
}

/// d = m ? f(i) : 0 for every lane i of T.
template <typename T, typename F>
void MapLanes(const MaskValue& m, VRegValue& d, F&& f) {
  alignas(64) T out[kLanes<T>];
  for (int i = 0; i < kLanes<T>; ++i) out[i] = f(i);
  StoreMasked(m, out, d);
}

/// Whether lane \a i of \a lanes is active in predicate pattern \a name ("PAT_ALL", "PAT_VL8",
/// ...; docs/semantics.md): pset's and VMI's pset's (mask_gen.cc).
bool PatternLane(std::string_view name, int i, int lanes);

/// a * b + c rounded once to T (floats), or wrapped (integers): vmula, vaxpy (VPTO and VMI).
template <typename T>
T FusedMulAdd(T a, T b, T c) {
  using E = Elem<T>;
  if constexpr (std::is_same_v<T, float>) {
    return std::fma(a, b, c);
  } else if constexpr (E::kFloat) {
    return E::Store(E::FromDouble(std::fma(double{E::Load(a)}, double{E::Load(b)},
                                           double{E::Load(c)})));
  } else {
    return E::Store(ops::WrapAdd(ops::WrapMul(E::Load(a), E::Load(b)), E::Load(c)));
  }
}

/// Leaky ReLU with slope k: a where a >= 0 (also -0), else k * a rounded once.
template <typename T>
T Leaky(T a, float k) {
  const float x = Elem<T>::Load(a);
  return x >= 0 ? a : Elem<T>::Store(x * k);
}

/// Sets lane \a i's lowest bit of a mask of \a bytes-byte lanes (the form the NPU's result
/// masks take: a carry or a comparison sets one bit per lane).
inline void SetLaneBit(MaskValue& m, int i, int bytes, bool on) {
  const int bit = i * bytes;
  if (on) m.words[bit >> 6] |= uint64_t{1} << (bit & 63);
}

}  // namespace pto::interp::reg

#endif  // PTO_INTERP_REGISTER_LANES_H_
