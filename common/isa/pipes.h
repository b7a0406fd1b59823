// The pipes instructions run on (families.def's Pipe column, PTO_PIPE rows of opcodes.def, and
// the tile-memory rule below): on the NPU a core issues in order but its pipes execute
// concurrently, ordered only by synchronisation. The values are the sync enumeration's codes
// for the same pipes (sync_enums.cc: PIPE_S = 0 ... PIPE_FIX = 10), so a set_flag's operands
// compare with them directly.
#ifndef PTO_COMMON_ISA_PIPES_H_
#define PTO_COMMON_ISA_PIPES_H_

#include <cstdint>

#include "pto/common/isa/encoding.h"
#include "pto/common/isa/opcode.h"

namespace pto {

struct Function;

enum class Pipe : uint8_t {
  kS = 0,     ///< scalar: arithmetic, control, addresses, scalar memory, synchronisation
  kV = 1,     ///< vector
  kM = 2,     ///< cube (matmul)
  kMTE1 = 3,  ///< L1 -> L0A / L0B / bias
  kMTE2 = 4,  ///< loads into the core: GM -> UB / L1
  kMTE3 = 5,  ///< stores out of UB: UB -> GM / L1
  kFIX = 10,  ///< out of L0C (fixpipe)
  kOperands = 255,  ///< decided by the memories of the tiles (PipeOf)
};

/// The pipes an instruction can run on, as dense indices 0..kPipeCount-1.
constexpr int kPipeCount = 7;
constexpr Pipe kPipes[kPipeCount] = {Pipe::kS, Pipe::kV, Pipe::kM, Pipe::kMTE1,
                                     Pipe::kMTE2, Pipe::kMTE3, Pipe::kFIX};
/// The scalar pipe's dense index.
constexpr int kScalarPipe = 0;
static_assert(kPipes[kScalarPipe] == Pipe::kS);
/// The dense index of \a p, or -1 for a sync code that is no instruction's pipe (PIPE_ALL ...).
int PipeIndex(uint32_t sync_code);
/// "PIPE_MTE2".
const char* PipeName(Pipe p);

/// The pipe of the rows of \a op as the table says it (kOperands where the tiles decide).
Pipe TablePipe(Opcode op);
/// The pipe instruction \a in of \a f runs on: the table's, or for tmov, tstore, textract,
/// tinsert and their fixpipe forms its tiles' memories: from L0C FIX, from L1 MTE1 (a store
/// from L1 MTE3), UB to UB V, out of UB MTE3.
Pipe PipeOf(const Function& f, const Instr& in);

}  // namespace pto

#endif  // PTO_COMMON_ISA_PIPES_H_
