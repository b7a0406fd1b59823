#include "pto/common/output_file.h"

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "pto/common/strings.h"

namespace pto {

namespace {

// The temporary file being written now, for the signal handler: a fixed buffer and a flag,
// which is all a handler may touch.
char g_temporary[4096];
volatile sig_atomic_t g_temporary_set = 0;

void RememberTemporary(const std::string& path) {
  if (path.size() >= sizeof g_temporary) return;
  std::memcpy(g_temporary, path.c_str(), path.size() + 1);
  g_temporary_set = 1;
}

void ForgetTemporary() { g_temporary_set = 0; }

extern "C" void RemoveTemporaryAndStop(int signal_number) {
  if (g_temporary_set) unlink(g_temporary);
  ::signal(signal_number, SIG_DFL);  // then die of the signal, as without the handler
  ::raise(signal_number);
}

std::string Problem(const char* what, const std::string& path, int error) {
  return StrCat(what, " ", path, ": ", std::strerror(error));
}

std::string DirectoryOf(const std::string& path) {
  size_t slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

// The device of /proc: its links (/proc/self/fd/1, which /dev/stdout names) stand for open
// files, not for paths, so what they lead to is written through them.
bool OnProc(const struct stat& link) {
  struct stat proc;
  return lstat("/proc", &proc) == 0 && link.st_dev == proc.st_dev;
}

// The descriptor of this process that \a path names as /dev/fd/N, /proc/self/fd/N or
// /proc/PID/fd/N (this process's PID), or -1.
int DescriptorNamed(const std::string& path) {
  for (const std::string& prefix :
       {std::string("/dev/fd/"), std::string("/proc/self/fd/"), StrCat("/proc/", getpid(), "/fd/")}) {
    if (path.rfind(prefix, 0) != 0 || path.size() == prefix.size() || path.size() > prefix.size() + 9) {
      continue;
    }
    const std::string digits = path.substr(prefix.size());
    if (digits.find_first_not_of("0123456789") != std::string::npos) continue;
    return std::stoi(digits);
  }
  return -1;
}

// Follows the symbolic links of \a path to the path they end at (which need not exist).
// Sets *through_proc when a link of /proc is met (the path is then kept as it is), and *fd
// when a path on the way names an open descriptor of this process.
bool FollowLinks(const std::string& path, std::string* resolved, bool* through_proc, int* fd,
                 std::string* err) {
  std::string p = path;
  constexpr int kMaxLinks = 40;  // as the kernel's own limit (ELOOP)
  for (int hops = 0; hops <= kMaxLinks; ++hops) {
    if (*fd < 0) *fd = DescriptorNamed(p);
    struct stat st;
    if (lstat(p.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) {
      *resolved = p;
      return true;
    }
    if (OnProc(st)) {
      *through_proc = true;
      *resolved = path;
      return true;
    }
    std::string target(static_cast<size_t>(st.st_size > 0 ? st.st_size : 255) + 1, '\0');
    ssize_t n = readlink(p.c_str(), target.data(), target.size());
    if (n < 0) {
      *err = Problem("cannot resolve", path, errno);
      return false;
    }
    target.resize(static_cast<size_t>(n));
    p = target[0] == '/' ? target : StrCat(DirectoryOf(p), "/", target);
  }
  *err = Problem("cannot resolve", path, ELOOP);
  return false;
}

}  // namespace

bool WriteAllTo(int fd, const void* data, size_t size) {
  const char* p = static_cast<const char*>(data);
  while (size > 0) {
    ssize_t n = write(fd, p, size);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return false;
    p += n;
    size -= static_cast<size_t>(n);
  }
  return true;
}

namespace {

bool WriteAll(int fd, const std::vector<OutputPart>& parts) {
  for (const OutputPart& part : parts) {
    if (!WriteAllTo(fd, part.data, part.size)) return false;
  }
  return true;
}

bool WriteInPlace(const OutputTarget& t, const std::string& path, const OutputBody& body,
                  std::string* err) {
  if (t.fd >= 0) {
    // An open descriptor (standard output redirected with '>>', or after a header the shell
    // wrote): written at its offset, never reopened (which would truncate it).
    if (!body(t.fd)) {
      *err = Problem("cannot write", path, errno);
      return false;
    }
    return true;
  }
  // A regular file behind /proc (standard output redirected to a file) is truncated, as a
  // shell's '>' would; O_TRUNC does nothing to devices and FIFOs.
  int fd = open(t.path.c_str(), O_WRONLY | O_CLOEXEC | O_NOCTTY | O_TRUNC);
  if (fd < 0) {
    *err = Problem("cannot open", path, errno);
    return false;
  }
  bool ok = body(fd);
  int saved = errno;
  if (close(fd) != 0 && ok) {
    ok = false;
    saved = errno;
  }
  if (!ok) *err = Problem("cannot write", path, saved);
  return ok;
}

// Creates a temporary file beside \a target; its name in \a temp.
int CreateTemporary(const OutputTarget& t, std::string* temp) {
  // A new file gets 0666 less the umask (the kernel applies it); a replacement the mode of
  // the file it replaces, set below.
  const mode_t mode = t.exists ? 0600 : 0666;
  for (int attempt = 0; attempt < 100; ++attempt) {
    *temp = StrCat(t.path, ".tmp", getpid(), ".", attempt);
    int fd = open(temp->c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
    if (fd >= 0 || errno != EEXIST) return fd;
  }
  errno = EEXIST;
  return -1;
}

}  // namespace

bool ResolveOutput(const std::string& path, OutputTarget* target, std::string* err) {
  *target = OutputTarget();
  if (!FollowLinks(path, &target->path, &target->in_place, &target->fd, err)) return false;
  // A named descriptor must be open for writing; otherwise the path is opened as a file.
  if (target->fd >= 0) {
    const int flags = fcntl(target->fd, F_GETFL);
    if (flags < 0 || (flags & O_ACCMODE) == O_RDONLY) target->fd = -1;
  }
  struct stat st;
  if (stat(target->path.c_str(), &st) != 0) {
    if (errno != ENOENT || target->in_place) {
      *err = Problem("cannot write", path, errno);
      return false;
    }
    // A new file: its directory must take it.
    if (access(DirectoryOf(target->path).c_str(), W_OK | X_OK) != 0) {
      *err = Problem("cannot create", path, errno);
      return false;
    }
    return true;
  }
  if (S_ISDIR(st.st_mode)) {
    *err = Problem("cannot write", path, EISDIR);
    return false;
  }
  if (access(target->path.c_str(), W_OK) != 0) {
    *err = Problem("cannot write", path, errno);
    return false;
  }
  if (!S_ISREG(st.st_mode)) target->in_place = true;
  if (target->in_place) return true;
  if (access(DirectoryOf(target->path).c_str(), W_OK | X_OK) != 0) {
    *err = Problem("cannot replace", path, errno);
    return false;
  }
  target->exists = true;
  target->mode = st.st_mode & 07777;
  target->uid = st.st_uid;
  target->gid = st.st_gid;
  return true;
}

bool WriteOutputFile(const std::string& path, const void* data, size_t size, std::string* err) {
  return WriteOutputFile(path, std::vector<OutputPart>{{data, size}}, err);
}

bool WriteOutputFile(const std::string& path, const std::vector<OutputPart>& parts,
                     std::string* err) {
  return WriteOutputFileWith(path, [&](int fd) { return WriteAll(fd, parts); }, err);
}

bool WriteOutputFileWith(const std::string& path, const OutputBody& body, std::string* err) {
  OutputTarget t;
  if (!ResolveOutput(path, &t, err)) return false;
  if (t.in_place) return WriteInPlace(t, path, body, err);
  std::string temp;
  // The handled signals wait while the file is made and remembered: one that came between
  // the two would leave the file behind.
  sigset_t handled, before;
  sigemptyset(&handled);
  for (int s : {SIGTERM, SIGINT, SIGHUP, SIGQUIT}) sigaddset(&handled, s);
  pthread_sigmask(SIG_BLOCK, &handled, &before);
  int fd = CreateTemporary(t, &temp);
  const int created_errno = errno;
  if (fd >= 0) RememberTemporary(temp);
  pthread_sigmask(SIG_SETMASK, &before, nullptr);
  if (fd < 0) {
    *err = Problem("cannot create", path, created_errno);
    return false;
  }
  bool ok = body(fd);
  int saved = errno;
  if (ok && t.exists) {
    // Owner first: changing it may clear set-id bits, which fchmod then restores.
    if (fchown(fd, t.uid, t.gid) != 0) {
      // Only root may give a file away; a user's replacement is theirs, as with cp.
    }
    if (fchmod(fd, t.mode) != 0) {
      ok = false;
      saved = errno;
    }
  }
  if (close(fd) != 0 && ok) {
    ok = false;
    saved = errno;
  }
  if (ok && rename(temp.c_str(), t.path.c_str()) != 0) {
    ok = false;
    saved = errno;
  }
  if (!ok) {
    unlink(temp.c_str());
    *err = Problem("cannot write", path, saved);
  }
  ForgetTemporary();
  return ok;
}

void RemoveTemporaryOnSignals() {
  struct sigaction action = {};
  action.sa_handler = RemoveTemporaryAndStop;
  sigemptyset(&action.sa_mask);
  for (int s : {SIGTERM, SIGINT, SIGHUP, SIGQUIT}) {
    struct sigaction before;
    // A signal the caller ignores (nohup) stays ignored.
    if (sigaction(s, nullptr, &before) == 0 && before.sa_handler != SIG_IGN) {
      sigaction(s, &action, nullptr);
    }
  }
}

std::optional<std::string> OutputFileKey(const std::string& path) {
  if (const std::optional<FileId> id = RegularFileId(path)) return StrCat(id->dev, ":", id->ino);
  struct stat st;
  if (path.empty() || lstat(path.c_str(), &st) == 0 || errno != ENOENT) return std::nullopt;
  const std::string name = path.substr(path.find_last_of('/') + 1);  // npos + 1 is 0
  if (name.empty() || stat(DirectoryOf(path).c_str(), &st) != 0) return std::nullopt;
  return StrCat(st.st_dev, ":", st.st_ino, "/", name);
}

std::optional<FileId> RegularFileId(const std::string& path) {
  struct stat st;
  int got = path == "-" ? fstat(0, &st) : stat(path.c_str(), &st);
  if (got != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
  return FileId{st.st_dev, st.st_ino};
}

}  // namespace pto
