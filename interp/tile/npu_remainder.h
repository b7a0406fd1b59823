// TREM, TREMS, TFMOD and TFMODS as the NPU's sequences compute them, where those differ from one
// correctly rounded remainder (docs/semantics.md, "The NPU's arithmetic"). The default forms
// divide, round the quotient to an integral value, multiply it back and subtract, each step
// rounded to f32 (pto-isa a2a3 TRem.hpp, TRemS.hpp, TFmod.hpp, TFmodS.hpp; a5 TRem.hpp,
// TRemS.hpp, TFMod.hpp, TFModS.hpp), so 1 fmod 0.1 is 0 on the NPU.
#ifndef PTO_INTERP_TILE_NPU_REMAINDER_H_
#define PTO_INTERP_TILE_NPU_REMAINDER_H_

#include "pto/interp/vm/executor.h"

namespace pto::interp {

/// The instruction's form: floor (trem, trems: the result takes the divisor's sign) or trunc
/// (tfmod, tfmods), and whether the divisor is a scalar.
struct RemainderForm {
  bool floor_mod;
  bool scalar;
};

/// Runs \a in by the NPU's sequence when one applies (--arith npu, a type the sequence covers)
/// and returns true with the kernel's result in \a ok; false leaves it to the exact kernel.
/// On a2a3 a destination that is one of the sources is a fault in both modes: the sequence
/// overwrites the source before it reads it again.
bool NpuRemainder(Executor& ex, const Instr& in, RemainderForm form, bool* ok);

}  // namespace pto::interp

#endif  // PTO_INTERP_TILE_NPU_REMAINDER_H_
