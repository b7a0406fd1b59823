// What the register layer's kernels share: the element type of a vector register, a lane's
// predicate bit, and checked access to the bytes of an on-chip memory.
#ifndef PTO_INTERP_REGISTER_REGISTER_MEMORY_H_
#define PTO_INTERP_REGISTER_REGISTER_MEMORY_H_

#include <cstdint>

#include "pto/interp/vm/memory_access.h"
#include "pto/interp/vm/executor.h"

namespace pto::interp::reg {

inline DType VRegType(const Executor& ex, uint32_t reg) { return ex.function().vregs[reg].dtype; }
inline int MaskGranule(const Executor& ex, uint32_t reg) { return ex.function().masks[reg].granule; }

/// Whether lane \a lane of \a bytes-wide elements is active in \a m: its lowest bit decides.
inline bool LaneActive(const MaskValue& m, int lane, int bytes) { return m.Bit(lane * bytes); }

/// What an instruction does with the bytes it asks for, as the sanitizer (ptorun --check)
/// records it: reads them, writes them, or both (kUpdate: an atomic's read-modify-write, an
/// accumulating mad's L0C).
enum class Use : uint8_t { kRead, kWrite, kUpdate };

/// Points \a out at bytes [addr, addr + bytes) of on-chip memory \a mem after checking they lie
/// in it and that \a addr is a multiple of \a align; otherwise faults, saying \a what the
/// instruction does with them ("reads", "writes"). \a use is what it does with them.
bool LocalBytes(Executor& ex, Memory mem, int64_t addr, int64_t bytes, int64_t align, Use use,
                const char* what, uint8_t** out);
/// LocalBytes in the memories \a where of another core of the block (CoreMemories).
bool LocalBytesIn(Executor& ex, LocalMemory& where, Memory mem, int64_t addr, int64_t bytes,
                  int64_t align, Use use, const char* what, uint8_t** out);

/// Where a copy of this core reaches memory \a mem when the block's cores run apart: UB is
/// vector core \a subblock's (a cube-side copy names it; a vector core reaches only its own),
/// L1, L0A/B/C, BT and FB are the cube core's. One core running the block owns them all.
/// \a subblock is 0 or 1: the callers check it, with their own words.
LocalMemory& CoreMemories(Executor& ex, Memory mem, int64_t subblock);

/// LocalBytes's fast path for UB: bytes [addr, addr + bytes) when they lie in it and \a addr
/// is a multiple of \a align (a power of two); null otherwise, and LocalBytes says why. Under
/// the sanitizer the caller records what it used (RecordUb).
inline uint8_t* UbSpan(Executor& ex, int64_t addr, int64_t bytes, int64_t align) {
  auto& ub = ex.local().arena[static_cast<int>(Memory::kVec)];
  if (addr < 0 || (addr & (align - 1)) != 0 || addr > static_cast<int64_t>(ub.size()) - bytes) {
    return nullptr;
  }
  return ub.data() + addr;
}

/// Under the sanitizer, what LocalBytes records for a fast path's UB bytes (UbSpan) that the
/// instruction did read or write (a vector load's bytes are not exact: its lanes may be more).
inline void RecordUb(Executor& ex, int64_t addr, int64_t bytes, bool write) {
  if (!ex.core().recording) [[likely]] return;
  Access& a = ex.core().recording->emplace_back();  // (a span the kernel checked)
  a.begin = static_cast<uint64_t>(addr);
  a.end = a.begin + static_cast<uint64_t>(bytes);
  a.write = write;
  a.exact = write;
}

/// base + index * scale as the NPU's 64-bit address registers compute it: wrapping, never
/// undefined. The memory checks then reject an address that lands outside.
inline int64_t Address(int64_t base, int64_t index = 0, int64_t scale = 1) {
  return static_cast<int64_t>(static_cast<uint64_t>(base) +
                              static_cast<uint64_t>(index) * static_cast<uint64_t>(scale));
}

/// The UB byte address of element \a offset of a !pto.ptr<T, ub> held in scalar register
/// \a ptr, with elements of \a element_bytes.
inline int64_t ElementAddress(Executor& ex, uint32_t ptr, uint32_t offset, int element_bytes) {
  return Address(ex.scalar(ptr).i, ex.scalar(offset).i, element_bytes);
}

/// Points \a out at bytes [byte, byte + bytes) of the global buffer view register \a view
/// points into (its byte offset plus \a byte), after checking they lie in the buffer; \a use
/// and \a what as for LocalBytes.
bool GlobalBytes(Executor& ex, uint32_t view, int64_t byte, int64_t bytes, Use use,
                 const char* what, uint8_t** out);

}  // namespace pto::interp::reg

#endif  // PTO_INTERP_REGISTER_REGISTER_MEMORY_H_
