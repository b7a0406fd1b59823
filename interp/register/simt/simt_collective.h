// Lane collectives of a SIMT launch (micro-isa 17): what a 32-lane group computes once its
// lanes wait at the same vote, shuffle or redux (interp/register/simt/simt_collective.cc).
#ifndef PTO_INTERP_REGISTER_SIMT_SIMT_COLLECTIVE_H_
#define PTO_INTERP_REGISTER_SIMT_SIMT_COLLECTIVE_H_

#include "pto/interp/register/simt/simt_lane.h"

namespace pto::interp {

/// The lanes of one group that take part, by lane id (null: not waiting there).
struct SimtGroup {
  SimtLane* lanes[kSimtLanes];
};

/// Writes the result of collective \a in into each participating lane's destination register.
void CompleteCollective(const Instr& in, const SimtGroup& group);

}  // namespace pto::interp

#endif  // PTO_INTERP_REGISTER_SIMT_SIMT_COLLECTIVE_H_
