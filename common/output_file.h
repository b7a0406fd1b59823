// Writing the tools' output files without clobbering anything: regular files are replaced
// whole (a temporary file and a rename), everything else is written where it is.
#ifndef PTO_COMMON_OUTPUT_FILE_H_
#define PTO_COMMON_OUTPUT_FILE_H_

#include <sys/types.h>

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace pto {

/// What an output path names, once its symbolic links are followed.
struct OutputTarget {
  std::string path;       ///< The file to write: the path with its links resolved.
  bool in_place = false;  ///< Written where it is (a device, a FIFO, a link of /proc).
  /// A descriptor this process has open that the path names (/dev/stdout, /dev/fd/N,
  /// /proc/self/fd/N): written as it is, at its offset and in its append mode; else -1.
  int fd = -1;
  bool exists = false;    ///< A regular file to replace.
  mode_t mode = 0;        ///< Its permissions, kept by the replacement.
  uid_t uid = 0;
  gid_t gid = 0;
};

/// Resolves \a path and checks that it can be written: not a directory, an existing file the
/// user may write, or a new file in a directory the user may write. Errors name \a path.
[[nodiscard]] bool ResolveOutput(const std::string& path, OutputTarget* target, std::string* err);

/// Writes \a size bytes to \a path. A regular file (also one reached through symbolic links)
/// is written to a temporary file beside it and renamed over it, so it is either left as it
/// was or holds the complete new contents, with the mode of the file it replaces (a new file:
/// 0666 less the umask). A device, a FIFO or a link of /proc (/dev/stdout) is written
/// directly. A file the user could not write is an error, never replaced.
[[nodiscard]] bool WriteOutputFile(const std::string& path, const void* data, size_t size,
                                   std::string* err);
/// The same, for a file made of \a parts one after the other (a header and the elements).
struct OutputPart {
  const void* data;
  size_t size;
};
[[nodiscard]] bool WriteOutputFile(const std::string& path, const std::vector<OutputPart>& parts,
                                   std::string* err);
/// The same, for contents made while they are written (a trace larger than memory): \a body
/// writes them to the descriptor it is given and returns false (errno set) if it could not.
using OutputBody = std::function<bool(int fd)>;
[[nodiscard]] bool WriteOutputFileWith(const std::string& path, const OutputBody& body,
                                       std::string* err);
/// Writes all \a size bytes at \a data to \a fd (retrying short writes); false, errno set, if
/// it could not.
bool WriteAllTo(int fd, const void* data, size_t size);

/// Makes SIGTERM, SIGINT, SIGHUP and SIGQUIT remove the temporary file WriteOutputFile is
/// writing before the process dies of them (for the command-line tools; a library's host
/// owns its signals).
void RemoveTemporaryOnSignals();

/// The identity (device and inode) of the regular file \a path names ("-": standard input),
/// links followed; nothing if it names no regular file.
struct FileId {
  dev_t dev = 0;
  ino_t ino = 0;
  bool operator==(const FileId& o) const { return dev == o.dev && ino == o.ino; }
};
std::optional<FileId> RegularFileId(const std::string& path);
/// The file an output \a path writes, the same for every spelling of it (links, "./new.bin",
/// "d/../new.bin"): a regular file's device and inode, or for a path that names nothing yet its
/// directory's and its last component; nothing for a device, a FIFO or a missing directory.
std::optional<std::string> OutputFileKey(const std::string& path);

}  // namespace pto

#endif  // PTO_COMMON_OUTPUT_FILE_H_
