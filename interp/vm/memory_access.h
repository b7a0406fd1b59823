// One memory access of an instruction, as the VM reports it to the tools that watch a run (the
// sanitizer, the observers: vm/tools.h): where (an on-chip memory or a global buffer) and
// which bytes.
#ifndef PTO_INTERP_VM_MEMORY_ACCESS_H_
#define PTO_INTERP_VM_MEMORY_ACCESS_H_

#include <algorithm>
#include <cstdint>

#include "pto/common/arch.h"

namespace pto::interp {

/// Where an access lands: an on-chip memory of the core, or global buffer \a buffer.
struct Place {
  bool global = false;
  Memory mem = Memory::kVec;
  int buffer = 0;
  /// On-chip memory of another core of the block run apart (a cube-side copy into a vector
  /// core's UB): that core (far_clock.h); -1 for this core's own.
  int owner = -1;
  bool operator==(const Place&) const = default;
};

/// One access of the instruction being watched: bytes [begin, end), and count - 1 copies
/// each stride bytes after the one before.
struct Access {
  Place place;
  uint64_t begin = 0, end = 0;
  uint32_t count = 1;
  uint64_t stride = 0;
  bool write = false;
  bool exact = true;  ///< the bytes are exactly those touched (not an over-approximation)
  bool atomic = false;  ///< an atomic update of global memory
  int tile = -1;      ///< the tile register the instruction names it by, or -1
  uint64_t origin = 0;  ///< the operand's first byte and element size, to name elements
  int elem_bytes = 0;
};

/// The access of bytes [begin, begin + bytes) of \a place; empty (begin == end) when there are
/// none or \a begin is negative. \a exact: the bytes are exactly those the instruction uses (a
/// vector load's lanes may be more).
inline Access BytesAccess(Place place, int64_t begin, int64_t bytes, bool write, bool exact) {
  Access a;
  a.place = place;
  if (bytes > 0 && begin >= 0) {
    a.begin = static_cast<uint64_t>(begin);
    a.end = a.begin + static_cast<uint64_t>(bytes);
  }
  a.write = write;
  a.exact = exact;
  return a;
}

/// The first and last byte (+1) of \a a's bytes inside [lo, hi), in \a b and \a e; false when
/// it has none there. (Copies closer than their length count as their hull.)
inline bool ClipAccess(const Access& a, uint64_t lo, uint64_t hi, uint64_t* b, uint64_t* e) {
  const uint64_t len = a.end - a.begin;
  if (a.count <= 1 || a.stride < len) {
    *b = std::max(lo, a.begin);
    *e = std::min(hi, a.end + uint64_t{a.count > 1 ? a.count - 1 : 0} * a.stride);
    return *b < *e;
  }
  // Copy k is [begin + k * stride, begin + k * stride + len): the first ending after lo, the
  // last starting before hi.
  if (hi <= a.begin) return false;
  const uint64_t first = lo >= a.end ? (lo - a.end) / a.stride + 1 : 0;
  const uint64_t last = std::min<uint64_t>(a.count - 1, (hi - 1 - a.begin) / a.stride);
  if (first > last) return false;
  *b = std::max(lo, a.begin + first * a.stride);
  *e = std::min(hi, a.end + last * a.stride);
  return true;
}

}  // namespace pto::interp

#endif  // PTO_INTERP_VM_MEMORY_ACCESS_H_
