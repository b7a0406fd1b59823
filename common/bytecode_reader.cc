#include <algorithm>

#include "pto/common/byte_io.h"
#include "pto/common/bytecode.h"
#include "pto/common/strings.h"
#include "pto/common/verifier.h"

namespace pto {

namespace {

struct Section {
  uint32_t offset = 0;
  uint32_t size = 0;
  bool present = false;
};

class Reader {
 public:
  Reader(const std::vector<uint8_t>& bytes, const std::string& name, Diagnostics& diags)
      : bytes_(bytes), name_(name), diags_(diags) {}

  bool Read(Program* program);

 private:
  bool Fail(size_t offset, std::string message) {
    diags_.BinaryError(name_, offset, std::move(message));
    return false;
  }
  bool Check(ByteReader& r) { return r.ok() || Fail(r.error_offset(), r.error()); }
  // Reads a count and checks that it is at most \a max and that \a min_bytes per item fit.
  bool Count(ByteReader& r, const char* what, uint32_t max, size_t min_bytes, uint32_t* n);

  bool ReadHeader();
  bool ReadStrings(Program* program);
  bool ReadMeta(Program* program);
  bool ReadFunctions(Program* program);
  bool ReadFunction(ByteReader& r, Function* f, FunctionOffsets* offsets);
  bool ReadFunctionHead(ByteReader& r, Function* f);
  bool ReadSignature(ByteReader& r, Function* f);
  bool ReadCode(ByteReader& r, Function* f, FunctionOffsets* offsets);
  bool ReadDType(ByteReader& r, DType* out);
  // One register's record, by register class (register_classes.def).
  bool ReadRecord(ByteReader& r, DType* type);
  bool ReadRecord(ByteReader& r, TileReg* reg);
  bool ReadRecord(ByteReader& r, ViewReg* view);
  bool ReadRecord(ByteReader& r, VRegReg* v);
  bool ReadRecord(ByteReader& r, MaskReg* m);
  bool ReadRecord(ByteReader& r, AlignReg* a);
  bool ReadRecord(ByteReader& r, LVecReg* v);
  bool ReadRecord(ByteReader& r, LMaskReg* m);

