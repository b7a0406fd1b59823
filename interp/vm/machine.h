// Run-time state: global buffers, the on-chip memories of a block, and register values.
#ifndef PTO_INTERP_VM_MACHINE_H_
#define PTO_INTERP_VM_MACHINE_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <new>
#include <string>
#include <vector>

#include "pto/common/aligned_bytes.h"
#include "pto/common/arch.h"
#include "pto/common/dtype.h"

namespace pto::interp {

/// A scalar register: integers (sign- or zero-extended) in i, floats in f.
union Slot {
  int64_t i;
  double f;
};

/// Where a tile register points now.
struct TileState {
  uint32_t addr = 0;
  int32_t valid_rows = 0;
  int32_t valid_cols = 0;
};

constexpr int kMaxViewRank = 5;

/// A pointer (rank 0) or a strided view into one global buffer. Offsets and strides count
/// elements.
struct ViewState {
  int32_t buffer = -1;
  int32_t rank = 0;
  int64_t offset = 0;
  int64_t shape[kMaxViewRank] = {};
  int64_t stride[kMaxViewRank] = {};
};

/// A vector register's value (VPTO !pto.vreg): 256 bytes, lane i of a T vector at byte
/// i * sizeof(T).
struct alignas(64) VRegValue {
  uint8_t bytes[256];
};

/// A mask register's value: 256 predicate bits, bit k for vector byte k (a b32 lane i is
/// governed by bit 4i, its lowest).
struct MaskValue {
  uint64_t words[4];
  bool Bit(int k) const { return (words[k >> 6] >> (k & 63)) & 1; }
  void Set(int k, bool on) {
    const uint64_t b = uint64_t{1} << (k & 63);
    words[k >> 6] = on ? words[k >> 6] | b : words[k >> 6] & ~b;
  }
};

/// An align register's value: the bytes an unaligned load or store stream holds between
/// instructions (interp/register/), and how many of them are valid.
struct AlignValue {
  alignas(64) uint8_t bytes[256];
  uint32_t count;
  uint32_t offset;  ///< Where the buffered bytes belong, for stores (the low address bits).
};

/// Global memory handed to a kernel parameter.
struct GlobalBuffer {
  std::string name;  ///< For messages: "%arg0 (x.bin)".
  DType dtype = DType::kF32;
  AlignedBytes bytes;
  int64_t elements() const { return static_cast<int64_t>(bytes.size()) / DTypeSize(dtype); }
};

/// The on-chip memories of one block, as zero-filled byte arenas sized for the architecture.
/// Arenas of blocks that ended are kept for the next ones (machine.cc).
struct LocalMemory {
  explicit LocalMemory(Arch arch);
  ~LocalMemory();
  LocalMemory(const LocalMemory&) = delete;
  LocalMemory& operator=(const LocalMemory&) = delete;
  /// Byte \a addr of memory \a mem (where a tile bound there starts).
  uint8_t* At(Memory mem, uint32_t addr) { return arena[static_cast<int>(mem)].data() + addr; }
  std::array<AlignedBytes, kMemoryCount> arena;
};

}  // namespace pto::interp

#endif  // PTO_INTERP_VM_MACHINE_H_
