#include "pto/interp/io/expect.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "pto/common/file_io.h"
#include "pto/common/float_format.h"
#include "pto/common/strings.h"
#include "pto/interp/io/npy_format.h"

namespace pto::interp {

namespace {

constexpr size_t kMaxListed = 10;
/// The largest golden ptorun reads (a golden has as many elements as an output).
constexpr size_t kMaxGoldenBytes = size_t{16} << 30;

template <typename T>
T Load(const uint8_t* p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

/// The bytes of element \a i of a numpy array of \a e, in the host's (little-endian) order.
void NpyElementBytes(const uint8_t* data, const NpyElement& e, int64_t i, uint8_t bytes[8]) {
  std::memcpy(bytes, data + i * e.size, e.size);
  if (e.big_endian) {
    for (int b = 0; b < e.size / 2; ++b) std::swap(bytes[b], bytes[e.size - 1 - b]);
  }
}

/// The value of element \a i of a numpy array of \a e.
double NpyValue(const uint8_t* data, const NpyElement& e, int64_t i) {
  uint8_t bytes[8];
  NpyElementBytes(data, e, i, bytes);
  // The ml_dtypes types ('descr': 'bfloat16', ...) are the toolchain's own, not float16.
  if (e.dtype == DType::kBF16 || IsMxDType(e.dtype)) return ElementValue(bytes, e.dtype, 0);
  switch (e.kind) {
    case 'b':
      return bytes[0] != 0;
    case 'f':
      return e.size == 2 ? HalfToFloat(Load<uint16_t>(bytes))
             : e.size == 4 ? Load<float>(bytes) : Load<double>(bytes);
    case 'i':
      return e.size == 1   ? Load<int8_t>(bytes)
             : e.size == 2 ? Load<int16_t>(bytes)
             : e.size == 4 ? Load<int32_t>(bytes)
                           : static_cast<double>(Load<int64_t>(bytes));
    default:
      return e.size == 1   ? Load<uint8_t>(bytes)
             : e.size == 2 ? Load<uint16_t>(bytes)
             : e.size == 4 ? Load<uint32_t>(bytes)
                           : static_cast<double>(Load<uint64_t>(bytes));
  }
}

/// The integer element \a i of a numpy array of integers (kind 'i', 'u' or 'b'), exactly.
__int128 NpyInteger(const uint8_t* data, const NpyElement& e, int64_t i) {
  uint8_t bytes[8];
  NpyElementBytes(data, e, i, bytes);
  uint64_t raw = 0;
  std::memcpy(&raw, bytes, e.size);  // the low bytes: the host is little-endian
  if (e.kind != 'i' || e.size == 8) return e.kind == 'i' ? __int128{static_cast<int64_t>(raw)} : raw;
  const int shift = 64 - 8 * e.size;  // sign-extend the narrower signed types
  return static_cast<int64_t>(raw << shift) >> shift;
}

/// Element \a i of an integer output, exactly.
__int128 IntegerValue(const uint8_t* data, DType dtype, int64_t i) {
  const uint8_t* p = data + i * DTypeSize(dtype);
  if (dtype == DType::kU64) return Load<uint64_t>(p);
  if (dtype == DType::kI64 || dtype == DType::kIndex) return Load<int64_t>(p);
  return static_cast<int64_t>(ElementValue(data, dtype, i));  // exact below 2^53
}

std::string Int128Text(__int128 v) {
  const bool negative = v < 0;
  unsigned __int128 u = negative ? -static_cast<unsigned __int128>(v) : v;
  std::string digits;
  do {
    digits.insert(digits.begin(), static_cast<char>('0' + static_cast<int>(u % 10)));
    u /= 10;
  } while (u != 0);
  return negative ? "-" + digits : digits;
}

std::string FormatError(double e) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.3g", e);
  return buf;
}

}  // namespace

Tolerance DefaultTolerance(DType dtype) {
  switch (dtype) {
    case DType::kF64:
      return {1e-12, 1e-15};
    case DType::kF32:
      return {1e-5, 1e-8};
    case DType::kF16:
      return {1e-3, 1e-5};
    case DType::kBF16:
      return {1e-2, 1e-5};
    case DType::kF8E4M3:
    case DType::kF8E5M2:
      return {0.125, 1e-3};
    default:
      return {0, 0};
  }
}

double ElementValue(const uint8_t* data, DType dtype, int64_t i) {
  const uint8_t* p = data + i * DTypeSize(dtype);
  switch (dtype) {
    case DType::kI1:
    case DType::kU8:
    case DType::kF4E2M1X2:
    case DType::kF4E1M2X2:
    case DType::kHiF8:
      return *p;
    case DType::kI8:
      return static_cast<int8_t>(*p);
    case DType::kI16:
      return Load<int16_t>(p);
    case DType::kU16:
      return Load<uint16_t>(p);
    case DType::kI32:
      return Load<int32_t>(p);
    case DType::kU32:
      return Load<uint32_t>(p);
    case DType::kI64:
    case DType::kIndex:
      return static_cast<double>(Load<int64_t>(p));
    case DType::kU64:
      return static_cast<double>(Load<uint64_t>(p));
    case DType::kF16:
      return HalfToFloat(Load<uint16_t>(p));
    case DType::kBF16:
      return BF16ToFloat(Load<uint16_t>(p));
    case DType::kF32:
      return Load<float>(p);
    case DType::kF64:
      return Load<double>(p);
    case DType::kF8E4M3:
      return F8E4M3ToFloat(*p);
    case DType::kF8E5M2:
      return F8E5M2ToFloat(*p);
    case DType::kE8M0:
      return E8M0ToFloat(*p);
    case DType::kInvalid:
      break;
  }
  return 0;
}

bool ReadGolden(const std::string& file, DType dtype, int64_t max_elements, Golden* out,
                std::string* err) {
  AlignedBytes bytes;
  out->file = file;
  // The widest element a golden may have (f64, i64) and the largest .npy header (v2: 4 GiB
  // is allowed, 1 MiB is plenty in practice).
  constexpr size_t kHeaderAllowance = size_t{1} << 20;
  const size_t limit = std::min(kMaxGoldenBytes, static_cast<size_t>(max_elements) * 8 + kHeaderAllowance);
  bool too_large = false;
  if (!ReadFile(file, &bytes, err, limit, &too_large)) {
    if (too_large) {
      *err = StrCat(file, " is larger than a golden of the output's ", max_elements,
                    " elements can be (", limit, " bytes at most)");
    }
    return false;
  }
  if (LooksLikeNpy(bytes.data(), bytes.size())) {
    NpyHeader header;
    if (!ParseNpyHeader(bytes.data(), bytes.size(), &header, err)) {
      *err = StrCat(file, ": ", *err);
      return false;
    }
    NpyElement e = ParseNpyDescr(header.descr);
    if (e.kind == 0) {
      *err = StrCat(file, " holds ", NpyTypeName(header.descr), " elements, not numbers ptorun "
                    "can compare");
      return false;
    }
    const int64_t count = header.elements();
    if (bytes.size() - header.data_offset != static_cast<size_t>(count) * e.size) {
      *err = StrCat(file, " should hold ", count * e.size, " bytes of elements for shape ",
                    NpyShapeText(header.shape), " but has ", bytes.size() - header.data_offset);
      return false;
    }
    std::vector<uint8_t> ordered(static_cast<size_t>(count) * e.size);
    NpyToCOrder(bytes.data() + header.data_offset, header.shape, header.fortran_order, e.size,
                false, ordered.data());
    // The unsigned carrier of a type numpy lacks holds its bit patterns.
    const bool bit_patterns = e.dtype != dtype && NpyDescrFits(header.descr, dtype);
    out->values.resize(count);
    const bool integers = !bit_patterns && (e.kind == 'i' || e.kind == 'u' || e.kind == 'b') &&
                          e.dtype != DType::kBF16 && !IsMxDType(e.dtype);
    if (integers) out->integers.resize(count);
    for (int64_t i = 0; i < count; ++i) {
      if (integers) out->integers[i] = NpyInteger(ordered.data(), e, i);
      if (bit_patterns) {
        uint8_t swapped[8];
        NpyElementBytes(ordered.data(), e, i, swapped);
        out->values[i] = ElementValue(swapped, dtype, 0);
      } else {
        out->values[i] = NpyValue(ordered.data(), e, i);
      }
    }
    out->shape = header.shape;
    return true;
  }
  if (file.size() > 4 && file.compare(file.size() - 4, 4, ".npy") == 0) {
    *err = StrCat(file, " is named .npy but is not a .npy file (it does not start with "
                  "\\x93NUMPY)");
    return false;
  }
  const int size = DTypeSize(dtype);
  if (bytes.size() % size != 0) {
    *err = StrCat(file, " has ", bytes.size(), " bytes, not a whole number of ", DTypeName(dtype),
                  " elements");
    return false;
  }
  const int64_t count = static_cast<int64_t>(bytes.size() / size);
  out->values.resize(count);
  for (int64_t i = 0; i < count; ++i) out->values[i] = ElementValue(bytes.data(), dtype, i);
  if (IsInteger(dtype)) {
    out->integers.resize(count);
    for (int64_t i = 0; i < count; ++i) out->integers[i] = IntegerValue(bytes.data(), dtype, i);
  }
  out->shape = {count};
  return true;
}

namespace {

// An integer output against an integer golden, exactly: |got - want| <= atol + rtol * |want|
// with the difference taken in 128 bits.
Comparison CompareIntegers(const uint8_t* data, DType dtype, const Golden& want, Tolerance tol) {
  Comparison c;
  c.count = static_cast<int64_t>(want.integers.size());
  for (int64_t i = 0; i < c.count; ++i) {
    const __int128 got = IntegerValue(data, dtype, i), w = want.integers[i];
    const __int128 diff = got > w ? got - w : w - got;
    const long double abs = static_cast<long double>(diff);
    const long double magnitude = static_cast<long double>(w < 0 ? -w : w);
    const long double limit = tol.atol + tol.rtol * magnitude;
    c.max_abs = std::max(c.max_abs, static_cast<double>(abs));
    if (w != 0) c.max_rel = std::max(c.max_rel, static_cast<double>(abs / magnitude));
    if (diff == 0 || abs <= limit) continue;
    if (c.first.size() < kMaxListed) {
      c.first.push_back({i, static_cast<double>(got), static_cast<double>(w), true, got, w});
    }
    ++c.bad;
  }
  return c;
}

}  // namespace

Comparison Compare(const uint8_t* data, DType dtype, const Golden& golden, Tolerance tol) {
  if (IsInteger(dtype) && !golden.integers.empty()) {
    return CompareIntegers(data, dtype, golden, tol);
  }
  const std::vector<double>& want = golden.values;
  Comparison c;
  c.count = static_cast<int64_t>(want.size());
  for (int64_t i = 0; i < c.count; ++i) {
    const double got = ElementValue(data, dtype, i);
    const double w = want[i];
    bool ok;
    if (std::isnan(got) || std::isnan(w)) {
      ok = std::isnan(got) && std::isnan(w);
    } else if (std::isinf(got) || std::isinf(w)) {
      ok = got == w;
    } else {
      const double abs = std::fabs(got - w);
      ok = abs <= tol.atol + tol.rtol * std::fabs(w);
      c.max_abs = std::max(c.max_abs, abs);
      if (w != 0) c.max_rel = std::max(c.max_rel, abs / std::fabs(w));
    }
    if (!ok) {
      if (c.first.size() < kMaxListed) c.first.push_back({i, got, w});
      ++c.bad;
    }
  }
  return c;
}

std::string RenderComparison(const std::string& name, DType dtype,
                             const std::vector<int64_t>& shape, const Comparison& c,
                             Tolerance tol) {
  const std::string limits =
      StrCat("rtol=", FormatError(tol.rtol), " atol=", FormatError(tol.atol));
  const std::string errors = StrCat("max abs error ", FormatError(c.max_abs), ", max rel error ",
                                    FormatError(c.max_rel));
  if (c.bad == 0) {
    return StrCat("ptorun: expect ", name, ": ", c.count, " ", DTypeName(dtype), " values within ",
                  limits, " (", errors, "): ok\n");
  }
  std::string text = StrCat("ptorun: error: expect ", name, ": ", c.bad, " of ", c.count, " ",
                            DTypeName(dtype), " values out of tolerance (", limits, "; ", errors,
                            ")", c.bad > static_cast<int64_t>(c.first.size()) ? "; the first ten:" : ":",
                            "\n");
  for (const Mismatch& m : c.first) {
    std::string where = StrCat("element ", m.index);
    if (shape.size() >= 2) {
      // Row and column of the last two dimensions; any before them in front.
      std::vector<int64_t> index(shape.size());
      int64_t rest = m.index;
      for (size_t k = shape.size(); k-- > 0;) {
        index[k] = shape[k] ? rest % shape[k] : 0;
        rest = shape[k] ? rest / shape[k] : 0;
      }
      std::string outer;
      for (size_t k = 0; k + 2 < shape.size(); ++k) outer += StrCat(k ? ", " : "", index[k]);
      where += StrCat(" (", outer.empty() ? "" : "[" + outer + "] ", "row ", index[shape.size() - 2],
                      ", col ", index[shape.size() - 1], ")");
    }
    if (m.exact) {
      const __int128 diff = m.got_int > m.want_int ? m.got_int - m.want_int : m.want_int - m.got_int;
      text += StrCat("  ", where, ": got ", Int128Text(m.got_int), ", expected ",
                     Int128Text(m.want_int), " (abs error ", Int128Text(diff), ")\n");
      continue;
    }
    text += StrCat("  ", where, ": got ", FormatValue(m.got, dtype), ", expected ",
                   FormatValue(m.want, dtype));
    if (std::isfinite(m.got) && std::isfinite(m.want)) {
      const double abs = std::fabs(m.got - m.want);
      text += StrCat(" (abs error ", FormatError(abs));
      if (m.want != 0) text += StrCat(", rel error ", FormatError(abs / std::fabs(m.want)));
      text += ")";
    }
    text += "\n";
  }
  return text;
}

}  // namespace pto::interp
