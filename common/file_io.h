// Whole-file reads and crash-safe writes.
#ifndef PTO_COMMON_FILE_IO_H_
#define PTO_COMMON_FILE_IO_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace pto {

/// Reads all of \a path ("-" for standard input) into \a out.
[[nodiscard]] bool ReadFile(const std::string& path, std::string* out, std::string* err);
[[nodiscard]] bool ReadFile(const std::string& path, std::vector<uint8_t>* out, std::string* err);

/// A file mapped read-only into memory. A large source read this way costs neither a copy
/// nor freshly zeroed pages (slow on virtual machines). Like a std::string's, its text is
/// followed by a NUL: the rest of its last page.
class MappedFile {
 public:
  MappedFile() = default;
  MappedFile(MappedFile&& other) noexcept { *this = std::move(other); }
  MappedFile& operator=(MappedFile&& other) noexcept;
  ~MappedFile();

  std::string_view text() const { return {static_cast<const char*>(data_), size_}; }

 private:
  friend bool MapFile(const std::string& path, MappedFile* out);
  void* data_ = nullptr;
  size_t size_ = 0;
};

/// Maps \a path if it is a regular file whose size is not a whole number of pages (so that a
/// NUL follows it). False if not, or on any error: then read it with ReadFile, which reports.
/// The file must not shrink while mapped (as with any mapping, reading past its end faults).
[[nodiscard]] bool MapFile(const std::string& path, MappedFile* out);

/// Writes \a size bytes to \a path through a temporary file in the same directory and a
/// rename, so \a path is either left as it was or holds the complete new contents.
[[nodiscard]] bool WriteFileAtomic(const std::string& path, const void* data, size_t size,
                                   std::string* err);

}  // namespace pto

#endif  // PTO_COMMON_FILE_IO_H_
