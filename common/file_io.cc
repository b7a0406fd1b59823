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

// Reads to the end of \a fd, appending to \a out.
template <typename Buffer>
bool ReadFd(int fd, Buffer* out) {
  // A regular file is read in one call into a buffer of its size, and the end of file is
  // probed with a small buffer: growing a large vector would copy it into fresh pages, which
  // are slow to read back on some virtual machines (20 ms for 16 MB here).
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
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
  char probe[1 << 16];
  for (;;) {
    ssize_t n = read(fd, probe, sizeof probe);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return false;
    if (n == 0) return true;
    out->insert(out->end(), probe, probe + n);
  }
}

template <typename Buffer>
bool ReadInto(const std::string& path, Buffer* out, std::string* err) {
  out->clear();
  if (path == "-") {
    if (ReadFd(0, out)) return true;
    *err = StrCat("cannot read standard input: ", std::strerror(errno));
    return false;
  }
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    *err = StrCat("cannot open ", path, ": ", std::strerror(errno));
    return false;
  }
  bool ok = ReadFd(fd, out);
  int saved = errno;
  close(fd);
  if (!ok) *err = StrCat("cannot read ", path, ": ", std::strerror(saved));
  return ok;
}

}  // namespace

bool ReadFile(const std::string& path, std::string* out, std::string* err) {
  return ReadInto(path, out, err);
}

bool ReadFile(const std::string& path, std::vector<uint8_t>* out, std::string* err) {
  return ReadInto(path, out, err);
}

}  // namespace pto
