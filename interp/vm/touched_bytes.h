// The bytes an instruction reads and writes, from its static description (common/isa/access.h)
// and the registers' state just before it runs: tile addresses and valid shapes, view
// windows, index operands. The access audit (access_audit.h) checks the kernels against it;
// the race and initialisation checkers are to read it too.
#ifndef PTO_INTERP_VM_TOUCHED_BYTES_H_
#define PTO_INTERP_VM_TOUCHED_BYTES_H_

#include <cstdint>
#include <map>
#include <utility>
#include <vector>

#include "pto/common/isa/access.h"
#include "pto/interp/vm/executor.h"

namespace pto::interp {

/// Sorted, disjoint half-open byte ranges.
class ByteSet {
 public:
  void Add(uint64_t begin, uint64_t end);
  bool Contains(uint64_t byte) const;
  const std::vector<std::pair<uint64_t, uint64_t>>& ranges() const { return ranges_; }
  bool empty() const { return ranges_.empty(); }
  void clear() { ranges_.clear(); }

 private:
  std::vector<std::pair<uint64_t, uint64_t>> ranges_;
};

/// What one instruction touches, by memory.
struct TouchedBytes {
  ByteSet local[kMemoryCount];     ///< On-chip memories, by byte address.
  std::map<int, ByteSet> global;   ///< Global buffers by index, by byte offset.
  bool touches(Memory m) const { return !local[static_cast<int>(m)].empty(); }
  /// Empties every set, keeping their storage (a step's scratch).
  void Clear() {
    for (ByteSet& b : local) b.clear();
    if (!global.empty()) global.clear();
  }
};

/// Adds to \a out the bytes of rows [row0, row1) and columns [col0, col1) of a tile of type
/// \a t at \a addr, clipped to its shape, as merged byte runs.
void AddTileRect(const TileType& t, uint64_t addr, int64_t row0, int64_t row1, int64_t col0,
                 int64_t col1, ByteSet* out);

/// The bytes \a in (about to run in \a ex) reads and writes. False when an operand is not
/// ready (an unbound tile, an unset view): the instruction will fault on its own.
bool EvaluateTouched(Executor& ex, const Instr& in, TouchedBytes* reads, TouchedBytes* writes);
/// The bytes one operand access \a a of \a in covers, added to \a out (the sanitizer names
/// the operand in its reports).
bool EvaluateOperandTouched(Executor& ex, const Instr& in, const OperandAccess& a,
                            TouchedBytes* out);

}  // namespace pto::interp

#endif  // PTO_INTERP_VM_TOUCHED_BYTES_H_
