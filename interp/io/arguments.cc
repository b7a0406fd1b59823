#include "pto/interp/io/arguments.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>

#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pto/common/file_io.h"
#include "pto/common/float_format.h"
#include "pto/common/strings.h"
#include "pto/interp/io/npy_format.h"
#include "pto/interp/io/pointer_reach.h"

namespace pto::interp {

namespace {

/// How messages name an argument given as an array in memory (the Python module's).
constexpr char kArrayLabel[] = "the array";

/// The largest global buffer ptorun makes (a memref parameter, zeros:N).
constexpr size_t kMaxBufferBytes = size_t{16} << 30;

/// What a parameter holds: its element type, and for memrefs and tiles their exact shape.
struct Holds {
  DType dtype;
  std::vector<int64_t> shape;  ///< empty for a pointer: any number of elements
  /// A pointer's: how far its tensor views reach (pointer_reach.h), the most a pipe or device
  /// is read for it; 0 when the code does not say.
  uint64_t reach = 0;
  size_t exact_bytes() const {
    if (shape.empty()) return 0;
    size_t n = DTypeSize(dtype);
    for (int64_t d : shape) n *= static_cast<size_t>(d);
    return n;
  }
};

class ArgumentReader {
 public:
  ArgumentReader(Diagnostics& diags, size_t budget) : diags_(diags), budget_left_(budget) {}

  /// Reads \a arg, the argument of parameter %\a name, into \a bytes.
  bool LoadBytes(const Holds& holds, const std::string& name, const ArgumentValue& arg,
                 AlignedBytes* bytes);
  bool ParseScalar(const std::string& name, DType dtype, const ArgumentValue& arg, Slot* slot);

 private:
  bool LoadBytesKept(const Holds& holds, const std::string& name, const ArgumentValue& arg,
                     AlignedBytes* bytes);
  bool Error(const std::string& message) {
    diags_.Error(message);
    return false;
  }
  /// Reports \a bytes for argument \a arg if they would cross the memory budget, else counts
  /// them in it.
  bool Budget(const std::string& what, const std::string& arg, size_t bytes);
  bool LoadZeros(const Holds& holds, const std::string& what, const std::string& arg,
                 AlignedBytes* bytes);
  bool LoadFile(const Holds& holds, const std::string& what, const std::string& path,
                AlignedBytes* bytes);
  /// Elements from an array (a numpy array's memory, or a .npy file's elements at
  /// \a data): its type and shape checked against \a holds, then copied into \a bytes.
  bool LoadArray(const Holds& holds, const std::string& what, const std::string& label,
                 const NpyHeader& header, const uint8_t* data, size_t size, AlignedBytes* bytes);
  bool StoreInteger(const std::string& what, DType dtype, long double v, Slot* slot);
  bool StoreFloat(const std::string& what, DType dtype, double v, const std::string& shown,
                  Slot* slot);
  bool FloatOutOfRange(const std::string& what, DType dtype, const std::string& shown);

