#include "pto/common/dtype.h"

namespace pto {

namespace {

struct DTypeInfo {
  const char* name;
  int size;  ///< Must match DTypeSize (checked below).
};

constexpr DTypeInfo kInfo[kDTypeCount] = {
    {"invalid", 0}, {"i1", 1},   {"i8", 1},   {"i16", 2},  {"i32", 4},
    {"i64", 8},     {"ui8", 1},  {"ui16", 2}, {"ui32", 4}, {"ui64", 8},
    {"f16", 2},     {"bf16", 2}, {"f32", 4},  {"f64", 8},  {"index", 8},
    {"f8E4M3FN", 1}, {"f8E5M2", 1}, {"f8E8M0FNU", 1}, {"f4E2M1x2", 1}, {"f4E1M2x2", 1},
    {"hif8", 1},
};

constexpr bool SizesMatch() {
  for (int i = 0; i < kDTypeCount; ++i) {
    if (kInfo[i].size != DTypeSize(static_cast<DType>(i))) return false;
  }
  return true;
}
static_assert(SizesMatch(), "kInfo and DTypeSize disagree");

}  // namespace


bool IsMemoryDType(DType t) {
  return t != DType::kInvalid && t != DType::kI1 && t != DType::kIndex && t != DType::kF64;
}

bool IsSigned(DType t) {
  return t == DType::kI8 || t == DType::kI16 || t == DType::kI32 || t == DType::kI64 ||
         t == DType::kIndex;
}

bool IsInteger(DType t) { return t != DType::kInvalid && !IsFloat(t); }

int IntBits(DType t) { return t == DType::kI1 ? 1 : DTypeSize(t) * 8; }

const char* DTypeName(DType t) { return kInfo[static_cast<int>(t)].name; }

DType ParseDType(std::string_view name) {
  for (int i = 1; i < kDTypeCount; ++i) {
    if (name == kInfo[i].name) return static_cast<DType>(i);
  }
  // MLIR's signed integer types: the lanes are two's complement either way.
  if (name == "si8") return DType::kI8;
  if (name == "si16") return DType::kI16;
  if (name == "si32") return DType::kI32;
  if (name == "si64") return DType::kI64;
  if (name == "u8") return DType::kU8;
  if (name == "u16") return DType::kU16;
  if (name == "u32") return DType::kU32;
  if (name == "u64") return DType::kU64;
  // The PTO dialect's own types (PTOAS v0.60), written with their '!'.
  if (name == "!pto.hif8") return DType::kHiF8;
  if (name == "!pto.f8E8M0") return DType::kE8M0;
  if (name == "!pto.f4E2M1x2") return DType::kF4E2M1X2;
  if (name == "!pto.f4E1M2x2") return DType::kF4E1M2X2;
  // The ISA pages' names of the MX formats; f8E4M3 (MLIR's IEEE-style e4m3) names the one
  // e4m3 the NPU has, e4m3fn, as PTOAS maps every e4m3 spelling to float8_e4m3_t.
  if (name == "fp8e4m3" || name == "f8E4M3") return DType::kF8E4M3;
  if (name == "fp8e5m2") return DType::kF8E5M2;
  if (name == "e8m0" || name == "f8E8M0") return DType::kE8M0;
  if (name == "fp4e2m1x2" || name == "f4E2M1FNx2") return DType::kF4E2M1X2;
  if (name == "fp4e1m2x2") return DType::kF4E1M2X2;
  return DType::kInvalid;
}

std::string DTypeMaskNames(DTypeMask mask) {
  std::string out;
  for (int i = 1; i < kDTypeCount; ++i) {
    if (mask & (DTypeMask{1} << i)) {
      if (!out.empty()) out += ' ';
      out += kInfo[i].name;
    }
  }
  return out;
}

}  // namespace pto
