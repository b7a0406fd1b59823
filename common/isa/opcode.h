// Opcodes and their static descriptions, all derived from opcodes.def.
#ifndef PTO_COMMON_ISA_OPCODE_H_
#define PTO_COMMON_ISA_OPCODE_H_

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include "pto/common/arch.h"
#include "pto/common/dtype.h"
#include "pto/common/isa/operand_kinds.h"

namespace pto {

/// Flags column of opcodes.def.
enum : uint32_t {
  kFlagScalarFirst = 1u << 0,        ///< Also accepts (scalar, tile) inputs; adds an order immediate.
  kFlagNonNegativeScalar = 1u << 1,  ///< The scalar input must be >= 0.
  kFlagConstOffset = 1u << 2,        ///< Its "%p[%o]" offset is a constant (pldi, psti; asm).
  kFlagPrecisionNeedsTmp = 1u << 3,  ///< precisionType = high_precision needs its tmp tile.
  kFlagPrecisionA5Float = 1u << 4,   ///< high_precision exists on a5 for float types only.
  kFlagTmpA2A3 = 1u << 5,  ///< a2a3 always uses its tmp tile: explicit at --pto-level=level3.
  /// a5 runs it without its tmp tile: the tile is not touched, and a tile that is nothing but
  /// such tmps gets no memory of its own (PTOAS v0.60's planner leaves it unplaced).
  kFlagTmpIdleA5 = 1u << 6,
  /// No two of its tile operands may share a byte (PTOAS v0.60's semantic no-alias pairs of
  /// tquant.mx and the X-to-ZZ tmov): the assembler refuses constant addresses that overlap.
  kFlagOperandsNoAlias = 1u << 7,
  /// a2a3's sequence rewrites its tile sources (pto-isa a2a3: i32 TREM converts both in place)
  /// or its first one (i32 TREMS converts it, TQUANT scales it in place): those accesses are
  /// writes there too.
  kFlagSourcesWrittenA2A3 = 1u << 8,
  kFlagFirstSourceWrittenA2A3 = 1u << 9,
  /// Takes the fixpipe's per-channel quantisation tile as its second input (tmov.fp,
  /// tstore.fp, textract_fp, tinsert_fp), which spellings may write as `fp %fp : T`.
  kFlagFpTile = 1u << 10,
  /// The matmul forms (Matmul family): C starts from the destination's old contents (.acc),
  /// from a bias row (.bias), and the MX forms' scale tiles after a and b (.mx).
  kFlagMatmulAcc = 1u << 11,
  kFlagMatmulBias = 1u << 12,
  kFlagMatmulMx = 1u << 13,
  kFlagMatmulGemv = 1u << 17,  ///< tgemv: one row of a and c
  /// The register layer's _b8/_b16/_b32 forms: the masks it makes or reads have 1-, 2- or
  /// 4-byte granules (MaskGranuleOf).
  kFlagMaskB8 = 1u << 14,
  kFlagMaskB16 = 1u << 15,
  kFlagMaskB32 = 1u << 16,
};

/// The granule in bytes of the masks an instruction with \a flags makes or reads (its
/// kFlagMaskB* flag), or 0.
constexpr int MaskGranuleOf(uint32_t flags) {
  return flags & kFlagMaskB8 ? 1 : flags & kFlagMaskB16 ? 2 : flags & kFlagMaskB32 ? 4 : 0;
}

/// The layers of the instruction set (the Layer column of families.def).
enum class Layer : uint8_t {
  kTile,    ///< Tile instructions of the PTO ISA.
  kScalar,  ///< Scalar arithmetic, control flow, pointers, views and structure.
  kSync,    ///< Pipe synchronisation and barriers.
  kRegister,  ///< A5 vector and mask registers, their loads, stores and DMA (VPTO).
  kRepeat,    ///< A2/A3 vector instructions with mask, repeat and strides on UB (TIK vec_*).
  kVmi,       ///< A5 VMI logical vectors and masks of L lanes (pto.vmi).
};

/// Whether instructions of layer \a l compute on the vector unit's registers (VPTO's physical
/// ones or VMI's logical ones): a5 only, on the vector pipe, inside vector scopes.
constexpr bool OnVectorRegisters(Layer l) { return l == Layer::kRegister || l == Layer::kVmi; }

/// How an instruction is executed and how its operand types are checked (families.def).
enum class Family : uint8_t {
#define PTO_FAMILY(Name, Layer, Rules, Lowering, Access, Pipe) k##Name,
#include "pto/common/isa/families.def"
#undef PTO_FAMILY
};

constexpr int kFamilyCount = 0
#define PTO_FAMILY(...) +1
#include "pto/common/isa/families.def"
#undef PTO_FAMILY
    ;

/// The name of each family as families.def spells it ("Binary"), by Family value.
inline constexpr const char* kFamilyNames[kFamilyCount] = {
#define PTO_FAMILY(Name, L, Rules, Lowering, Access, Pipe) #Name,
#include "pto/common/isa/families.def"
#undef PTO_FAMILY
};
inline const char* FamilyName(Family f) { return kFamilyNames[static_cast<int>(f)]; }

/// The layer of each family, by Family value.
inline constexpr Layer kFamilyLayer[kFamilyCount] = {
#define PTO_FAMILY(Name, L, Rules, Lowering, Access, Pipe) Layer::k##L,
#include "pto/common/isa/families.def"
#undef PTO_FAMILY
};

/// Opcodes, numbered by the Code column of opcodes.def (the numbers of the bytecode).
enum class Opcode : uint16_t {
#define PTO_OP(Name, Code, ...) k##Name = Code,
#include "pto/common/isa/opcodes.def"
#undef PTO_OP
};

constexpr int kOpcodeCount = 0
#define PTO_OP(...) +1
#include "pto/common/isa/opcodes.def"
#undef PTO_OP
    ;

namespace isa_detail {
constexpr int kCodes[] = {
#define PTO_OP(Name, Code, ...) Code,
#include "pto/common/isa/opcodes.def"
#undef PTO_OP
};
// Each number from 0 to kOpcodeCount-1 names exactly one row: tables indexed by opcode have
// no holes, and two rows can never share a number.
constexpr bool CodesAreDense() {
  bool seen[kOpcodeCount] = {};
  for (int code : kCodes) {
    if (code < 0 || code >= kOpcodeCount || seen[code]) return false;
    seen[code] = true;
  }
  return true;
}
static_assert(CodesAreDense(), "opcodes.def: the Code column must use 0..N-1, each once");
}  // namespace isa_detail

/// The flags column by opcode, as a constant: kernels test a flag on every instruction and
/// should not pay for GetOpInfo's lazily built table.
inline constexpr std::array<uint32_t, kOpcodeCount> kOpcodeFlags = [] {
  std::array<uint32_t, kOpcodeCount> flags{};
#define PTO_OP(Name, Code, mnemonic, operands, Fam, Kernel, a2a3, a5, f) flags[Code] = f;
#include "pto/common/isa/opcodes.def"
#undef PTO_OP
  return flags;
}();
constexpr bool HasFlag(Opcode op, uint32_t flag) {
  return (kOpcodeFlags[static_cast<int>(op)] & flag) != 0;
}

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
  /// The name the bytecode listing gives it (ptoas -d): its mnemonic, a structural opcode's
  /// without its '%'. Messages, stats and traces name instructions so.
  std::string_view listing_name() const {
    return has_spelling() ? mnemonic : mnemonic.substr(1);
  }
  Layer layer() const { return kFamilyLayer[static_cast<int>(family)]; }
  /// Instructions of the tile ISA (as opposed to scalar, control and structural ones).
  bool is_tile_op() const { return layer() == Layer::kTile; }
  /// Pipe instructions between a block's cube and vector cores, spelled or lowered to.
  bool is_pipe() const { return family == Family::kPipe || family == Family::kPipeForm; }
  /// Comm instructions between blocks, through global memory.
  bool is_comm() const { return family == Family::kComm || family == Family::kCommAsync; }
  DTypeMask types(Arch arch) const { return arch == Arch::kA5 ? a5_types : a2a3_types; }
  int num_operands() const { return static_cast<int>(operands.size()); }
  /// The operand that carries immediate attribute \a attr ("@isBinary"), or -1.
  int ImmOperand(std::string_view attr) const {
    for (int i = 0; i < num_operands(); ++i) {
      if (operands[i].kind == OperandKind::kImm && operands[i].attr == attr) return i;
    }
    return -1;
  }
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
/// operands and attributes written (asm/lowering/op_overload.cc).
const OpInfo* NextOverload(const OpInfo& info);

/// Parses an operand string of opcodes.def ("t|tt[t]@isBinary") into specs, outputs first;
/// \a flags may add the scalar-first order immediate. Aborts on a letter no operand kind has.
std::vector<OperandSpec> ParseOperands(std::string_view text, uint32_t flags, int* num_outputs,
                                       bool* variadic);

}  // namespace pto

#endif  // PTO_COMMON_ISA_OPCODE_H_
