#include "pto/interp/observe/spill_array.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>

#include "pto/common/no_room.h"
#include "pto/common/strings.h"

namespace pto::interp::observe {

namespace {

std::atomic<size_t> heap_bytes{0};

size_t LimitFromEnvironment() {
  const char* text = std::getenv("PTO_RECORDS_MEMORY");
  if (!text || !*text) return size_t{256} << 20;
  char* end = nullptr;
  const unsigned long long bytes = std::strtoull(text, &end, 10);
  if (*end == '\0' && *text != '-') return static_cast<size_t>(bytes);
  std::fprintf(stderr, "warning: PTO_RECORDS_MEMORY=%s is not a byte count; 256 MiB taken\n", text);
  return size_t{256} << 20;
}

std::atomic<size_t>& Limit() {
  static std::atomic<size_t> limit{LimitFromEnvironment()};
  return limit;
}

// The one temporary file every spilled chunk lives in, removed from its directory as soon as
// it is made (the system frees it when the process ends). Chunks take its end; a released
// chunk's disk is given back, and the file starts over once no chunk is left.
class SpillFile {
 public:
  static SpillFile& Get() {
    static SpillFile file;
    return file;
  }

  void* Map(size_t bytes, int64_t* offset) {
    const std::lock_guard<std::mutex> lock(mutex_);
    if (fd_ < 0) Open();
    const int64_t at = end_;
    if (const int err = posix_fallocate(fd_, at, static_cast<off_t>(bytes)); err != 0) {
      throw NoRoom(StrCat("the --profile/--timeline records need more room in ", dir_,
                          " (TMPDIR) than it has: ", std::strerror(err)));
    }
    void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd_, at);
    if (p == MAP_FAILED) throw std::bad_alloc();
    end_ += static_cast<int64_t>(bytes);
    ++live_;
    *offset = at;
    return p;
  }

  void Unmap(void* p, size_t bytes, int64_t offset) {
    const std::lock_guard<std::mutex> lock(mutex_);
    munmap(p, bytes);
    fallocate(fd_, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, offset, static_cast<off_t>(bytes));
    if (--live_ == 0) {
      end_ = 0;
      if (ftruncate(fd_, 0) != 0) end_ = lseek(fd_, 0, SEEK_END);  // keep appending
    }
  }

 private:
  void Open() {
    const char* tmp = std::getenv("TMPDIR");
    dir_ = tmp && *tmp ? tmp : "/tmp";
    std::string path = StrCat(dir_, "/ptorun-records-XXXXXX");
    fd_ = mkostemp(path.data(), O_CLOEXEC);
    if (fd_ < 0) {
      throw NoRoom(StrCat("the --profile/--timeline records outgrew memory and no temporary "
                          "file could be made in ", dir_, " (TMPDIR): ", std::strerror(errno)));
    }
    unlink(path.c_str());
  }

  std::mutex mutex_;
  int fd_ = -1;
  std::string dir_;
  int64_t end_ = 0;
  size_t live_ = 0;
};

}  // namespace

ChunkStore::ChunkStore(size_t bytes) : bytes_(bytes) {
  const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  bytes_ = (bytes + page - 1) / page * page;
  if (heap_bytes.fetch_add(bytes_) + bytes_ <= MemoryLimit()) {
    data_ = std::malloc(bytes_);
    if (!data_) {
      heap_bytes -= bytes_;
      throw std::bad_alloc();
    }
    return;
  }
  heap_bytes -= bytes_;
  data_ = SpillFile::Get().Map(bytes_, &file_offset_);
}

ChunkStore::~ChunkStore() {
  if (file_offset_ >= 0) {
    SpillFile::Get().Unmap(data_, bytes_, file_offset_);
    return;
  }
  std::free(data_);
  heap_bytes -= bytes_;
}

size_t ChunkStore::MemoryLimit() { return Limit(); }

void ChunkStore::SetMemoryLimit(size_t bytes) { Limit() = bytes; }

}  // namespace pto::interp::observe
