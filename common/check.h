// Invariants that hold in every build: PTO_CHECK reports the broken condition, where it is
// and why it matters, then aborts. Unlike assert it does not vanish under NDEBUG (the default
// build defines it), so a violated invariant stops the tool instead of writing a bad file.
// For input errors use Diagnostics; a PTO_CHECK failing is a bug in the toolchain.
#ifndef PTO_COMMON_CHECK_H_
#define PTO_COMMON_CHECK_H_

namespace pto {

/// Prints "FILE:LINE: internal error: CONDITION: WHY" to standard error and aborts.
[[noreturn]] void CheckFailed(const char* file, int line, const char* condition, const char* why);

}  // namespace pto

#define PTO_CHECK(condition, why)                                    \
  do {                                                               \
    if (!(condition)) [[unlikely]] {                                 \
      ::pto::CheckFailed(__FILE__, __LINE__, #condition, why);       \
    }                                                                \
  } while (false)

#endif  // PTO_COMMON_CHECK_H_
