// The shared pieces of the native baseline (native_bench.cc and native_v060.cc): buffers,
// input files, output dumps, the timing loop and the benchmark list entry.
#ifndef PTO_BENCH_NATIVE_COMMON_H_
#define PTO_BENCH_NATIVE_COMMON_H_

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

namespace pto_bench {

// Not inlined into the timing loops, so each computation is compiled once, for run-time sizes,
// the way a library routine would be.
#define NOINLINE __attribute__((noinline))

// ---------------------------------------------------------------------------------------------
// Buffers and files

struct Buf {
  // 64-byte aligned storage of n elements of T (the interpreter's tiles are aligned too).
  template <class T>
  static T* Alloc(size_t n) {
    void* p = std::aligned_alloc(64, ((n * sizeof(T) + 63) / 64) * 64);
    if (!p) {
      std::fprintf(stderr, "pto_native_bench: out of memory\n");
      std::exit(1);
    }
    std::memset(p, 0, n * sizeof(T));
    asm volatile("" : : "r"(p) : "memory");  // escaped: Clobber() may read or write it
    return static_cast<T*>(p);
  }
};

inline std::string g_data_dir;

template <class T>
T* Load(const std::string& name, size_t n) {
  const std::string path = g_data_dir + "/" + name;
  FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) {
    std::fprintf(stderr, "pto_native_bench: cannot open %s (bench/bench.py writes the inputs)\n",
                 path.c_str());
    std::exit(1);
  }
  T* p = Buf::Alloc<T>(n);
  if (std::fread(p, sizeof(T), n, f) != n) {
    std::fprintf(stderr, "pto_native_bench: %s is shorter than %zu elements\n", path.c_str(), n);
    std::exit(1);
  }
  std::fclose(f);
  return p;
}

inline void Dump(const std::string& dir, const std::string& name, const void* p, size_t bytes) {
  if (dir.empty()) return;
  const std::string path = dir + "/" + name + ".bin";
  FILE* f = std::fopen(path.c_str(), "wb");
  if (!f || std::fwrite(p, 1, bytes, f) != bytes) {
    std::fprintf(stderr, "pto_native_bench: cannot write %s\n", path.c_str());
    std::exit(1);
  }
  std::fclose(f);
}

// Keeps the compiler from hoisting or dropping the repeated, loop-invariant work: the output
// must be stored and the inputs re-read on every call.
inline void Clobber() { asm volatile("" ::: "memory"); }

// ---------------------------------------------------------------------------------------------
// Timing


inline bool g_quick = false;

// Nanoseconds per call of fn: batches of calls sized to take about target seconds, minimum of
// `repeats` batches (single: one call per batch, for the whole kernels).
template <class F>
double TimeNs(const F& fn, bool single) {
  using Clock = std::chrono::steady_clock;
  const double target = g_quick ? 0.005 : 0.02;
  const int repeats = single ? (g_quick ? 2 : 5) : (g_quick ? 3 : 7);
  auto batch = [&](long n) {
    const auto t0 = Clock::now();
    for (long i = 0; i < n; ++i) {
      fn();
      Clobber();
    }
    return std::chrono::duration<double>(Clock::now() - t0).count();
  };
  fn();  // warm up: page faults, caches
  long n = 1;
  if (!single) {
    for (;;) {
      const double t = batch(n);
      if (t >= target) break;
      const double scale = t > 0 ? target / t * 1.1 : 2.0;
      n = std::max(n * 2, static_cast<long>(n * scale));
    }
  }
  double best = 1e300;
  for (int r = 0; r < repeats; ++r) best = std::min(best, batch(n) / n);
  return best * 1e9;
}

struct Case {
  std::string name;
  std::function<void(const std::string& dump_dir)> run;  // set up, time, print, dump
};

inline void Report(const std::string& name, double ns) {
  std::printf("%s %.1f\n", name.c_str(), ns);
  std::fflush(stdout);
}


/// The benchmarks of PTOAS v0.60's tile instructions (native_v060.cc).
std::vector<Case> V060Cases();

}  // namespace pto_bench

#endif  // PTO_BENCH_NATIVE_COMMON_H_
