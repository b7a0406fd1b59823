// Register classes (register_classes.def) and the operand kinds that name them
// (operand_kinds.def): what each operand word of an instruction holds.
#ifndef PTO_COMMON_ISA_OPERAND_KINDS_H_
#define PTO_COMMON_ISA_OPERAND_KINDS_H_

#include <cstdint>

#include "pto/common/dtype.h"

namespace pto {

/// A function's register files, in file order.
enum class RegClass : uint8_t {
#define PTO_REG_CLASS(Name, ...) k##Name,
#include "pto/common/isa/register_classes.def"
#undef PTO_REG_CLASS
  kNone,  ///< Not a register: immediates and jump targets.
};

constexpr int kRegClassCount = static_cast<int>(RegClass::kNone);

/// Static facts of a register class.
struct RegClassInfo {
  const char* noun;       ///< For messages: "tile" register 3.
  const char* prefix;     ///< Listing names: "%t" + number.
  uint32_t record_bytes;  ///< One register's record in the bytecode.
};

inline constexpr RegClassInfo kRegClasses[kRegClassCount] = {
#define PTO_REG_CLASS(Name, Noun, Record, Field, Prefix, RecordBytes) {Noun, Prefix, RecordBytes},
#include "pto/common/isa/register_classes.def"
#undef PTO_REG_CLASS
};

constexpr const RegClassInfo& GetRegClassInfo(RegClass c) {
  return kRegClasses[static_cast<int>(c)];
}

/// What element types a register operand may hold (the Accepts column).
enum class Accepts : uint8_t { kAny, kInteger, kFloat };

/// What an operand word holds.
enum class OperandKind : uint8_t {
#define PTO_OPERAND_KIND(Name, ...) k##Name,
#include "pto/common/isa/operand_kinds.def"
#undef PTO_OPERAND_KIND
};

/// Static facts of an operand kind.
struct OperandKindInfo {
  char letter;         ///< In opcodes.def's operand strings.
  RegClass reg_class;  ///< The register file it indexes, or kNone.
  Accepts accepts;
  const char* short_name;  ///< "tile", "int", "label".
  const char* noun;        ///< "a tile", "an integer scalar".
};

inline constexpr OperandKindInfo kOperandKinds[] = {
#define PTO_OPERAND_KIND(Name, Letter, Class, Accept, Short, Noun) \
  {Letter, RegClass::k##Class, Accepts::k##Accept, Short, Noun},
#include "pto/common/isa/operand_kinds.def"
#undef PTO_OPERAND_KIND
};

constexpr const OperandKindInfo& GetKindInfo(OperandKind k) {
  return kOperandKinds[static_cast<int>(k)];
}

/// True if a register of element type \a t can be an operand of kind \a k.
inline bool KindAcceptsType(OperandKind k, DType t) {
  switch (GetKindInfo(k).accepts) {
    case Accepts::kAny:
      return true;
    case Accepts::kInteger:
      return IsInteger(t);
    case Accepts::kFloat:
      return IsFloat(t);
  }
  return false;
}

/// The kind whose letter is \a letter, or false.
constexpr bool KindOfLetter(char letter, OperandKind* out) {
  for (int i = 0; i < static_cast<int>(sizeof kOperandKinds / sizeof kOperandKinds[0]); ++i) {
    if (kOperandKinds[i].letter == letter) {
      *out = static_cast<OperandKind>(i);
      return true;
    }
  }
  return false;
}

}  // namespace pto

#endif  // PTO_COMMON_ISA_OPERAND_KINDS_H_
