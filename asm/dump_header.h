// The structure of a bytecode file, for people (`ptoas --dump-header`).
#ifndef PTO_ASM_DUMP_HEADER_H_
#define PTO_ASM_DUMP_HEADER_H_

#include <cstdint>
#include <string>
#include <vector>

#include "pto/common/program.h"

namespace pto::assembler {

/// The sections of \a bytes (already read into \a program), each function's registers,
/// symbols and line table.
std::string DumpHeader(const std::vector<uint8_t>& bytes, const Program& program,
                       const std::string& name);

}  // namespace pto::assembler

#endif  // PTO_ASM_DUMP_HEADER_H_
