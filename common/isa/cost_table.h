// The numbers of ptorun's cycle estimate, read from costs.def (which cites their sources):
// the model's constants, the bandwidth of each direction data moves in, and the per-repeat
// profile of each vector instruction. interp/observe/cost_model.h applies them to an executed
// instruction; docs/cost-model.md explains the model.
#ifndef PTO_COMMON_ISA_COST_TABLE_H_
#define PTO_COMMON_ISA_COST_TABLE_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "pto/common/arch.h"
#include "pto/common/isa/opcode.h"

namespace pto::cost {

#define PTO_COST_CONSTANT(Name, Value) inline constexpr double k##Name = Value;
#include "pto/common/isa/costs.def"

/// The element classes a profile row can be specific to (costs.def: PTO_VECTOR_PROFILE).
enum class ElemClass : uint8_t { kAny, kHalf, kFloat, kNarrowInt, kInt };

/// A vector instruction's cycles: slope per repeat, plus head when its pipe was idle, then a
/// drain of tail cycles before what waits on its pipe sees the result.
struct VectorProfile {
  std::string_view name;  ///< "Vadd": the intrinsic pto-isa calibrated
  ElemClass elem_class;
  double head, slope, tail;
  bool count_mode_floor;  ///< pays CountModeFloor more per instruction under a partial mask
};

/// The profile costs.def gives the rows of \a op's family and kernel for element class \a c
/// (its own class's row, else its Any row), or null (the defaults).
const VectorProfile* VectorProfileOf(Opcode op, ElemClass c);

/// How an a2a3 tile instruction of one profile issues its repeats (costs.def: PTO_TILE_PATH):
/// the dispatch of TBinOp.hpp, TBinSOp.hpp, TUnaryOp.hpp or TColExpandBinOp.hpp; kNone counts
/// its access records.
enum class TilePath : uint8_t { kNone, kBinOp, kScalarOp, kUnaryOp, kColExpandOp };

/// The dispatch \a op's repeats follow (kNone when costs.def has no PTO_TILE_PATH row).
TilePath TilePathOf(Opcode op);

/// How a tile instruction the NPU runs as several vector instructions runs them.
enum class SequenceShape : uint8_t {
#define PTO_SEQUENCE_SHAPE(Name, Over) k##Name,
#include "pto/common/isa/costs.def"
};

/// Whether \a shape's rows and columns are its instruction's destination's valid region (else
/// its first source's).
bool OverDestination(SequenceShape shape);

/// A multi-instruction sequence (costs.def: PTO_VECTOR_SEQUENCE): its shape and the profile
/// of its vector instructions.
struct VectorSequence {
  SequenceShape shape;
  std::string_view profile;
};

/// The sequence \a op runs as on \a arch, or null (one instruction).
const VectorSequence* VectorSequenceOf(Opcode op, Arch arch);

/// The profile of \a op's sequence for element class \a c (FindProfile of its name), or null.
const VectorProfile* SequenceProfileOf(Opcode op, ElemClass c);

/// The profile named \a name for element class \a c, or null.
const VectorProfile* FindProfile(std::string_view name, ElemClass c);

/// An A5 tile instruction's fitted cycles (costs.def: PTO_A5_TILE_FORMULA): one loop over the
/// valid region, or a loop per row.
struct A5TileFormula {
  std::string_view family, kernel;
  ElemClass elem_class;
  double slope, fixed;                    ///< one loop: per repeat, and once
  double row_slope, row_step, row_fixed;  ///< a loop per row: per repeat, per row, once
};

/// The A5 formula of \a op for element class \a c (its own class's row, else Any), or null.
const A5TileFormula* A5TileFormulaOf(Opcode op, ElemClass c);

/// A place data moves from or to: global memory, or an on-chip memory.
struct Place {
  bool global = false;
  Memory mem = Memory::kVec;
};

/// Bytes per cycle of moving \a bytes in the direction \a from -> \a to at once
/// (DefaultBandwidth where costs.def has no row); \a sourced says whether it had one.
double BytesPerCycle(Place from, Place to, uint64_t bytes, bool* sourced = nullptr);

/// Rows of costs.def that name a family and kernel no row of opcodes.def has or a profile
/// costs.def lacks, and profile rows repeated for one element class (empty when none).
std::vector<std::string> UnusedCostRows();

}  // namespace pto::cost

#endif  // PTO_COMMON_ISA_COST_TABLE_H_
