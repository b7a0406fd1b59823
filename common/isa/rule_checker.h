// The operand rule checker, shared by the files that implement its families' rules
// (operand_rules.cc, cube_rules.cc). Not part of the public interface.
#ifndef PTO_COMMON_ISA_RULE_CHECKER_H_
#define PTO_COMMON_ISA_RULE_CHECKER_H_

#include <initializer_list>
#include <string>
#include <vector>

#include "common/isa/operand_rules.h"

namespace pto {

// Collects errors for one instruction; keeps the rule functions short.
class RuleChecker {
 public:
  RuleChecker(const OpInfo& info, Arch arch, const std::vector<OperandType>& types)
      : info_(info), arch_(arch), types_(types) {}

  std::vector<RuleError> Run();

 private:
  const TileType* Tile(int i) const { return types_[i].present ? types_[i].tile : nullptr; }
  void Fail(int operand, std::string message) { errors_.push_back({operand, std::move(message)}); }
  void RequireMemory(int i, std::initializer_list<Memory> allowed);
  void RequireSameShape(int i, int j);

  void RequireVec(int i);
  void RequireND(int i);
  void RequirePlain(int i);
  void RequireAllowedDType(int i);
  void RequireSameDType(int i, int j);
  void RequireSameElementSize(int i, int j);
  void RequireViewElementSize(int view, int tile);
  void RequireScalarFits(int scalar, int tile);
  void RequireValidCovers(int src, int dst, bool rows, bool cols);

  void CheckElementwise();
  void CheckRowReduce();
  void CheckColReduce();
  void CheckRowExpand();
  void CheckExpandBinary(bool per_row);
  void CheckLoad();
  void CheckStore();
  void CheckMove();
  void CheckMatmul();
  void CheckExtractInsert(bool insert);
  void CheckTranspose();
  void CheckReshape();
  void CheckConvert();
  void RequireMask(int mask, int data);
  void CheckCompareScalar();
  void CheckSelectMask();
  void CheckFillPad();
  void CheckColExpand();
  void CheckPipe();
  void CheckElementAccess();
  void CheckComm();
  void CheckInterleave();
  // ---- Group B (mask_reduce_rules.cc) ----
  void CheckCompare();
  void CheckSelectScalar();
  void CheckPartial();
  void CheckArgReduce();
  void CheckFillPadShapes();
  // Group C (gather_rules.cc).
  void RequireIndexTile(int i, DTypeMask allowed, const char* what);
  void RequireFullRows(int i, const char* role);
  void RequireIndexCovers(int idx, int data, const char* data_role);
  void CheckGather();
  void CheckSort();
  // Group D (quant_rules.cc).
  bool IsFixpipeQuant() const;
  void CheckFixpipeQuant();
  void CheckMatmulMx(bool acc, bool bias);
  void CheckQuant();
  // Im2col (img2col_rules.cc).
  void CheckImg2col();
  // MX quantisation, tquant.mx (mx_quant_rules.cc).
  void CheckQuantMx();
  void RequireImmediateAtMost(int i, uint32_t most);

  const OpInfo& info_;
  Arch arch_;
  const std::vector<OperandType>& types_;
  std::vector<RuleError> errors_;
};

}  // namespace pto

#endif  // PTO_COMMON_ISA_RULE_CHECKER_H_
