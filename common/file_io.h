// Whole-file reads, and the page hint for large buffers they use (writes: output_file.h).
#ifndef PTO_COMMON_FILE_IO_H_
#define PTO_COMMON_FILE_IO_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "pto/common/aligned_bytes.h"

namespace pto {

/// The largest program file, source or bytecode, the tools read (and any source file they echo
/// a line of): far beyond any real program, and within the 32-bit offsets of source positions.
constexpr size_t kMaxProgramFileBytes = size_t{1} << 30;

/// Reads all of \a path ("-" for standard input) into \a out, but no more than \a max_bytes: a
/// longer input fails with "PATH is larger than N bytes" (and sets *too_large if given), a
/// regular file unread, a device such as /dev/zero or a pipe that never ends after
/// max_bytes + 1 bytes. Pipes, FIFOs and devices are read to their end like files; a FIFO no
/// process writes to reads as empty rather than waiting for a writer.
[[nodiscard]] bool ReadFile(const std::string& path, std::string* out, std::string* err,
                            size_t max_bytes = kMaxProgramFileBytes, bool* too_large = nullptr);
[[nodiscard]] bool ReadFile(const std::string& path, std::vector<uint8_t>* out, std::string* err,
                            size_t max_bytes = kMaxProgramFileBytes, bool* too_large = nullptr);
[[nodiscard]] bool ReadFile(const std::string& path, AlignedBytes* out, std::string* err,
                            size_t max_bytes = kMaxProgramFileBytes, bool* too_large = nullptr);

/// Asks for huge pages under [data, data + size), a large buffer about to be written: page
/// faults are slow in virtual machines, and a transparent huge page takes one fault where 4 KB
/// pages take 512. Only its 2 MB-aligned interior can be advised; small buffers are left alone.
void AdviseHugePages(void* data, size_t size);

}  // namespace pto

#endif  // PTO_COMMON_FILE_IO_H_
