#include "pto/interp/io/npy_format.h"

#include <cstring>

#include "pto/common/strings.h"

namespace pto::interp {

namespace {

constexpr char kMagic[] = "\x93NUMPY";
constexpr size_t kMagicSize = 6;

/// Reads the header's Python dict literal: {'descr': '<f4', 'fortran_order': False,
/// 'shape': (16, 16), }. Only the forms numpy writes are taken, with what numpy's reader
/// takes besides: any Python whitespace, a key written twice (its last value).
class DictReader {
 public:
  explicit DictReader(std::string_view text) : text_(text) {}

  bool Read(NpyHeader* out, std::string* err) {
    bool have_descr = false, have_order = false, have_shape = false;
    if (!Eat('{')) return Fail("does not start with '{'", err);
    while (!Eat('}')) {
      std::string key;
      if (!String(&key) || !Eat(':')) return Fail("is not a dict of quoted keys", err);
      if (key == "descr") {
        if (Peek() == '[') {
          return Fail("describes a structured array (fields); ptorun reads arrays of numbers",
                      err);
        }
        if (!String(&out->descr)) return Fail("has a 'descr' that is not a string", err);
        have_descr = true;
      } else if (key == "fortran_order") {
        if (Word("True")) {
          out->fortran_order = true;
        } else if (Word("False")) {
          out->fortran_order = false;
        } else {
          return Fail("has a 'fortran_order' that is not True or False", err);
        }
        have_order = true;
      } else if (key == "shape") {
        if (!Shape(&out->shape)) return Fail("has a 'shape' that is not a tuple of sizes", err);
        have_shape = true;
      } else {
        return Fail(StrCat("has an unknown key '", key, "'"), err);
      }
      if (!Eat(',') && Peek() != '}') return Fail("is not a dict", err);
    }
    SkipSpace();
    if (pos_ != text_.size()) return Fail("has text after its dict", err);
    if (!have_descr || !have_order || !have_shape) {
      return Fail("lacks one of 'descr', 'fortran_order' and 'shape'", err);
    }
    return true;
  }

 private:
  static bool Fail(const std::string& why, std::string* err) {
    *err = "its .npy header " + why;
    return false;
  }
  void SkipSpace() {
    // Python's whitespace, as numpy's reader (ast.literal_eval) takes it.
    while (pos_ < text_.size() && std::strchr(" \t\n\r\f\v", text_[pos_]) && text_[pos_]) ++pos_;
  }
  char Peek() {
    SkipSpace();
    return pos_ < text_.size() ? text_[pos_] : '\0';
  }
  bool Eat(char c) {
    if (Peek() != c) return false;
    ++pos_;
    return true;
  }
  bool Word(std::string_view w) {
    SkipSpace();
    if (text_.substr(pos_, w.size()) != w) return false;
    pos_ += w.size();
    return true;
  }
  bool String(std::string* out) {
    const char quote = Peek();
    if (quote != '\'' && quote != '"') return false;
    const size_t end = text_.find(quote, pos_ + 1);
    if (end == std::string_view::npos) return false;
    *out = std::string(text_.substr(pos_ + 1, end - pos_ - 1));
    pos_ = end + 1;
    return true;
  }
  bool Shape(std::vector<int64_t>* shape) {
    shape->clear();  // a key written twice: the last value counts, as in a Python dict
    if (!Eat('(')) return false;
    while (!Eat(')')) {
      SkipSpace();
      int64_t v = 0;
      size_t digits = 0;
      while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') {
        if (v > (int64_t{1} << 50)) return false;
        v = v * 10 + (text_[pos_++] - '0');
        ++digits;
      }
      // numpy writes a long as 16L in old files.
      if (pos_ < text_.size() && text_[pos_] == 'L') ++pos_;
      if (digits == 0) return false;
      shape->push_back(v);
      if (!Eat(',') && Peek() != ')') return false;
    }
    return true;
  }

