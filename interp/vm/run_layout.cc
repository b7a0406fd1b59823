#include "pto/interp/vm/run_layout.h"

#include "pto/common/code_walk.h"
#include "pto/common/isa/encoding.h"

namespace pto::interp {

namespace {

bool HasCubeVectorPair(const Program& program) {
  for (const Function& f : program.functions) {
    if (f.kind == KernelKind::kCube && f.peer < program.functions.size() &&
        program.functions[f.peer].kind == KernelKind::kVector) {
      return true;
    }
  }
  return false;
}

}  // namespace

bool UsesPipes(const Program& program) {
  return AnyInstruction(program, [](const Instr& in) { return GetOpInfo(in.op).is_pipe(); });
}

bool NeedsCoresApart(const Program& program) {
  if (HasCubeVectorPair(program)) return true;
  // The tile layer's cross-core moves (tmov acc -> vec) are modelled on one core, so only a
  // VPTO kernel's sync.set/sync.wait split its block; pipes always do.
  return UsesPipes(program) ||
         (AnyInstruction(program, [](const Instr& in) {
            return in.op == Opcode::kSyncSet || in.op == Opcode::kSyncWait;
          }) &&
          AnyInstruction(program, [](const Instr& in) {
            return OnVectorRegisters(GetOpInfo(in.op).layer());
          }));
}

bool UsesComm(const Program& program) {
  return AnyInstruction(program, [](const Instr& in) {
    return GetOpInfo(in.op).is_comm() || in.op == Opcode::kSyncAll ||
           in.op == Opcode::kSetCrossBlock || in.op == Opcode::kWaitCrossBlock;
  });
}

bool IsSubblockIndexParam(const Program& program, const Function& fn, size_t i) {
  if (fn.kind != KernelKind::kVector || i + 1 != fn.params.size()) return false;
  const Param& p = fn.params[i];
  return p.kind == ParamKind::kScalar && IsInteger(p.dtype) &&
         program.String(p.name) == "__pypto_spmd_subblock_idx";
}

}  // namespace pto::interp
