#include <algorithm>

#include "pto/common/byte_io.h"
#include "pto/common/bytecode.h"

namespace pto {

namespace {

void WriteStrings(const std::vector<const std::string*>& strings, ByteWriter& w) {
  w.U32(static_cast<uint32_t>(strings.size()));
  for (const std::string* s : strings) {
    w.U32(static_cast<uint32_t>(s->size()));
    w.Bytes(s->data(), s->size());
  }
}

// String indices as written: see CanonicalStrings.
using StringMap = std::vector<uint32_t>;

uint32_t Mapped(const StringMap& remap, uint32_t index) {
  return index < remap.size() ? remap[index] : index;  // out of range: left for the reader
}

// One register's record, by register class (register_classes.def gives each size).
void WriteRecord(DType type, const StringMap&, ByteWriter& w) {
  w.U8(static_cast<uint8_t>(type));
}

void WriteRecord(const TileReg& reg, const StringMap& remap, ByteWriter& w) {
  const TileType& t = reg.type;
  w.U8(static_cast<uint8_t>(t.mem));
  w.U8(static_cast<uint8_t>(t.dtype));
  w.U8(static_cast<uint8_t>(t.blayout));
  w.U8(static_cast<uint8_t>(t.slayout));
  w.U8(static_cast<uint8_t>(t.pad));
  w.U8(t.compact);
  w.U16(0);
  w.I32(t.rows);
  w.I32(t.cols);
  w.I32(t.valid_rows);
  w.I32(t.valid_cols);
  w.I32(t.fractal);
  w.I32(t.storage_rows);
  w.I32(t.storage_cols);
  w.U32(reg.addr);
  w.I32(reg.valid_rows);
  w.I32(reg.valid_cols);
  w.U32(Mapped(remap, reg.name));
}

void WriteRecord(const ViewReg& v, const StringMap& remap, ByteWriter& w) {
  w.U8(static_cast<uint8_t>(v.dtype));
  w.U8(0);
  w.U16(0);
  w.U32(Mapped(remap, v.name));
}

void WriteRecord(const VRegReg& v, const StringMap& remap, ByteWriter& w) {
  w.U8(static_cast<uint8_t>(v.dtype));
  w.U8(0);
  w.U16(0);
  w.U32(Mapped(remap, v.name));
}

void WriteRecord(const MaskReg& m, const StringMap& remap, ByteWriter& w) {
  w.U8(m.granule);
  w.U8(0);
  w.U16(0);
  w.U32(Mapped(remap, m.name));
}

void WriteRecord(const LVecReg& v, const StringMap& remap, ByteWriter& w) {
  w.U8(static_cast<uint8_t>(v.dtype));
  w.U8(v.flags);
  w.U16(v.lanes);
  w.U32(Mapped(remap, v.name));
}

void WriteRecord(const LMaskReg& m, const StringMap& remap, ByteWriter& w) {
  w.U16(m.lanes);
  w.U8(m.granule);
  w.U8(0);
  w.U32(Mapped(remap, m.name));
}

void WriteRecord(const AlignReg& a, const StringMap& remap, ByteWriter& w) {
  w.U32(0);
  w.U32(Mapped(remap, a.name));
}

void WriteFunction(const Function& f, const StringMap& remap, ByteWriter& w) {
  w.U32(Mapped(remap, f.name));
  w.U8(static_cast<uint8_t>(f.kind));
  w.U8((f.is_public ? kFunctionPublic : 0) | (f.defined ? 0 : kFunctionDeclaration) |
       (f.marked_entry ? kFunctionEntry : 0) | (f.simt_entry ? kFunctionSimtEntry : 0) |
       (f.backend == Backend::kVpto ? kFunctionVpto : 0));
  w.U16(0);
  w.U32(f.peer);
  w.U32(Mapped(remap, f.def_file));
  w.U32(f.def_line);
  w.U32(f.def_col);
  w.U32(static_cast<uint32_t>(f.params.size()));
  for (const Param& p : f.params) {
    w.U8(static_cast<uint8_t>(p.kind));
    w.U8(static_cast<uint8_t>(p.dtype));
    w.U16(0);
    w.U32(p.reg);
    w.U32(Mapped(remap, p.name));
    w.U32(static_cast<uint32_t>(p.shape.size()));
    for (int64_t d : p.shape) w.I64(d);
  }
  w.U32(static_cast<uint32_t>(f.results.size()));
  for (DType t : f.results) w.U8(static_cast<uint8_t>(t));
#define PTO_REG_CLASS(Name, Noun, Record, Field, Prefix, RecordBytes) \
  w.U32(static_cast<uint32_t>(f.Field.size()));                 \
  for (const Record& reg : f.Field) WriteRecord(reg, remap, w);
#include "pto/common/isa/register_classes.def"
#undef PTO_REG_CLASS
  w.U32(static_cast<uint32_t>(f.consts.size()));
  for (const ConstInit& c : f.consts) {
    w.U32(c.reg);
    w.U64(c.bits);
  }
  w.U32(static_cast<uint32_t>(f.code.size()));
  w.Bytes(f.code.data(), f.code.size() * sizeof(uint32_t));  // little-endian words
  w.U32(static_cast<uint32_t>(f.lines.size()));
  for (const LineEntry& l : f.lines) {
    w.U32(l.code_offset);
    w.U32(Mapped(remap, l.file));
    w.U32(l.line);
    w.U32(l.col);
  }
}

// The string pool rebuilt in order of first use (functions in order: name, parameters,
// tiles, views, line-table files), unused strings dropped: \a remap[i] is the new index of
// string i, \a strings the new pool. The bytes of a program then do not depend on the order
// its producer happened to intern names in, so assembling a disassembly gives the same file.
// The program itself is not copied: WriteFunction applies \a remap.
void CanonicalStrings(const Program& program, StringMap* remap,
                      std::vector<const std::string*>* strings) {
  remap->assign(program.strings.size(), UINT32_MAX);
  auto use = [&](uint32_t index) {
    if (index >= program.strings.size()) return;  // left for the reader to reject
    if ((*remap)[index] == UINT32_MAX) {
      (*remap)[index] = static_cast<uint32_t>(strings->size());
      strings->push_back(&program.strings[index]);
    }
  };
  for (const Function& f : program.functions) ForEachStringIndex(f, use);
}

// An upper bound of the file's size, reserved at once: the buffer then never grows by
// copying itself into fresh pages (only the bytes written are touched).
size_t SizeBound(const Program& program) {
  size_t bytes = 1024;
  for (const std::string& s : program.strings) bytes += 4 + s.size();
  for (const Function& f : program.functions) {
    bytes += 128 + 16 * f.params.size() + f.results.size() + 12 * f.consts.size() +
             4 * f.code.size() + 16 * f.lines.size();
    for (int c = 0; c < kRegClassCount; ++c) {
      bytes += 4 + kRegClasses[c].record_bytes * f.RegisterCount(static_cast<RegClass>(c));
    }
    for (const Param& p : f.params) bytes += 8 * p.shape.size();
  }
  return bytes;
}

}  // namespace

std::vector<uint8_t> WriteProgram(const Program& program) {
  StringMap remap;
  std::vector<const std::string*> strings;
  CanonicalStrings(program, &remap, &strings);
  constexpr uint32_t kSectionCount = 3;
  ByteWriter w;
  w.bytes().reserve(SizeBound(program));
  w.Bytes(kMagic, sizeof kMagic);
  w.U16(kFormatVersion);
  w.U16(static_cast<uint16_t>(program.is_object ? FileKind::kObject : FileKind::kExecutable));
  w.U32(kSectionCount);
  size_t table = w.size();
  for (uint32_t i = 0; i < kSectionCount * 3; ++i) w.U32(0);

  auto section = [&](uint32_t index, SectionId id, auto&& body) {
    size_t start = w.size();
    body();
    w.PatchU32(table + index * 12, static_cast<uint32_t>(id));
    w.PatchU32(table + index * 12 + 4, static_cast<uint32_t>(start));
    w.PatchU32(table + index * 12 + 8, static_cast<uint32_t>(w.size() - start));
  };
  section(0, SectionId::kStrings, [&] { WriteStrings(strings, w); });
  section(1, SectionId::kMeta, [&] {
    w.U32(static_cast<uint32_t>(program.arch));
    w.U32(program.entry);
    w.U32(0);  // flags
  });
  section(2, SectionId::kFunctions, [&] {
    w.U32(static_cast<uint32_t>(program.functions.size()));
    for (const Function& f : program.functions) WriteFunction(f, remap, w);
  });
  return std::move(w.bytes());
}

bool LooksLikeBytecode(const std::vector<uint8_t>& bytes) {
  return bytes.size() >= sizeof kMagic && std::equal(kMagic, kMagic + sizeof kMagic, bytes.begin());
}

}  // namespace pto
