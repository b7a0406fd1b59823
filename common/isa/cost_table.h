// The numbers of ptorun's cycle estimate, read from costs.def (which cites their sources):
// the model's constants, the bandwidth of each direction data moves in, and the per-repeat
// profile of each vector instruction. interp/observe/cost_model.h applies them to an executed
// instruction; docs/cost-model.md explains the model.
#ifndef PTO_COMMON_ISA_COST_TABLE_H_
#define PTO_COMMON_ISA_COST_TABLE_H_

#include <string>
#include <string_view>
#include <vector>

#include "pto/common/arch.h"
#include "pto/common/isa/opcode.h"

namespace pto::cost {

#define PTO_COST_CONSTANT(Name, Value) inline constexpr double k##Name = Value;
#include "pto/common/isa/costs.def"

/// Which column of a profile an instruction's element type takes.
enum class ElemClass : uint8_t { kHalf, kFloat, kInt };

/// A vector instruction's cycles: slope per repeat, plus head when its pipe was idle.
struct VectorProfile {
  std::string_view name;  ///< "Vadd": the intrinsic pto-isa calibrated
  double head[3];         ///< by ElemClass
  double slope[3];
};

/// The profile costs.def gives the rows of \a op's family and kernel, or null (the defaults).
const VectorProfile* VectorProfileOf(Opcode op);

/// A place data moves from or to: global memory, or an on-chip memory.
struct Place {
  bool global = false;
  Memory mem = Memory::kVec;
};

/// Bytes per cycle of the direction \a from -> \a to (DefaultBandwidth where costs.def has no
/// row); \a sourced says whether it had one.
double BytesPerCycle(Place from, Place to, bool* sourced = nullptr);

/// Rows of costs.def that name a family and kernel no row of opcodes.def has ("" when none).
std::vector<std::string> UnusedCostRows();

}  // namespace pto::cost

#endif  // PTO_COMMON_ISA_COST_TABLE_H_
