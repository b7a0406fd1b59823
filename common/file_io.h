// Whole-file reads, and the page hint for large buffers they use (writes: output_file.h).
#ifndef PTO_COMMON_FILE_IO_H_
#define PTO_COMMON_FILE_IO_H_

#include <cstdint>
#include <string>
#include <vector>

namespace pto {

/// Reads all of \a path ("-" for standard input) into \a out.
[[nodiscard]] bool ReadFile(const std::string& path, std::string* out, std::string* err);
[[nodiscard]] bool ReadFile(const std::string& path, std::vector<uint8_t>* out, std::string* err);

/// Asks for huge pages under [data, data + size), a large buffer about to be written: page
/// faults are slow in virtual machines, and a transparent huge page takes one fault where 4 KB
/// pages take 512. Only its 2 MB-aligned interior can be advised; small buffers are left alone.
void AdviseHugePages(void* data, size_t size);

}  // namespace pto

#endif  // PTO_COMMON_FILE_IO_H_
