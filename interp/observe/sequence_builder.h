// What the multi-instruction sequences of costs.def (PTO_VECTOR_SEQUENCE) are written with:
// SequenceBuilder adds up the vector pipe's cycles instruction by instruction, and each shape
// of PTO_SEQUENCE_SHAPE is a function over it, defined in vector_sequence.cc or one of the
// sequence_*.cc files beside it, as the NPU implementation its costs.def row cites runs.
#ifndef PTO_INTERP_OBSERVE_SEQUENCE_BUILDER_H_
#define PTO_INTERP_OBSERVE_SEQUENCE_BUILDER_H_

#include <cstdint>
#include <initializer_list>
#include <string_view>

#include "pto/common/isa/cost_table.h"
#include "pto/interp/observe/cost_model.h"
#include "pto/interp/observe/vector_sequence.h"

namespace pto::interp::observe {

/// Adds up a sequence as the vector pipe runs it: the first instruction's head is the step's
/// (paid only when the pipe was idle), a head after a drain is part of the body, and the last
/// instruction's tail is the step's unless a barrier drained it.
class SequenceBuilder {
 public:
  /// \a count instructions of profile \a p, \a repeats each; \a masked: under a partial mask
  /// (count mode, or fewer elements than a repeat), which pays the count-mode floor.
  void Vector(const cost::VectorProfile& p, uint64_t count, uint64_t repeats, bool masked);

  /// copy_ubuf_to_ubuf of \a bytes.
  void Copy(uint64_t bytes);

  /// pipe_barrier(PIPE_V): the last instruction drains; the next pays its head again.
  void Barrier();

  /// A set-up instruction of \a cycles on the pipe (set_cmpmask).
  void Scalar(double cycles) { body_ += cycles; }

  /// set_flag/wait_flag V->S, then S->V: the pipe drains and waits for the scalar unit.
  void ScalarRoundTrip();

  void Finish(StepCost* c) const;

 private:
  double head_ = 0, body_ = 0, tail_ = 0;
  bool first_ = true, drained_ = true, pending_ = false;
};

/// The vector unit's fixed sizes: a 32-byte block, and the most repeats one instruction's
/// repeat field holds (REPEAT_MAX).
inline constexpr uint64_t kBlockBytes = 32;
inline constexpr uint64_t kRepeatMax = 255;

/// \a a / \a b rounded up.
inline constexpr uint64_t CeilDiv(uint64_t a, uint64_t b) { return (a + b - 1) / b; }

/// The 256-byte repeats of \a bytes (at least one).
uint64_t RepeatsOf(uint64_t bytes);

/// The repeats of one valid row.
uint64_t RowRepeats(const SequenceShapeInput& in);

/// \a bytes rounded up to whole 32-byte blocks.
uint64_t BlockBytes(uint64_t bytes);

/// The profile costs.def names \a name for \a c: a sequence's other instructions.
const cost::VectorProfile& Profile(std::string_view name, cost::ElemClass c);

/// One instruction of each profile of \a steps, \a repeats each, a barrier after each.
void Steps(std::initializer_list<const cost::VectorProfile*> steps, uint64_t repeats, bool masked,
           SequenceBuilder* b);

/// The shapes: one function each, named as costs.def's PTO_SEQUENCE_SHAPE rows.
namespace shapes {
#define PTO_SEQUENCE_SHAPE(Name, Over) \
  void Name(const SequenceShapeInput& in, const cost::VectorProfile& profile, SequenceBuilder* b);
#include "pto/common/isa/costs.def"
}  // namespace shapes

}  // namespace pto::interp::observe

#endif  // PTO_INTERP_OBSERVE_SEQUENCE_BUILDER_H_
