// The records --profile and --timeline keep of every executed instruction, in an array whose
// storage moves to a temporary file ($TMPDIR, else /tmp) once all such arrays together outgrow
// the memory they may take (256 MiB, or PTO_RECORDS_MEMORY bytes): a long run is bounded by the
// disk, not by memory. Elements never move once written (chunks,
// as a deque), so references stay valid while the array grows.
#ifndef PTO_INTERP_OBSERVE_SPILL_ARRAY_H_
#define PTO_INTERP_OBSERVE_SPILL_ARRAY_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <type_traits>
#include <vector>

namespace pto::interp::observe {

/// One chunk's storage: heap memory while the process's chunks are under the limit, else pages of
/// one shared, already-unlinked temporary file (its disk space reserved up front, so that a
/// full disk is an error here and never a SIGBUS on a later write). Throws NoRoom when the
/// file cannot grow.
class ChunkStore {
 public:
  explicit ChunkStore(size_t bytes);
  ~ChunkStore();
  ChunkStore(const ChunkStore&) = delete;
  ChunkStore& operator=(const ChunkStore&) = delete;
  void* data() const { return data_; }
  bool in_file() const { return file_offset_ >= 0; }

  /// The bytes all chunks may take in memory before new ones go to the file: the
  /// environment's PTO_RECORDS_MEMORY when first asked, else 256 MiB; tests set it.
  static size_t MemoryLimit();
  static void SetMemoryLimit(size_t bytes);

 private:
  void* data_ = nullptr;
  size_t bytes_;
  int64_t file_offset_ = -1;
};

template <class T>
class SpillArray {
  static_assert(std::is_trivially_copyable_v<T>);
  static constexpr size_t kShift = 14;  // 16K elements a chunk
  static constexpr size_t kChunk = size_t{1} << kShift;

 public:
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T& operator[](size_t i) { return At(i); }
  const T& operator[](size_t i) const { return const_cast<SpillArray*>(this)->At(i); }
  T& back() { return At(size_ - 1); }
  void push_back(const T& value) {
    if ((size_ & (kChunk - 1)) == 0 && (size_ >> kShift) == chunks_.size()) AddChunk();
    At(size_++) = value;
  }
  /// Grows to \a n elements, the new ones value-initialised (no shrinking).
  void resize(size_t n) {
    while (size_ < n) push_back(T{});
  }
  /// Whether any chunk lives in the temporary file.
  bool spilled() const {
    for (const auto& c : chunks_) {
      if (c->in_file()) return true;
    }
    return false;
  }

 private:
  T& At(size_t i) { return static_cast<T*>(chunks_[i >> kShift]->data())[i & (kChunk - 1)]; }
  void AddChunk() { chunks_.push_back(std::make_unique<ChunkStore>(kChunk * sizeof(T))); }

  std::vector<std::unique_ptr<ChunkStore>> chunks_;
  size_t size_ = 0;
};

}  // namespace pto::interp::observe

#endif  // PTO_INTERP_OBSERVE_SPILL_ARRAY_H_
