// Operand type rules of every instruction family: which memories, layouts, element types and
// static shapes an instruction accepts on an architecture. The assembler runs them with source
// locations, the bytecode verifier runs them again before anything executes.
#ifndef PTO_COMMON_ISA_OPERAND_RULES_H_
#define PTO_COMMON_ISA_OPERAND_RULES_H_

#include <string>
#include <vector>

#include "pto/common/isa/opcode.h"
#include "pto/common/tile_type.h"

namespace pto {

/// The static type of one operand, as far as the rules need it.
struct OperandType {
  const TileType* tile = nullptr;  ///< Tile operands (null when an optional tile is absent).
  DType dtype = DType::kInvalid;   ///< Scalars: the register type; views, vregs: element type.
  uint8_t granule = 0;             ///< Mask registers: bytes per predicate lane (1, 2, 4).
  int32_t lanes = 0;               ///< VMI vectors and masks: the logical lane count L.
  uint8_t lvec_flags = 0;          ///< VMI vectors: LVecFlags (signless, bf16 pair).
  bool present = true;             ///< False for an absent optional operand.
  bool known_value = false;        ///< Scalars whose value is a known constant.
  double value = 0;                ///< That constant.
  int64_t view_elements = 0;       ///< Views: the element count of a static type (else 0).
  /// Views of a tensor_view or partition_tensor_view type: its shape, '?' as -1 (else null).
  const std::vector<int64_t>* view_shape = nullptr;
  bool partition_view = false;  ///< That type is a partition_tensor_view.
  /// A tile whose type spells its element type f8E4M3, MLIR's IEEE-style e4m3 (ptoas holds it
  /// as e4m3fn, as PTOAS's code does; PTOAS's MX matmuls refuse the spelling).
  bool ieee_e4m3 = false;
};

/// The loop(...) triples a DMA (mte_gm_ub, mte_ub_gm) may take.
constexpr int kMaxDmaLoops = 8;

/// A broken rule. \a operand is the index into OpInfo::operands, or -1 for the whole
/// instruction.
struct RuleError {
  int operand;
  std::string message;
};

/// Checks \a types (one entry per OpInfo::operands entry) against the rules of \a info on
/// \a arch. Returns every broken rule; empty when the instruction is well typed.
/// Why register-layer op \a info is not available on \a arch ("vlds is a register-layer (VPTO)
/// instruction of a5; ..."), or empty when it is.
std::string RegisterLayerArchProblem(const OpInfo& info, Arch arch);

std::vector<RuleError> CheckOperandTypes(const OpInfo& info, Arch arch,
                                         const std::vector<OperandType>& types);

}  // namespace pto

#endif  // PTO_COMMON_ISA_OPERAND_RULES_H_
