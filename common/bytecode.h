// Reading and writing bytecode files (docs/bytecode.md).
#ifndef PTO_COMMON_BYTECODE_H_
#define PTO_COMMON_BYTECODE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "pto/common/diagnostics.h"
#include "pto/common/program.h"

namespace pto {

/// First eight bytes of every bytecode file. The high byte and the CR LF SUB LF tail catch
/// text-mode transfers and truncation, as PNG's signature does.
constexpr uint8_t kMagic[8] = {0x89, 'P', 'T', 'O', 0x0d, 0x0a, 0x1a, 0x0a};
constexpr uint16_t kFormatVersion = 5;

enum class FileKind : uint16_t { kExecutable = 1, kObject = 2 };

enum class SectionId : uint32_t { kStrings = 1, kMeta = 2, kFunctions = 3 };


/// Function flags (the byte after the kernel kind).
constexpr uint8_t kFunctionPublic = 1;       ///< Visible to other files when linking.
constexpr uint8_t kFunctionDeclaration = 2;  ///< No body: an import (objects only).
constexpr uint8_t kFunctionEntry = 4;        ///< Marked pto.entry.
constexpr uint8_t kFunctionSimtEntry = 8;    ///< Marked pto.simt_entry: run per workitem.
constexpr uint8_t kFunctionVpto = 16;        ///< Built for PTOAS's VPTO backend (Backend::kVpto).

/// Upper bounds the reader enforces before allocating anything. The assembler checks each
/// where its input crosses it (asm/format_limits.h); so does the linker.
constexpr uint32_t kMaxStrings = 1u << 20;
constexpr uint32_t kMaxStringLength = 1u << 16;
constexpr uint32_t kMaxFunctions = 1u << 16;
constexpr uint32_t kMaxRegisters = 1u << 20;  ///< Per register class (and parameters, constants).
constexpr uint32_t kMaxCodeWords = 1u << 26;  ///< Per function (and its line entries).
constexpr uint32_t kMaxResults = 64;          ///< Scalar results of a function.
constexpr uint32_t kMaxParamRank = 5;         ///< Dimensions of a memref parameter.
/// Sizes of a memref parameter's dimensions (the verifier's check).
constexpr int64_t kMaxParamDim = int64_t{1} << 62;

/// Serialises \a program as an executable or, if program.is_object, an object.
std::vector<uint8_t> WriteProgram(const Program& program);

/// Parses and completely verifies \a bytes (named \a name in messages). On any problem, reports
/// it with its byte offset and returns false; \a program is then unusable.
[[nodiscard]] bool ReadProgram(const std::vector<uint8_t>& bytes, const std::string& name,
                               Program* program, Diagnostics& diags);

/// True if \a bytes starts with the bytecode magic.
bool LooksLikeBytecode(const std::vector<uint8_t>& bytes);

}  // namespace pto

#endif  // PTO_COMMON_BYTECODE_H_
