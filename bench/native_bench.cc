// Native C++ baseline for the ptorun benchmarks (bench/run.sh builds it with -O3 -march=native
// and runs it; see bench/README.md).
//
// The same computations as the PTO programs bench/bench.py generates, written as plain loops
// over the same input files (bench.py writes them into DIR), timed with std::chrono: the minimum
// over several repeats of the mean time of a batch of calls. Prints one line per benchmark,
// "NAME NANOSECONDS" (per call). With --dump OUT, writes each benchmark's output to OUT/NAME.bin
// so bench.py can check that ptorun computes the same numbers.
//
// "The same computations" means the arithmetic ptorun's semantics prescribe (docs/semantics.md),
// so the results are comparable bit for bit:
//   * texp and trsqrt are evaluated in double and rounded once to f32;
//   * trowsum accumulates in double, in 16 interleaved partial sums, and rounds once;
//   * tmatmul forms each product in f32 and adds it in f32 over ascending k (the ikj loop);
//   * the build uses -ffp-contract=off (as the project does), so a*b+c is not fused;
//   * bf16 is a uint16 bit pattern; f32 -> bf16 rounds to nearest even (NaN stays NaN) and
//     saturates (a finite value that rounds past the largest bf16 becomes the largest bf16,
//     as tcvt's default saturation mode prescribes);
//   * the bf16 matmul decodes its bf16 operands to f32 INSIDE the timed call (ptorun's
//     tmatmul reads bf16 tiles every time too), then runs the f32 ikj loop; the decode is
//     2*64*64 conversions against 64^3 multiply-adds, about 3% of the call.
//
// Usage: pto_native_bench --data DIR [--dump OUT] [--quick] [--only NAME,NAME,...] [--list]

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#if defined(__F16C__)
#include <immintrin.h>
#endif
#include <thread>
#include <string>
#include <vector>

#include "native_common.h"

