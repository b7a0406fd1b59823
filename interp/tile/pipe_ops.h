// What the kernels of the Pipe family share: interp/tile/pipe.cc (tile entries and the
// dispatch), pipe_fixpipe.cc (the fixpipe epilogue and its quantisation state) and pipe_gm.cc
// (GM FIFO entries). docs/semantics.md "Cube and vector cores".
#ifndef PTO_INTERP_TILE_PIPE_OPS_H_
#define PTO_INTERP_TILE_PIPE_OPS_H_

#include <memory>
#include <string>

#include "pto/interp/vm/pipe_hub.h"
#include "pto/interp/tile/tile_shared.h"

namespace pto::interp::pipe {

constexpr int kVectorCores = 2;
/// TileSplitAxis: whole, halves by rows, by columns, and the odd forms (vector core 0 takes
/// the larger half).
enum Split : uint32_t { kNoSplit = 0, kUpDown = 1, kLeftRight = 2, kUpDownOdd = 3, kLeftRightOdd = 4 };

/// "vector core 1" or "this core", for messages.
std::string CoreWho(Executor& ex);
/// Faults unless the block runs its cores apart and this core is of \a kind.
bool RequireCore(Executor& ex, CoreKind kind);
/// Faults with the hub's error, noting whether this core merely gave up after another's fault.
bool PipeFault(Executor& ex, WaitResult result, const std::string& error);
/// This core's end of pipe \a id, set up and carrying direction \a dir_bit (1 C2V, 2 V2C).
bool ReadyPipe(Executor& ex, uint32_t id, uint32_t dir_bit, PipeEnd** end);

// pipe_fixpipe.cc
/// pipe_epilogue, set_quant_scalar, set_quant_vector.
bool SetEpilogue(Executor& ex, const Instr& in);
bool SetQuantScalar(Executor& ex, const Instr& in);
bool SetQuantVector(Executor& ex, const Instr& in);
/// The fixpipe work a push through \a end does to a tile of \a cols valid columns: its mode
/// and the parameters the quantisation state gives, read now (the NPU reads them at the push).
bool MakeQuant(Executor& ex, const PipeEnd& end, uint32_t id, int32_t cols,
               std::shared_ptr<const PipeQuant>* out);
/// Writes element (r, c) of \a tile, which passed through a fixpipe, into \a to as \a dtype.
bool StoreQuantized(Executor& ex, const PipeTile& tile, int32_t r, int32_t c, DType dtype,
                    uint8_t* to);

// pipe_gm.cc: the GM FIFO entries.
bool BindGmSlots(Executor& ex, const Instr& in);
bool AllocEntry(Executor& ex, const Instr& in, PipeDir dir);
bool PushEntry(Executor& ex, const Instr& in, PipeDir dir);
bool PopEntry(Executor& ex, const Instr& in, PipeDir dir);
bool FreeEntry(Executor& ex, const Instr& in, PipeDir dir);

}  // namespace pto::interp::pipe

#endif  // PTO_INTERP_TILE_PIPE_OPS_H_
