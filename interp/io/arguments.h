// A kernel's arguments: what the command line (files, .npy files, zeros:N, literals) or the
// Python module (numpy arrays, numbers) gives for each parameter, checked against the
// parameter's type and read into the buffers and scalars a launch binds.
#ifndef PTO_INTERP_IO_ARGUMENTS_H_
#define PTO_INTERP_IO_ARGUMENTS_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "pto/common/diagnostics.h"
#include "pto/common/program.h"
#include "pto/interp/vm/machine.h"

namespace pto::interp {

/// The values of a kernel's parameters, ready to be copied into each block.
struct Arguments {
  std::vector<GlobalBuffer> globals;     ///< One per pointer or memref parameter.
  std::vector<int> buffer_of_param;      ///< Index into globals, or -1.
  std::vector<Slot> scalar_of_param;     ///< Scalar parameters' values.
  std::vector<AlignedBytes> tile_bytes;  ///< Tile parameters: row-major elements.
  /// Memref and view parameters: their shape, a dynamic dimension ('?') taken from the
  /// argument's element count.
  std::vector<std::vector<int64_t>> shape_of_param;
};

/// Elements in the caller's memory, in C order: a numpy array.
struct ArrayRef {
  const uint8_t* data = nullptr;
  size_t bytes = 0;
  std::string descr;            ///< numpy's type string ("<f4") or ml_dtypes name ("bfloat16")
  std::vector<int64_t> shape;
};

/// One parameter's argument.
struct ArgumentValue {
  enum class Kind : uint8_t {
    kText,      ///< the command line's word: a file (raw elements or .npy), zeros:N, a literal
    kArray,     ///< an array (pointers, memrefs and tiles)
    kInteger,   ///< a number (scalars)
    kUnsigned,  ///< a number above INT64_MAX (u64 scalars)
    kFloat,
    kBool,
  };
  Kind kind = Kind::kText;
  std::string text;
  ArrayRef array;
  int64_t integer = 0;
  uint64_t unsigned_integer = 0;
  double real = 0;
  bool boolean = false;

  static ArgumentValue Text(std::string word) {
    ArgumentValue v;
    v.text = std::move(word);
    return v;
  }
};

/// The memory the arguments' buffers may take together: half the machine's physical memory
/// (the rest is for the blocks and everything else), or less under an address-space limit
/// (ulimit -v).
size_t MemoryBudget();

/// Reads \a args for \a fn's parameters, one each. Reports every bad argument (an
/// unlocated error: "argument for %x: ...") and returns false if there was one. The global
/// buffers together (memrefs, pointers, zeros:N) take at most \a memory_budget bytes: an
/// argument that would cross it is reported, not allocated.
bool ReadArguments(const Program& program, const Function& fn,
                   const std::vector<ArgumentValue>& args, Arguments* out, Diagnostics& diags,
                   size_t memory_budget = MemoryBudget());

/// The same, for command-line words.
bool ReadArguments(const Program& program, const Function& fn,
                   const std::vector<std::string>& args, Arguments* out, Diagnostics& diags,
                   size_t memory_budget = MemoryBudget());

}  // namespace pto::interp

#endif  // PTO_INTERP_IO_ARGUMENTS_H_
