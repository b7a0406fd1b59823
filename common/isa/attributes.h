// Attributes that become instruction immediates: their names, their values' names and codes.
// The assembler parses them, the verifier range-checks them, the disassembler prints them.
#ifndef PTO_COMMON_ISA_ATTRIBUTES_H_
#define PTO_COMMON_ISA_ATTRIBUTES_H_

#include <cstdint>
#include <string_view>

namespace pto {

/// An enumerated (or boolean) instruction attribute.
struct AttrInfo {
  std::string_view name;      ///< As written in attribute dictionaries: "rmode", "cmpMode".
  const char* const* values;  ///< Value names, indexed by code.
  uint32_t count;             ///< Valid codes are 0 .. count-1.
  uint32_t default_code;      ///< The code when the attribute is not written.
  bool required = false;      ///< The instruction form that takes it cannot do without it.
  bool quoted = false;        ///< Its values are MLIR strings ("row"), quoted as written.
};

/// The attribute called \a name, or null if immediates of that name are plain numbers.
const AttrInfo* FindAttr(std::string_view name);

/// Code of value \a word for \a attr. Accepts the spellings seen in practice: "RINT",
/// "CAST_RINT", "rint"; "true"/"false" for booleans. False if unknown.
bool ParseAttrValue(const AttrInfo& attr, std::string_view word, uint32_t* code);

/// Codes of the "part" attribute's mask halves (ppack, punpack).
constexpr uint32_t kPartLower = 6, kPartHigher = 7;

/// The comparison modes of tcmp/tcmps (CmpMode in the ISA).
enum class CmpMode : uint8_t { kEq, kNe, kLt, kLe, kGt, kGe };

/// tgather's column patterns (MaskPattern in the ISA; code 0 is not a pattern).
enum class MaskPattern : uint8_t { kNone, kP0101, kP1010, kP0001, kP0010, kP0100, kP1000, kP1111 };

/// The axis of the mask-pattern tgather and tscatter (code 0: not written).
enum class MaskAxis : uint8_t { kNone, kRow, kCol };

/// How many source places a mask pattern spreads one picked element over (pto-isa's
/// GetTimesByMask): 1 for P1111, 2 for P0101 and P1010, 4 for the others.
constexpr int MaskPatternFactor(MaskPattern p) {
  return p == MaskPattern::kP1111 ? 1 : p == MaskPattern::kP0101 || p == MaskPattern::kP1010 ? 2 : 4;
}

/// Which place of each group of MaskPatternFactor the pattern picks (P0101 and P0001 the first,
/// P1010 and P0010 the second, P0100 the third, P1000 the fourth).
constexpr int MaskPatternLane(MaskPattern p) {
  switch (p) {
    case MaskPattern::kP1010:
    case MaskPattern::kP0010: return 1;
    case MaskPattern::kP0100: return 2;
    case MaskPattern::kP1000: return 3;
    default: return 0;
  }
}

}  // namespace pto

#endif  // PTO_COMMON_ISA_ATTRIBUTES_H_
