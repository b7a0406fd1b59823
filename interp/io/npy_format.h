// numpy's .npy files (format versions 1.0, 2.0 and 3.0): the header ptorun reads its inputs'
// and goldens' element type and shape from, and writes in front of an output's elements; and
// the names numpy gives element types ("<f4"), matched against the toolchain's.
#ifndef PTO_INTERP_IO_NPY_FORMAT_H_
#define PTO_INTERP_IO_NPY_FORMAT_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "pto/common/dtype.h"

namespace pto::interp {

/// What a .npy header says about the array after it.
struct NpyHeader {
  std::string descr;             ///< numpy's type string: "<f4", "|u1", ">i2", ...
  bool fortran_order = false;    ///< elements in column-major order
  std::vector<int64_t> shape;    ///< () for a scalar
  size_t data_offset = 0;        ///< where the elements start in the file
  int64_t elements() const;
};

/// True if \a bytes start with the .npy magic ("\x93NUMPY").
bool LooksLikeNpy(const uint8_t* bytes, size_t size);

/// Parses the header at the start of \a bytes. On failure says why in \a err ("the header
/// ...": the caller names the file).
bool ParseNpyHeader(const uint8_t* bytes, size_t size, NpyHeader* out, std::string* err);

/// A version 1.0 header for a C-order array of \a descr with \a shape, padded as numpy pads it
/// (the elements start on a 64-byte boundary).
std::string MakeNpyHeader(std::string_view descr, const std::vector<int64_t>& shape);

/// The element a numpy type string describes: its size in bytes, whether it is stored
/// big-endian, and what kind of number it is. kind 0 for a type ptorun does not read.
struct NpyElement {
  char kind = 0;     ///< 'f' float, 'i' signed, 'u' unsigned, 'b' bool; 0 unknown
  int size = 0;      ///< bytes
  bool big_endian = false;
  DType dtype = DType::kInvalid;  ///< the toolchain's type of the same numbers, if any
};
/// Reads numpy's type string ("<f4", "|u1", ">i2", "=f8") or, for the types of the
/// ml_dtypes package, which numpy only knows by name, the name ("bfloat16",
/// "float8_e4m3fn", "float8_e5m2", "float8_e8m0fnu").
NpyElement ParseNpyDescr(std::string_view descr);

/// Whether an array of numpy type \a descr can hold the elements of a \a dtype parameter: the
/// same numbers in the same bytes (bf16 and the one-byte MX formats also as their bit
/// patterns in an unsigned integer of their size: uint16, uint8). Byte order aside: a
/// big-endian array fits and is swapped.
bool NpyDescrFits(std::string_view descr, DType dtype);

/// The type string ptorun writes a \a dtype output as: "<f4", "<i2", ...; bf16 as its bit
/// patterns ("<u2"), the MX formats as bytes ("|u1").
std::string NpyDescrOf(DType dtype);

/// numpy's name of a type string, for messages: "float32", "uint16", "bfloat16", ...;
/// the string itself if unknown.
std::string NpyTypeName(std::string_view descr);

/// The numpy names of the arrays a \a dtype parameter takes, for messages: "float32",
/// "uint16 (bit patterns)", and \a in_memory (arrays, not .npy files, which numpy saves
/// ml_dtypes' types into as anonymous bytes) "or ml_dtypes.bfloat16".
std::string NpyTypesFor(DType dtype, bool in_memory);

/// "(16, 16)", numpy's spelling of a shape.
std::string NpyShapeText(const std::vector<int64_t>& shape);

/// Copies \a count elements of \a size bytes from \a src, stored in Fortran order with
/// \a shape (and byte-swapped if \a swap), into \a dst in C order.
void NpyToCOrder(const uint8_t* src, const std::vector<int64_t>& shape, bool fortran,
                 int size, bool swap, uint8_t* dst);

}  // namespace pto::interp

#endif  // PTO_INTERP_IO_NPY_FORMAT_H_
