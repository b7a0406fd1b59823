// The sanitizer's shadow of one memory (an on-chip memory of a core, or one global buffer): the
// cell (cells.h) of every byte, stored as runs of bytes with one cell, so that an access costs
// a step per run it meets, not one per byte. granule_shadow.cc and run_shadow.cc are the two
// stores.
#ifndef PTO_INTERP_CHECK_SHADOW_H_
#define PTO_INTERP_CHECK_SHADOW_H_

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "pto/interp/check/cells.h"

namespace pto::interp::check {

using Clock = std::array<uint32_t, kClockCount>;

/// The accessing side: read or write, on clock \a clock at its epoch \a time; an earlier access
/// on clock q at epoch t is ordered before it when t <= (*seen)[q].
struct Step {
  bool write = false;
  int clock = 0;
  uint32_t time = 0;
  const Clock* seen = nullptr;
  Site site;
  bool atomic = false;  ///< an atomic update (a write)
};

/// One unordered earlier access an access met: its kind, clock and site, and the bytes.
struct Conflict {
  bool earlier_write;  ///< the earlier access wrote (RAW, WAW) or read (WAR)
  int clock;
  Site site;
  uint64_t begin, end;
};

/// What an access reports; called only when it finds something.
class AccessSink {
 public:
  virtual void OnConflict(const Conflict& c) = 0;
  /// A read of never-written bytes [begin, end).
  virtual void OnUnwritten(uint64_t begin, uint64_t end) = 0;

 protected:
  ~AccessSink() = default;
};

/// Remembered results of one step (an instruction's reads or writes in one epoch): cell in ->
/// cell out. An instruction in a loop finds its cells here instead of interning them again.
/// Direct-mapped by the cell in: a read that meets the cells of a loop's sixteen stores finds
/// each in its own slot. A write's cell out does not depend on the cell in: one is kept.
struct StepMemo {
  static constexpr unsigned kSlots = 32;
  uint64_t key = ~uint64_t{0};
  std::array<uint32_t, kSlots> in{}, out{};
  uint32_t written = ~0u;  ///< a write's cell out, once made
  /// Empties the memo unless it was made for \a k.
  void Use(uint64_t k) {
    if (k != key) key = k, in.fill(~0u), written = ~0u;
  }
};

/// The bytes of an access: [begin, end), and \a count - 1 more copies of it, each \a stride
/// bytes after the one before (a repeat-layer operand's blocks).
struct Span {
  uint64_t begin = 0, end = 0;
  uint32_t count = 1;
  uint64_t stride = 0;
};

/// Whether spans \a x and \a y share a byte. Exact when their copies lie at one stride no
/// shorter than either's bytes (or one of them has one copy); otherwise their hulls decide
/// (a shared byte is then possible, not certain).
bool SpansOverlap(const Span& x, const Span& y);

/// The shadow of one memory. Two stores: granules (on-chip memories: small, and touched in
/// blocks) and runs (global buffers: large, and touched in long runs).
class Shadow {
 public:
  virtual ~Shadow() = default;
  /// Applies \a step to the bytes of \a span, reporting unordered earlier accesses and
  /// never-written reads to \a sink.
  virtual void Access(const Span& span, const Step& step, CellTable& cells, StepMemo& memo,
                      AccessSink& sink) = 0;
  void Access(uint64_t begin, uint64_t end, const Step& step, CellTable& cells, StepMemo& memo,
              AccessSink& sink) {
    Access(Span{begin, end}, step, cells, memo, sink);
  }
  /// Calls f(begin, end, id) for each maximal run of touched bytes with one cell, in order.
  virtual void ForEachRun(const std::function<void(uint64_t, uint64_t, uint32_t)>& f) const = 0;
  /// Marks the cell ids in use; rewrites them with \a remap (CellTable::Compact).
  virtual void MarkUsed(std::vector<bool>* used) const = 0;
  virtual void Renumber(const std::vector<uint32_t>& remap) = 0;
};

/// One cell id per 32-byte granule; granules an access covers in part get 32 byte ids.
std::unique_ptr<Shadow> MakeGranuleShadow();
/// Sorted runs of bytes with one cell; granules once the runs get many (a gather's scatter).
std::unique_ptr<Shadow> MakeRunShadow();

/// What both stores share: the cell a byte moves to, and the reports of one access.
class Transition {
 public:
  Transition(const Step& step, CellTable& cells, StepMemo& memo, AccessSink& sink)
      : step_(step), cells_(cells), memo_(memo), sink_(sink) {}
  ~Transition() { Flush(); }
  /// The cell after the step of bytes [begin, end) whose cell is \a in; reports what the
  /// step finds there (merged over consecutive bytes of one cell).
  uint32_t Apply(uint32_t in, uint64_t begin, uint64_t end) {
    if (in == pending_) {
      pending_end_ = std::max(pending_end_, end);
      return out_;
    }
    Flush();
    pending_ = in, pending_begin_ = begin, pending_end_ = end;
    out_ = Next(in);
    if (out_ != in) ++cells_.moves;
    return out_;
  }

 private:
  uint32_t Next(uint32_t in);
  void Flush();
  const Step& step_;
  CellTable& cells_;
  StepMemo& memo_;
  AccessSink& sink_;
  uint32_t pending_ = ~0u, out_ = 0;
  uint64_t pending_begin_ = 0, pending_end_ = 0;
};

}  // namespace pto::interp::check

#endif  // PTO_INTERP_CHECK_SHADOW_H_