  std::string_view text_;
  size_t pos_ = 0;
};

struct NamedType {
  const char* name;  ///< numpy's name
  char kind;
  int size;
  DType dtype;
};

constexpr NamedType kNamedTypes[] = {
    {"bool", 'b', 1, DType::kInvalid},   {"int8", 'i', 1, DType::kI8},
    {"int16", 'i', 2, DType::kI16},      {"int32", 'i', 4, DType::kI32},
    {"int64", 'i', 8, DType::kI64},      {"uint8", 'u', 1, DType::kU8},
    {"uint16", 'u', 2, DType::kU16},     {"uint32", 'u', 4, DType::kU32},
    {"uint64", 'u', 8, DType::kU64},     {"float16", 'f', 2, DType::kF16},
    {"float32", 'f', 4, DType::kF32},    {"float64", 'f', 8, DType::kF64},
};

/// The ml_dtypes types, which numpy knows only by name; ptorun's descr for them is the name.
constexpr NamedType kMlDtypes[] = {
    {"bfloat16", 'f', 2, DType::kBF16},
    {"float8_e4m3fn", 'f', 1, DType::kF8E4M3},
    {"float8_e5m2", 'f', 1, DType::kF8E5M2},
    {"float8_e8m0fnu", 'f', 1, DType::kE8M0},
};

}  // namespace

int64_t NpyHeader::elements() const {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return n;
}

bool LooksLikeNpy(const uint8_t* bytes, size_t size) {
  return size >= kMagicSize && std::memcmp(bytes, kMagic, kMagicSize) == 0;
}

bool ParseNpyHeader(const uint8_t* bytes, size_t size, NpyHeader* out, std::string* err) {
  if (!LooksLikeNpy(bytes, size)) {
    *err = "it is not a .npy file (no \\x93NUMPY at its start)";
    return false;
  }
  if (size < 10) {
    *err = "its .npy header is cut short";
    return false;
  }
  const int major = bytes[6];
  size_t length = 0, start = 0;
  if (major == 1) {
    length = bytes[8] | size_t{bytes[9]} << 8;
    start = 10;
  } else if (major == 2 || major == 3) {
    if (size < 12) {
      *err = "its .npy header is cut short";
      return false;
    }
    length = bytes[8] | size_t{bytes[9]} << 8 | size_t{bytes[10]} << 16 | size_t{bytes[11]} << 24;
    start = 12;
  } else {
    *err = StrCat("it is a .npy file of format version ", major, ".", int{bytes[7]},
                  "; ptorun reads versions 1.0 to 3.0");
    return false;
  }
  if (length > size - start) {
    *err = "its .npy header is cut short";
    return false;
  }
  std::string_view text(reinterpret_cast<const char*>(bytes + start), length);
  out->shape.clear();
  if (!DictReader(text).Read(out, err)) return false;
  // Each dimension and their product: a shape such as (2**32, 2**32) must not wrap around to
  // a count that matches the file.
  constexpr int64_t kMaxElements = int64_t{1} << 40;
  int64_t count = 1;
  for (int64_t d : out->shape) {
    if (d > kMaxElements || (d != 0 && count > kMaxElements / d)) {
      *err = "its .npy header gives a shape too large to hold";
      return false;
    }
    count *= d;
  }
  out->data_offset = start + length;
  return true;
}

std::string MakeNpyHeader(std::string_view descr, const std::vector<int64_t>& shape) {
  std::string dict = StrCat("{'descr': '", descr, "', 'fortran_order': False, 'shape': ",
                            NpyShapeText(shape), ", }");
  // numpy pads with spaces and ends with a newline, so the elements start on 64 bytes.
  const size_t unpadded = kMagicSize + 4 + dict.size() + 1;
  dict.append((64 - unpadded % 64) % 64, ' ');
  dict += '\n';
  std::string header(kMagic, kMagicSize);
  header += '\x01';
  header += '\x00';
  header += static_cast<char>(dict.size() & 0xff);
  header += static_cast<char>(dict.size() >> 8);
  return header + dict;
}

