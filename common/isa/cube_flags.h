// The immediates of the cube rows of the register layer (opcodes.def "---- cube"): what the
// assembler packs into @types, @flags and @quant and the kernels unpack.
#ifndef PTO_COMMON_ISA_CUBE_FLAGS_H_
#define PTO_COMMON_ISA_CUBE_FLAGS_H_

#include <cstdint>
#include <iterator>
#include <string_view>

#include "pto/common/dtype.h"

namespace pto::cube {

/// @types: the element type of pointer operand i (in operand order) in byte i.
constexpr DType TypeAt(uint32_t types, int i) {
  return static_cast<DType>((types >> (8 * i)) & 0xff);
}

// mte_gm_l1_frac @flags.
constexpr uint32_t kDn2Nz = 1u << 0;
// create_cbuf_matrix / raw_fill_l1: the fill word is 32 bits (else 16).
constexpr uint32_t kFillWord32 = 1u << 0;
// Their repeat count, blocks a repeat and gap: 15-bit fields.
constexpr int64_t kMaxFillCount = 32767;
// mte_l1_l0a / mte_l1_l0b @flags.
constexpr uint32_t kTranspose = 1u << 0;

// mad* @flags.
constexpr uint32_t kDisableGemv = 1u << 0;
constexpr int kMadSatShift = 1;   ///< 2 bits: 0 the outside mode, 1 sat, 2 nosat.
constexpr int kTf32Shift = 3;     ///< 2 bits: 0 off, 1 round_even, 2 round_away.
constexpr uint32_t kNDir = 1u << 5;
constexpr int kMadUnitShift = 6;  ///< 2 bits: 0 none, 1 check_only, 2 check_and_set.

// Fixpipe @flags.
enum class Layout : uint8_t { kNormal, kNz2Nd, kNz2Dn, kNz2Nz };
constexpr int kLayoutShift = 0;  ///< 2 bits.
enum class Sat : uint8_t { kDefault, kSat, kSatPreserveNan, kNoSat };
constexpr int kSatShift = 2;  ///< 2 bits.
enum class Relu : uint8_t { kNone, kNoRelu, kNormal, kScalar, kVector };
constexpr int kReluShift = 4;      ///< 3 bits.
constexpr int kFixUnitShift = 7;   ///< 2 bits: 0 none, 1 check_only, 2 check_and_clear.
enum class DstMode : uint8_t { kSubblock, kSplitM, kSplitN };
constexpr int kDstModeShift = 9;   ///< 2 bits.
enum class AtomicOp : uint8_t { kNone, kAdd, kMax, kMin };
constexpr int kAtomicOpShift = 11;    ///< 2 bits.
constexpr int kAtomicTypeShift = 13;  ///< 5 bits: a DType.

constexpr uint32_t Field(uint32_t flags, int shift, int bits) {
  return (flags >> shift) & ((1u << bits) - 1);
}

/// pre_quant modes (micro-isa 16); @quant is 0 without pre_quant, else 1 + the index here.
inline constexpr std::string_view kQuantModes[] = {
    "f32_f16",
    "qf322hif8_pre_vec", "qf322hif8_pre_scalar",
    "qf322hif8_pre_hybrid_vec", "qf322hif8_pre_hybrid_scalar",
    "deqs32_int_vec", "deqs32_int_scalar",
    "req8_vec", "req8_scalar",
    "deqf16_vec", "deqf16_scalar",
    "qf322fp8_pre_vec", "qf322fp8_pre_scalar",
    "qf322f32_pre_vec", "qf322f32_pre_scalar",
    "f32_bf16",
    "qf162b8_pre_vec", "qf162b8_pre_scalar",
    "qf162s4_pre_vec", "qf162s4_pre_scalar",
    "req4_vec", "req4_scalar",
    "qf322b8_pre_vec", "qf322b8_pre_scalar",
    "qf322s4_pre_vec", "qf322s4_pre_scalar",
    "deqs16_vec", "deqs16_scalar",
    "qf162s16_pre_vec", "qf162s16_pre_scalar",
    "qf322f16_pre_vec", "qf322f16_pre_scalar",
    "qf322bf16_pre_vec", "qf322bf16_pre_scalar",
    "qs322bf16_pre_vec", "qs322bf16_pre_scalar",
};
constexpr uint32_t kQuantModeCount = std::size(kQuantModes);

/// The quant mode's name for @quant \a code (code >= 1).
constexpr std::string_view QuantModeName(uint32_t code) { return kQuantModes[code - 1]; }

}  // namespace pto::cube

#endif  // PTO_COMMON_ISA_CUBE_FLAGS_H_
