// A bump allocator for the syntax tree: items and statements are trivially destructible, so
// the whole tree is freed at once, and a large file costs a few big blocks instead of
// millions of small heap allocations.
#ifndef PTO_GRAMMAR_ARENA_H_
#define PTO_GRAMMAR_ARENA_H_

#include <cstddef>
#include <cstring>
#include <span>
#include <type_traits>
#include <vector>

namespace pto::grammar {

class Arena {
 public:
  Arena() = default;
  Arena(const Arena&) = delete;
  Arena& operator=(const Arena&) = delete;
  ~Arena();

  /// Frees everything allocated so far but keeps the largest block for what comes next: a
  /// tree built and dropped piece by piece then reuses memory that is already mapped and warm.
  void Reset();

  /// A copy of \a from that lives as long as the arena.
  template <typename T>
  std::span<const T> Copy(std::span<const T> from) {
    static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);
    if (from.empty()) return {};
    void* to = Allocate(from.size_bytes(), alignof(T));
    std::memcpy(to, from.data(), from.size_bytes());
    return {static_cast<const T*>(to), from.size()};
  }

 private:
  struct Block {
    char* data;
    size_t size;
    bool mapped;  ///< From mmap (large blocks), else from the heap.
  };

  void* Allocate(size_t bytes, size_t align);
  void AddBlock(size_t at_least);

  std::vector<Block> blocks_;
  char* next_ = nullptr;
  char* end_ = nullptr;
};

}  // namespace pto::grammar

#endif  // PTO_GRAMMAR_ARENA_H_
