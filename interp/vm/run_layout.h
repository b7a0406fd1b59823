// How a program's blocks run: one core or a cube core and two vector cores apart, and whether
// the blocks signal each other (so that all of them run at once).
#ifndef PTO_INTERP_VM_RUN_LAYOUT_H_
#define PTO_INTERP_VM_RUN_LAYOUT_H_

#include <cstddef>

#include "pto/common/program.h"

namespace pto::interp {

/// True if \a program uses cube <-> vector pipes: its blocks then run a cube core and two
/// vector cores apart (docs/semantics.md).
bool UsesPipes(const Program& program);
/// True if \a program's blocks run a cube core and two vector cores apart rather than one core:
/// it uses pipes, it has a cube function paired with a vector one (Function::peer: a pipe's
/// ends, or a kernel's two variants in VPTO's container form), or it is a register-layer
/// (VPTO) kernel whose cores signal each other with sync.set/sync.wait.
bool NeedsCoresApart(const Program& program);
/// True if \a program's blocks signal each other: the comm instructions, syncall and the
/// cross-block flags (set_cross_block, wait_cross_block). All its blocks then run at once, so
/// that a block waiting on a signal or at a barrier can be woken by another.
bool UsesComm(const Program& program);

/// Whether parameter \a i of \a fn is PyPTO's SPMD subblock index: the last parameter of a
/// vector function, an integer scalar named __pypto_spmd_subblock_idx, one its cube peer does
/// not take. Each vector core of a block gets its own index there (0, 1), not an argument.
bool IsSubblockIndexParam(const Program& program, const Function& fn, size_t i);

}  // namespace pto::interp

#endif  // PTO_INTERP_VM_RUN_LAYOUT_H_
