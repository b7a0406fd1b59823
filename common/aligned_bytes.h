// Byte buffers on a 64-byte (cache line) boundary: the interpreter's on-chip memories and the
// global buffers of kernel parameters.
#ifndef PTO_COMMON_ALIGNED_BYTES_H_
#define PTO_COMMON_ALIGNED_BYTES_H_

#include <cstddef>
#include <cstdint>
#include <new>
#include <vector>

namespace pto {

/// Storage aligned to a 64-byte cache line: tiles sit at aligned addresses inside it, so the
/// SIMD loops' loads and stores never straddle two lines (which halves their speed).
template <typename T>
struct CacheLineAllocator {
  using value_type = T;
  static constexpr std::align_val_t kAlign{64};
  CacheLineAllocator() = default;
  template <typename U>
  CacheLineAllocator(const CacheLineAllocator<U>&) {}
  T* allocate(size_t n) { return static_cast<T*>(::operator new(n * sizeof(T), kAlign)); }
  void deallocate(T* p, size_t) { ::operator delete(p, kAlign); }
  template <typename U>
  bool operator==(const CacheLineAllocator<U>&) const { return true; }
};

/// Bytes on a 64-byte boundary. Global buffers are: copying 64 KiB between a buffer at a
/// malloc'ed address (16 bytes past a page) and an aligned UB took 6 times as long as between
/// two aligned ones (a DMA's memcpy on the benchmark machine).
using AlignedBytes = std::vector<uint8_t, CacheLineAllocator<uint8_t>>;

}  // namespace pto

#endif  // PTO_COMMON_ALIGNED_BYTES_H_
