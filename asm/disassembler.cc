#include "pto/asm/disassembler.h"

#include "pto/asm/type_parser.h"

#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <set>

#include "pto/common/code_walk.h"
#include "pto/common/isa/attributes.h"
#include "pto/common/isa/encoding.h"
#include "pto/common/isa/sync_enums.h"
#include "pto/common/strings.h"

namespace pto::assembler {

namespace {

// A string literal with the escapes the lexer resolves.
std::string Quoted(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

std::string ParamType(const Function& f, const Param& p) {
  switch (p.kind) {
    case ParamKind::kPointer:
      return StrCat("!pto.ptr<", DTypeName(p.dtype), ">");
    case ParamKind::kScalar:
      return DTypeName(p.dtype);
    case ParamKind::kTile:
      return f.tiles[p.reg].type.ToString();
    case ParamKind::kMemref:
      return StrCat("memref<", ParamShapeText(p), ">");
    case ParamKind::kLVec:
      return LVecTypeText(f.lvecs[p.reg]);
    case ParamKind::kLMask:
      return LMaskTypeText(f.lmasks[p.reg]);
    case ParamKind::kVReg:
      return VRegTypeText(f.vregs[p.reg]);
    case ParamKind::kMask:
      return MaskTypeText(f.masks[p.reg]);
  }
  return "?";
}

const char* ParamPrefix(ParamKind kind) { return GetRegClassInfo(ParamRegClass(kind)).prefix; }

class Lister {
 public:
  explicit Lister(const Program& program) : program_(program) {}

  std::string Run(const std::string& name);

 private:
  void Header(uint32_t index, const Function& f);
  void Registers(const Function& f);
  void Instruction(const Function& f, uint32_t pc, const std::set<uint32_t>& targets,
                   const LineEntry* line);
  std::string Immediate(const OpInfo& info, const OperandSpec& spec, uint32_t value) const;
  const std::string& Str(uint32_t i) const { return program_.String(i); }

  const Program& program_;
  std::string out_;
};

std::string Lister::Run(const std::string& name) {
  out_ = StrCat("// Listing of ", name, " (", program_.is_object ? "object" : "executable", ", ",
                ArchName(program_.arch), ", ",
                program_.functions.size(), " function", program_.functions.size() == 1 ? "" : "s",
                "). ptoas assembles it into the same bytes; docs/bytecode.md explains it.\n");
  out_ += StrCat("module attributes {pto.target_arch = \"", ArchName(program_.arch),
                 "\", pto.listing, ",
                 program_.is_object ? "pto.object" : StrCat("pto.entry = ", program_.entry),
                 "} {\n");
  for (uint32_t i = 0; i < program_.functions.size(); ++i) {
    const Function& f = program_.functions[i];
    Header(i, f);
    Registers(f);
    std::set<uint32_t> targets;
    for (const CodeSite& site : Instructions(f.code)) {
      const OpInfo& info = GetOpInfo(site.in.op);
      for (int k = 0; k < info.num_operands() && k < static_cast<int>(site.in.count); ++k) {
        if (info.operands[k].kind == OperandKind::kTarget) targets.insert(site.in.operands[k]);
      }
    }
    size_t line = 0;
    for (const CodeSite& site : Instructions(f.code)) {
      while (line < f.lines.size() && f.lines[line].code_offset < site.pc) ++line;
      const bool has_line = line < f.lines.size() && f.lines[line].code_offset == site.pc;
      Instruction(f, site.pc, targets, has_line ? &f.lines[line] : nullptr);
    }
    out_ += "  }";
    if (f.def_line > 0) {
      out_ += StrCat(" loc(", Quoted(Str(f.def_file)), ":", f.def_line, ":", f.def_col, ")");
    }
    out_ += "\n";
  }
  out_ += "}\n";
  return out_;
}

void Lister::Header(uint32_t index, const Function& f) {
  out_ += StrCat("  // function ", index, "\n  func.func ", f.is_public ? "" : "private ", "@",
                 Str(f.name), "(");
  for (size_t i = 0; i < f.params.size(); ++i) {
    const Param& p = f.params[i];
    out_ += StrCat(i ? ", " : "", ParamPrefix(p.kind), p.reg, ": ", ParamType(f, p),
                   " {pto.name = ", Quoted(Str(p.name)), "}");
  }
  out_ += ")";
  if (!f.results.empty()) {
    out_ += " -> (";
    for (size_t i = 0; i < f.results.size(); ++i) {
      out_ += StrCat(i ? ", " : "", DTypeName(f.results[i]));
    }
    out_ += ")";
  }
  std::vector<std::string> attrs;
  if (f.marked_entry) attrs.push_back("pto.entry");
  if (f.simt_entry) attrs.push_back("pto.simt_entry");
  if (f.backend == Backend::kVpto) attrs.push_back("pto.backend = \"vpto\"");
  if (f.kind != KernelKind::kAny) {
    attrs.push_back(StrCat("pto.kernel_kind = #pto.kernel_kind<",
                           f.kind == KernelKind::kCube ? "cube" : "vector", ">"));
  }
  if (f.peer != kNoFunction) attrs.push_back(StrCat("pto.peer = ", f.peer));
  if (!f.defined) attrs.push_back("pto.declaration");
  if (!attrs.empty()) {
    out_ += " attributes {";
    for (size_t i = 0; i < attrs.size(); ++i) out_ += StrCat(i ? ", " : "", attrs[i]);
    out_ += "}";
  }
  out_ += " {\n";
}

void Lister::Registers(const Function& f) {
  out_ += "    bc.scalars [";
  for (size_t i = 0; i < f.scalar_regs.size(); ++i) {
    out_ += StrCat(i ? ", " : "", DTypeName(f.scalar_regs[i]));
  }
  out_ += "]\n";
  for (const ConstInit& c : f.consts) {
    const DType t = f.scalar_regs[c.reg];
    if (IsFloat(t)) {
      double v;
      std::memcpy(&v, &c.bits, 8);
      char buf[64];
      std::snprintf(buf, sizeof buf, "0x%016" PRIx64, c.bits);
      out_ += StrCat("    bc.const %s", c.reg, " = ", buf, " : ", DTypeName(t), "  // ",
                     FormatDouble(v), "\n");
    } else {
      out_ += StrCat("    bc.const %s", c.reg, " = ", static_cast<int64_t>(c.bits), " : ",
                     DTypeName(t), "\n");
    }
  }
  for (size_t i = 0; i < f.tiles.size(); ++i) {
    const TileReg& t = f.tiles[i];
    out_ += StrCat("    bc.tile %t", i, " = ", t.type.ToString(), " {name = ", Quoted(Str(t.name)));
    if (t.addr != kUnboundAddress) out_ += StrCat(", addr = ", t.addr);
    out_ += StrCat(", valid = [", t.valid_rows, ", ", t.valid_cols, "]}\n");
  }
  for (size_t i = 0; i < f.views.size(); ++i) {
    const ViewReg& v = f.views[i];
    out_ += StrCat("    bc.view %v", i, " = ", DTypeName(v.dtype), " {name = ", Quoted(Str(v.name)),
                   "}\n");
  }
  for (size_t i = 0; i < f.vregs.size(); ++i) {
    const VRegReg& v = f.vregs[i];
    out_ += StrCat("    bc.vreg %r", i, " = ", VRegTypeText(v), " {name = ", Quoted(Str(v.name)),
                   "}\n");
  }
  for (size_t i = 0; i < f.masks.size(); ++i) {
    const MaskReg& m = f.masks[i];
    out_ += StrCat("    bc.mask %m", i, " = ", MaskTypeText(m), " {name = ", Quoted(Str(m.name)),
                   "}\n");
  }
  for (size_t i = 0; i < f.aligns.size(); ++i) {
    out_ += StrCat("    bc.align %al", i, " = !pto.align {name = ", Quoted(Str(f.aligns[i].name)),
                   "}\n");
  }
  for (size_t i = 0; i < f.lvecs.size(); ++i) {
    out_ += StrCat("    bc.lvec %lv", i, " = ", LVecTypeText(f.lvecs[i]), " {name = ",
                   Quoted(Str(f.lvecs[i].name)), "}\n");
  }
  for (size_t i = 0; i < f.lmasks.size(); ++i) {
    out_ += StrCat("    bc.lmask %lk", i, " = ", LMaskTypeText(f.lmasks[i]), " {name = ",
                   Quoted(Str(f.lmasks[i].name)), "}\n");
  }
}

std::string Lister::Immediate(const OpInfo& info, const OperandSpec& spec, uint32_t value) const {
  if (const AttrInfo* attr = FindAttr(spec.attr); attr && value < attr->count) {
    // A name that does not lex as a word (the distribution 1PT_B8) is listed by its code.
    const char* name = attr->values[value];
    if (name[0] >= '0' && name[0] <= '9') return StrCat(value);
    return name;
  }
  if (info.family == Family::kSync && spec.attr != "id") {
    SyncEnum kind = SyncAttrKind(info.opcode, spec.attr);
    if (value < SyncEnumCount(kind)) return SyncEnumName(kind, value);
  }
  return StrCat(value);
}

void Lister::Instruction(const Function& f, uint32_t pc, const std::set<uint32_t>& targets,
                         const LineEntry* line) {
  if (targets.count(pc)) out_ += StrCat("  ^w", pc, ":\n");
  Instr in = Decode(&f.code[pc]);
  const OpInfo& info = GetOpInfo(in.op);
  std::string text = StrCat("    bc.", info.listing_name());
  std::vector<std::string> operands, attrs;
  uint32_t k = 0;
  for (const OperandSpec& spec : info.operands) {
    if (spec.kind == OperandKind::kImm && spec.attr.empty()) {
      // The callee of %call: its index in the program.
      operands.push_back(StrCat(in.operands[k++]));
      continue;
    }
    if (k >= in.count) break;
    const uint32_t value = in.operands[k++];
    if (spec.kind == OperandKind::kImm) {
      std::string key(spec.attr[0] == '%' ? spec.attr.substr(1) : spec.attr);
      const std::string shown = Immediate(info, spec, value);
      // An attribute whose code 0 is "not written" (VMI's rounding, saturate) is left out.
      if (!shown.empty()) attrs.push_back(StrCat(key, " = ", shown));
    } else if (value == kNoOperand) {
      operands.push_back("none");
    } else if (spec.kind == OperandKind::kTarget) {
      operands.push_back(StrCat("^w", value));
    } else {
      operands.push_back(StrCat(GetRegClassInfo(GetKindInfo(spec.kind).reg_class).prefix, value));
    }
  }
  // The variadic rest: a call's arguments (by the callee's parameters) and results, or the
  // values a return passes back.
  if (info.variadic) {
    ForEachRegister(program_, in, [&](const RegisterOperand& r) {
      if (r.index >= static_cast<int>(k)) {
        operands.push_back(StrCat(GetRegClassInfo(r.cls).prefix, r.reg));
      }
    });
  }
  for (size_t i = 0; i < operands.size(); ++i) text += StrCat(i ? ", " : " ", operands[i]);
  if (!attrs.empty()) {
    text += " {";
    for (size_t i = 0; i < attrs.size(); ++i) text += StrCat(i ? ", " : "", attrs[i]);
    text += "}";
  }
  if (line) {
    text += StrCat(" loc(", Quoted(Str(line->file)), ":", line->line, ":", line->col, ")");
  }
  if (in.op == Opcode::kCall) text += StrCat("  // @", Str(program_.functions[in.operands[0]].name));
  out_ += text + "\n";
}

}  // namespace

std::string Disassemble(const Program& program, const std::string& name) {
  return Lister(program).Run(name);
}

}  // namespace pto::assembler
