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
  void LowerAll(StatementSpan statements);
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
  bool LowerFor(const Statement& stmt);
  bool LowerIf(const Statement& stmt);
  bool LowerWhile(const Statement& stmt);
  bool LowerYield(const Statement& stmt);
  bool LowerCondition(const Statement& stmt);
  bool LowerCall(const Statement& stmt);
  bool LowerBlockLabel(const Statement& stmt);
  bool LowerLoadScalar(const Statement& stmt);
  bool LowerStoreScalar(const Statement& stmt);
  bool LowerAddPtr(const Statement& stmt);
  bool LowerViewDim(const Statement& stmt);
  bool LowerBlockInfo(const Statement& stmt);
  bool LowerSetValidShape(const Statement& stmt);
  bool LowerDeclareTile(const Statement& stmt);
  bool LowerSubView(const Statement& stmt);
  bool LowerGetVal(const Statement& stmt);
  bool LowerDeclareLocalArray(const Statement& stmt);
  bool LowerLocalArrayAccess(const Statement& stmt);
  bool LocalArrayElement(ItemSpan term, Value* array, Value* index);
  bool LowerSection(const Statement& stmt);
  bool LowerMemoryOrder(const Statement& stmt);
  bool LowerReserveBuffer(const Statement& stmt);
  bool LowerImportBuffer(const Statement& stmt);
  bool LowerInitPipe(const Statement& stmt);
  bool LowerPush(const Statement& stmt);
  bool LowerPop(const Statement& stmt);
  bool LowerFree(const Statement& stmt);
  bool RequireSide(const Statement& stmt, bool cube);
  bool ReportUnknown(const Statement& stmt);

  /// Where the terminator of the region being lowered sends its values.
  struct RegionExit {
    bool is_condition = false;    ///< scf.while's "before" region ends in scf.condition.
    std::vector<Value> targets;   ///< scf.yield: registers that receive the values.
    std::vector<Value> results;   ///< scf.condition: the loop's results ...
    std::vector<Value> forwards;  ///< ... and the "after" region's arguments.
    uint32_t exit_branch = 0;     ///< scf.condition: the branch out of the loop, to patch.
    bool terminated = false;
  };
  /// Lowers \a region's statements in a new scope, with \a exit for its terminator and
  /// \a args bound to a leading "^bb0(...):" label if there is one.
  bool LowerRegion(const Item& region, RegionExit* exit, const std::vector<Value>& args = {});
  /// Moves \a srcs into \a dsts as if all at once (a yield may swap values).
  bool ParallelMove(const std::vector<Value>& dsts, const std::vector<Value>& srcs,
                    const Statement& stmt);
  /// A new register holding a value of \a type.
  bool NewValueOfType(const Type& type, SourceRange where, Value* out);
  /// Reads "-> T" or "-> (T, U)" result types at the end of \a items.
  bool ResultTypes(ItemSpan items, std::vector<Type>* types);

  bool DefineScalarConstant(const Item& name, const Item& literal, const Type& type);
  /// Binds tile register \a reg to the address in \a addr (statically when possible).
  bool BindTile(uint32_t reg, const Value& addr, SourceRange where);

  FunctionBuilder& fb_;
  Context& ctx_;
  std::vector<RegionExit*> exits_;
};

}  // namespace pto::assembler

#endif  // PTO_ASM_BODY_LOWERING_H_
