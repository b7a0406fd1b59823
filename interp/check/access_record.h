// The accesses an instruction makes, as the sanitizer checks them: where (an on-chip memory or
// a global buffer) and which bytes.
#ifndef PTO_INTERP_CHECK_ACCESS_RECORD_H_
#define PTO_INTERP_CHECK_ACCESS_RECORD_H_

#include <cstdint>

#include "pto/common/arch.h"

namespace pto::interp::check {

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

/// One access of the instruction being checked: bytes [begin, end), and count - 1 copies
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

}  // namespace pto::interp::check

#endif  // PTO_INTERP_CHECK_ACCESS_RECORD_H_
