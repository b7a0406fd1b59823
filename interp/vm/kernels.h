// The instruction families of opcodes.def: one template per family, instantiated for each
// kernel of the family by the family's .cc file. executor.cc dispatches every opcode to its
// family's template; the kernel files of every layer (interp/*_kernels.cc, interp/tile/)
// define them.
#ifndef PTO_INTERP_VM_KERNELS_H_
#define PTO_INTERP_VM_KERNELS_H_

#include "pto/interp/element/element.h"
#include "pto/interp/vm/executor.h"

namespace pto::interp {

namespace ops {
// Every Kernel column entry of opcodes.def names a type here (element functions are defined in
// element.h, the others where their family is implemented).
#define PTO_OP(Name, Code, mnemonic, operands, Family, Kernel, a2a3, a5, flags) struct Kernel;
#include "pto/common/isa/opcodes.def"
#undef PTO_OP
}  // namespace ops

// One template per family (common/isa/families.def), instantiated for each of its kernels by
// the file that implements the family (interp/vm/instantiate.inc).
#define PTO_FAMILY(Name, Layer, Rules, Lowering, Access, Pipe) \
  template <typename Op>                         \
  bool Exec##Name(Executor& ex, const Instr& in);
#include "pto/common/isa/families.def"
#undef PTO_FAMILY

/// Binds tile register \a tile_reg to local address \a addr, or faults if the address does not
/// suit the tile's type (tassign, tile/bind_reshape.cc; %alloc_tile, machine_kernels.cc).
bool BindAddress(Executor& ex, uint32_t tile_reg, int64_t addr);

/// The flag id of sync.set / sync.wait \a in: its register's value, or its immediate
/// (sync_kernels.cc; the sanitizer's checked step).
int64_t CrossCoreFlagId(const Executor& ex, const Instr& in);

}  // namespace pto::interp

#endif  // PTO_INTERP_VM_KERNELS_H_
