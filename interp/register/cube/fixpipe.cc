// The Fixpipe family: L0C -> GM / UB / L1 with the fixpipe's transforms (micro-isa 16 "FIXPIPE
// MTE Ops"): pre_quant (a scalar scale, or per-channel ui64 parameters in FB), pre_relu (and
// clip), conversion to the destination type, the ND or DN layout, loop3 repetition, GM atomics
// and the UB dual destination.
#include <cfloat>
#include <cmath>
#include <cstring>
#include <limits>

#include "pto/common/isa/cube_flags.h"
#include "pto/common/strings.h"
#include "pto/interp/vm/global_atomics.h"
#include "pto/interp/vm/kernels.h"
#include "pto/interp/register/cube/cube_memory.h"
#include "pto/interp/tile/fixpipe_quant.h"

namespace pto::interp {

namespace ops {
struct ToGm {};
struct ToUb {};
struct ToL1 {};
}  // namespace ops

namespace {

using cube::Layout;
using cube::Relu;
using cube::Sat;

// A scalar operand's value as a double (float or integer register).
double ScalarValue(Executor& ex, uint32_t reg) {
  const DType t = ex.function().scalar_regs[reg];
  return IsFloat(t) ? ex.scalar(reg).f : static_cast<double>(ex.scalar(reg).i);
}

// Stores \a x into \a p as \a t: floats round to nearest even (sat: finite overflow and
// infinities clamp, NaN is 0 or, preserve_nan, NaN; nosat: IEEE); integers round to nearest
// even and saturate (NaN 0).
bool StoreConverted(Executor& ex, DType t, Sat sat, double x, uint8_t* p) {
  const bool clamp = sat != Sat::kNoSat;
  auto limit = [&](double max) {
    if (std::isnan(x)) return sat == Sat::kSatPreserveNan || !clamp ? x : 0.0;
    return clamp ? std::fmin(std::fmax(x, -max), max) : x;
  };
  switch (t) {
    case DType::kF32: {
      const float f = static_cast<float>(x);  // f32 keeps its exceptional values
      std::memcpy(p, &f, 4);
      return true;
    }
    case DType::kF16: {
      const uint16_t h = FloatToHalf(static_cast<float>(RoundToFormat(limit(65504.0), FloatFormat{5, 10})));
      std::memcpy(p, &h, 2);
      return true;
    }
    case DType::kBF16: {
      const double max = 3.3895313892515355e38;
      const uint16_t h = FloatToBF16(static_cast<float>(RoundToFormat(limit(max), FloatFormat{8, 7})));
      std::memcpy(p, &h, 2);
      return true;
    }
    default:
      break;
  }
  auto to_int = [&](auto tag) {
    using I = decltype(tag);
    double r = std::isnan(x) ? 0.0 : std::nearbyint(x);
    r = std::fmin(std::fmax(r, static_cast<double>(std::numeric_limits<I>::min())),
                  static_cast<double>(std::numeric_limits<I>::max()));
    const I v = static_cast<I>(r);
    std::memcpy(p, &v, sizeof(I));
  };
  switch (t) {
    case DType::kI8: to_int(int8_t{}); return true;
    case DType::kU8: to_int(uint8_t{}); return true;
    case DType::kI16: to_int(int16_t{}); return true;
    case DType::kU16: to_int(uint16_t{}); return true;
    case DType::kI32: to_int(int32_t{}); return true;
    default:
      return ex.Fault(StrCat("writing ", DTypeName(t), " results is not modelled"));
  }
}

// The GM atomic update: old op new, in the destination's type.
double Atomic(cube::AtomicOp op, double old, double value) {
  switch (op) {
    case cube::AtomicOp::kAdd: return old + value;
    case cube::AtomicOp::kMax: return std::fmax(old, value);
    case cube::AtomicOp::kMin: return std::fmin(old, value);
    default: return value;
  }
}

}  // namespace

template <typename Op>
bool ExecFixpipe(Executor& ex, const Instr& in) {
  constexpr bool kGm = std::is_same_v<Op, ops::ToGm>, kUb = std::is_same_v<Op, ops::ToUb>;
  const uint32_t* o = in.operands;
  const int q = kGm ? 8 : kUb ? 7 : 6;  // the quant payload's operand
  const int64_t src = ex.scalar(o[0]).i;
  const int64_t m = ex.scalar(o[2]).i, n = ex.scalar(o[3]).i;
  const int64_t src_stride = ex.scalar(o[4]).i, dst_stride = ex.scalar(o[5]).i;
  const uint32_t types = o[q + 7], flags = o[q + 8], quant = o[q + 9];
  const DType st = cube::TypeAt(types, 0), dt = cube::TypeAt(types, 1);
  const auto layout = static_cast<Layout>(cube::Field(flags, cube::kLayoutShift, 2));
  const auto sat = static_cast<Sat>(cube::Field(flags, cube::kSatShift, 2));
  const auto relu = static_cast<Relu>(cube::Field(flags, cube::kReluShift, 3));
  const auto dst_mode = static_cast<cube::DstMode>(cube::Field(flags, cube::kDstModeShift, 2));
  const auto atomic = static_cast<cube::AtomicOp>(cube::Field(flags, cube::kAtomicOpShift, 2));
  if (m <= 0 || n <= 0 || src_stride < cube::Round16(m) || dst_stride < 0) {
    return ex.Fault(StrCat("an ", m, " x ", n, " result with source stride ", src_stride,
                           " (at least ", cube::Round16(m), " rows) and destination stride ",
                           dst_stride));
  }
  if (layout == Layout::kNormal || layout == Layout::kNz2Nz) {
    return ex.Fault(StrCat(layout == Layout::kNormal ? "the normal writeback layout (no layout clause)"
                                                    : "nz2nz",
                           " is not modelled: write nz2nd or nz2dn(...)"));
  }
  // Optional operands the flags ask for: a bytecode file may lack them (the verifier checks
  // operands against the schema, not against the flags).
  const auto missing = [&](int k, const char* what) {
    return o[k] == kNoOperand && !ex.Fault(StrCat(what, " is missing"));
  };
  if (layout == Layout::kNz2Dn && o[q + 3] != kNoOperand && ex.scalar(o[q + 3]).i != 1) {
    return ex.Fault("nz2dn with a loop0 source stride other than 1 is not modelled");
  }
  int64_t repeats = 1, src_step = 0, dst_step = 0;
  if (o[q + 4] != kNoOperand) {
    if (missing(q + 5, "the loop3 source stride") || missing(q + 6, "the loop3 destination stride")) {
      return false;
    }
    repeats = ex.scalar(o[q + 4]).i;
    src_step = reg::Address(0, ex.scalar(o[q + 5]).i, 32);
    dst_step = ex.scalar(o[q + 6]).i;
    if (repeats < 0) return ex.Fault(StrCat("loop3 repeats ", repeats, " times"));
  }
  // The quantisation: one scale for every channel, or channel j's ui64 parameters in FB.
  const bool vec_quant = quant && cube::QuantModeName(quant).ends_with("_vec");
  double scalar_scale = 1.0;
  uint8_t* quant_params = nullptr;
  if (quant && !vec_quant && o[q] != kNoOperand) scalar_scale = ScalarValue(ex, o[q]);
  if (vec_quant && missing(q, "the per-channel quantisation parameters' address")) return false;
  if ((relu == Relu::kScalar || relu == Relu::kVector) && missing(q + 1, "pre_relu's alpha")) {
    return false;
  }
  if (vec_quant && !cube::Span(ex, Memory::kScaling, ex.scalar(o[q]).i, n * 8, reg::Use::kRead,
                               "reads", &quant_params)) {
    return false;
  }
  double alpha = 0.0;
  uint8_t* alphas = nullptr;
  const DType alpha_type = cube::TypeAt(types, 3);
  if (relu == Relu::kScalar) alpha = ScalarValue(ex, o[q + 1]);
  if (relu == Relu::kVector && !cube::Span(ex, Memory::kScaling, ex.scalar(o[q + 1]).i,
                                           n * DTypeSize(alpha_type), reg::Use::kRead,
                                           "reads", &alphas)) {
    return false;
  }
  const bool has_clip = o[q + 2] != kNoOperand;
  const double clip = has_clip ? ScalarValue(ex, o[q + 2]) : 0.0;
  const TileType acc = cube::NzMatrix(st, m, n, true, src_stride);
  const int64_t elem = DTypeSize(dt);
  // The UB destination: vector core 0's or 1's UB (reg::CoreMemories). One core running the
  // block has one UB, which is sub-block 0's (docs/semantics.md).
  const bool one_core = ex.core().kind == CoreKind::kWhole;
  LocalMemory* dst_memory[2] = {&reg::CoreMemories(ex, kUb ? Memory::kVec : Memory::kMat, 0),
                                nullptr};
  if constexpr (kUb) {
    if (dst_mode == cube::DstMode::kSubblock) {
      const int64_t id = o[6] == kNoOperand ? 0 : ex.scalar(o[6]).i;
      if (id != 0 && id != 1) return ex.Fault(StrCat("UB sub-block ", id, " (0 or 1)"));
      if (id == 1 && one_core) {
        return ex.Fault("UB sub-block 1 when one core runs the block is not modelled (a "
                        "VPTO kernel whose sections sync.set/sync.wait runs its cores apart)");
      }
      dst_memory[0] = &reg::CoreMemories(ex, Memory::kVec, id);
    } else {
      if (one_core) {
        return ex.Fault("split_m and split_n write both vector cores' UBs, but one core runs "
                        "this block (a VPTO kernel whose sections sync.set/sync.wait runs its "
                        "cores apart)");
      }
      dst_memory[1] = &reg::CoreMemories(ex, Memory::kVec, 1);
      if (quant || relu != Relu::kNone || has_clip) {
        return ex.Fault("split_m and split_n take no pre_quant, pre_relu or clip");
      }
      if (dst_mode == cube::DstMode::kSplitM ? m % 2 != 0 : n % 32 != 0) {
        return ex.Fault(dst_mode == cube::DstMode::kSplitM ? "split_m needs an even m"
                                                          : "split_n needs n a multiple of 32");
      }
    }
  }
  // A GM atomic reads each element before it writes it.
  const reg::Use gm_use = atomic != cube::AtomicOp::kNone ? reg::Use::kUpdate : reg::Use::kWrite;
  for (int64_t r = 0; r < repeats; ++r) {
    uint8_t* from;
    if (!cube::Span(ex, Memory::kAcc, reg::Address(src, r, src_step), cube::NzBytes(acc),
                    reg::Use::kRead, "reads", &from)) {
      return false;
    }
    for (int64_t i = 0; i < m; ++i) {
      for (int64_t j = 0; j < n; ++j) {
        double x = cube::LoadDouble(st, from + acc.ElementOffset(i, j) * 4);
        if (quant) {
          if (vec_quant) {
            uint64_t bits;
            std::memcpy(&bits, quant_params + j * 8, 8);
            const QuantParam p = DecodeQuantParam(bits);
            x = x * p.scale + (IsFloat(dt) ? 0 : p.offset);
          } else {
            x *= scalar_scale;
          }
        }
        if (relu == Relu::kNormal) x = std::fmax(x, 0.0);
        if (relu == Relu::kScalar && x < 0) x *= alpha;
        if (relu == Relu::kVector && x < 0) x *= cube::LoadDouble(alpha_type, alphas + j * DTypeSize(alpha_type));
        if (has_clip) x = std::fmin(x, clip);
        // Where (i, j) goes: its row and column in the destination (split: in its half).
        int64_t ri = i, cj = j, sub = 0;
        if (kUb && dst_mode == cube::DstMode::kSplitM && i >= m / 2) ri = i - m / 2, sub = 1;
        if (kUb && dst_mode == cube::DstMode::kSplitN && j >= n / 2) cj = j - n / 2, sub = 1;
        const int64_t e = reg::Address(reg::Address(0, r, dst_step),
                                       layout == Layout::kNz2Nd ? reg::Address(cj, ri, dst_stride)
                                                                : reg::Address(ri, cj, dst_stride));
        uint8_t* to;
        if constexpr (kGm) {
          if (!reg::GlobalBytes(ex, o[1], reg::Address(0, e, elem), elem, gm_use, "writes", &to)) {
            return false;
          }
        } else {
          if (!reg::LocalBytesIn(ex, *dst_memory[sub], kUb ? Memory::kVec : Memory::kMat,
                                 reg::Address(ex.scalar(o[1]).i, e, elem), elem, 1,
                                 reg::Use::kWrite, "writes", &to)) {
            return false;
          }
        }
        // The read-modify-write of a GM atomic holds the lock from the read to the write.
        std::unique_lock<std::mutex> lock(GlobalAtomicsMutex(), std::defer_lock);
        if (kGm && atomic != cube::AtomicOp::kNone) {
          lock.lock();
          uint8_t converted[8];
          if (!StoreConverted(ex, dt, sat, x, converted)) return false;
          x = Atomic(atomic, cube::LoadDouble(dt, to), cube::LoadDouble(dt, converted));
        }
        if (!StoreConverted(ex, dt, sat, x, to)) return false;
      }
    }
  }
  return true;
}

#define PTO_IMPLEMENTS_Fixpipe PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
