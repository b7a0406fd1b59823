// Runs one function of a verified program: the register file and the dispatch loop.
#ifndef PTO_INTERP_EXECUTOR_H_
#define PTO_INTERP_EXECUTOR_H_

#include <cstdint>
#include <string>
#include <vector>

#include "common/isa/encoding.h"
#include "common/program.h"
#include "interp/machine.h"

namespace pto::interp {

/// A tile operand ready for a kernel: storage pointer, type and current valid shape.
struct TileRef {
  uint8_t* base = nullptr;
  const TileType* type = nullptr;
  int32_t valid_rows = 0;
  int32_t valid_cols = 0;
  uint32_t reg = 0;
  uint32_t addr = 0;

  template <typename T>
  T* At(int64_t r, int64_t c) const {
    return reinterpret_cast<T*>(base) + type->ElementOffset(r, c);
  }
  uint32_t bytes() const { return type->Bytes(); }
};

class Executor {
 public:
  /// \a program must have passed verification.
  Executor(const Program& program, const Function& function, LocalMemory& local,
           std::vector<GlobalBuffer>& globals);

  /// Register access for parameter set-up and result read-back.
  Slot& scalar(uint32_t reg) { return scalars_[reg]; }
  TileState& tile(uint32_t reg) { return tiles_[reg]; }
  ViewState& view(uint32_t reg) { return views_[reg]; }
  LocalMemory& local() { return local_; }
  std::vector<GlobalBuffer>& globals() { return globals_; }
  const Function& function() const { return function_; }
  const Program& program() const { return program_; }

  /// Executes the function from its first instruction. Returns false on a fault; fault()
  /// then says what happened and where.
  bool Run();
  const std::string& fault() const { return fault_; }
  /// Source position of the faulting instruction ("file:line:col"), if the line table has it.
  bool FaultPosition(std::string* file, int* line, int* col) const;

  // ---- For kernels ----
  /// Resolves tile register \a reg; faults if it is unbound or its valid shape is unset.
  bool Tile(uint32_t reg, TileRef* ref);
  /// Records a fault for the current instruction and returns false.
  bool Fault(std::string message);
  /// "%name" of a tile register (or "tile 3").
  std::string TileName(uint32_t reg) const;
  std::string ViewName(uint32_t reg) const;
  /// A scratch buffer of at least \a bytes, reused between instructions.
  uint8_t* Scratch(size_t bytes);
  void set_returning() { returning_ = true; }

 private:
  const Program& program_;
  const Function& function_;
  LocalMemory& local_;
  std::vector<GlobalBuffer>& globals_;
  std::vector<Slot> scalars_;
  std::vector<TileState> tiles_;
  std::vector<ViewState> views_;
  std::vector<uint8_t> scratch_;
  std::string fault_;
  uint32_t pc_ = 0;
  bool returning_ = false;
};

}  // namespace pto::interp

#endif  // PTO_INTERP_EXECUTOR_H_
