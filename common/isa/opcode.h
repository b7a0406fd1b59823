// Opcodes and their static descriptions, all derived from opcodes.def.
#ifndef PTO_COMMON_ISA_OPCODE_H_
#define PTO_COMMON_ISA_OPCODE_H_

#include <cstdint>
#include <string_view>
#include <vector>

#include "common/arch.h"
#include "common/dtype.h"

namespace pto {

/// Flags column of opcodes.def.
enum : uint32_t {
  kFlagScalarFirst = 1u << 0,        ///< Also accepts (scalar, tile) inputs; adds an order immediate.
  kFlagNonNegativeScalar = 1u << 1,  ///< The scalar input must be >= 0.
};

enum class Opcode : uint16_t {
#define PTO_OP(Name, ...) k##Name,
#include "common/isa/opcodes.def"
#undef PTO_OP
};

constexpr int kOpcodeCount = 0
#define PTO_OP(...) +1
#include "common/isa/opcodes.def"
#undef PTO_OP
    ;

/// The flags column by opcode, as a constant: kernels test a flag on every instruction and
/// should not pay for GetOpInfo's lazily built table.
inline constexpr uint32_t kOpcodeFlags[kOpcodeCount] = {
#define PTO_OP(Name, mnemonic, operands, Fam, Kernel, a2a3, a5, flags) flags,
#include "common/isa/opcodes.def"
#undef PTO_OP
};
constexpr bool HasFlag(Opcode op, uint32_t flag) {
  return (kOpcodeFlags[static_cast<int>(op)] & flag) != 0;
}

/// How an instruction is executed and how its operand types are checked.
enum class Family : uint8_t {
  kBinary,
  kUnary,
  kTileScalar,
  kTernary,
  kScalarTernary,
  kCompareScalar,
  kSelectMask,
  kTriangle,
  kIota,
  kFillPad,
  kFill,
  kRowReduce,
  kColReduce,
  kRowExpand,
  kColExpand,
  kRowExpandBinary,
  kColExpandBinary,
  kLoad,
  kStore,
  kMove,
  kMatmul,
  kExtract,
  kInsert,
  kTranspose,
  kBind,
  kConvert,
  kReshape,
  kPrint,
  kElement,
  kPipe,
  kComm,
  kInterleave,
  // ---- Group B ----
  kCompare,
  kSelectScalar,
  kPartial,
  kArgReduce,
  kGather,  ///< Group C: tile and global gathers and scatters.
  kSort,    ///< Group C: tsort32, tmrgsort.
  kQuant,  // group D: tquant, tdequant
  kImg2col,  ///< timg2col and the FMATRIX / repeat / padding settings it reads.
  kMachine,
  kIntBinary,
  kFloatBinary,
  kFloatUnary,
  kCompareInt,
  kCompareFloat,
  kSelect,
  kCast,
  kTransfer,
  kControl,
  kMemory,
  kSync,
};

/// What an operand word holds.
enum class OperandKind : uint8_t {
  kTile,    ///< t: tile register.
  kView,    ///< v: view or pointer register.
  kScalar,  ///< s: scalar register of any type.
  kInt,     ///< i: integer (or index) scalar register.
  kFloat,   ///< f: float scalar register.
  kImm,     ///< n: immediate.
  kTarget,  ///< j: code offset of an instruction in the same function.
};

/// One operand word of an instruction.
struct OperandSpec {
  OperandKind kind;
  bool output;
  bool optional;
  std::string_view attr;  ///< For "@name" immediates: the attribute that supplies the value.

  /// An output "@slot": the local array the instruction writes (tmrgsort's executed counts).
  bool is_array_output() const { return output && kind == OperandKind::kImm && attr == "slot"; }
};

/// Everything the toolchain knows about one opcode.
struct OpInfo {
  Opcode opcode;
  std::string_view mnemonic;  ///< Without "pto."; starts with '%' for structural opcodes.
  Family family;
  DTypeMask a2a3_types;
  DTypeMask a5_types;
  uint32_t flags;
  std::vector<OperandSpec> operands;  ///< Outputs first, in encoding order.
  int num_outputs = 0;
  bool variadic = false;  ///< "*": any number of further register operands (func calls).

  bool has_spelling() const { return mnemonic[0] != '%'; }
  /// Instructions of the tile ISA (as opposed to scalar, control and structural ones).
  bool is_tile_op() const { return family < Family::kMachine; }
  DTypeMask types(Arch arch) const { return arch == Arch::kA5 ? a5_types : a2a3_types; }
  int num_operands() const { return static_cast<int>(operands.size()); }
};

/// Operand value meaning "optional operand not given".
constexpr uint32_t kNoOperand = 0xffffffffu;

const OpInfo& GetOpInfo(Opcode op);
/// The instruction spelled \a mnemonic ("tadd", "tmatmul.acc"; no "pto." prefix), or null.
const OpInfo* LookupMnemonic(std::string_view mnemonic);
/// The PTO_SPELLING names of \a op (other assembly names besides its mnemonic).
std::vector<std::string_view> AlternateSpellings(Opcode op);
/// The next row spelled like \a info (another form of one instruction, e.g. tgather with an
/// index tile or with a maskPattern), or null. The assembler tells forms apart by the
/// operands and attributes written (asm/tile_op_lowering.cc).
const OpInfo* NextOverload(const OpInfo& info);

}  // namespace pto

#endif  // PTO_COMMON_ISA_OPCODE_H_
