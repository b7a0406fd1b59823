#include "pto/common/file_io.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>

#include "pto/common/strings.h"

namespace pto {

void AdviseHugePages(void* data, size_t size) {
  constexpr uintptr_t kHugePage = uintptr_t{2} << 20;
  if (size < 2 * kHugePage) return;
  uintptr_t begin = (reinterpret_cast<uintptr_t>(data) + kHugePage - 1) & ~(kHugePage - 1);
  uintptr_t end = (reinterpret_cast<uintptr_t>(data) + size) & ~(kHugePage - 1);
  // A hint: if the kernel declines (no THP support), nothing changes.
  if (end > begin) madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
}

namespace {

// Reads to the end of \a fd, appending to \a out, or until it holds more than \a max_bytes
// (then *too_large).
template <typename Buffer>
bool ReadFd(int fd, Buffer* out, size_t max_bytes, bool* too_large) {
  // A regular file is read in one call into a buffer of its size, and the end of file is
  // probed with a small buffer: growing a large vector would copy it into fresh pages, which
  // are slow to read back on some virtual machines (20 ms for 16 MB here).
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
    if (static_cast<uint64_t>(st.st_size) > max_bytes) {
      *too_large = true;
      return false;
    }
    size_t used = out->size(), want = static_cast<size_t>(st.st_size);
    out->reserve(used + want + 1);
    AdviseHugePages(out->data() + used, want);
    out->resize(used + want);
    size_t got = 0;
    while (got < want) {
      ssize_t n = read(fd, out->data() + used + got, want - got);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) return false;
      if (n == 0) break;
      got += static_cast<size_t>(n);
    }
    out->resize(used + got);
  }
  // The rest (all of a pipe or a device) in chunks, assembled once the end is seen: an input
  // past the limit is refused holding no more than the limit, and one within it costs its size
  // and a chunk, never the half again that growing one buffer by doubling would ask for.
  constexpr size_t kChunk = size_t{16} << 20;
  std::vector<std::vector<uint8_t>> chunks;
  size_t total = out->size();
  for (;;) {
    if (chunks.empty() || chunks.back().size() == kChunk) chunks.emplace_back().reserve(kChunk);
    std::vector<uint8_t>& chunk = chunks.back();
    // One byte more than fits tells a too-large input from one that fits exactly.
    // 64 KiB a read: a chunk's pages are touched only as they fill.
    const size_t room = std::min({kChunk - chunk.size(), size_t{1} << 16,
                                  max_bytes + 1 - std::min(total, max_bytes + 1)});
    if (room == 0) {
      *too_large = true;
      return false;
    }
    const size_t at = chunk.size();
    chunk.resize(at + room);
    ssize_t n = read(fd, chunk.data() + at, room);
    chunk.resize(at + static_cast<size_t>(std::max<ssize_t>(n, 0)));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return false;
    if (n == 0) break;
    total += static_cast<size_t>(n);
  }
  out->reserve(total);
  for (std::vector<uint8_t>& chunk : chunks) {
    out->insert(out->end(), chunk.begin(), chunk.end());
    std::vector<uint8_t>().swap(chunk);
  }
  return true;
}

template <typename Buffer>
bool ReadInto(const std::string& path, Buffer* out, std::string* err, size_t max_bytes,
              bool* too_large_out) {
  out->clear();
  bool too_large = false;
  const std::string shown = path == "-" ? std::string("standard input") : path;
  auto too_large_error = [&] {
    *err = StrCat(shown, " is larger than ", max_bytes, " bytes");
    if (too_large_out) *too_large_out = true;
    return false;
  };
  if (path == "-") {
    if (ReadFd(0, out, max_bytes, &too_large)) return true;
    if (too_large) return too_large_error();
    *err = StrCat("cannot read standard input: ", std::strerror(errno));
    return false;
  }
  // Non-blocking, so that opening a FIFO does not wait for a writer; reads block again.
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) {
    *err = StrCat("cannot open ", path, ": ", std::strerror(errno));
    return false;
  }
  int flags = fcntl(fd, F_GETFL);
  if (flags >= 0) fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
  bool ok = ReadFd(fd, out, max_bytes, &too_large);
  int saved = errno;
  close(fd);
  if (too_large) return too_large_error();
  if (!ok) *err = StrCat("cannot read ", path, ": ", std::strerror(saved));
  return ok;
}

}  // namespace

bool ReadFile(const std::string& path, std::string* out, std::string* err, size_t max_bytes,
              bool* too_large) {
  return ReadInto(path, out, err, max_bytes, too_large);
}

bool ReadFile(const std::string& path, std::vector<uint8_t>* out, std::string* err,
              size_t max_bytes, bool* too_large) {
  return ReadInto(path, out, err, max_bytes, too_large);
}

bool ReadFile(const std::string& path, AlignedBytes* out, std::string* err, size_t max_bytes,
              bool* too_large) {
  return ReadInto(path, out, err, max_bytes, too_large);
}

}  // namespace pto