  const std::vector<uint8_t>& bytes_;
  const std::string& name_;
  Diagnostics& diags_;
  Section sections_[4];
  std::vector<FunctionOffsets> offsets_;
  bool is_object_ = false;
};

bool Reader::Count(ByteReader& r, const char* what, uint32_t max, size_t min_bytes,
                   uint32_t* n) {
  size_t at = r.pos();
  *n = r.U32();
  if (!Check(r)) return false;
  if (*n > max) return Fail(at, StrCat(what, " count ", *n, " exceeds the limit of ", max));
  if (static_cast<uint64_t>(*n) * min_bytes > r.remaining()) {
    return Fail(at, StrCat(what, " count ", *n, " does not fit in the remaining ", r.remaining(),
                           " bytes"));
  }
  return true;
}

bool Reader::ReadDType(ByteReader& r, DType* out) {
  size_t at = r.pos();
  uint8_t v = r.U8();
  if (!Check(r)) return false;
  if (v == 0 || v >= kDTypeCount) return Fail(at, StrCat("invalid element type code ", int{v}));
  *out = static_cast<DType>(v);
  return true;
}

bool Reader::ReadRecord(ByteReader& r, DType* type) { return ReadDType(r, type); }

bool Reader::ReadRecord(ByteReader& r, TileReg* reg) {
  TileType& t = reg->type;
  size_t at = r.pos();
  uint8_t mem = r.U8();
  if (!Check(r)) return false;
  if (mem >= kMemoryCount) return Fail(at, StrCat("invalid tile memory code ", int{mem}));
  t.mem = static_cast<Memory>(mem);
  if (!ReadDType(r, &t.dtype)) return false;
  at = r.pos();
  uint8_t blayout = r.U8(), slayout = r.U8(), pad = r.U8();
  t.compact = r.U8();
  r.U16();
  if (!Check(r)) return false;
  if (blayout > 1 || slayout > 2 || pad > 3 || t.compact > 2) {
    return Fail(at, "invalid tile layout, pad or compact code");
  }
  t.blayout = static_cast<BLayout>(blayout);
  t.slayout = static_cast<SLayout>(slayout);
  t.pad = static_cast<PadValue>(pad);
  t.rows = r.I32();
  t.cols = r.I32();
  t.valid_rows = r.I32();
  t.valid_cols = r.I32();
  t.fractal = r.I32();
  t.storage_rows = r.I32();
  t.storage_cols = r.I32();
  reg->addr = r.U32();
  reg->valid_rows = r.I32();
  reg->valid_cols = r.I32();
  reg->name = r.U32();
  return true;
}

bool Reader::ReadRecord(ByteReader& r, ViewReg* v) {
  if (!ReadDType(r, &v->dtype)) return false;
  r.U8();
  r.U16();
  v->name = r.U32();
  return true;
}

bool Reader::ReadRecord(ByteReader& r, VRegReg* v) {
  size_t at = r.pos();
  if (!ReadDType(r, &v->dtype)) return false;
  if (v->dtype == DType::kIndex || v->dtype == DType::kI1 || DTypeSize(v->dtype) > 8) {
    return Fail(at, StrCat("invalid vector register element type ", DTypeName(v->dtype)));
  }
  r.U8();
  r.U16();
  v->name = r.U32();
  return true;
}

bool Reader::ReadRecord(ByteReader& r, MaskReg* m) {
  size_t at = r.pos();
  m->granule = r.U8();
  r.U8();
  r.U16();
  m->name = r.U32();
  if (!Check(r)) return false;
  if (m->granule != 1 && m->granule != 2 && m->granule != 4) {
    return Fail(at, StrCat("invalid mask granularity ", int{m->granule}, " (1, 2 or 4 bytes)"));
  }
  return true;
}

bool Reader::ReadRecord(ByteReader& r, LVecReg* v) {
  size_t at = r.pos();
  if (!ReadDType(r, &v->dtype)) return false;
  v->flags = r.U8();
  v->lanes = r.U16();
  v->name = r.U32();
  if (!Check(r)) return false;
  if (v->dtype == DType::kIndex || v->dtype == DType::kI1 || v->dtype == DType::kF64) {
    return Fail(at, StrCat("invalid logical vector element type ", DTypeName(v->dtype)));
  }
  if (v->flags > (kLVecSignless | kLVecBf16Pair) ||
      ((v->flags & kLVecBf16Pair) && v->dtype != DType::kU32)) {
    return Fail(at + 1, StrCat("invalid logical vector flags ", int{v->flags}));
  }
  if (v->lanes == 0 || v->lanes > kMaxLogicalLanes || v->Bytes() > kMaxLogicalBytes) {
    return Fail(at + 2, StrCat("invalid logical vector lane count ", v->lanes));
  }
  return true;
}

bool Reader::ReadRecord(ByteReader& r, LMaskReg* m) {
  size_t at = r.pos();
  m->lanes = r.U16();
  m->granule = r.U8();
  r.U8();
  m->name = r.U32();
  if (!Check(r)) return false;
  if (m->lanes == 0 || m->lanes > kMaxLogicalLanes) {
    return Fail(at, StrCat("invalid logical mask lane count ", m->lanes));
  }
  if (m->granule != 0 && m->granule != 1 && m->granule != 2 && m->granule != 4) {
    return Fail(at + 2, StrCat("invalid logical mask granularity ", int{m->granule}));
  }
  return true;
}

bool Reader::ReadRecord(ByteReader& r, AlignReg* a) {
  r.U32();
  a->name = r.U32();
  return true;
}

bool Reader::ReadHeader() {
  if (bytes_.size() < 16) return Fail(0, "file too short for a bytecode header");
  if (!LooksLikeBytecode(bytes_)) return Fail(0, "bad magic: not a PTO bytecode file");
  ByteReader r(bytes_.data(), 8, bytes_.size());
  uint16_t version = r.U16();
  if (version != kFormatVersion) {
    return Fail(8, StrCat("unsupported bytecode version ", version, " (this tool reads ",
                          kFormatVersion, ")"));
  }
  uint16_t kind = r.U16();
  if (kind != static_cast<uint16_t>(FileKind::kExecutable) &&
      kind != static_cast<uint16_t>(FileKind::kObject)) {
    return Fail(10, StrCat("unknown file kind ", kind, " (1 executable, 2 object)"));
  }
  is_object_ = kind == static_cast<uint16_t>(FileKind::kObject);
  uint32_t count;
  if (!Count(r, "section", 16, 12, &count)) return false;
  for (uint32_t i = 0; i < count; ++i) {
    size_t at = r.pos();
    uint32_t id = r.U32(), offset = r.U32(), size = r.U32();
    if (!Check(r)) return false;
    if (id < 1 || id > 3) return Fail(at, StrCat("unknown section id ", id));
    if (sections_[id].present) return Fail(at, StrCat("section ", id, " appears twice"));
    if (offset < r.pos() || static_cast<uint64_t>(offset) + size > bytes_.size()) {
      return Fail(at, StrCat("section ", id, " (offset ", offset, ", size ", size,
                             ") lies outside the file of ", bytes_.size(), " bytes"));
    }
    sections_[id] = {offset, size, true};
  }
  for (uint32_t id = 1; id <= 3; ++id) {
    if (!sections_[id].present) return Fail(12, StrCat("missing section ", id));
  }
  return true;
}

bool Reader::ReadStrings(Program* program) {
  const Section& s = sections_[static_cast<int>(SectionId::kStrings)];
  ByteReader r(bytes_.data(), s.offset, s.offset + s.size);
  uint32_t count;
  if (!Count(r, "string", kMaxStrings, 4, &count)) return false;
  program->strings.resize(count);
  for (uint32_t i = 0; i < count; ++i) {
    size_t at = r.pos();
    uint32_t len = r.U32();
    if (!Check(r)) return false;
    if (len > kMaxStringLength) return Fail(at, StrCat("string length ", len, " is too large"));
    r.Bytes(len, &program->strings[i]);
    if (!Check(r)) return false;
  }
  if (r.remaining() != 0) return Fail(r.pos(), "trailing bytes after the string pool");
  return true;
}

bool Reader::ReadMeta(Program* program) {
  const Section& s = sections_[static_cast<int>(SectionId::kMeta)];
  ByteReader r(bytes_.data(), s.offset, s.offset + s.size);
  size_t at = r.pos();
  uint32_t arch = r.U32();
  program->entry = r.U32();
  const size_t flags_at = r.pos();
  const uint32_t flags = r.U32();
  if (!Check(r)) return false;
  if (flags != 0) return Fail(flags_at, StrCat("unknown meta flags ", Hex(flags)));
  if (arch != static_cast<uint32_t>(Arch::kA2A3) && arch != static_cast<uint32_t>(Arch::kA5)) {
    return Fail(at, StrCat("unknown architecture code ", arch));
  }
  program->arch = static_cast<Arch>(arch);
  return true;
}

// The function record's head: its name, kind, flags, peer and definition site.
bool Reader::ReadFunctionHead(ByteReader& r, Function* f) {
  f->name = r.U32();
  size_t kind_at = r.pos();
  uint8_t kernel_kind = r.U8();
  uint8_t flags = r.U8();
  r.U16();
  f->peer = r.U32();
  if (!Check(r)) return false;
  if (kernel_kind > static_cast<uint8_t>(KernelKind::kVector)) {
    return Fail(kind_at, StrCat("invalid kernel kind ", int{kernel_kind}));
  }
  f->kind = static_cast<KernelKind>(kernel_kind);
  if (flags & ~(kFunctionPublic | kFunctionDeclaration | kFunctionEntry | kFunctionSimtEntry |
                kFunctionVpto)) {
    return Fail(kind_at + 1, StrCat("unknown function flags ", int{flags}));
  }
  f->is_public = flags & kFunctionPublic;
  f->defined = !(flags & kFunctionDeclaration);
  f->marked_entry = flags & kFunctionEntry;
  f->simt_entry = flags & kFunctionSimtEntry;
  f->backend = (flags & kFunctionVpto) ? Backend::kVpto : Backend::kEmitC;
  f->def_file = r.U32();
  f->def_line = r.U32();
  f->def_col = r.U32();
  return true;
}

// The parameters (kind, element type, register, name, shape) and the result types.
bool Reader::ReadSignature(ByteReader& r, Function* f) {
  uint32_t n;
  if (!Count(r, "parameter", kMaxRegisters, 16, &n)) return false;
  f->params.resize(n);
  for (Param& p : f->params) {
    size_t at = r.pos();
    uint8_t kind = r.U8();
    if (!Check(r)) return false;
    if (kind < 1 || kind > kLastParamKind) {
      return Fail(at, StrCat("invalid parameter kind ", int{kind}));
    }
    p.kind = static_cast<ParamKind>(kind);
    if (!ReadDType(r, &p.dtype)) return false;
    r.U16();
    p.reg = r.U32();
    p.name = r.U32();
    uint32_t rank;
    if (!Count(r, "shape", kMaxParamRank, 8, &rank)) return false;
    p.shape.resize(rank);
    for (int64_t& d : p.shape) d = r.I64();
  }
  if (!Count(r, "result", kMaxResults, 1, &n)) return false;
  f->results.resize(n);
  for (DType& t : f->results) {
    if (!ReadDType(r, &t)) return false;
  }
  return true;
}

// The constants, the code and the line table.
bool Reader::ReadCode(ByteReader& r, Function* f, FunctionOffsets* offsets) {
  uint32_t n;
  if (!Count(r, "constant", kMaxRegisters, 12, &n)) return false;
  f->consts.resize(n);
  for (ConstInit& c : f->consts) {
    c.reg = r.U32();
    c.bits = r.U64();
  }
  if (!Count(r, "code word", kMaxCodeWords, 4, &n)) return false;
  offsets->code = r.pos();
  f->code.resize(n);
  for (uint32_t& word : f->code) word = r.U32();
  if (!Count(r, "line entry", kMaxCodeWords, 16, &n)) return false;
  offsets->lines = r.pos();
  f->lines.resize(n);
  for (LineEntry& l : f->lines) {
    l.code_offset = r.U32();
    l.file = r.U32();
    l.line = r.U32();
    l.col = r.U32();
  }
  return Check(r);
}

bool Reader::ReadFunction(ByteReader& r, Function* f, FunctionOffsets* offsets) {
  offsets->record = r.pos();
  if (!ReadFunctionHead(r, f) || !ReadSignature(r, f)) return false;
  // The register files, class by class (register_classes.def).
  uint32_t n;
#define PTO_REG_CLASS(Name, Noun, Record, Field, Prefix, RecordBytes)                         \
  offsets->registers[static_cast<int>(RegClass::k##Name)] = r.pos();                         \
  if (!Count(r, Noun " register", kMaxRegisters, RecordBytes, &n)) return false;             \
  f->Field.resize(n);                                                                         \
  for (Record& reg : f->Field) {                                                              \
    if (!ReadRecord(r, &reg)) return false;                                                   \
  }
#include "pto/common/isa/register_classes.def"
#undef PTO_REG_CLASS
  return ReadCode(r, f, offsets);
}

bool Reader::ReadFunctions(Program* program) {
  const Section& s = sections_[static_cast<int>(SectionId::kFunctions)];
  ByteReader r(bytes_.data(), s.offset, s.offset + s.size);
  uint32_t count;
  if (!Count(r, "function", kMaxFunctions, 48, &count)) return false;
  if (count == 0) return Fail(s.offset, "the program has no functions");
  program->functions.resize(count);
  offsets_.resize(count);
  for (uint32_t i = 0; i < count; ++i) {
    if (!ReadFunction(r, &program->functions[i], &offsets_[i])) return false;
  }
  if (r.remaining() != 0) return Fail(r.pos(), "trailing bytes after the last function");
  return true;
}

bool Reader::Read(Program* program) {
  if (!ReadHeader()) return false;
  program->is_object = is_object_;
  return ReadStrings(program) && ReadMeta(program) && ReadFunctions(program) &&
         VerifyProgram(*program, offsets_, name_, diags_);
}

}  // namespace

bool ReadProgram(const std::vector<uint8_t>& bytes, const std::string& name, Program* program,
                 Diagnostics& diags) {
  *program = Program();
  return Reader(bytes, name, diags).Read(program);
}

}  // namespace pto
