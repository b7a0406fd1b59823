// The values every immediate operand ("@name" in opcodes.def) may hold: the one table the
// assembler reads its attributes against and the verifier checks bytecode against.
#ifndef PTO_COMMON_ISA_IMMEDIATES_H_
#define PTO_COMMON_ISA_IMMEDIATES_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "pto/common/isa/opcode.h"

namespace pto {

/// What an immediate may hold: a written value from min to max, or the code that stands for
/// "not written" when that lies outside (pipes' slot counts: 0, the default).
struct ImmediateRange {
  uint32_t min = 0;
  uint32_t max = 0xffff;
  int64_t absent = -1;  ///< The code meaning "not written", or -1 if it is inside min..max.

  bool Holds(uint32_t code) const {
    return (code >= min && code <= max) || static_cast<int64_t>(code) == absent;
  }
};

/// The range of immediate "@attr" of \a info: the codes of its attribute's values (rounding
/// modes, pipes, predicates), or the limits of the NPU register field or format field it
/// encodes (event ids 0 to 63, im2col kernel sizes 0 to 511). An attribute this file does not
/// name holds 0 to 65535.
ImmediateRange RangeOfImmediate(const OpInfo& info, std::string_view attr);

/// The range of a numeric immediate by its attribute name alone (im2col settings, which a
/// !pto.fmatrix_config holds before an instruction reads them).
ImmediateRange RangeOfNumber(std::string_view attr);

/// What is wrong with the @types immediate of a cube row (byte i the element type of pointer
/// operand i, common/isa/cube_flags.h), or "": bytes 0 and 1 (every cube row has a source and a
/// destination) must be element types memory holds, bytes 2 and 3 such a type or 0 (no third
/// or fourth pointer). The kernels index tables by these codes, so the verifier checks them.
std::string CubeTypesProblem(uint32_t types);

/// "kernel_h 600 is out of range (0 to 511)": the message for a value outside its range.
std::string ImmediateRangeError(std::string_view attr, uint32_t value, const ImmediateRange& r);

}  // namespace pto

#endif  // PTO_COMMON_ISA_IMMEDIATES_H_
