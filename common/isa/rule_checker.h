// The operand rule checker, shared by the files that implement its families' rules (the
// *_rules.cc files of this folder). Not part of the public interface.
#ifndef PTO_COMMON_ISA_RULE_CHECKER_H_
#define PTO_COMMON_ISA_RULE_CHECKER_H_

#include <initializer_list>
#include <span>
#include <string_view>
#include <string>
#include <vector>

#include "pto/common/isa/operand_rules.h"

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

  // The register layer (register_rules.cc).
  int FirstOperand(OperandKind kind) const;
  int AttrOperand(std::string_view name) const;
  void RequireMaskGoverns(int mask, int data);
  void RequireSameVRegType(int i, int j);
  void RequireDistribution(int dist);
  void CheckRegister();
  void CheckDma();
  void CheckMaskGen();
  void CheckSimtCollective();
  void CheckVecElementwise();
  void CheckVecLoad();
  void CheckVecStore();
  // cmpsel_rules.cc: compare & select, rearrangement, DSA/SFU, sorts, gathers.
  void RequireVRegSize(int i, int bytes, const char* what);
  void CheckVecCompare();
  void CheckVecSelect();
  void CheckVecRearrange();
  void CheckVecSfu();
  void CheckVecSort();
  void CheckVecGather();
  // ldst (ldst_rules.cc): UB addresses known when assembling, masks of one granularity.
  int FirstInput(OperandKind kind) const;
  bool PostUpdates() const;
  void RequireStaticAlignment(int ptr, int align, std::string_view what, int unit = 0);
  void CheckSprStore();
  void RequireGranule(int mask, int bytes, std::string_view what);
  void CheckVecBlock();
  void CheckVecAlign();
  void CheckPredMemory();
  void CheckMaskLogic();
  void CheckVecMaterialize();
  // arith_rules.cc
  void RequireAllowedVReg(int i);
  void CheckVecScalar();
  void CheckVecCarry();
  void CheckVecConvert();
  void CheckVecReduce();
  void CheckVecBitcast();

  // Rules shared by several families (operand_rules.cc).
  void RequireVec(int i);
  void RequireND(int i);
  void RequirePlain(int i);
  void RequireAllowedDType(int i);
  void RequireSameDType(int i, int j);
  void CheckCommViewShapes();
  void RequireMxScaleShapes(bool gemv, int sa, int sb, const TileType& a, const TileType& b);
  void RequireSameElementSize(int i, int j);
  void RequireViewElementSize(int view, int tile);
  void RequireScalarFits(int scalar, int tile);
  void RequireValidCovers(int src, int dst, bool rows, bool cols);
  void RequireMask(int mask, int data);
  void NoRules() {}
  void CheckPrecision();
  void CheckMachine();
  // The VMI layer (vmi_rules.cc, vmi_convert_rules.cc).
  bool CheckVmiCommon();
  void RequireVmiLanes(std::initializer_list<int> own_lanes);
  void RequireVmiType(int i);
  void RequireNoMerge(std::string_view what);
  std::string VmiConvertDirection(const OperandType& from, const OperandType& to) const;
  void CheckVmiMemory();
  void CheckVmiMaskGen();
  void CheckVmiElementwise();
  void CheckVmiBroadcast();
  void CheckVmiReduce();
  void CheckVmiConvert();
  void CheckVmiIndexed();
  void CheckVmiSfu();
  // The repeat layer (repeat_rules.cc).
  void CheckRepeat();

  // The Rules column of families.def. Elementwise, rows and columns, conversions, generated
  // tiles (operand_rules.cc).
  void CheckElementwise();
  void RequireReduceValid(bool per_row, bool allow_empty, bool nonzero_src);
  void CheckRowReduce();
  void CheckColReduce();
  void CheckRowExpand();
  void CheckColExpand();
  void CheckExpandBinary(bool per_row);
  void CheckRowExpandBinary() { CheckExpandBinary(true); }
  void CheckColExpandBinary() { CheckExpandBinary(false); }
  void CheckReshape();
  void CheckConvert();
  bool RequirePair(const TileType& src, const TileType& dst);  // tcvt's (convert_rules.cc)
  void CheckCompareScalar();
  void CheckSelectMask();
  void CheckFillPad();
  void CheckElementAccess();
  void CheckInterleave();
  void CheckConcat();
  // Memories and the cube: loads, stores, moves, matmuls, windows, pipes (cube_rules.cc).
  void RequireMemory(int i, std::initializer_list<Memory> allowed);
  void RequireSameShape(int i, int j);
  /// A tile's logical rows and columns: its valid shape where static, else its shape.
  static int32_t LogicalRowsOf(const TileType* t) {
    return t->valid_rows != kDynamic ? t->valid_rows : t->rows;
  }
  static int32_t LogicalColsOf(const TileType* t) {
    return t->valid_cols != kDynamic ? t->valid_cols : t->cols;
  }
  /// Tiles a (M x K) times b (K x N) into c (M x N): valid shapes where static (PTOAS v0.60),
  /// or the tiles' storage shapes.
  void RequireMatmulShapes(int a, int b, int c);
  uint64_t AccStoreTypes(DType acc) const;
  uint64_t AccQuantStoreTypes(DType acc) const;
  void CheckStoreAtomic(int atomic, DType view_type);
  void CheckLoad();
  void CheckStore();
  void CheckMove();
  void CheckMatmul();
  void CheckExtractInsert(bool insert);
  void CheckVecToVec(bool insert, const TileType& d);
  void CheckExtract() { CheckExtractInsert(false); }
  void CheckInsert() { CheckExtractInsert(true); }
  void CheckTranspose();
  void CheckPipe();
  // Between blocks (comm_rules.cc).
  void CheckComm();
  // Tile compare and scalar select, partial elementwise, arg reductions, padding shapes
  // (mask_reduce_rules.cc).
  void CheckCompare();
  void CheckSelectScalar();
  void CheckPartial();
  void CheckArgReduce();
  void CheckFillPadShapes();
  // Power, AXPY (power_axpy_rules.cc); arg partials (mask_reduce_rules.cc); indexed concat
  // (operand_rules.cc); histograms and random numbers (histogram_random_rules.cc); the MX
  // scale tile's address (quant_rules.cc).
  void CheckPower();
  void CheckAxpy();
  void CheckPartialArg();
  void RequirePartialPattern(int dst, int a, int b, bool strict);
  void CheckConcatIdx();
  void CheckHistogram();
  void CheckRandom();
  void CheckScaleAddr();
  // The fixpipe's controls of a move, extract or insert from acc (cube_rules.cc).
  void CheckAccControls();
  // Gathers, scatters, sorts (gather_rules.cc).
  void RequireIndexTile(int i, DTypeMask allowed, const char* what);
  void RequireFullRows(int i, const char* role);
  void RequireIndexCovers(int idx, int data, const char* data_role);
  void CheckGather();
  void CheckMaskPatternForm();
  void CheckCompareGather();
  void CheckIndexScatter();
  void CheckGlobalGatherScatter(bool gather);
  void CheckGatherToL1();
  void CheckSort();
  // The NPU's scratch tiles (tmp_rules.cc).
  int TmpOperand() const;
  void RequireTmpBytes(int tmp, uint64_t bytes);
  void RequireTmpDType(int tmp, int like);
  void CheckTmpContract();
  void CheckSelTmp(int tmp);
  void CheckPReluTmp(int tmp);
  void CheckRemTmp(int tmp);
  void CheckArgReduceTmp(int tmp);
  void CheckCiTmp(int tmp);
  void CheckRowExpandTmp(int tmp);
  void CheckColSumTmp(int tmp);
  // Quantisation: fixpipe, vector side, MX matmuls (quant_rules.cc); tquant.mx
  // (mx_quant_rules.cc).
  bool IsFixpipeQuant() const;
  void CheckFixpipeQuant();
  void CheckMatmulMx(bool acc, bool bias);
  void CheckQuant();
  void CheckQuantOperands();
  struct MxForm {
    bool axis0 = false, fp4 = false, nv = false, interleave = false;
    int pack = 1;  // source values per destination element (MXFP4: e2m1 pairs)
  };
  void CheckQuantMx();
  bool ReadMxForm(MxForm* f);
  bool CheckQuantMxTypes(const MxForm& f);
  void CheckQuantMxAxis1Groups(const MxForm& f);
  void CheckQuantMxAxis0Groups(const MxForm& f);
  void CheckMoveToZz();
  int GroupAxis() const;
  int AttrCode(std::string_view name, int fallback) const;
  // Im2col (img2col_rules.cc).
  void CheckImg2col();
  // The scalar layer: arith, register moves, control flow, scalar memory (scalar_rules.cc).
  DType ScalarType(int i) const { return types_[i].dtype; }
  void RequireSameScalarType(int a, int b);
  void RequireBool(int i);
  void CheckScalarArithmetic();
  void CheckScalarUnary();
  void CheckScalarCompare();
  void CheckScalarSelect();
  void CheckScalarCast();
  void CheckTransfer();
  void CheckControl();
  void CheckMemoryAccess();

  const OpInfo& info_;
  Arch arch_;
  const std::vector<OperandType>& types_;
  std::vector<RuleError> errors_;
};

}  // namespace pto

#endif  // PTO_COMMON_ISA_RULE_CHECKER_H_
