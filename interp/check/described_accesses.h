// The bytes a tile instruction touches, from its access description (common/isa/access.h) and
// its operands' state: one Access per range, named by operand. A loop runs the same
// instruction on the same tiles again and again, so under the sanitizer each site remembers
// its last accesses with the operand state they came from (tile addresses and valid shapes,
// views, scalars), and the sanitizer's state serial its last checked run left: the same
// operand state gives the same accesses without evaluating them again, and at the same serial
// they find nothing new and change nothing (Sanitizer::StateSerial), so the run skips the
// shadow.
#ifndef PTO_INTERP_CHECK_DESCRIBED_ACCESSES_H_
#define PTO_INTERP_CHECK_DESCRIBED_ACCESSES_H_

#include <cstdint>
#include <vector>

#include "pto/common/isa/encoding.h"
#include "pto/interp/vm/memory_access.h"

namespace pto::interp {

class Executor;

namespace check {

/// Per core (the state is the core's): direct-mapped by site.
class TileStepMemo {
 public:
  /// What the evaluation reads besides the code (the state of each tile, view and scalar
  /// operand), as words.
  struct Key {
    static constexpr uint32_t kMaxWords = 24;  // three tiles and a rank-5 view
    uint32_t size = 0;
    uint64_t words[kMaxWords];
    bool operator==(const Key& o) const {
      if (size != o.size) return false;
      uint64_t differ = 0;  // a few words: no call, no early exit
      for (uint32_t i = 0; i < size; ++i) differ |= words[i] ^ o.words[i];
      return differ == 0;
    }
  };
  /// The accesses evaluated from one operand state.
  struct Evaluated {
    bool valid = false;
    Key key;
    std::vector<Access> accesses;
  };
  /// What a repeat looks at first leads (one cache line: the tile data a step streams through
  /// evicts these between two runs).
  struct Entry {
    const void* function = nullptr;
    uint32_t pc = 0;
    Opcode op{};
    /// The sanitizer's serial after the last checked run of these reads and writes (kNone:
    /// none, or it found something new).
    uint64_t serial = kNone;
    /// Core::binding_version after that run when it changed no binding (kNone otherwise), and
    /// the values of its scalar operands: the same version and scalars are the same operand
    /// state, so a repeat need not build the keys (RememberScalars, SameScalars).
    uint64_t version = kNone;
    static constexpr int kMaxScalars = 4;
    int scalar_count = 0;
    int64_t scalars[kMaxScalars];
    Evaluated reads, writes;
  };
  static constexpr uint64_t kNone = ~uint64_t{0};
  /// The entry of the instruction \a op at \a pc of \a function.
  Entry& At(const void* function, uint32_t pc, Opcode op);
  /// While an entry's instruction runs (At's result is held across it).
  bool busy() const { return busy_; }
  void set_busy(bool busy) { busy_ = busy; }
  /// Frees the entries (the kernel ended).
  void Release() { std::vector<Entry>().swap(entries_); }

 private:
  static constexpr size_t kSlots = 256;
  std::vector<Entry> entries_;
  bool busy_ = false;
};

}  // namespace check

/// Fills \a key with the operand state \a in's accesses depend on; false when it cannot (an
/// instruction with a variable operand list, or too much state): then evaluate every time.
bool DescribedKey(const Executor& ex, const Instr& in, check::TileStepMemo::Key* key);

/// Keeps in \a e the values of \a in's scalar operands; false if it has too many to keep.
bool RememberScalars(const Executor& ex, const Instr& in, check::TileStepMemo::Entry* e);
/// Whether \a in's scalar operands hold the values RememberScalars kept in \a e.
bool SameScalars(const Executor& ex, const Instr& in, const check::TileStepMemo::Entry& e);

/// Appends to \a out the bytes \a in (about to run in \a ex) reads, or (\a writes, after it
/// ran: it may bind or reshape what it writes, as tpop does) writes. False when an operand is
/// not ready (the instruction faults on its own).
bool DescribedAccesses(Executor& ex, const Instr& in, bool writes, std::vector<Access>* out);

/// DescribedAccesses through \a e's remembered evaluation for operand state \a key (the
/// accesses are then e's, and *fresh false), evaluated again when the state differs.
const std::vector<Access>* RememberedAccesses(Executor& ex, const Instr& in, bool writes,
                                                     const check::TileStepMemo::Key& key,
                                                     check::TileStepMemo::Evaluated* e,
                                                     bool* fresh);

}  // namespace pto::interp

#endif  // PTO_INTERP_CHECK_DESCRIBED_ACCESSES_H_
