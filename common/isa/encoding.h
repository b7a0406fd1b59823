// Instruction encoding. Code is a sequence of 32-bit little-endian words:
//
//   word 0       31      24 23      16 15                0
//               +----------+----------+------------------+
//               | reserved |  count   |      opcode      |
//               +----------+----------+------------------+
//   word 1..count  one operand each: a register number of the class the opcode's schema gives,
//                  an immediate, or a code offset (in words, from the start of the function);
//                  kNoOperand for an absent optional operand.
//
// The count always equals the opcode's schema length (opcodes.def), so every opcode has one
// fixed layout; the count is stored anyway so a reader can step over instructions and the
// verifier can reject a mismatch.
#ifndef PTO_COMMON_ISA_ENCODING_H_
#define PTO_COMMON_ISA_ENCODING_H_

#include <cstdint>
#include <initializer_list>
#include <vector>

#include "pto/common/check.h"
#include "pto/common/isa/opcode.h"

namespace pto {

constexpr int kOpcodeBits = 16;
constexpr int kCountBits = 8;
constexpr int kReservedBits = 8;
static_assert(kOpcodeBits + kCountBits + kReservedBits == 32);
constexpr uint32_t kMaxOperands = (1u << kCountBits) - 1;

inline uint32_t HeaderWord(Opcode op, uint32_t count) {
  return static_cast<uint32_t>(op) | (count << kOpcodeBits);
}
inline uint32_t HeaderOpcode(uint32_t word) { return word & 0xffff; }
inline uint32_t HeaderCount(uint32_t word) { return (word >> kOpcodeBits) & 0xff; }
inline uint32_t HeaderReserved(uint32_t word) { return word >> (kOpcodeBits + kCountBits); }

/// A decoded view of one instruction in verified code.
struct Instr {
  Opcode op;
  uint32_t count;
  const uint32_t* operands;
  uint32_t size() const { return count + 1; }  ///< In words, header included.
};

/// The one decoder: the interpreter, the disassembler and tracing all read code through it.
inline Instr Decode(const uint32_t* pc) {
  return Instr{static_cast<Opcode>(HeaderOpcode(pc[0])), HeaderCount(pc[0]), pc + 1};
}

inline bool FitsSchema(Opcode op, size_t count) {
  const OpInfo& info = GetOpInfo(op);
  return info.variadic ? count >= static_cast<size_t>(info.num_operands())
                       : count == static_cast<size_t>(info.num_operands());
}

/// Appends one instruction to \a code. The operand count must fit the opcode's schema and the
/// header's count field: callers check what the text asks for before they emit.
inline void Emit(std::vector<uint32_t>* code, Opcode op, std::initializer_list<uint32_t> operands) {
  PTO_CHECK(FitsSchema(op, operands.size()) && operands.size() <= kMaxOperands,
            "an instruction's operands must fit its schema and the header's count field");
  code->push_back(HeaderWord(op, static_cast<uint32_t>(operands.size())));
  code->insert(code->end(), operands.begin(), operands.end());
}
inline void Emit(std::vector<uint32_t>* code, Opcode op, const std::vector<uint32_t>& operands) {
  PTO_CHECK(FitsSchema(op, operands.size()) && operands.size() <= kMaxOperands,
            "an instruction's operands must fit its schema and the header's count field");
  code->push_back(HeaderWord(op, static_cast<uint32_t>(operands.size())));
  code->insert(code->end(), operands.begin(), operands.end());
}

}  // namespace pto

#endif  // PTO_COMMON_ISA_ENCODING_H_
