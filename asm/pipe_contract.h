// PTOAS v0.60's rules on cube <-> vector pipes that look at more than one statement: a
// function's transfers against its set-ups (ids, directions, the fixpipe epilogue, its
// quantisation state, GM FIFO entries, odd splits), and the two functions of a pipe against
// each other (peer set-ups, nosplit and the split usage, the fixpipe contract). Checked once
// every function is lowered and the imports are resolved, from the facts the lowerings record
// (asm/pipe_facts.h).
#ifndef PTO_ASM_PIPE_CONTRACT_H_
#define PTO_ASM_PIPE_CONTRACT_H_

#include <string>
#include <vector>

#include "pto/asm/context.h"
#include "pto/asm/function_builder.h"

namespace pto::assembler {

/// Reports each broken rule at the statement PTOAS reports it at.
void CheckPipeContracts(Context& ctx, const Program& program,
                        const std::vector<FunctionBuilder*>& builders);

/// One function's pipes, with the name messages give it (for the checks' files).
struct FunctionPipes {
  const PipeFacts* facts;
  uint32_t index;
  std::string name;
  /// The function its imports name (resolved: in a container, a variant of the other kind),
  /// or empty.
  std::string peer;
};
/// The set-up of use \a u of \a f: its handle's, else the one set-up of its id; -1 when there
/// is none (reported when \a report).
int InitOf(Context& ctx, const FunctionPipes& f, const PipeUseFact& u, bool report);
/// The fixpipe contract between the two set-ups of a pipe with acc_push_epilogue, and the
/// consumer's pops and the producer's pushes against it (asm/fixpipe_contract.cc).
void CheckFixpipePeers(Context& ctx, const std::vector<FunctionPipes>& functions);

}  // namespace pto::assembler

#endif  // PTO_ASM_PIPE_CONTRACT_H_