NpyElement ParseNpyDescr(std::string_view descr) {
  for (const NamedType& t : kMlDtypes) {
    if (descr == t.name) return {t.kind, t.size, false, t.dtype};
  }
  // numpy's reader also takes a type's name ('float32'), in the machine's order (little-endian).
  for (const NamedType& t : kNamedTypes) {
    if (descr == t.name) return {t.kind, t.size, false, t.dtype};
  }
  NpyElement e;
  if (descr.size() < 3) return e;
  const char order = descr[0];
  if (order != '<' && order != '>' && order != '|' && order != '=') return e;
  int size = 0;
  for (char c : descr.substr(2)) {
    if (c < '0' || c > '9' || size > 16) return e;
    size = size * 10 + (c - '0');
  }
  for (const NamedType& t : kNamedTypes) {
    if (t.kind == descr[1] && t.size == size) {
      e = {t.kind, t.size, order == '>' && size > 1, t.dtype};
    }
  }
  return e;
}

bool NpyDescrFits(std::string_view descr, DType dtype) {
  const NpyElement e = ParseNpyDescr(descr);
  if (e.kind == 0) return false;
  if (e.dtype == dtype) return true;
  // An index holds 64-bit signed integers.
  if (dtype == DType::kIndex) return e.kind == 'i' && e.size == 8;
  // Formats numpy lacks travel as their bit patterns.
  if (dtype == DType::kBF16) return e.kind == 'u' && e.size == 2;
  if (IsMxDType(dtype)) return e.kind == 'u' && e.size == 1;
  return false;
}

std::string NpyDescrOf(DType dtype) {
  if (dtype == DType::kBF16) return "<u2";
  if (IsMxDType(dtype)) return "|u1";
  if (dtype == DType::kIndex) return "<i8";
  for (const NamedType& t : kNamedTypes) {
    if (t.dtype == dtype) return StrCat(t.size == 1 ? "|" : "<", std::string(1, t.kind), t.size);
  }
  return "|u1";
}

std::string NpyTypeName(std::string_view descr) {
  const NpyElement e = ParseNpyDescr(descr);
  for (const NamedType& t : kMlDtypes) {
    if (descr == t.name) return StrCat("ml_dtypes.", t.name);
  }
  for (const NamedType& t : kNamedTypes) {
    if (t.kind == e.kind && t.size == e.size) {
      return e.big_endian ? StrCat(t.name, " (big-endian)") : std::string(t.name);
    }
  }
  return std::string(descr);
}

std::string NpyTypesFor(DType dtype, bool in_memory) {
  std::string names = NpyTypeName(NpyDescrOf(dtype));
  if (dtype == DType::kBF16 || IsMxDType(dtype)) names += " (bit patterns)";
  for (const NamedType& t : kMlDtypes) {
    if (t.dtype == dtype && in_memory) names += StrCat(" or ml_dtypes.", t.name);
  }
  return names;
}

std::string NpyShapeText(const std::vector<int64_t>& shape) {
  std::string text = "(";
  for (size_t i = 0; i < shape.size(); ++i) text += StrCat(i ? ", " : "", shape[i]);
  return text + (shape.size() == 1 ? ",)" : ")");
}

void NpyToCOrder(const uint8_t* src, const std::vector<int64_t>& shape, bool fortran, int size,
                 bool swap, uint8_t* dst) {
  int64_t count = 1;
  for (int64_t d : shape) count *= d;
  const size_t rank = shape.size();
  std::vector<int64_t> index(rank, 0), fstride(rank, 1);
  for (size_t k = 1; k < rank; ++k) fstride[k] = fstride[k - 1] * shape[k - 1];
  for (int64_t n = 0; n < count; ++n) {
    // Element n in C order has index `index`; in Fortran order it sits at sum(index * fstride).
    int64_t from = n;
    if (fortran) {
      from = 0;
      for (size_t k = 0; k < rank; ++k) from += index[k] * fstride[k];
      for (size_t k = rank; k-- > 0;) {
        if (++index[k] < shape[k]) break;
        index[k] = 0;
      }
    }
    const uint8_t* s = src + from * size;
    uint8_t* d = dst + n * size;
    for (int b = 0; b < size; ++b) d[b] = swap ? s[size - 1 - b] : s[b];
  }
}

}  // namespace pto::interp
