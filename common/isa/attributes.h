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

}  // namespace pto

#endif  // PTO_COMMON_ISA_ATTRIBUTES_H_