  Diagnostics& diags_;
  size_t budget_left_;
};

bool ArgumentReader::Budget(const std::string& what, const std::string& arg, size_t bytes) {
  if (bytes > budget_left_) {
    return Error(StrCat(what, ": ", arg, " takes ", bytes, " bytes, more than the ", budget_left_,
                        " bytes of memory left to the arguments (ptorun lets them take half "
                        "the machine's memory, less under ulimit -v)"));
  }
  budget_left_ -= bytes;
  return true;
}

// Whether \a path ("-": standard input) is a regular file, whose length is known before it
// is read.
bool IsRegularFile(const std::string& path) {
  struct stat st;
  const int status = path == "-" ? fstat(0, &st) : stat(path.c_str(), &st);
  return status == 0 && S_ISREG(st.st_mode);
}

// "zeros" or "zeros:N" (a malformed N is an error there); any other name, zeros_init.npy
// too, is a file.
bool IsZerosLiteral(const std::string& text) {
  return text == "zeros" || text.rfind("zeros:", 0) == 0;
}

bool ArgumentReader::LoadBytes(const Holds& holds, const std::string& name,
                               const ArgumentValue& arg, AlignedBytes* bytes) {
  // A refused argument keeps nothing: what was read of it goes (the next may need the memory).
  if (LoadBytesKept(holds, name, arg, bytes)) return true;
  AlignedBytes().swap(*bytes);
  return false;
}

bool ArgumentReader::LoadBytesKept(const Holds& holds, const std::string& name,
                                   const ArgumentValue& arg, AlignedBytes* bytes) {
  const std::string what = StrCat("argument for %", name);
  switch (arg.kind) {
    case ArgumentValue::Kind::kText:
      if (IsZerosLiteral(arg.text)) return LoadZeros(holds, what, arg.text, bytes);
      return LoadFile(holds, what, arg.text, bytes);
    case ArgumentValue::Kind::kArray: {
      NpyHeader header;
      header.descr = arg.array.descr;
      header.shape = arg.array.shape;
      if (!Budget(what, kArrayLabel, arg.array.bytes)) return false;
      return LoadArray(holds, what, kArrayLabel, header, arg.array.data, arg.array.bytes, bytes);
    }
    default:
      return Error(StrCat(what, ": a ", holds.shape.empty() ? "pointer" : "memory",
                          " parameter takes an array, not a number"));
  }
}

bool ArgumentReader::LoadZeros(const Holds& holds, const std::string& what,
                               const std::string& arg, AlignedBytes* bytes) {
  const int size = DTypeSize(holds.dtype);
  const size_t exact_bytes = holds.exact_bytes();
  size_t n = exact_bytes / size;
  if (arg.size() > 5) {
    char* end = nullptr;
    errno = 0;
    long long v = std::strtoll(arg.c_str() + 6, &end, 10);
    if (arg[5] != ':' || end == arg.c_str() + 6 || *end != '\0' || v < 0) {
      return Error(StrCat(what, ": expected zeros:N, got '", arg, "'"));
    }
    if (errno == ERANGE || v > (1ll << 34)) {
      return Error(StrCat(what, ": ", arg.substr(6),
                          " elements is too many for zeros:N (at most 2^34)"));
    }
    if (exact_bytes && static_cast<size_t>(v) * size != exact_bytes) {
      return Error(StrCat(what, ": ", arg, " gives ", v, " elements but the parameter holds ",
                          exact_bytes / size));
    }
    n = static_cast<size_t>(v);
  } else if (!exact_bytes) {
    return Error(StrCat(what, ": say how many elements: zeros:N"));
  }
  if (n > kMaxBufferBytes / size) {
    return Error(StrCat(what, ": ", arg, " is larger than ", kMaxBufferBytes >> 30, " GiB"));
  }
  if (!Budget(what, arg, n * size)) return false;
  bytes->assign(n * size, 0);
  return true;
}

bool ArgumentReader::LoadFile(const Holds& holds, const std::string& what,
                              const std::string& path, AlignedBytes* bytes) {
  const int size = DTypeSize(holds.dtype);
  const size_t exact_bytes = holds.exact_bytes();
  const bool npy_name = path.size() > 4 && path.compare(path.size() - 4, 4, ".npy") == 0;
  // No more than the parameter holds (and one byte to tell), so /dev/zero or an endless pipe
  // is refused rather than read until memory runs out. A .npy file has a header besides.
  constexpr size_t kNpyHeaderRoom = 1 << 20;
  if (exact_bytes && !Budget(what, path, exact_bytes)) return false;
  size_t limit = exact_bytes ? exact_bytes : std::min(kMaxBufferBytes, budget_left_);
  const bool endless = holds.reach && !exact_bytes && !IsRegularFile(path);
  if (endless) limit = std::min<uint64_t>(limit, holds.reach);
  if (npy_name || exact_bytes || endless) limit += kNpyHeaderRoom;
  std::string err;
  bool too_large = false;
  if (!ReadFile(path, bytes, &err, limit, &too_large)) {
    if (endless && too_large) {
      return Error(StrCat(what, ": ", path, " gives more than the ", holds.reach,
                          " bytes the kernel's tensor views of it reach (and a .npy header); a pipe or device "
                          "is read no further (a regular file is taken whole)"));
    }
    if (exact_bytes && too_large) {
      return Error(StrCat(what, ": ", path, " has more than ", exact_bytes, " bytes but the "
                          "parameter holds ", exact_bytes / size, " ", DTypeName(holds.dtype),
                          " elements (", exact_bytes, " bytes)"));
    }
    return Error(StrCat(what, ": ", err));
  }
  if (LooksLikeNpy(bytes->data(), bytes->size())) {
    NpyHeader header;
    if (!ParseNpyHeader(bytes->data(), bytes->size(), &header, &err)) {
      return Error(StrCat(what, ": ", path, ": ", err));
    }
    AlignedBytes file;
    file.swap(*bytes);
    const size_t data_bytes = file.size() - header.data_offset;
    if (!exact_bytes && !Budget(what, path, data_bytes)) return false;
    return LoadArray(holds, what, path, header, file.data() + header.data_offset, data_bytes,
                     bytes);
  }
  if (npy_name) {
    return Error(StrCat(what, ": ", path, " is named .npy but is not a .npy file (it does not "
                        "start with \\x93NUMPY)"));
  }
  if (!exact_bytes && !Budget(what, path, bytes->size())) return false;
  if (bytes->size() % size != 0) {
    return Error(StrCat(what, ": ", path, " has ", bytes->size(), " bytes, not a whole number of ",
                        DTypeName(holds.dtype), " elements"));
  }
  if (exact_bytes && bytes->size() > exact_bytes) {
    return Error(StrCat(what, ": ", path, " has more than ", exact_bytes, " bytes but the "
                        "parameter holds ", exact_bytes / size, " ", DTypeName(holds.dtype),
                        " elements (", exact_bytes, " bytes)"));
  }
  if (exact_bytes && bytes->size() != exact_bytes) {
    return Error(StrCat(what, ": ", path, " has ", bytes->size(), " bytes but the parameter holds ",
                        exact_bytes / size, " ", DTypeName(holds.dtype), " elements (",
                        exact_bytes, " bytes)"));
  }
  return true;
}

bool ArgumentReader::LoadArray(const Holds& holds, const std::string& what,
                               const std::string& label, const NpyHeader& header,
                               const uint8_t* data, size_t size, AlignedBytes* bytes) {
  const NpyElement element = ParseNpyDescr(header.descr);
  if (!NpyDescrFits(header.descr, holds.dtype)) {
    return Error(StrCat(what, ": ", label, " holds ", NpyTypeName(header.descr), " elements; the ",
                        DTypeName(holds.dtype), " parameter takes ",
                        NpyTypesFor(holds.dtype, label == kArrayLabel)));
  }
  const int64_t count = header.elements();
  const size_t want = static_cast<size_t>(count) * element.size;
  if (size != want) {
    return Error(StrCat(what, ": ", label, " should hold ", want, " bytes of elements for shape ",
                        NpyShapeText(header.shape), " but has ", size));
  }
  if (!holds.shape.empty()) {
    const int64_t need = static_cast<int64_t>(holds.exact_bytes()) / DTypeSize(holds.dtype);
    // The parameter's own shape, or a flat array of as many elements.
    const bool fits = header.shape == holds.shape || (header.shape.size() == 1 && count == need);
    if (!fits) {
      return Error(StrCat(what, ": ", label, " has shape ", NpyShapeText(header.shape),
                          "; the parameter holds ", NpyShapeText(holds.shape), " (or ",
                          NpyShapeText({need}), ")"));
    }
  }
  bytes->resize(want);
  if (header.fortran_order || element.big_endian) {
    NpyToCOrder(data, header.shape, header.fortran_order, element.size, element.big_endian,
                bytes->data());
  } else if (want) {
    std::memcpy(bytes->data(), data, want);
  }
  return true;
}

// A memref or view parameter with '?' dimensions holds what its argument holds: one '?' is the
// element count over the static dimensions' product; more cannot be told from a count.
bool ResolveDynamicShape(const std::string& name, const Param& p, size_t bytes,
                         std::vector<int64_t>* shape, Diagnostics& diags) {
  int dynamic = 0;
  int64_t known = 1;
  bool overflow = false;  // then no buffer holds a multiple of it
  for (int64_t d : p.shape) {
    if (d == kDynamic) {
      ++dynamic;
    } else {
      overflow |= __builtin_mul_overflow(known, d, &known);
    }
  }
  const int64_t elements = static_cast<int64_t>(bytes / DTypeSize(p.dtype));
  const std::string text = ParamShapeText(p);
  if (dynamic > 1) {
    diags.Error(StrCat("%", name, " (", text, ") has ", dynamic, " dynamic dimensions, which ",
                       "ptorun cannot tell from its ", elements, " elements: give the "
                       "function a parameter of one '?' or a static shape"));
    return false;
  }
  if (overflow) {
    diags.Error(StrCat("%", name, " (", text, ") has static dimensions of more elements than "
                       "any buffer holds"));
    return false;
  }
  if (known == 0 || elements % known != 0) {
    diags.Error(StrCat("%", name, " (", text, ") takes a multiple of ", known, " elements, got ",
                       elements));
    return false;
  }
  for (int64_t& d : *shape) {
    if (d == kDynamic) d = elements / known;
  }
  return true;
}

bool ArgumentReader::ParseScalar(const std::string& name, DType dtype, const ArgumentValue& arg,
                                 Slot* slot) {
  const std::string what = StrCat("argument for %", name, " (", DTypeName(dtype), ")");
  switch (arg.kind) {
    case ArgumentValue::Kind::kArray:
      return Error(StrCat(what, ": a scalar parameter takes a number, not an array"));
    case ArgumentValue::Kind::kBool:
      if (dtype != DType::kI1) {
        return Error(StrCat(what, ": ", arg.boolean ? "True" : "False",
                            " is a bool; the parameter takes ",
                            IsFloat(dtype) ? "a number" : "an integer"));
      }
      slot->i = arg.boolean;
      return true;
    case ArgumentValue::Kind::kFloat:
      if (!IsFloat(dtype)) {
        return Error(StrCat(what, ": ", FormatDouble(arg.real), " is not an integer"));
      }
      return StoreFloat(what, dtype, arg.real, FormatDouble(arg.real), slot);
    case ArgumentValue::Kind::kInteger:
      if (IsFloat(dtype)) {
        return StoreFloat(what, dtype, static_cast<double>(arg.integer), StrCat(arg.integer),
                          slot);
      }
      return StoreInteger(what, dtype, static_cast<long double>(arg.integer), slot);
    case ArgumentValue::Kind::kUnsigned:
      if (IsFloat(dtype)) {
        return StoreFloat(what, dtype, static_cast<double>(arg.unsigned_integer),
                          StrCat(arg.unsigned_integer), slot);
      }
      return StoreInteger(what, dtype, static_cast<long double>(arg.unsigned_integer), slot);
    case ArgumentValue::Kind::kText:
      break;
  }
  const std::string& text = arg.text;
  char* end = nullptr;
  errno = 0;
  if (dtype == DType::kI1 && (text == "true" || text == "false")) {
    slot->i = text == "true";
    return true;
  }
  if (IsFloat(dtype)) {
    double v = std::strtod(text.c_str(), &end);
    if (text.empty() || *end != '\0') return Error(StrCat(what, ": '", text, "' is not a number"));
    if (errno == ERANGE && std::isinf(v)) return FloatOutOfRange(what, dtype, text);
    return StoreFloat(what, dtype, v, text, slot);
  }
  if (dtype == DType::kU64 && !text.empty() && text[0] != '-') {
    unsigned long long v = std::strtoull(text.c_str(), &end, 0);
    if (*end != '\0' || errno == ERANGE) {
      return Error(StrCat(what, ": '", text, "' is not an integer"));
    }
    slot->i = static_cast<int64_t>(v);
    return true;
  }
  long long v = std::strtoll(text.c_str(), &end, 0);
  if (text.empty() || *end != '\0' || errno == ERANGE) {
    return Error(StrCat(what, ": '", text, "' is not an integer"));
  }
  return StoreInteger(what, dtype, static_cast<long double>(v), slot);
}

// A scalar is rounded to its type as a literal is. A finite number that rounds to infinity
// there is a mistake, not a value (numpy only warns); "inf" written as such is taken.
bool ArgumentReader::StoreFloat(const std::string& what, DType dtype, double v,
                                const std::string& shown, Slot* slot) {
  const double rounded = RoundToFloatType(v, dtype);
  if (std::isfinite(v) && !std::isfinite(rounded)) return FloatOutOfRange(what, dtype, shown);
  slot->f = rounded;
  return true;
}

bool ArgumentReader::FloatOutOfRange(const std::string& what, DType dtype,
                                     const std::string& shown) {
  if (dtype != DType::kF32 && dtype != DType::kF16 && dtype != DType::kBF16) {
    return Error(StrCat(what, ": ", shown, " is out of range"));
  }
  return Error(StrCat(what, ": ", shown, " is out of range (the largest finite ",
                      DTypeName(dtype), " magnitude is ", FormatValue(LargestFinite(dtype), dtype),
                      ")"));
}

bool ArgumentReader::StoreInteger(const std::string& what, DType dtype, long double v,
                                  Slot* slot) {
  const int bits = IntBits(dtype);
  const long double lo = IsSigned(dtype) ? -std::ldexp(1.0L, bits - 1) : 0;
  const long double hi =
      IsSigned(dtype) ? std::ldexp(1.0L, bits - 1) - 1 : std::ldexp(1.0L, bits) - 1;
  if (v < lo || v > hi) {
    const bool whole = static_cast<long long>(v) == v;
    return Error(StrCat(what, ": ",
                        whole ? StrCat(static_cast<long long>(v))
                              : FormatDouble(static_cast<double>(v)),
                        " is out of range"));
  }
  slot->i = v < 0 ? static_cast<int64_t>(v) : static_cast<int64_t>(static_cast<uint64_t>(v));
  return true;
}

}  // namespace

size_t MemoryBudget() {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page_size = sysconf(_SC_PAGESIZE);
  size_t budget = pages > 0 && page_size > 0
                      ? static_cast<size_t>(pages) / 2 * static_cast<size_t>(page_size)
                      : kMaxBufferBytes;
  struct rlimit limit;
  if (getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY) {
    budget = std::min(budget, static_cast<size_t>(limit.rlim_cur) / 2);
  }
  return budget;
}

bool ReadArguments(const Program& program, const Function& fn,
                   const std::vector<ArgumentValue>& args, Arguments* out, Diagnostics& diags,
                   size_t memory_budget) {
  const std::vector<Param>& params = fn.params;
  if (args.size() != params.size()) {
    std::string list;
    for (size_t i = 0; i < params.size(); ++i) {
      list += StrCat(i ? ", " : "", "%", program.String(params[i].name));
    }
    diags.Error(StrCat("@", program.String(fn.name), " takes ", params.size(), " argument",
                       params.size() == 1 ? "" : "s", params.empty() ? "" : " (" + list + ")",
                       ", got ", args.size()));
    return false;
  }
  ArgumentReader reader(diags, memory_budget);
  out->globals.clear();
  out->buffer_of_param.assign(params.size(), -1);
  out->scalar_of_param.assign(params.size(), Slot{0});
  out->tile_bytes.assign(params.size(), {});
  out->shape_of_param.assign(params.size(), {});
  // A scalar argument's value, for the sizes of the tensor views of pointer arguments (read
  // quietly here: its own turn below reports it).
  const ScalarArgument scalar_argument = [&](uint32_t reg) -> std::optional<int64_t> {
    for (size_t i = 0; i < params.size(); ++i) {
      const Param& p = params[i];
      if (p.kind != ParamKind::kScalar || p.reg != reg || IsFloat(p.dtype)) continue;
      const Diagnostics::Mark mark = diags.Checkpoint();
      Slot slot{0};
      const bool parsed = reader.ParseScalar(program.String(p.name), p.dtype, args[i], &slot);
      diags.Rollback(mark);
      if (parsed) return slot.i;
    }
    return std::nullopt;
  };
  bool ok = true;  // every bad argument is reported, not only the first
  for (size_t i = 0; i < params.size(); ++i) {
    const Param& p = params[i];
    const std::string& name = program.String(p.name);
    switch (p.kind) {
      case ParamKind::kScalar:
        ok &= reader.ParseScalar(name, p.dtype, args[i], &out->scalar_of_param[i]);
        break;
      case ParamKind::kPointer:
      case ParamKind::kMemref: {
        Holds holds{p.dtype, {}};
        const bool dynamic =
            std::find(p.shape.begin(), p.shape.end(), int64_t{kDynamic}) != p.shape.end();
        if (p.kind == ParamKind::kMemref && !dynamic) {
          size_t bytes = DTypeSize(p.dtype);
          bool too_large = false;
          for (int64_t d : p.shape) {
            too_large |= __builtin_mul_overflow(bytes, static_cast<size_t>(d), &bytes) ||
                         bytes > kMaxBufferBytes;
          }
          if (too_large) {
            diags.Error(StrCat("%", name, " is a memref larger than ", kMaxBufferBytes >> 30,
                               " GiB"));
            ok = false;
            break;
          }
          holds.shape = p.shape;
        }
        if (p.kind == ParamKind::kPointer) {
          holds.reach = PointerReach(program, fn, p, scalar_argument).value_or(0);
        }
        GlobalBuffer buf;
        buf.dtype = p.dtype;
        const bool named = args[i].kind == ArgumentValue::Kind::kText &&
                           !IsZerosLiteral(args[i].text);
        buf.name = StrCat("%", name, named ? " (" + args[i].text + ")" : "");
        ok &= reader.LoadBytes(holds, name, args[i], &buf.bytes);
        out->shape_of_param[i] = p.shape;
        if (dynamic && !ResolveDynamicShape(name, p, buf.bytes.size(), &out->shape_of_param[i],
                                            diags)) {
          ok = false;
        }
        out->buffer_of_param[i] = static_cast<int>(out->globals.size());
        out->globals.push_back(std::move(buf));
        break;
      }
      case ParamKind::kTile: {
        const TileType& t = fn.tiles[p.reg].type;
        if (fn.tiles[p.reg].addr == kUnboundAddress) {  // a callee's tile comes from its caller
          diags.Error(StrCat("@", program.String(fn.name), " cannot be run on its own: its tile "
                             "parameter %", name, " has no place in memory"));
          ok = false;
          break;
        }
        ok &= reader.LoadBytes(Holds{t.dtype, {t.rows, t.cols}}, name, args[i],
                               &out->tile_bytes[i]);
        break;
      }
      case ParamKind::kLVec:
      case ParamKind::kLMask:
      case ParamKind::kVReg:
      case ParamKind::kMask:  // a called function's register: only a caller passes one
        diags.Error(StrCat("@", program.String(fn.name),
                           " cannot be run on its own: its "
                           "parameter %",
                           name, " is a ", GetRegClassInfo(ParamRegClass(p.kind)).noun,
                           " register, which only a call passes"));
        ok = false;
        break;
    }
  }
  return ok;
}

bool ReadArguments(const Program& program, const Function& fn,
                   const std::vector<std::string>& args, Arguments* out, Diagnostics& diags,
                   size_t memory_budget) {
  std::vector<ArgumentValue> values;
  for (const std::string& arg : args) values.push_back(ArgumentValue::Text(arg));
  return ReadArguments(program, fn, values, out, diags, memory_budget);
}

}  // namespace pto::interp
