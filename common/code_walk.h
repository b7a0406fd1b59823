// Walks over a function's code: its instructions in order, and each instruction's register
// operands with their class and direction. The verifier, the linker, the disassembler, the
// launcher and the checkers all read code through these two walks (and decode through
// common/isa/encoding.h).
#ifndef PTO_COMMON_CODE_WALK_H_
#define PTO_COMMON_CODE_WALK_H_

#include <cstdint>
#include <vector>

#include "pto/common/isa/encoding.h"
#include "pto/common/program.h"

namespace pto {

/// One instruction and where it starts (in words from the start of its function).
struct CodeSite {
  uint32_t pc;
  Instr in;
};

/// The instructions of \a code in order, for a range-for:
///
///   for (const CodeSite& site : Instructions(f.code)) ...
///
/// The code must be well formed: verified, or emitted by the assembler (every instruction's
/// count stays inside the code).
class Instructions {
 public:
  explicit Instructions(const std::vector<uint32_t>& code) : code_(code) {}

  class Iterator {
   public:
    Iterator(const uint32_t* code, uint32_t pc) : code_(code), pc_(pc) {}
    CodeSite operator*() const { return {pc_, Decode(code_ + pc_)}; }
    Iterator& operator++() {
      pc_ += Decode(code_ + pc_).size();
      return *this;
    }
    bool operator!=(const Iterator& other) const { return pc_ != other.pc_; }

   private:
    const uint32_t* code_;
    uint32_t pc_;
  };

  Iterator begin() const { return {code_.data(), 0}; }
  Iterator end() const { return {code_.data(), static_cast<uint32_t>(code_.size())}; }

 private:
  const std::vector<uint32_t>& code_;
};

/// A register operand of an instruction.
struct RegisterOperand {
  RegClass cls;
  uint32_t reg;
  bool output;     ///< The instruction writes it.
  int index;       ///< Its position among the instruction's operand words.
};

/// Calls visit(const RegisterOperand&) for every register operand of \a in, a verified
/// instruction of \a program, in operand order: the schema's registers (absent optional ones
/// left out), then the variadic rest: a call's arguments (in the class of the callee's
/// parameter, inputs) and results (scalars, outputs), or the values a return passes back.
template <typename Visit>
void ForEachRegister(const Program& program, const Instr& in, Visit&& visit) {
  const OpInfo& info = GetOpInfo(in.op);
  const uint32_t fixed = static_cast<uint32_t>(info.num_operands());
  for (uint32_t i = 0; i < fixed && i < in.count; ++i) {
    const OperandSpec& spec = info.operands[i];
    const RegClass cls = GetKindInfo(spec.kind).reg_class;
    if (cls == RegClass::kNone || in.operands[i] == kNoOperand) continue;
    visit(RegisterOperand{cls, in.operands[i], spec.output, static_cast<int>(i)});
  }
  if (!info.variadic) return;
  const Function* callee = in.op == Opcode::kCall ? &program.functions[in.operands[0]] : nullptr;
  for (uint32_t i = fixed; i < in.count; ++i) {
    const uint32_t k = i - fixed;  // position in the variadic rest
    const bool argument = callee && k < callee->params.size();
    const RegClass cls = argument ? ParamRegClass(callee->params[k].kind) : RegClass::kScalar;
    visit(RegisterOperand{cls, in.operands[i], callee && !argument, static_cast<int>(i)});
  }
}

/// Whether some instruction of some function of \a program satisfies pred(const Instr&).
template <typename Pred>
bool AnyInstruction(const Program& program, Pred&& pred) {
  for (const Function& f : program.functions) {
    for (const CodeSite& site : Instructions(f.code)) {
      if (pred(site.in)) return true;
    }
  }
  return false;
}

/// Whether some instruction of \a program is of family \a family.
inline bool UsesFamily(const Program& program, Family family) {
  return AnyInstruction(program, [&](const Instr& in) { return GetOpInfo(in.op).family == family; });
}

}  // namespace pto

#endif  // PTO_COMMON_CODE_WALK_H_
