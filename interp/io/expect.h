// ptorun --expect: an output compared with a golden, value by value, as numpy's isclose
// compares (|got - want| <= atol + rtol * |want|, NaN equal to NaN), with a report of the
// largest errors and the first elements out of tolerance.
#ifndef PTO_INTERP_IO_EXPECT_H_
#define PTO_INTERP_IO_EXPECT_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "pto/common/dtype.h"

namespace pto::interp {

struct Tolerance {
  double rtol = 0;
  double atol = 0;
};

/// The tolerance an output of \a dtype is compared with unless given: exact for integers;
/// for floats a few units in the last place of the type (docs/semantics.md lists them).
Tolerance DefaultTolerance(DType dtype);

/// A golden's values, read from a file: a .npy file's numbers (any numeric type), or a raw
/// file's elements of the output's own type.
struct Golden {
  std::string file;
  std::vector<double> values;
  /// The values exactly, when the golden holds integers (an integer .npy, or a raw file of an
  /// integer output): 64-bit integers past 2^53 compare exactly through these.
  std::vector<__int128> integers;
  std::vector<int64_t> shape;  ///< the .npy's shape; 1-D for a raw file
};

/// Reads \a file as the golden of an output of \a dtype. A .npy of the unsigned type that
/// carries \a dtype's bit patterns (uint16 for bf16, uint8 for the one-byte MX formats) is
/// read as those bit patterns. False with \a err on failure.
/// A golden longer than \a max_elements of eight bytes and a .npy header is refused unread.
bool ReadGolden(const std::string& file, DType dtype, int64_t max_elements, Golden* out,
                std::string* err);

/// The value of element \a i of \a data, elements of \a dtype.
double ElementValue(const uint8_t* data, DType dtype, int64_t i);

struct Mismatch {
  int64_t index;
  double got, want;
  bool exact = false;  ///< an integer comparison: got_int and want_int hold the values
  __int128 got_int = 0, want_int = 0;
};

struct Comparison {
  int64_t count = 0;
  int64_t bad = 0;                ///< elements out of tolerance
  double max_abs = 0, max_rel = 0;  ///< over elements where both are finite
  std::vector<Mismatch> first;    ///< the first ten out of tolerance
};

/// Compares the elements of \a dtype at \a data with \a want's values: integers of an integer
/// output with an integer golden exactly (in 128 bits), everything else as doubles.
Comparison Compare(const uint8_t* data, DType dtype, const Golden& want, Tolerance tol);

/// The lines ptorun prints of a comparison of output \a name (shape \a shape, whose last
/// two dimensions give rows and columns to each element listed when it has two or more):
/// "expect %y: 256 f32 values within rtol=... atol=... (max abs error ...): ok", or the
/// count out of tolerance with the first ten.
std::string RenderComparison(const std::string& name, DType dtype,
                             const std::vector<int64_t>& shape, const Comparison& c,
                             Tolerance tol);

}  // namespace pto::interp

#endif  // PTO_INTERP_IO_EXPECT_H_
