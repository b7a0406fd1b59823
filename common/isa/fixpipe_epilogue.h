// The fixpipe epilogue of a cube -> vector pipe (PTOAS v0.60's acc_push_epilogue): the layout,
// quantisation and relu an acc tile passes through when the cube pushes it. The quantisation
// modes PTOAS publishes (its v1 set), with the accumulator they read, the element type they
// write and the parameters they take; their codes are the register layer's @quant codes
// (common/isa/cube_flags.h), so one name means one mode in both.
#ifndef PTO_COMMON_ISA_FIXPIPE_EPILOGUE_H_
#define PTO_COMMON_ISA_FIXPIPE_EPILOGUE_H_

#include <cstdint>
#include <iterator>
#include <string_view>

#include "pto/common/dtype.h"
#include "pto/common/isa/cube_flags.h"

namespace pto::fixpipe {

/// What the quantisation multiplies by: nothing (a plain conversion), one scale
/// (set_quant_scalar), or one 64-bit parameter word per channel (set_quant_vector).
enum class Params : uint8_t { kNone, kScalar, kVector };

/// The consumer's element type a mode writes.
enum class Result : uint8_t {
  kSame,        ///< The accumulator's (f32 or i32).
  kF16,
  kBF16,
  kByte,        ///< si8 or ui8, written explicitly (the sign comes from the consumer's type).
  kSignedByte,  ///< si8 only.
  kHiF8,
  kF8E4M3,
};

struct EpilogueQuant {
  std::string_view name;
  DType source;  ///< The accumulator it reads; kInvalid: f32 or i32.
  Result result;
  Params params;
  bool a5_only;
};

inline constexpr EpilogueQuant kEpilogueQuants[] = {
    {"no_convert", DType::kInvalid, Result::kSame, Params::kNone, false},
    {"f32_f16", DType::kF32, Result::kF16, Params::kNone, false},
    {"f32_bf16", DType::kF32, Result::kBF16, Params::kNone, false},
    {"req8_scalar", DType::kI32, Result::kByte, Params::kScalar, false},
    {"req8_vec", DType::kI32, Result::kSignedByte, Params::kVector, false},
    {"deqf16_scalar", DType::kI32, Result::kF16, Params::kScalar, false},
    {"deqf16_vec", DType::kI32, Result::kF16, Params::kVector, false},
    {"qf322b8_pre_scalar", DType::kF32, Result::kByte, Params::kScalar, false},
    {"qf322b8_pre_vec", DType::kF32, Result::kSignedByte, Params::kVector, false},
    {"qf322f16_pre_scalar", DType::kF32, Result::kF16, Params::kScalar, false},
    {"qf322bf16_pre_scalar", DType::kF32, Result::kBF16, Params::kScalar, false},
    {"qs322bf16_pre_scalar", DType::kI32, Result::kBF16, Params::kScalar, true},
    {"qs322bf16_pre_vec", DType::kI32, Result::kBF16, Params::kVector, true},
    {"qf322hif8_pre_scalar", DType::kF32, Result::kHiF8, Params::kScalar, true},
    {"qf322fp8_pre_scalar", DType::kF32, Result::kF8E4M3, Params::kScalar, true},
};

/// The epilogue's layouts (pipe_epilogue's @fix_layout) and relu modes (@relu).
inline constexpr std::string_view kLayouts[] = {"nz2nd", "nz2dn", "nz2nz"};
inline constexpr std::string_view kRelus[] = {"no_relu", "normal_relu"};

/// The @quant code of mode \a name: 0 for no_convert, else 1 + its index in cube::kQuantModes;
/// -1 if \a name is no mode.
constexpr int QuantCode(std::string_view name) {
  if (name == "no_convert") return 0;
  for (uint32_t i = 0; i < cube::kQuantModeCount; ++i) {
    if (cube::kQuantModes[i] == name) return static_cast<int>(i) + 1;
  }
  return -1;
}

/// The published mode named \a name, or null.
constexpr const EpilogueQuant* FindQuant(std::string_view name) {
  for (const EpilogueQuant& q : kEpilogueQuants) {
    if (q.name == name) return &q;
  }
  return nullptr;
}

/// The published mode of @quant code \a code, or null.
constexpr const EpilogueQuant* QuantOfCode(uint32_t code) {
  for (const EpilogueQuant& q : kEpilogueQuants) {
    if (QuantCode(q.name) == static_cast<int>(code)) return &q;
  }
  return nullptr;
}

/// Whether mode \a q reads accumulator type \a source.
constexpr bool ReadsSource(const EpilogueQuant& q, DType source) {
  return q.source == DType::kInvalid ? source == DType::kF32 || source == DType::kI32
                                     : source == q.source;
}

/// Whether mode \a q, reading \a source, may write \a result (si8 and ui8 both kI8/kU8; the
/// caller tells a signless i8 apart, which no mode writes).
constexpr bool WritesResult(const EpilogueQuant& q, DType source, DType result) {
  switch (q.result) {
    case Result::kSame: return result == source;
    case Result::kF16: return result == DType::kF16;
    case Result::kBF16: return result == DType::kBF16;
    case Result::kByte: return result == DType::kI8 || result == DType::kU8;
    case Result::kSignedByte: return result == DType::kI8;
    case Result::kHiF8: return result == DType::kHiF8;
    case Result::kF8E4M3: return result == DType::kF8E4M3;
  }
  return false;
}

}  // namespace pto::fixpipe

#endif  // PTO_COMMON_ISA_FIXPIPE_EPILOGUE_H_