namespace {

using namespace pto_bench;  // NOLINT: the baseline's shared helpers

// ---------------------------------------------------------------------------------------------
// bf16

inline uint16_t F32ToBf16(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  const uint32_t abs = u & 0x7fffffffu;
  if (abs > 0x7f800000u) return static_cast<uint16_t>((u >> 16) | 0x40);  // NaN
  const uint16_t r = static_cast<uint16_t>((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
  if (abs < 0x7f800000u && (r & 0x7f80u) == 0x7f80u) return r - 1;  // saturate to the largest
  return r;
}

inline float Bf16ToF32(uint16_t b) {
  const uint32_t u = static_cast<uint32_t>(b) << 16;
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

// ---------------------------------------------------------------------------------------------
// The computations (NOINLINE: compiled once, for run-time sizes); __restrict says outputs do not
// alias inputs (the PTO programs use distinct tiles too).

NOINLINE void Add(const float* __restrict a, const float* __restrict b, float* __restrict c, int n) {
  for (int i = 0; i < n; ++i) c[i] = a[i] + b[i];
}

NOINLINE void MulS(const float* __restrict a, float k, float* __restrict c, int n) {
  for (int i = 0; i < n; ++i) c[i] = a[i] * k;
}

NOINLINE void Exp(const float* __restrict a, float* __restrict c, int n) {
  for (int i = 0; i < n; ++i) c[i] = static_cast<float>(std::exp(static_cast<double>(a[i])));
}

// trowsum's order (docs/semantics.md): 16 interleaved double partial sums of element(j),
// added in index order.
template <typename Element>
inline double InterleavedSum(int cols, Element element) {
  double partial[16] = {};
  int j = 0;
  for (; j + 16 <= cols; j += 16) {
    for (int p = 0; p < 16; ++p) partial[p] += element(j + p);
  }
  for (; j < cols; ++j) partial[j % 16] += element(j);
  double acc = partial[0];
  for (int p = 1; p < 16; ++p) acc += partial[p];
  return acc;
}

NOINLINE void RowSum(const float* __restrict a, float* __restrict s, int rows, int cols) {
  for (int r = 0; r < rows; ++r) {
    const float* row = a + r * cols;
    s[r] = static_cast<float>(InterleavedSum(cols, [&](int j) { return double{row[j]}; }));
  }
}

NOINLINE void RowExpandMul(const float* __restrict a, const float* __restrict s,
                           float* __restrict c, int rows, int cols) {
  for (int r = 0; r < rows; ++r) {
    const float k = s[r];
    for (int j = 0; j < cols; ++j) c[r * cols + j] = a[r * cols + j] * k;
  }
}

NOINLINE void CvtBf16(const float* __restrict a, uint16_t* __restrict c, int n) {
  for (int i = 0; i < n; ++i) c[i] = F32ToBf16(a[i]);
}

// C[MxN] = A[MxK] @ B[KxN], row-major, ikj order: each c[i][j] sums over ascending k.
NOINLINE void Matmul(const float* __restrict a, const float* __restrict b, float* __restrict c,
                     int m, int k, int n) {
  for (int i = 0; i < m * n; ++i) c[i] = 0.0f;
  for (int i = 0; i < m; ++i) {
    for (int p = 0; p < k; ++p) {
      const float aip = a[i * k + p];
      const float* __restrict brow = b + p * n;
      float* __restrict crow = c + i * n;
      for (int j = 0; j < n; ++j) crow[j] += aip * brow[j];
    }
  }
}

NOINLINE void MatmulBf16(const uint16_t* a16, const uint16_t* b16, float* a32, float* b32,
                         float* c, int m, int k, int n) {
  for (int i = 0; i < m * k; ++i) a32[i] = Bf16ToF32(a16[i]);
  for (int i = 0; i < k * n; ++i) b32[i] = Bf16ToF32(b16[i]);
  Matmul(a32, b32, c, m, k, n);
}

// Row softmax, as the PTO program computes it per slab: trowmax, trowexpandsub, texp,
// trowsum, trowexpanddiv.
NOINLINE void Softmax(const float* __restrict x, float* __restrict y, int rows, int cols) {
  for (int r = 0; r < rows; ++r) {
    const float* xr = x + static_cast<size_t>(r) * cols;
    float* yr = y + static_cast<size_t>(r) * cols;
    float m = xr[0];
    for (int j = 1; j < cols; ++j) m = xr[j] > m ? xr[j] : m;
    for (int j = 0; j < cols; ++j) yr[j] = static_cast<float>(std::exp(static_cast<double>(xr[j] - m)));
    const float sum = static_cast<float>(InterleavedSum(cols, [&](int j) { return double{yr[j]}; }));
    for (int j = 0; j < cols; ++j) yr[j] = yr[j] / sum;
  }
}

// RMSNorm, as the PTO program computes it per slab: tmul (x*x), trowsum, tmuls (1/hidden),
// tadds (eps), trsqrt, trowexpandmul, tcolexpandmul (gamma).
NOINLINE void RmsNorm(const float* __restrict x, const float* __restrict gamma, float* __restrict y,
                      int rows, int cols, float inv_hidden, float eps) {
  for (int r = 0; r < rows; ++r) {
    const float* xr = x + static_cast<size_t>(r) * cols;
    float* yr = y + static_cast<size_t>(r) * cols;
    const double acc = InterleavedSum(cols, [&](int j) { return double{xr[j] * xr[j]}; });
    float v = static_cast<float>(acc) * inv_hidden;
    v = v + eps;
    const float inv = static_cast<float>(1.0 / std::sqrt(static_cast<double>(v)));
    for (int j = 0; j < cols; ++j) yr[j] = (xr[j] * inv) * gamma[j];
  }
}

// The register-layer programs (bench/vpto_programs.py).

// out = x + y as the VPTO stream computes it: each chunk copied into buffers (its DMA into UB),
// added there, the sum copied back.
NOINLINE void Stream(const float* __restrict x, const float* __restrict y, float* __restrict out,
                     float* __restrict bx, float* __restrict by, float* __restrict bo, int n,
                     int chunk) {
  for (int k = 0; k < n; k += chunk) {
    std::memcpy(bx, x + k, chunk * sizeof(float));
    std::memcpy(by, y + k, chunk * sizeof(float));
    for (int i = 0; i < chunk; ++i) bo[i] = bx[i] + by[i];
    std::memcpy(out + k, bo, chunk * sizeof(float));
  }
}

// The online-softmax update as the VPTO program computes it, per row of cols floats seen as
// vectors of 64 lanes: the running max m and sum l arrive lane-replicated (64 per row; lane 0
// is read) and leave so. Row max: the lane-wise max over the vectors, then over the lanes.
// p = exp(x - m') and a = exp(m - m') in double, rounded once (ptorun's vexp); the row sum:
// lane-wise f32 sums over the vectors in order, then vcadd's tree of halves over the lanes
// (lane k + lane k + 32, then + 16, ...; docs/semantics.md);
// o' = o * a + p and l' = l * a + rowsum, f32 without fused multiply-add.
NOINLINE void SoftmaxUpdate(const float* __restrict x, const float* __restrict o,
                            const float* __restrict m, const float* __restrict l,
                            float* __restrict o_out, float* __restrict m_out,
                            float* __restrict l_out, int rows, int cols) {
  constexpr int kLanes = 64;
  for (int r = 0; r < rows; ++r) {
    const float* xr = x + static_cast<size_t>(r) * cols;
    const float* orow = o + static_cast<size_t>(r) * cols;
    float* on = o_out + static_cast<size_t>(r) * cols;
    float fold[kLanes];
    for (int k = 0; k < kLanes; ++k) fold[k] = xr[k];
    for (int j = kLanes; j < cols; j += kLanes) {
      for (int k = 0; k < kLanes; ++k) fold[k] = xr[j + k] > fold[k] ? xr[j + k] : fold[k];
    }
    float rmax = fold[0];
    for (int k = 1; k < kLanes; ++k) rmax = fold[k] > rmax ? fold[k] : rmax;
    const float m_old = m[r * kLanes], l_old = l[r * kLanes];
    const float mn = rmax > m_old ? rmax : m_old;
    const float a = static_cast<float>(std::exp(static_cast<double>(m_old - mn)));
    float sum[kLanes];
    for (int j = 0; j < cols; j += kLanes) {
      for (int k = 0; k < kLanes; ++k) {
        const float p = static_cast<float>(std::exp(static_cast<double>(xr[j + k] - mn)));
        sum[k] = j == 0 ? p : sum[k] + p;
        on[j + k] = orow[j + k] * a + p;
      }
    }
    for (int half = kLanes / 2; half > 0; half /= 2) {  // vcadd: a tree of halves
      for (int k = 0; k < half; ++k) sum[k] += sum[k + half];
    }
    const float rsum = sum[0];
    const float ln = l_old * a + rsum;
    for (int k = 0; k < kLanes; ++k) m_out[r * kLanes + k] = mn, l_out[r * kLanes + k] = ln;
  }
}

// The repeat-layer programs (bench/repeat_programs.py): the same lanes the instruction covers.
// f16 + k: widened to f32, added, rounded to nearest even, 8 lanes at a time with F16C where the
// machine has it (the best plain loop; _Float16 arithmetic is emulated one element at a time).
NOINLINE void AddsF16(const uint16_t* __restrict a, float k, uint16_t* __restrict d, int n) {
  int i = 0;
#if defined(__F16C__)
  const __m256 kv = _mm256_set1_ps(k);
  for (; i + 8 <= n; i += 8) {
    const __m256 v = _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(a + i)));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(d + i),
                     _mm256_cvtps_ph(_mm256_add_ps(v, kv), _MM_FROUND_TO_NEAREST_INT));
  }
#endif
  for (; i < n; ++i) {
    _Float16 x;
    std::memcpy(&x, a + i, 2);
    const _Float16 y = static_cast<_Float16>(static_cast<float>(x) + k);
    std::memcpy(d + i, &y, 2);
  }
}

// Block stride 2, repeat stride 16 (in 32-byte blocks): 8 blocks of 8 floats per repeat, every
// other block.
NOINLINE void AddStrided(const float* __restrict a, const float* __restrict b, float* __restrict d,
                         int repeats) {
  for (int r = 0; r < repeats; ++r) {
    for (int blk = 0; blk < 8; ++blk) {
      const int at = r * 128 + blk * 16;
      for (int k = 0; k < 8; ++k) d[at + k] = a[at + k] + b[at + k];
    }
  }
}

// How much a second thread adds to vectorised work on this machine: the same total work of a
// vector loop over an L1-resident array, on one thread and split over two. (Virtual CPUs that
// share one core's vector units add nothing, which bounds what --blocks 2 can gain.)
NOINLINE void VectorWork(float* __restrict a, int n, int reps) {
  for (int r = 0; r < reps; ++r) {
    for (int i = 0; i < n; ++i) a[i] = a[i] * 0.999f + 0.5f;
  }
}

void VectorThreads() {
  constexpr int kN = 4096;
  const int reps = g_quick ? 20000 : 100000;
  float* a = Buf::Alloc<float>(kN);
  float* b = Buf::Alloc<float>(kN);
  for (int i = 0; i < kN; ++i) a[i] = b[i] = 1.0f;
  double one = 1e300, two = 1e300;
  for (int r = 0; r < 5; ++r) {
    auto t0 = std::chrono::steady_clock::now();
    VectorWork(a, kN, 2 * reps);
    auto t1 = std::chrono::steady_clock::now();
    std::thread other([&] { VectorWork(b, kN, reps); });
    VectorWork(a, kN, reps);
    other.join();
    auto t2 = std::chrono::steady_clock::now();
    one = std::min(one, std::chrono::duration<double, std::nano>(t1 - t0).count());
    two = std::min(two, std::chrono::duration<double, std::nano>(t2 - t1).count());
  }
  Report("vector_loop_1thread", one);
  Report("vector_loop_2threads", two);
  std::free(a), std::free(b);
}

// The cost of interpreting at all on this machine: the dispatch benchmark's loop (5 index ops,
// 2 moves, the back edge: programs.py gen_dispatch) run by the smallest bytecode interpreter
// there is, a switch over a word array with register operands and a step counter, no checks.
// What ptorun's ns/instr targets are measured against: no interpreter of instructions beats it.
enum FloorOp : uint32_t { kFAdd, kFMul, kFAnd, kFXor, kFMove, kFLoop, kFEnd };

NOINLINE long MinimalInterpreter(const uint32_t* code, int64_t* r, uint64_t* steps) {
  uint32_t pc = 0;
  for (;;) {
    const uint32_t* o = code + pc + 1;
    ++*steps;
    switch (static_cast<FloorOp>(code[pc])) {
      case kFAdd: r[o[0]] = r[o[1]] + r[o[2]]; break;
      case kFMul: r[o[0]] = r[o[1]] * r[o[2]]; break;
      case kFAnd: r[o[0]] = r[o[1]] & r[o[2]]; break;
      case kFXor: r[o[0]] = r[o[1]] ^ r[o[2]]; break;
      case kFMove: r[o[0]] = r[o[1]]; break;
      case kFLoop:  // o: counter, step, bound, target
        r[o[0]] += r[o[1]];
        pc = r[o[0]] < r[o[2]] ? o[3] : pc + 5;
        continue;
      case kFEnd: return r[0] + r[1];
    }
    pc += 4;  // opcode + 3 operand words
  }
}

void DispatchFloor() {
  // r0 a, r1 b, r2 i, r3 n, r4 1, r5 3, r6 7, r7 0xffff, r8..r12 t0..t4
  const uint32_t code[] = {
      kFAdd, 8, 0, 2,   kFMul, 9, 1, 5,   kFAdd, 10, 9, 6,  kFAnd, 11, 10, 7,
      kFXor, 12, 8, 11, kFMove, 0, 12, 0, kFMove, 1, 11, 0, kFLoop, 2, 4, 3, 0, kFEnd};
  const long n = g_quick ? 2000000 : 10000000;
  double best = 1e300;
  uint64_t steps = 0;
  for (int rep = 0; rep < 5; ++rep) {
    int64_t r[13] = {0, 1, 0, n, 1, 3, 7, 0xffff};
    steps = 0;
    const auto t0 = std::chrono::steady_clock::now();
    const long result = MinimalInterpreter(code, r, &steps);
    const auto t1 = std::chrono::steady_clock::now();
    asm volatile("" : : "r"(result));
    best = std::min(best, std::chrono::duration<double, std::nano>(t1 - t0).count() / steps);
  }
  Report("dispatch_floor", best);
}

std::vector<Case> Cases() {
  std::vector<Case> cases;
  const int sizes[3][2] = {{16, 64}, {64, 64}, {128, 128}};
  const char* ops[] = {"tadd", "tmuls", "texp", "trowsum", "trowexpandmul", "tcvt"};
  for (const char* op_c : ops) {
    const std::string op = op_c;
    for (const auto& sz : sizes) {
      const int r = sz[0], c = sz[1], n = r * c;
      const std::string shape = std::to_string(r) + "x" + std::to_string(c);
      const std::string name = op == "tcvt" ? "tcvt_f32_bf16_" + shape : op + "_f32_" + shape;
      cases.push_back({name, [=](const std::string& dump) {
        float* a = Load<float>("a_" + shape + ".f32", n);
        if (op == "tadd") {
          float* b = Load<float>("b_" + shape + ".f32", n);
          float* out = Buf::Alloc<float>(n);
          Report(name, TimeNs([&] { Add(a, b, out, n); }, false));
          Dump(dump, name, out, n * 4);
          std::free(b), std::free(out);
        } else if (op == "tmuls") {
          float* out = Buf::Alloc<float>(n);
          Report(name, TimeNs([&] { MulS(a, 1.5f, out, n); }, false));
          Dump(dump, name, out, n * 4);
          std::free(out);
        } else if (op == "texp") {
          float* out = Buf::Alloc<float>(n);
          Report(name, TimeNs([&] { Exp(a, out, n); }, false));
          Dump(dump, name, out, n * 4);
          std::free(out);
        } else if (op == "trowsum") {
          float* out = Buf::Alloc<float>(r);
          Report(name, TimeNs([&] { RowSum(a, out, r, c); }, false));
          Dump(dump, name, out, r * 4);
          std::free(out);
        } else if (op == "trowexpandmul") {
          float* s = Load<float>("s_" + std::to_string(r) + ".f32", r);
          float* out = Buf::Alloc<float>(n);
          Report(name, TimeNs([&] { RowExpandMul(a, s, out, r, c); }, false));
          Dump(dump, name, out, n * 4);
          std::free(s), std::free(out);
        } else {  // tcvt
          uint16_t* out = Buf::Alloc<uint16_t>(n);
          Report(name, TimeNs([&] { CvtBf16(a, out, n); }, false));
          Dump(dump, name, out, n * 2);
          std::free(out);
        }
        std::free(a);
      }});
    }
  }
  constexpr int kMM = 64;
  cases.push_back({"tmatmul_f32_64x64x64", [](const std::string& dump) {
    float* a = Load<float>("mm_a.f32", kMM * kMM);
    float* b = Load<float>("mm_b.f32", kMM * kMM);
    float* c = Buf::Alloc<float>(kMM * kMM);
    Report("tmatmul_f32_64x64x64", TimeNs([&] { Matmul(a, b, c, kMM, kMM, kMM); }, false));
    Dump(dump, "tmatmul_f32_64x64x64", c, kMM * kMM * 4);
    std::free(a), std::free(b), std::free(c);
  }});
  cases.push_back({"tmatmul_bf16_64x64x64", [](const std::string& dump) {
    uint16_t* a = Load<uint16_t>("mm_a.bf16", kMM * kMM);
    uint16_t* b = Load<uint16_t>("mm_b.bf16", kMM * kMM);
    float* a32 = Buf::Alloc<float>(kMM * kMM);
    float* b32 = Buf::Alloc<float>(kMM * kMM);
    float* c = Buf::Alloc<float>(kMM * kMM);
    Report("tmatmul_bf16_64x64x64",
           TimeNs([&] { MatmulBf16(a, b, a32, b32, c, kMM, kMM, kMM); }, false));
    Dump(dump, "tmatmul_bf16_64x64x64", c, kMM * kMM * 4);
    std::free(a), std::free(b), std::free(a32), std::free(b32), std::free(c);
  }});
  constexpr int kRows = 4096, kCols = 1024;
  constexpr size_t kN = static_cast<size_t>(kRows) * kCols;
  cases.push_back({"softmax_4096x1024", [](const std::string& dump) {
    float* x = Load<float>("x_4096x1024.f32", kN);
    float* y = Buf::Alloc<float>(kN);
    Report("softmax_4096x1024", TimeNs([&] { Softmax(x, y, kRows, kCols); }, true));
    Dump(dump, "softmax_4096x1024", y, kN * 4);
    std::free(x), std::free(y);
  }});
  cases.push_back({"rmsnorm_4096x1024", [](const std::string& dump) {
    float* x = Load<float>("x_4096x1024.f32", kN);
    float* g = Load<float>("gamma_1024.f32", kCols);
    float* y = Buf::Alloc<float>(kN);
    const float inv_hidden = 9.765625e-04f, eps = 9.99999997e-07f;
    Report("rmsnorm_4096x1024",
           TimeNs([&] { RmsNorm(x, g, y, kRows, kCols, inv_hidden, eps); }, true));
    Dump(dump, "rmsnorm_4096x1024", y, kN * 4);
    std::free(x), std::free(g), std::free(y);
  }});
  constexpr int kStreamN = 262144, kStreamChunk = 16384;
  // The VPTO and VMI streams do the same work: each row times it on its own.
  for (const char* name : {"vpto_stream_1mib", "vmi_stream_1mib"}) {
    cases.push_back({name, [name](const std::string& dump) {
      float* x = Load<float>("vs_x.f32", kStreamN);
      float* y = Load<float>("vs_y.f32", kStreamN);
      float* out = Buf::Alloc<float>(kStreamN);
      float* bx = Buf::Alloc<float>(kStreamChunk);
      float* by = Buf::Alloc<float>(kStreamChunk);
      float* bo = Buf::Alloc<float>(kStreamChunk);
      Report(name, TimeNs([&] { Stream(x, y, out, bx, by, bo, kStreamN, kStreamChunk); }, false));
      Dump(dump, name, out, kStreamN * 4);
      std::free(x), std::free(y), std::free(out), std::free(bx), std::free(by), std::free(bo);
    }});
  }
  constexpr int kSmRows = 64, kSmCols = 1024, kSmState = 64 * 64;
  cases.push_back({"vpto_softmax_update_64x1024", [](const std::string& dump) {
    float* x = Load<float>("sm_x.f32", kSmRows * kSmCols);
    float* o = Load<float>("sm_o.f32", kSmRows * kSmCols);
    float* m = Load<float>("sm_m.f32", kSmState);
    float* l = Load<float>("sm_l.f32", kSmState);
    // o', m', l' one after the other: the layout of bench.py's concatenated ptorun outputs.
    float* out = Buf::Alloc<float>(kSmRows * kSmCols + 2 * kSmState);
    float* m_out = out + kSmRows * kSmCols;
    float* l_out = m_out + kSmState;
    Report("vpto_softmax_update_64x1024", TimeNs([&] {
      SoftmaxUpdate(x, o, m, l, out, m_out, l_out, kSmRows, kSmCols);
    }, false));
    Dump(dump, "vpto_softmax_update_64x1024", out, (kSmRows * kSmCols + 2 * kSmState) * 4);
    std::free(x), std::free(o), std::free(m), std::free(l), std::free(out);
  }});
  constexpr int kRptF16 = 255 * 128, kRptF32 = 255 * 64, kRptStrided = 100 * 128;
  cases.push_back({"repeat_adds_f16", [](const std::string& dump) {
    uint16_t* a = Load<uint16_t>("repeat_adds_f16_a.bin", kRptF16);
    uint16_t* d = Buf::Alloc<uint16_t>(kRptF16);
    Report("repeat_adds_f16", TimeNs([&] { AddsF16(a, 1.5f, d, kRptF16); }, false));
    Dump(dump, "repeat_adds_f16", d, kRptF16 * 2);
    std::free(a), std::free(d);
  }});
  cases.push_back({"repeat_add_f32", [](const std::string& dump) {
    float* a = Load<float>("repeat_add_f32_a.bin", kRptF32);
    float* b = Load<float>("repeat_add_f32_b.bin", kRptF32);
    float* d = Buf::Alloc<float>(kRptF32);
    Report("repeat_add_f32", TimeNs([&] { Add(a, b, d, kRptF32); }, false));
    Dump(dump, "repeat_add_f32", d, kRptF32 * 4);
    std::free(a), std::free(b), std::free(d);
  }});
  cases.push_back({"repeat_add_f32_strided", [](const std::string& dump) {
    float* a = Load<float>("repeat_add_f32_strided_a.bin", kRptStrided);
    float* b = Load<float>("repeat_add_f32_strided_b.bin", kRptStrided);
    float* d = Buf::Alloc<float>(kRptStrided);
    Report("repeat_add_f32_strided", TimeNs([&] { AddStrided(a, b, d, 100); }, false));
    Dump(dump, "repeat_add_f32_strided", d, kRptStrided * 4);
    std::free(a), std::free(b), std::free(d);
  }});
  for (Case& c : V060Cases()) cases.push_back(std::move(c));
  cases.push_back({"vector_threads", [](const std::string&) { VectorThreads(); }});
  cases.push_back({"dispatch_floor", [](const std::string&) { DispatchFloor(); }});
  return cases;
}

}  // namespace

