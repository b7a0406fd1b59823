// The host's cycle counter, for --profile's host time per instruction family: one read per
// executed instruction. clock_gettime cost a fifth of a profiled VPTO run on this VM (perf);
// the time-stamp counter costs a few nanoseconds. Ticks are turned into nanoseconds against
// the steady clock over the whole run.
#ifndef PTO_INTERP_OBSERVE_HOST_CLOCK_H_
#define PTO_INTERP_OBSERVE_HOST_CLOCK_H_

#include <chrono>
#include <cstdint>

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#endif

namespace pto::interp::observe {

inline uint64_t HostTicks() {
#if defined(__x86_64__) || defined(__i386__)
  return __rdtsc();
#else
  return static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                   std::chrono::steady_clock::now().time_since_epoch())
                                   .count());
#endif
}

/// A tick count's start, to turn later ticks into nanoseconds.
class HostClock {
 public:
  HostClock() : ticks_(HostTicks()), start_(std::chrono::steady_clock::now()) {}
  /// Nanoseconds per tick, measured from construction to now.
  double NsPerTick() const {
    const double ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start_).count();
    const uint64_t ticks = HostTicks() - ticks_;
    return ticks > 0 ? ns / static_cast<double>(ticks) : 1.0;
  }

 private:
  uint64_t ticks_;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace pto::interp::observe

#endif  // PTO_INTERP_OBSERVE_HOST_CLOCK_H_
