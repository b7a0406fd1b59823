// The cube lowering's class (cube_lowering.cc, fixpipe_lowering.cc): the statement read into
// positional operands and clauses, and the operands pushed in schema order.
#ifndef PTO_ASM_LOWERING_CUBE_LOWERING_IMPL_H_
#define PTO_ASM_LOWERING_CUBE_LOWERING_IMPL_H_

#include <map>

#include "pto/asm/lowering/op_form.h"
#include "pto/asm/lowering/operands.h"
#include "pto/common/isa/cube_flags.h"
#include "pto/common/strings.h"

namespace pto::assembler {

namespace cube_lowering {

using namespace pto::cube;

// A clause after the positional operands: a bare word (nz2nd) or a word with a group.
struct Clause {
  const Item* word = nullptr;
  const Item* group = nullptr;
  bool used = false;
};

// Where an operand points: GM (a view) or an on-chip memory.
enum class Space { kGm, kLocal };

class CubeLowering {
 public:
  CubeLowering(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt)
      : fb_(fb), ctx_(fb.ctx()), info_(info), stmt_(stmt) {}

  bool Run();

 private:
  bool Read();
  bool Copy();
  bool Frac();
  bool Load();
  bool Fill();
  bool FillWordFlag(const Value& dst, bool typed, uint32_t* flags);
  bool Mad();
  bool Fixpipe();
  bool Ctrl();

  // Fixpipe's clauses (fixpipe_lowering.cc), each pushing its operands in encoding order.
  bool FixpipeDstMode(uint32_t* flags);
  bool FixpipeUnitFlag(uint32_t* flags);
  bool FixpipePreQuant(uint32_t* quant, DType* quant_type);
  bool FixpipePreRelu(uint32_t* flags, DType* relu_type);
  bool FixpipeReluTerms(const Clause& clause, uint32_t* relu, ItemSpan* payload,
                        bool* has_payload, Value* clip, bool* has_clip);
  bool FixpipeLayout(uint32_t* flags);
  bool FixpipeSat(uint32_t* flags);
  bool FixpipeAtomic(bool gm, DType dst_type, uint32_t* flags);

  // Operands.
  bool Pointer(size_t pos, bool gm, Memory mem, Value* out);
  bool PointerTerm(ItemSpan term, bool gm, Memory mem, Value* out);
  bool IntTerm(ItemSpan term, Value* out);
  bool ScalarTerm(ItemSpan term, Value* out);
  bool Ints(size_t from, size_t count);
  bool Positional(size_t count);
  // Clauses.
  Clause* Take(std::string_view word);
  /// Take, and the error "<mnemonic> needs its <word>(<form>)" when the clause is absent.
  Clause* TakeRequired(std::string_view word, std::string_view form);
  bool Flag(std::string_view word) { return Take(word) != nullptr; }
  bool GroupTerms(const Clause& c, size_t min, size_t max, std::vector<ItemSpan>* out);
  bool GroupInts(std::string_view word, size_t n, bool required);
  bool OneWord(const Clause& c, std::initializer_list<std::string_view> words, uint32_t* index);
  bool Leftovers();
  bool CheckPointerTypes();
  void Push(const Value& v) { operands_.push_back(v.reg); }
  void PushNone() { operands_.push_back(kNoOperand); }
  void PushType(DType t) {
    if (type_count_ < 4) types_ |= static_cast<uint32_t>(t) << (8 * type_count_);
    ++type_count_;
  }

  FunctionBuilder& fb_;
  Context& ctx_;
  const OpInfo& info_;
  const Statement& stmt_;
  std::vector<ItemSpan> positional_;
  std::vector<Clause> clauses_;
  std::map<std::string, Attribute> attrs_;
  std::vector<uint32_t> operands_;
  std::vector<Value> pointers_;  // in operand order, for the types after ':'
  uint32_t types_ = 0;
  int type_count_ = 0;
};

}  // namespace cube_lowering

}  // namespace pto::assembler

#endif  // PTO_ASM_LOWERING_CUBE_LOWERING_IMPL_H_
