// The order a kernel without synchronisation of its own implies. Such a kernel (most tile
// kernels PTOAS and PyPTO write) gets its set_flag/wait_flag pairs from the compiler, which
// orders every two instructions of different pipes that touch the same bytes, one of them a
// write. The estimate orders them so too: for each instruction, the latest earlier one of each
// other pipe it must wait for.
#ifndef PTO_INTERP_OBSERVE_IMPLIED_ORDER_H_
#define PTO_INTERP_OBSERVE_IMPLIED_ORDER_H_

#include <array>
#include <cstdint>
#include <map>
#include <span>
#include <vector>

#include "pto/common/isa/pipes.h"
#include "pto/interp/vm/memory_access.h"

namespace pto::interp::observe {

/// By pipe index: the record an instruction waits for, or -1.
using PipeDeps = std::array<int32_t, kPipeCount>;

class ImpliedOrder {
 public:
  /// The records instruction \a record on pipe \a pipe waits for, given its \a accesses;
  /// remembers them for later ones. False when it waits for none.
  bool Add(int32_t record, int pipe, std::span<const Access> accesses, PipeDeps* deps);

 private:
  /// What last touched one granule: its last writer, and each pipe's last reader since.
  struct Cell {
    int32_t writer = -1;
    int8_t writer_pipe = -1;
    std::array<int32_t, kPipeCount> readers;
    Cell() { readers.fill(-1); }
  };
  std::vector<Cell>& CellsOf(const Place& place, uint64_t end);

  std::array<std::vector<Cell>, kMemoryCount> on_chip_;
  std::map<int, std::vector<Cell>> global_;  ///< by buffer
};

}  // namespace pto::interp::observe

#endif  // PTO_INTERP_OBSERVE_IMPLIED_ORDER_H_
