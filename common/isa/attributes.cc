#include "pto/common/isa/attributes.h"

#include <cctype>
#include <iterator>
#include <string>

namespace pto {

namespace {

constexpr const char* kBool[] = {"false", "true"};
// RoundMode codes of the ISA: NONE=0 RINT=1 ROUND=2 FLOOR=3 CEIL=4 TRUNC=5 ODD=6.
constexpr const char* kRoundModes[] = {"NONE", "RINT", "ROUND", "FLOOR", "CEIL", "TRUNC", "ODD"};
// SaturationMode: ON=0 (clamp), OFF=1 (wrap; PTOAS v0.60's default, which it passes to TCVT).
constexpr const char* kSatModes[] = {"ON", "OFF"};
constexpr const char* kCmpModes[] = {"EQ", "NE", "LT", "LE", "GT", "GE"};
constexpr const char* kTriangles[] = {"LOWER", "UPPER"};
// The comm ISA's enums, in their C++ order (isa.md 4.30): AtomicType, NotifyOp, WaitCmp.
constexpr const char* kAtomicTypes[] = {"NONE", "ADD"};
constexpr const char* kNotifyOps[] = {"ATOMIC_ADD", "SET"};
// twait's and ttest's comparisons, then the ordered float comparisons only pto.vmi.vcmp takes
// (the comm rules refuse those for twait and ttest).
constexpr const char* kWaitCmps[] = {"EQ", "NE", "GT", "GE", "LT", "LE",
                                     "OEQ", "ONE", "OGT", "OGE", "OLT", "OLE"};
constexpr const char* kReduceOps[] = {"SUM", "MAX", "MIN"};
// MaskPattern codes of the ISA: P0101=1 .. P1111=7 (0 has no spelling).
constexpr const char* kMaskPatterns[] = {"", "P0101", "P1010", "P0001", "P0010",
                                         "P0100", "P1000", "P1111"};
// VPTO vector load and store distributions (micro-isa 03): one list for both, so a code
// means one thing; the rules say which each instruction takes (common/isa/register_rules.cc).
constexpr const char* kDistributions[] = {
    "NORM",      "BRC_B8",    "BRC_B16",   "BRC_B32",   "US_B8",       "US_B16",
    "DS_B8",     "DS_B16",    "UNPK_B8",   "UNPK_B16",  "UNPK_B32",    "UNPK4",
    "BRC_BLK",   "E2B_B16",   "E2B_B32",   "SPLT2CHN_B8", "SPLT2CHN_B16", "SPLT4CHN",
    "DINTLV_B8", "DINTLV_B16", "DINTLV_B32", "BDINTLV",  "NORM_B8",     "NORM_B16",
    "NORM_B32",  "1PT_B8",    "1PT_B16",   "1PT_B32",   "PK_B16",      "PK_B32",
    "PK_B64",    "PK4_B32",   "MRG2CHN_B8", "MRG2CHN_B16", "MRG4CHN_B8", "INTLV_B8",
    "INTLV_B16", "INTLV_B32"};
// VPTO predicate patterns (micro-isa 05): all, none, the first N lanes, halves, quarters,
// every third or fourth lane.
constexpr const char* kPredicatePatterns[] = {
    "PAT_ALL",  "PAT_ALLF",  "PAT_H",     "PAT_Q",     "PAT_VL1",   "PAT_VL2",
    "PAT_VL3",  "PAT_VL4",   "PAT_VL8",   "PAT_VL16",  "PAT_VL32",  "PAT_VL64",
    "PAT_VL128", "PAT_M3",   "PAT_M4"};
// mem_bar's barrier types (micro-isa 01): which prior UB accesses of the vector and scalar
// units complete before which later ones.
constexpr const char* kMemBarriers[] = {"VV_ALL", "VST_VLD", "VLD_VST", "VST_VST", "VS_ALL",
                                        "VST_LD", "VLD_ST",  "VST_ST",  "SV_ALL",  "ST_VLD",
                                        "LD_VST", "ST_VST"};
// quant_type, PTOAS's QuantType: tquant's symmetric (i8 result) or asymmetric (ui8 result,
// with an offset); tquant.mx's MX formats, e4m3 elements or e2m1 pairs.
constexpr const char* kQuantTypes[] = {"INT8_SYM", "INT8_ASYM", "MXFP8", "MXFP4_E2M1"};
// tquant.mx's shared-exponent rule: OCP's (the max's exponent less the format's emax) or
// NV's (the max over the format's largest value, rounded up to a power of two).
constexpr const char* kQuantScaleAlgs[] = {"OCP", "NV"};
// tquant.mx's deprecated fused form: how its exp_zz output is stored (UNSPECIFIED: the
// four-output form).
constexpr const char* kVecStoreModes[] = {"UNSPECIFIED", "ND", "NZ"};
// VPTO vpack: the half of the result the narrowed lanes fill; vexpdif: the f16 lanes it reads;
// vci: ascending or descending indices.
constexpr const char* kPackHalves[] = {"LOWER", "HIGHER"};
constexpr const char* kParities[] = {"EVEN", "ODD"};
constexpr const char* kIndexOrders[] = {"ASC", "DESC"};
// VPTO predicate load and store distributions (micro-isa 04), ppack/punpack halves and vdup's lane.
constexpr const char* kPredDistributions[] = {"NORM", "US", "DS", "PK"};
constexpr const char* kDupPositions[] = {"LOWEST", "HIGHEST"};
// The special registers sprclr clears, and whether vstur advances AR.
constexpr const char* kSprs[] = {"AR"};
constexpr const char* kUpdateModes[] = {"NO_POST_UPDATE", "POST_UPDATE"};
// VPTO conversions (micro-isa 09): rounding (R nearest even, A nearest away from zero, F
// floor, C ceil, Z toward zero, O odd), saturation, and the part of the wider lanes that a
// width-changing vcvt reads or writes (EVEN/ODD halves, P0..P3 quarters).
constexpr const char* kVecRoundModes[] = {"R", "A", "F", "C", "Z", "O"};
constexpr const char* kVecSatModes[] = {"NOSAT", "SAT"};
// The part of a register an op reads or writes: vcvt's half (EVEN, ODD) or quarter (P0..P3)
// of the wider lanes; ppack/punpack's half of the mask (LOWER, HIGHER). One table, as both
// are written {part = ...}; the rules say which each op takes.
constexpr const char* kVecParts[] = {"EVEN", "ODD", "P0", "P1", "P2", "P3", "LOWER", "HIGHER"};

// The v0.60 tile attributes. precisionType: the NPU's default sequence or its IEEE-754
// high-precision one (docs/semantics.md, "Precision modes"). reluPreMode: the fixpipe's ReLU
// before a store or move from acc. stPhase / accPhase: the unit-flag phase of an acc store or a
// matmul (codes as the ISA numbers them: UNSPECIFIED=0, PARTIAL=2, FINAL=3).
constexpr const char* kPrecisions[] = {"DEFAULT", "HIGH_PRECISION"};
constexpr const char* kReluPreModes[] = {"NO_RELU", "NORMAL_RELU", "SCALAR_RELU", "VECTOR_RELU",
                                         "PWL"};
constexpr const char* kPhases[] = {"UNSPECIFIED", "", "PARTIAL", "FINAL"};
// More v0.60 tile attributes (UNSPECIFIED: not written, the name listings print).
// accToVecMode: which vector core's UB an acc-to-vec move writes
// (one, or both split by rows or columns). tinsertMode: A5's vec NZ to mat insert in 2 or 4
// transfers (codes as the ISA numbers them; 0: a single transfer). coalesce: mgather/mscatter's
// index granularity (0: told by the index tile's shape). gatherOob/scatterOob: out-of-range
// indices. scatterAtomicOp: mscatter's GM atomic. scatterConflict (0: absent). printFormat (0:
// tprint's own format). byte: the byte thistogram counts (1 when not written). rounds: trandom's
// Philox rounds (7 or 10; 10 when not written).
constexpr const char* kAccToVecModes[] = {"UNSPECIFIED", "SINGLE_MODE_VEC0", "SINGLE_MODE_VEC1",
                                          "DUAL_MODE_SPLIT_M", "DUAL_MODE_SPLIT_N"};
constexpr const char* kTInsertModes[] = {"UNSPECIFIED", "", "SPLIT2", "SPLIT4"};
constexpr const char* kCoalesceModes[] = {"UNSPECIFIED", "ROW", "ELEM"};
constexpr const char* kGatherOobs[] = {"UNDEFINED", "CLAMP", "WRAP", "ZERO"};
constexpr const char* kScatterAtomics[] = {"NONE", "ADD", "MAX", "MIN"};
constexpr const char* kScatterOobs[] = {"UNDEFINED", "SKIP", "CLAMP", "WRAP"};
constexpr const char* kScatterConflicts[] = {"UNSPECIFIED", "DEFAULT", "LAST"};
constexpr const char* kPrintFormats[] = {"UNSPECIFIED", "WIDTH8_PRECISION4", "WIDTH8_PRECISION2",
                                         "WIDTH10_PRECISION6"};
constexpr const char* kHistogramBytes[] = {"0", "1", "2", "3"};
// The axis of the mask-pattern tgather and tscatter, written "row" or "col" after the source's
// type (UNSPECIFIED: not written).
constexpr const char* kMaskAxes[] = {"UNSPECIFIED", "ROW", "COL"};
// grpAxis: the axis MX groups of 32 run along (tquant.mx, tmov.zz): axis1 along a row (the
// default), axis0 down a column.
constexpr const char* kMxGroupAxes[] = {"AXIS0", "AXIS1"};
// The VMI layer's: inactive lanes zeroed or kept; a load's distribution; a conversion's rounding
// and saturation, "" when not written (each conversion has its own default or requirement).
constexpr const char* kVmiPmodes[] = {"ZERO", "MERGE"};
constexpr const char* kVmiDistModes[] = {"CONTINUOUS", "UNPACK", "BRC"};
constexpr const char* kVmiRoundings[] = {"", "R", "A", "F", "C", "Z", "O", "H"};
constexpr const char* kVmiSaturations[] = {"", "NOSAT", "SAT"};
constexpr const char* kPhiloxRounds[] = {"", "", "", "", "", "", "", "7", "", "", "10"};

constexpr AttrInfo kAttrs[] = {
    {"isBinary", kBool, 2, 0},
    {"descending", kBool, 2, 0},
    {"rmode", kRoundModes, std::size(kRoundModes), 0},
    {"sat_mode", kSatModes, std::size(kSatModes), 1},
    {"cmpMode", kCmpModes, std::size(kCmpModes), 0},
    {"upperOrLower", kTriangles, std::size(kTriangles), 0},
    {"atomicType", kAtomicTypes, std::size(kAtomicTypes), 0},
    {"notifyOp", kNotifyOps, std::size(kNotifyOps), 1},
    {"cmp", kWaitCmps, std::size(kWaitCmps), 0},
    {"reduceOp", kReduceOps, std::size(kReduceOps), 0},
    {"maskPattern", kMaskPatterns, std::size(kMaskPatterns), 0, true},
    {"exhausted", kBool, 2, 0},
    {"quant_type", kQuantTypes, std::size(kQuantTypes), 0},
    {"enable", kBool, 2, 1},
    {"dist", kDistributions, std::size(kDistributions), 0},
    {"barrier", kMemBarriers, std::size(kMemBarriers), 0, true},
    {"pattern", kPredicatePatterns, std::size(kPredicatePatterns), 0, true},
    {"pred_dist", kPredDistributions, std::size(kPredDistributions), 0, true},
    {"position", kDupPositions, std::size(kDupPositions), 0},
    {"spr", kSprs, std::size(kSprs), 0, true},
    {"update", kUpdateModes, std::size(kUpdateModes), 0, true},
    {"mode", kRoundModes, std::size(kRoundModes), 2},  // tset{hf,tf}32mode: ROUND by default
    {"half", kPackHalves, std::size(kPackHalves), 0, true},
    {"parity", kParities, std::size(kParities), 0, true},
    {"rnd", kVecRoundModes, std::size(kVecRoundModes), 0},
    {"sat", kVecSatModes, std::size(kVecSatModes), 0},
    {"part", kVecParts, std::size(kVecParts), 0},
    {"order", kIndexOrders, std::size(kIndexOrders), 0},
    {"precisionType", kPrecisions, std::size(kPrecisions), 0},
    {"reluPreMode", kReluPreModes, std::size(kReluPreModes), 0},
    {"stPhase", kPhases, std::size(kPhases), 0},
    {"accPhase", kPhases, std::size(kPhases), 0},
    {"accToVecMode", kAccToVecModes, std::size(kAccToVecModes), 0},
    {"tinsertMode", kTInsertModes, std::size(kTInsertModes), 0},
    {"coalesce", kCoalesceModes, std::size(kCoalesceModes), 0},
    {"gatherOob", kGatherOobs, std::size(kGatherOobs), 0},
    {"scatterAtomicOp", kScatterAtomics, std::size(kScatterAtomics), 0},
    {"scatterOob", kScatterOobs, std::size(kScatterOobs), 0},
    {"scatterConflict", kScatterConflicts, std::size(kScatterConflicts), 0},
    {"printFormat", kPrintFormats, std::size(kPrintFormats), 0},
    {"byte", kHistogramBytes, std::size(kHistogramBytes), 1},
    {"pmode", kVmiPmodes, std::size(kVmiPmodes), 0, false, true},
    {"dist_mode", kVmiDistModes, std::size(kVmiDistModes), 0, false, true},
    {"rounding", kVmiRoundings, std::size(kVmiRoundings), 0, false, true},
    {"saturate", kVmiSaturations, std::size(kVmiSaturations), 0, false, true},
    {"reassoc", kBool, 2, 0},
    {"rounds", kPhiloxRounds, std::size(kPhiloxRounds), 10},
    {"axis", kMaskAxes, std::size(kMaskAxes), 0, false, true},
    {"grpAxis", kMxGroupAxes, std::size(kMxGroupAxes), 1},
    {"quantScaleAlg", kQuantScaleAlgs, std::size(kQuantScaleAlgs), 0},
    {"interleave", kBool, 2, 0},
    {"storeMode", kVecStoreModes, std::size(kVecStoreModes), 0},
};

// Comm enum spellings: atomic_add, AtomicAdd, ADD; the "ATOMIC" prefix of AtomicType values
// is optional.
std::string Normalized(std::string_view word, const AttrInfo& attr) {
  std::string out;
  for (char c : word) {
    if (c != '_') out += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  }
  if (attr.values == kAtomicTypes && out.rfind("ATOMIC", 0) == 0) out = out.substr(6);
  return out;
}

std::string Upper(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

const AttrInfo* FindAttr(std::string_view name) {
  for (const AttrInfo& a : kAttrs) {
    if (a.name == name) return &a;
  }
  if (name == "saturation" || name == "satMode" || name == "satmode") return FindAttr("sat_mode");
  if (name == "cmp_mode") return FindAttr("cmpMode");
  if (name == "quantType") return FindAttr("quant_type");
  if (name == "upper_or_lower" || name == "isUpperOrLower") return FindAttr("upperOrLower");
  if (name == "atomic_type") return FindAttr("atomicType");
  if (name == "notify_op") return FindAttr("notifyOp");
  if (name == "reduce_op") return FindAttr("reduceOp");
  if (name == "mask_pattern") return FindAttr("maskPattern");
  if (name == "isMSB") return FindAttr("byte");  // thistogram's older spelling: true is byte 1
  return nullptr;
}

bool ParseAttrValue(const AttrInfo& attr, std::string_view word, uint32_t* code) {
  if (attr.values == kAtomicTypes || attr.values == kNotifyOps) {
    std::string w = Normalized(word, attr);
    for (uint32_t i = 0; i < attr.count; ++i) {
      if (w == Normalized(attr.values[i], attr)) {
        *code = i;
        return true;
      }
    }
    return false;
  }
  std::string w = attr.values == kBool ? std::string(word) : Upper(word);
  if (attr.values == kRoundModes && w.rfind("CAST_", 0) == 0) w = w.substr(5);
  if (attr.values == kVecRoundModes && w.rfind("ROUND_", 0) == 0) w = w.substr(6);
  if (attr.values == kVecParts && w.rfind("PART_", 0) == 0) w = w.substr(5);
  for (uint32_t i = 0; i < attr.count; ++i) {
    if (w == attr.values[i]) {
      *code = i;
      return true;
    }
  }
  if (attr.values == kHistogramBytes && (word == "true" || word == "false")) {
    *code = word == "true";  // isMSB
    return true;
  }
  if ((attr.values == kBool || attr.values == kTriangles) && (word == "0" || word == "1")) {
    *code = word == "1";
    return true;
  }
  return false;
}

}  // namespace pto
