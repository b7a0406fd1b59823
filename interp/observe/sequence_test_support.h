// For the sequence tests (interp/observe/*sequence*_test.cc): an instruction's cost as its
// a2a3 sequence, priced by the profile its costs.def row names for the input's element class.
#ifndef PTO_INTERP_OBSERVE_SEQUENCE_TEST_SUPPORT_H_
#define PTO_INTERP_OBSERVE_SEQUENCE_TEST_SUPPORT_H_

#include <doctest/doctest.h>

#include "pto/interp/observe/vector_sequence.h"

namespace pto::interp::observe {

inline StepCost Cost(Opcode op, const SequenceShapeInput& in) {
  const cost::VectorSequence* seq = cost::VectorSequenceOf(op, Arch::kA2A3);
  REQUIRE(seq != nullptr);
  const cost::VectorProfile* p = cost::FindProfile(seq->profile, in.elem_class);
  REQUIRE(p != nullptr);
  StepCost c;
  SequenceCost(*seq, *p, in, &c);
  return c;
}

}  // namespace pto::interp::observe

#endif  // PTO_INTERP_OBSERVE_SEQUENCE_TEST_SUPPORT_H_
