#include "common/file_io.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "common/strings.h"

namespace pto {

namespace {

bool ReadFd(int fd, std::string* out) {
  char buf[1 << 16];
  for (;;) {
    ssize_t n = read(fd, buf, sizeof buf);
    if (n == 0) return true;
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    out->append(buf, static_cast<size_t>(n));
  }
}

}  // namespace

bool ReadFile(const std::string& path, std::string* out, std::string* err) {
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

bool ReadFile(const std::string& path, std::vector<uint8_t>* out, std::string* err) {
  std::string text;
  if (!ReadFile(path, &text, err)) return false;
  out->assign(text.begin(), text.end());
  return true;
}

bool WriteFileAtomic(const std::string& path, const void* data, size_t size, std::string* err) {
  std::string temp = path + ".tmpXXXXXX";
  int fd = mkstemp(temp.data());
  if (fd < 0) {
    *err = StrCat("cannot create ", path, ": ", std::strerror(errno));
    return false;
  }
  const char* p = static_cast<const char*>(data);
  size_t left = size;
  while (left > 0) {
    ssize_t n = write(fd, p, left);
    if (n < 0) {
      if (errno == EINTR) continue;
      *err = StrCat("cannot write ", path, ": ", std::strerror(errno));
      close(fd);
      unlink(temp.c_str());
      return false;
    }
    p += n;
    left -= static_cast<size_t>(n);
  }
  fchmod(fd, 0644);
  if (close(fd) != 0 || rename(temp.c_str(), path.c_str()) != 0) {
    *err = StrCat("cannot write ", path, ": ", std::strerror(errno));
    unlink(temp.c_str());
    return false;
  }
  return true;
}

}  // namespace pto
