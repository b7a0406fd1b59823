// Whole-file reads and crash-safe writes.
#ifndef PTO_COMMON_FILE_IO_H_
#define PTO_COMMON_FILE_IO_H_

#include <cstdint>
#include <string>
#include <vector>

namespace pto {

/// Reads all of \a path ("-" for standard input) into \a out.
[[nodiscard]] bool ReadFile(const std::string& path, std::string* out, std::string* err);
[[nodiscard]] bool ReadFile(const std::string& path, std::vector<uint8_t>* out, std::string* err);

/// Writes \a size bytes to \a path through a temporary file in the same directory and a
/// rename, so \a path is either left as it was or holds the complete new contents.
[[nodiscard]] bool WriteFileAtomic(const std::string& path, const void* data, size_t size,
                                   std::string* err);

}  // namespace pto

#endif  // PTO_COMMON_FILE_IO_H_
