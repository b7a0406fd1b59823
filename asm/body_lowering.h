// Lowers the statements of a function body: structural operations (constants, tile
// allocation, tensor views, binding, return) directly, instructions through the ISA table.
#ifndef PTO_ASM_BODY_LOWERING_H_
#define PTO_ASM_BODY_LOWERING_H_

#include <vector>

#include "asm/function_builder.h"

namespace pto::assembler {

class BodyLowering {
 public:
  explicit BodyLowering(FunctionBuilder& fb) : fb_(fb), ctx_(fb.ctx()) {}

  /// Lowers every statement, reporting each problem and carrying on with the next statement.
  void LowerAll(const std::vector<Statement>& statements);
  /// Makes a function parameter for %name of \a type (func.func arguments and .arg).
  bool AddParam(const Item& name, const Type& type, SourceRange type_range);

 private:
  using Handler = bool (BodyLowering::*)(const Statement&);
  struct HandlerEntry {
    const char* name;
    Handler handler;
  };
  static const HandlerEntry kHandlers[];

  bool Lower(const Statement& stmt);
  bool LowerArg(const Statement& stmt);
  bool LowerConstant(const Statement& stmt);
  bool LowerAllocTile(const Statement& stmt);
  bool LowerMakeView(const Statement& stmt);
  bool LowerPartitionView(const Statement& stmt);
  bool LowerAssign(const Statement& stmt);
  bool LowerReturn(const Statement& stmt);
  bool ReportUnknown(const Statement& stmt);

  bool ExpectResults(const Statement& stmt, size_t n);
  bool DefineScalarConstant(const Item& name, const Item& literal, const Type& type);
  /// Reads a bracketed list of index operands ("[%a, 16]") into registers.
  bool IndexList(const Item& group, std::vector<Value>* values);
  /// Binds tile register \a reg to the address in \a addr (statically when possible).
  bool BindTile(uint32_t reg, const Value& addr, SourceRange where);

  FunctionBuilder& fb_;
  Context& ctx_;
};

}  // namespace pto::assembler

#endif  // PTO_ASM_BODY_LOWERING_H_
