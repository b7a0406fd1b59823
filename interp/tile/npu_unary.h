// Unary tile instructions whose NPU sequence has more than one rounding (docs/semantics.md,
// "The NPU's arithmetic"): trsqrt as vsqrt then vdiv (a5 always, a2a3 with its tmp tile), and
// a5's high-precision texp and tlog, which redo subnormal results (texp: exp(x / 2) squared)
// and subnormal inputs (tlog: ln(x * 2^k) plus -k ln 2 rounded to the type) in two steps
// (pto-isa a5 TExp_Custom.hpp, TLog_Custom.hpp). vsqrt, vexp and vln themselves are not
// public: each rounds the exact value once here.
#ifndef PTO_INTERP_TILE_NPU_UNARY_H_
#define PTO_INTERP_TILE_NPU_UNARY_H_

#include "pto/interp/vm/executor.h"

namespace pto::interp {

enum class NpuUnary { kRsqrt, kExp, kLog };

/// Runs \a in (d = f(a) over d's valid region, sources already checked) by its NPU sequence
/// when one applies (--arith npu and the arch and mode above) and returns true with the
/// kernel's result in \a ok; false leaves it to the exact kernel.
bool NpuUnarySteps(Executor& ex, const Instr& in, NpuUnary op, const TileRef& d,
                   const TileRef& a, bool* ok);

}  // namespace pto::interp

#endif  // PTO_INTERP_TILE_NPU_UNARY_H_
