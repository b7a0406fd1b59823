// How far into its argument a pointer parameter's tensor views reach, where the code says so.
// A pointer's type has no size; the views the kernel makes of it usually do (constant sizes
// and strides, or scalar arguments). A source of unknown length (a pipe, a device) is read no
// further than that (arguments.cc), so `ptorun k.ptobc /dev/zero ...` stops at once.
#ifndef PTO_INTERP_IO_POINTER_REACH_H_
#define PTO_INTERP_IO_POINTER_REACH_H_

#include <cstdint>
#include <functional>
#include <optional>

#include "pto/common/program.h"

namespace pto::interp {

/// The value of scalar parameter register \a reg, when known.
using ScalarArgument = std::function<std::optional<int64_t>(uint32_t reg)>;

/// The bytes from its start that pointer parameter \a param of \a fn reaches through the
/// tensor views made of it: every use of the pointer (followed through moves, casts and
/// additions of constants) makes a tensor view whose sizes and strides are constants or
/// scalar arguments \a scalar knows. nullopt otherwise: the pointer passed to a call, a scalar
/// load or store through it, a size or offset computed as the kernel runs, no view made.
std::optional<uint64_t> PointerReach(const Program& program, const Function& fn,
                                     const Param& param, const ScalarArgument& scalar);

}  // namespace pto::interp

#endif  // PTO_INTERP_IO_POINTER_REACH_H_
