#include "pto/asm/dump_header.h"

#include "pto/common/byte_io.h"
#include "pto/common/bytecode.h"
#include "pto/common/code_walk.h"
#include "pto/common/isa/encoding.h"
#include "pto/common/strings.h"

namespace pto::assembler {

namespace {

const char* SectionName(uint32_t id) {
  switch (static_cast<SectionId>(id)) {
    case SectionId::kStrings:
      return "strings";
    case SectionId::kMeta:
      return "meta";
    case SectionId::kFunctions:
      return "functions";
  }
  return "unknown";
}

const char* KindName(KernelKind kind) {
  switch (kind) {
    case KernelKind::kCube:
      return "cube";
    case KernelKind::kVector:
      return "vector";
    case KernelKind::kAny:
      break;
  }
  return "any core";
}

}  // namespace

std::string DumpHeader(const std::vector<uint8_t>& bytes, const Program& program,
                       const std::string& name) {
  // The reader has verified the file, so the header can be read without checks.
  ByteReader r(bytes.data(), 8, bytes.size());
  const uint32_t version = r.U16();
  r.U16();  // file kind
  const uint32_t sections = r.U32();
  std::string out = StrCat(name, ": PTO bytecode version ", version, ", ", bytes.size(),
                           " bytes, ", ArchName(program.arch), ", entry @",
                           program.String(program.functions[program.entry].name), "\n");
  out += StrCat("sections (", sections, "):\n");
  for (uint32_t i = 0; i < sections; ++i) {
    const uint32_t id = r.U32(), offset = r.U32(), size = r.U32();
    out += StrCat("  ", SectionName(id), ": offset ", offset, ", ", size, " bytes\n");
  }
  out += StrCat("strings: ", program.strings.size(), "\n");
  for (uint32_t i = 0; i < program.functions.size(); ++i) {
    const Function& f = program.functions[i];
    uint32_t instructions = 0;
    for ([[maybe_unused]] const CodeSite& site : Instructions(f.code)) ++instructions;
    out += StrCat("function ", i, " @", program.String(f.name), ": ", f.is_public ? "public" : "private",
                  f.defined ? "" : " declaration", ", ", KindName(f.kind));
    if (f.peer != kNoFunction) out += StrCat(", peer @", program.String(program.functions[f.peer].name));
    // Every register class (register_classes.def); the register layer's only when used.
    std::string regs;
    bool first = true;
#define PTO_REG_CLASS(Name, Noun, Record, Field, Prefix, RecordBytes)                   \
    if (!f.Field.empty() || RegClass::k##Name <= RegClass::kView) {                   \
      regs += StrCat(first ? "" : ", ", f.Field.size(), " ", Noun);                    \
      first = false;                                                                  \
    }
#include "pto/common/isa/register_classes.def"
#undef PTO_REG_CLASS
    out += StrCat("\n  parameters ", f.params.size(), ", results ", f.results.size(), "; registers: ",
                  regs, "; ", f.consts.size(), " constants\n");
    out += StrCat("  code: ", f.code.size(), " words, ", instructions, " instructions\n");
    for (const Param& p : f.params) {
      // A scalar shows its type; the other kinds say what they are before the element type.
      const char* kind = p.kind == ParamKind::kPointer  ? "pointer "
                         : p.kind == ParamKind::kTile   ? "tile "
                         : p.kind == ParamKind::kMemref ? "memref "
                         : p.kind == ParamKind::kLVec   ? "VMI vector "
                         : p.kind == ParamKind::kLMask  ? "VMI mask "
                         : p.kind == ParamKind::kVReg   ? "vector "
                         : p.kind == ParamKind::kMask   ? "mask "
                                                        : "";
      out += StrCat("  param %", program.String(p.name), ": ", kind, DTypeName(p.dtype), "\n");
    }
    out += StrCat("  line table (", f.lines.size(), "):\n");
    for (const LineEntry& l : f.lines) {
      out += StrCat("    word ", l.code_offset, " -> ", program.String(l.file), ":", l.line, ":",
                    l.col, "\n");
    }
  }
  return out;
}

}  // namespace pto::assembler
