// Element and scalar types shared by the assembler, the bytecode and the interpreter.
#ifndef PTO_COMMON_DTYPE_H_
#define PTO_COMMON_DTYPE_H_

#include <cstdint>
#include <string>
#include <string_view>

namespace pto {

/// Every scalar or element type the toolchain knows. The numeric values are part of the
/// bytecode format (docs/bytecode.md); append, never renumber.
enum class DType : uint8_t {
  kInvalid = 0,
  kI1 = 1,
  kI8 = 2,
  kI16 = 3,
  kI32 = 4,
  kI64 = 5,
  kU8 = 6,
  kU16 = 7,
  kU32 = 8,
  kU64 = 9,
  kF16 = 10,
  kBF16 = 11,
  kF32 = 12,
  kF64 = 13,
  kIndex = 14,
  // Microscaling (MX) formats of the a5 cube: one byte each. Tiles and global memory
  // hold them as raw bytes; only the MX matmuls decode them (common/float_format.h).
  kF8E4M3 = 15,  ///< fp8 e4m3fn: bias 7, no infinities, S.1111.111 is NaN.
  kF8E5M2 = 16,  ///< fp8 e5m2: IEEE-style, bias 15, with infinities and NaNs.
  kE8M0 = 17,    ///< e8m0 block scale: 2^(bits - 127); 0xff is NaN.
  // The a5 fp4 formats, two elements packed in one byte (element 2k in the low nibble, 2k+1 in
  // the high nibble): a tile element is the byte, i.e. a pair.
  kF4E2M1X2 = 18,  ///< fp4 e2m1 pairs: bias 1, values up to 6, no infinities or NaN.
  kF4E1M2X2 = 19,  ///< fp4 e1m2 pairs: bias 1, values k/4 up to 1.75, no infinities or NaN.
  kHiF8 = 20,      ///< HiFloat8 (a5): tapered, see common/narrow_float.h.
};
constexpr int kDTypeCount = 21;

/// A set of dtypes, one bit per DType value.
using DTypeMask = uint32_t;
constexpr DTypeMask Bit(DType t) { return DTypeMask{1} << static_cast<int>(t); }

/// Size in bytes of one element (i1 and index are stored as one and eight bytes). Inline: the
/// interpreter asks on every tile access.
inline constexpr int8_t kDTypeSizes[kDTypeCount] = {0, 1, 1, 2, 4, 8, 1, 2, 4, 8, 2, 2, 4, 8, 8,
                                                    1, 1, 1, 1, 1, 1};
constexpr int DTypeSize(DType t) { return kDTypeSizes[static_cast<int>(t)]; }
/// The one-byte MX formats (fp8 e4m3, fp8 e5m2, e8m0, the fp4 pairs, hif8), which only moves
/// and the MX instructions take. Inline, as IsFloat: kernels ask on every instruction.
constexpr bool IsMxDType(DType t) {
  return t == DType::kF8E4M3 || t == DType::kF8E5M2 || t == DType::kE8M0 ||
         t == DType::kF4E2M1X2 || t == DType::kF4E1M2X2 || t == DType::kHiF8;
}
/// Values one element holds: two for the fp4 pair types (a byte, element 2k in its low
/// nibble), else one. Columns of different types compare in values (tcvt bf16 <-> fp4).
constexpr int ValuesPerElement(DType t) {
  return t == DType::kF4E2M1X2 || t == DType::kF4E1M2X2 ? 2 : 1;
}
/// The bytes of one unit of a vcvt between \a t and \a other on \a t's side: bf16 against
/// an fp4x2 type converts in bf16 pairs, as each fp4x2 byte holds two values.
constexpr int ConvertUnitBytes(DType t, DType other) {
  return t == DType::kBF16 && ValuesPerElement(other) == 2 ? 4 : DTypeSize(t);
}
/// The element types of the SIMT ops' packed pairs (vector<2xT>, !pto.hif8x2): floats, and the
/// integers ldg, stg and arith move and add in pairs.
constexpr bool IsPackedPairElement(DType t) {
  return t == DType::kF16 || t == DType::kBF16 || t == DType::kF32 || t == DType::kF8E4M3 ||
         t == DType::kF8E5M2 || t == DType::kHiF8 || t == DType::kI8 || t == DType::kI16 ||
         t == DType::kI32;
}
constexpr bool IsFloat(DType t) {
  return t == DType::kF16 || t == DType::kBF16 || t == DType::kF32 || t == DType::kF64 ||
         IsMxDType(t);
}
bool IsSigned(DType t);  ///< Signed integers and index.
bool IsInteger(DType t);  ///< Any integer type, including i1 and index.
/// Types that tiles and global memory hold: every integer of 8 to 64 bits, f16, bf16, f32.
bool IsMemoryDType(DType t);
/// Bit width of an integer type (index counts as 64).
int IntBits(DType t);

/// MLIR spelling: "f32", "bf16", "ui8", "index", ...
const char* DTypeName(DType t);
/// Parses an MLIR type name; also accepts "u8"-style unsigned names and the PTO dialect's
/// low-precision types with their '!' ("!pto.hif8", "!pto.f8E8M0", "!pto.f4E2M1x2",
/// "!pto.f4E1M2x2"). kInvalid if unknown.
DType ParseDType(std::string_view name);
/// "f16 f32" style list of the members of \a mask, in enum order.
std::string DTypeMaskNames(DTypeMask mask);

}  // namespace pto

#endif  // PTO_COMMON_DTYPE_H_
