// The VecLoad and VecStore families: vector registers from and to UB (micro-isa 03).
#include <cstring>

#include "pto/common/isa/attributes.h"
#include "pto/common/strings.h"
#include "pto/interp/kernels.h"
#include "pto/interp/register/register_memory.h"

namespace pto::interp {

namespace ops {
struct Vlds {};
struct Vsts {};
}  // namespace ops

namespace {

const char* DistName(uint32_t code) { return FindAttr("dist")->values[code]; }

enum Dist : uint32_t { kNorm = 0 };

}  // namespace

template <typename Op>
bool ExecVecLoad(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  const int size = DTypeSize(reg::VRegType(ex, o[0]));
  const int64_t addr = reg::ElementAddress(ex, o[1], o[2], size);
  const uint32_t dist = o[3];
  uint8_t* src;
  switch (dist) {
    case kNorm:
      if (!reg::LocalBytes(ex, Memory::kVec, addr, kVectorBytes, 32, "reads", &src)) {
        return false;
      }
      std::memcpy(ex.vreg(o[0]).bytes, src, kVectorBytes);
      return true;
    default:
      return ex.Fault(StrCat("the distribution ", DistName(dist), " is not modelled"));
  }
}

template <typename Op>
bool ExecVecStore(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  const int size = DTypeSize(reg::VRegType(ex, o[0]));
  const int64_t addr = reg::ElementAddress(ex, o[1], o[2], size);
  const MaskValue& m = ex.mask(o[3]);
  const uint32_t dist = o[4];
  uint8_t* dst;
  switch (dist) {
    case kNorm: {
      if (!reg::LocalBytes(ex, Memory::kVec, addr, kVectorBytes, 32, "writes", &dst)) {
        return false;
      }
      const uint8_t* src = ex.vreg(o[0]).bytes;
      for (int lane = 0; lane < kVectorBytes / size; ++lane) {
        if (reg::LaneActive(m, lane, size)) std::memcpy(dst + lane * size, src + lane * size, size);
      }
      return true;
    }
    default:
      return ex.Fault(StrCat("the distribution ", DistName(dist), " is not modelled"));
  }
}

#define PTO_IMPLEMENTS_VecLoad PTO_YES
#define PTO_IMPLEMENTS_VecStore PTO_YES
#include "pto/interp/instantiate.inc"

}  // namespace pto::interp
