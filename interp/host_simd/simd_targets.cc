// Highway's run-time target selection, defined here so that ptorun does not load libhwy.so:
// the library calibrates a benchmark timer when it is loaded, which costs about 7 ms on every
// start of every process (docs/performance.md). Highway's dispatch tables
// (interp/host_simd/simd.cc) need only these two functions; the kernels compute identical
// results on every target, so the choice affects speed only.
#include <hwy/targets.h>

#if HWY_ARCH_X86
#include <cpuid.h>
#endif

namespace hwy {

namespace {

#if HWY_ARCH_X86
struct CpuId {
  uint32_t eax = 0, ebx = 0, ecx = 0, edx = 0;
  CpuId(uint32_t leaf, uint32_t sub) { __cpuid_count(leaf, sub, eax, ebx, ecx, edx); }
};

bool Bit(uint32_t word, int bit) { return (word >> bit) & 1; }

int64_t X86Targets() {
  const uint32_t max_leaf = CpuId(0, 0).eax;
  const CpuId l1(1, 0);
  const CpuId l7 = max_leaf >= 7 ? CpuId(7, 0) : CpuId(0, 0);
  const bool l7_ok = max_leaf >= 7;
  const bool lzcnt = Bit(CpuId(0x80000001u, 0).ecx, 5);
  int64_t targets = 0;

  const bool ssse3 = Bit(l1.ecx, 0) && Bit(l1.ecx, 9) && Bit(l1.edx, 26);
  const bool sse4 = ssse3 && Bit(l1.ecx, 19) && Bit(l1.ecx, 20) && Bit(l1.ecx, 1) &&
                    Bit(l1.ecx, 25);  // SSE4.1, SSE4.2, PCLMULQDQ, AES
  if (ssse3) targets |= HWY_SSSE3;
  if (sse4) targets |= HWY_SSE4;

  // AVX state must be enabled by the OS (XCR0 bits 1 and 2), AVX-512 state too (bits 5-7).
  const bool osxsave = Bit(l1.ecx, 27);
  uint64_t xcr0 = 0;
  if (osxsave) {
    uint32_t lo, hi;
    __asm__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    xcr0 = (uint64_t{hi} << 32) | lo;
  }
  const bool os_avx = (xcr0 & 0x6) == 0x6;
  const bool os_avx512 = os_avx && (xcr0 & 0xE0) == 0xE0;
  const bool avx2 = sse4 && os_avx && l7_ok && Bit(l1.ecx, 28) && Bit(l7.ebx, 5) &&
                    Bit(l7.ebx, 3) && Bit(l7.ebx, 8) && Bit(l1.ecx, 12) && Bit(l1.ecx, 29) &&
                    lzcnt;  // AVX, AVX2, BMI1, BMI2, FMA, F16C, LZCNT
  if (avx2) targets |= HWY_AVX2;
  const bool avx3 = avx2 && os_avx512 && Bit(l7.ebx, 16) && Bit(l7.ebx, 31) &&
                    Bit(l7.ebx, 17) && Bit(l7.ebx, 30);  // AVX-512 F, VL, DQ, BW
  if (avx3) targets |= HWY_AVX3;
  const bool avx3_dl = avx3 && Bit(l7.ecx, 11) && Bit(l7.ecx, 10) && Bit(l7.ecx, 1) &&
                       Bit(l7.ecx, 6) && Bit(l7.ecx, 9) && Bit(l7.ecx, 14) &&
                       Bit(l7.ecx, 12);  // VNNI, VPCLMULQDQ, VBMI, VBMI2, VAES, POPCNTDQ, BITALG
  if (avx3_dl) targets |= HWY_AVX3_DL;
  return targets;
}
#endif

}  // namespace

int64_t SupportedTargets() {
  int64_t targets = HWY_EMU128 | HWY_SCALAR | HWY_STATIC_TARGET;
#if HWY_ARCH_X86
  targets |= X86Targets();
#endif
  return targets;
}

ChosenTarget& GetChosenTarget() {
  static ChosenTarget chosen;
  return chosen;
}

}  // namespace hwy
