// The access audit (ptorun --audit-accesses): a self-check of the toolchain, not of kernels.
// Each audited instruction runs against its access description (common/isa/access.h):
//
//   writes   every byte of the watched memories that changes is one the description says
//            the instruction writes;
//   reads    the instruction first runs on a copy of memory in which every byte it neither
//            reads nor writes by its description is scrambled, then on the real memory: the
//            bytes it writes (and its scalar results) must come out the same.
//
// Watched are the on-chip memories its tiles live in, and (on a core that runs alone) the
// global buffers of its views. A difference is a fault of the instruction, naming the byte.
// The test access-audit runs every golden kernel so; results never depend on the audit.
#ifndef PTO_INTERP_VM_ACCESS_AUDIT_H_
#define PTO_INTERP_VM_ACCESS_AUDIT_H_

#include "pto/interp/vm/executor.h"

namespace pto::interp {

/// Runs \a in in \a ex, audited if its family is (tile instructions other than pipes, comm;
/// global scalar loads and stores). Returns false on a fault, the kernel's or the audit's.
bool AuditedStep(Executor& ex, const Instr& in);

}  // namespace pto::interp

#endif  // PTO_INTERP_VM_ACCESS_AUDIT_H_
