// Function calls: a new register frame on the same on-chip memories and global buffers.
#include "pto/common/strings.h"
#include "pto/interp/vm/kernels.h"
#include "pto/interp/scalar/scalar_ops.h"

namespace pto::interp {

namespace {

constexpr int kMaxCallDepth = 64;

}  // namespace

bool NonPositiveStep(Executor& ex, int64_t step) {
  return ex.Fault(StrCat("scf.for needs a positive step, got ", step));
}

void PassArguments(Executor& ex, Executor& frame, const Function& callee, const uint32_t* args) {
  for (size_t i = 0; i < callee.params.size(); ++i) {
    const Param& p = callee.params[i];
    const uint32_t arg = args[i];
    switch (p.kind) {
      case ParamKind::kScalar:
        frame.scalar(p.reg) = ex.scalar(arg);
        break;
      case ParamKind::kPointer:
      case ParamKind::kMemref:
        frame.view(p.reg) = ex.view(arg);
        break;
      case ParamKind::kTile:
        frame.tile(p.reg) = ex.tile(arg);  // the callee sees the same tile storage
        break;
      case ParamKind::kLVec:  // the verifier checked the two registers have one type
        std::memcpy(frame.lvec(p.reg), ex.lvec(arg),
                    static_cast<size_t>(callee.lvecs[p.reg].Bytes()));
        break;
      case ParamKind::kLMask:
        std::memcpy(frame.lmask(p.reg), ex.lmask(arg), callee.lmasks[p.reg].lanes);
        break;
      case ParamKind::kVReg:
        frame.vreg(p.reg) = ex.vreg(arg);
        break;
      case ParamKind::kMask:
        frame.mask(p.reg) = ex.mask(arg);
        break;
    }
  }
}

bool RunCall(Executor& ex, const Instr& in) {
  const Program& program = ex.program();
  const Function& callee = program.functions[in.operands[0]];
  // Apart, each core runs only its own kind's functions; the other cores run theirs.
  const CoreKind core = ex.core().kind;
  if ((core == CoreKind::kCube && callee.kind == KernelKind::kVector) ||
      (core == CoreKind::kVector && callee.kind == KernelKind::kCube)) {
    return true;
  }
  RunLimits& limits = ex.limits();
  if (limits.call_depth >= kMaxCallDepth) {
    return ex.Fault(StrCat("calls nest deeper than ", kMaxCallDepth));
  }
  if (callee.simt_entry) return RunSimtLaunch(ex, callee, in.operands + 1);
  Executor frame(program, callee, ex.core(), ex.globals());
  PassArguments(ex, frame, callee, in.operands + 1);
  frame.set_simt(ex.simt());
  ++limits.call_depth;
  bool ok = frame.Run();
  --limits.call_depth;
  if (!ok) return ex.PropagateFault(frame);
  const uint32_t* result_regs = in.operands + 1 + callee.params.size();
  for (size_t i = 0; i < callee.results.size(); ++i) ex.scalar(result_regs[i]) = frame.results()[i];
  return true;
}

}  // namespace pto::interp