int main(int argc, char** argv) {
  std::string dump, only;
  bool list = false;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "pto_native_bench: %s needs a value\n", arg.c_str());
        std::exit(2);
      }
      return argv[++i];
    };
    if (arg == "--data") g_data_dir = value();
    else if (arg == "--dump") dump = value();
    else if (arg == "--only") only = value();
    else if (arg == "--quick") g_quick = true;
    else if (arg == "--list") list = true;
    else {
      std::fprintf(stderr,
                   "usage: pto_native_bench --data DIR [--dump OUT] [--quick] [--only A,B] [--list]\n");
      return 2;
    }
  }
  const std::vector<Case> cases = Cases();
  if (list) {
    for (const Case& c : cases) std::printf("%s\n", c.name.c_str());
    return 0;
  }
  if (g_data_dir.empty()) {
    std::fprintf(stderr, "pto_native_bench: --data DIR is required\n");
    return 2;
  }
  std::vector<std::string> wanted;
  for (size_t pos = 0; pos < only.size();) {
    size_t comma = only.find(',', pos);
    if (comma == std::string::npos) comma = only.size();
    if (comma > pos) wanted.push_back(only.substr(pos, comma - pos));
    pos = comma + 1;
  }
  for (const std::string& w : wanted) {
    bool known = false;
    for (const Case& c : cases) known |= c.name == w;
    if (!known) {
      std::fprintf(stderr, "pto_native_bench: unknown benchmark %s\n", w.c_str());
      return 2;
    }
  }
  for (const Case& c : cases) {
    bool run = wanted.empty();
    for (const std::string& w : wanted) run |= c.name == w;
    if (run) c.run(dump);
  }
  return 0;
}
