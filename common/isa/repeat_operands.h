// Where the operands of a repeat-layer instruction sit in its operand words (opcodes.def,
// "Repeat layer"): the one description the assembler fills, the rules check and the kernels
// read. Pointers come first (the destination, then the sources), then the scalar if any, the
// repeat, a block stride per pointer, a repeat stride per pointer, two mask words and the
// immediates.
#ifndef PTO_COMMON_ISA_REPEAT_OPERANDS_H_
#define PTO_COMMON_ISA_REPEAT_OPERANDS_H_

#include <cstdint>
#include <string>

#include "pto/common/isa/opcode.h"

namespace pto {

/// How the two mask words read (the %mask_form immediate).
enum class MaskForm : uint8_t {
  kContiguous,  ///< word 0: lanes 0..m-1 of each repeat
  kBits,        ///< words 0 and 1: hi and lo, lane j is bit j of hi:lo
  kCounter,     ///< word 0: the element count of the whole instruction
  kState,       ///< no words: the core's mask mode and VMASK
};
constexpr uint32_t kMaskFormCount = 4;

struct RepeatOperands {
  int pointers = 0;   ///< UB pointers at 0 .. pointers-1: dst, then the sources
  int scalar = -1;    ///< the scalar operand, or -1
  int repeat = 0;
  int blk = 0;        ///< the first block stride: one per pointer, in pointer order
  int rep = 0;        ///< the first repeat stride: one per pointer
  int mask = 0;       ///< the two mask words
  int elem_type = 0;  ///< the immediates
  int mask_form = 0;
};

/// The layout of a family of the repeat layer's vector instructions (RepeatBinary,
/// RepeatUnary, RepeatScalar, RepeatDup); pointers 0 for any other family.
constexpr RepeatOperands RepeatOperandsOf(Family f) {
  switch (f) {
    case Family::kRepeatBinary: return {3, -1, 3, 4, 7, 10, 12, 13};
    case Family::kRepeatUnary: return {2, -1, 2, 3, 5, 7, 9, 10};
    case Family::kRepeatScalar: return {2, 2, 3, 4, 6, 8, 10, 11};
    case Family::kRepeatDup: return {1, 1, 2, 3, 4, 5, 7, 8};
    default: return {};
  }
}

/// The name of pointer \a i of an instruction with \a pointers of them, as its stride
/// attributes spell it: "dst", "src" (one source), "src0", "src1" (two).
inline std::string RepeatPointerName(int pointers, int i) {
  if (i == 0) return "dst";
  return pointers == 2 ? "src" : "src" + std::to_string(i - 1);
}

/// Why repeat-layer instruction \a info is not available on \a arch, or "".
std::string RepeatLayerArchProblem(const OpInfo& info, Arch arch);

}  // namespace pto

#endif  // PTO_COMMON_ISA_REPEAT_OPERANDS_H_
