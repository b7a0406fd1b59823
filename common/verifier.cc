#include "pto/common/verifier.h"

#include <algorithm>
#include <cctype>

#include "pto/common/bytecode.h"
#include "pto/common/call_graph.h"
#include "pto/common/code_walk.h"
#include "pto/common/isa/encoding.h"
#include "pto/common/isa/immediates.h"
#include "pto/common/isa/operand_rules.h"
#include "pto/common/strings.h"

namespace pto {

namespace {

// What the operand rules see of one register, by register class (register_classes.def).
void Describe(DType type, OperandType* t) { t->dtype = type; }
void Describe(const TileReg& reg, OperandType* t) { t->tile = &reg.type; }
void Describe(const ViewReg& reg, OperandType* t) { t->dtype = reg.dtype; }
void Describe(const VRegReg& reg, OperandType* t) { t->dtype = reg.dtype; }
void Describe(const MaskReg& reg, OperandType* t) { t->granule = reg.granule; }
void Describe(const AlignReg&, OperandType*) {}
void Describe(const LVecReg& reg, OperandType* t) {
  t->dtype = reg.dtype;
  t->lanes = reg.lanes;
  t->lvec_flags = reg.flags;
}
void Describe(const LMaskReg& reg, OperandType* t) {
  t->lanes = reg.lanes;
  t->granule = reg.granule;
}

// The element type register \a reg of class \a cls of \a f holds (its Accepts check).
DType ElementType(DType type) { return type; }
DType ElementType(const TileReg& reg) { return reg.type.dtype; }
DType ElementType(const ViewReg& reg) { return reg.dtype; }
DType ElementType(const VRegReg& reg) { return reg.dtype; }
DType ElementType(const MaskReg&) { return DType::kInvalid; }
DType ElementType(const AlignReg&) { return DType::kInvalid; }
DType ElementType(const LVecReg& reg) { return reg.dtype; }
DType ElementType(const LMaskReg&) { return DType::kInvalid; }
DType RegisterType(const Function& f, RegClass cls, uint32_t reg) {
  switch (cls) {
#define PTO_REG_CLASS(Name, Noun, Record, Field, Prefix, RecordBytes) \
  case RegClass::k##Name:                                             \
    return ElementType(f.Field[reg]);
#include "pto/common/isa/register_classes.def"
#undef PTO_REG_CLASS
    case RegClass::kNone:
      break;
  }
  return DType::kInvalid;
}

// True if register \a reg of \a f (of the class \a p's kind is passed in) can hold parameter
// \a p of \a owner: a scalar of its type, a view into memory of its element type, a tile of
// its tile type.
// What a GM pointer may point at: what memory holds, and f64 (the SIMT scalar loads and stores).
bool IsPointerDType(DType t) { return IsMemoryDType(t) || t == DType::kF64; }

// Names as the assembler writes them, so that a listing assembles back: a value's name (and a
// source file's) is any text but NUL and line breaks (listings quote it, escaping '"' and
// '\\'); a function's is an identifier, or a string literal kept with its quotes.
bool TextNameOk(const std::string& s) {
  return s.find('\0') == std::string::npos && s.find('\n') == std::string::npos;
}

bool FunctionNameOk(const std::string& s) {
  auto ident_char = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '.';
  };
  if (!s.empty() && (std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_') &&
      std::all_of(s.begin(), s.end(), ident_char)) {
    return true;
  }
  if (s.size() < 2 || s.front() != '"' || s.back() != '"' || !TextNameOk(s)) return false;
  for (size_t i = 1; i + 1 < s.size(); ++i) {
    if (s[i] == '"') return false;
    if (s[i] == '\\' && ++i + 1 >= s.size()) return false;  // an escape needs its character
  }
  return true;
}

bool RegisterHolds(const Function& f, uint32_t reg, const Param& p, const Function& owner) {
  if (reg >= f.RegisterCount(ParamRegClass(p.kind))) return false;
  switch (p.kind) {
    case ParamKind::kScalar:
      return f.scalar_regs[reg] == p.dtype;
    case ParamKind::kPointer:
    case ParamKind::kMemref:
      return IsPointerDType(p.dtype) && f.views[reg].dtype == p.dtype;
    case ParamKind::kTile:
      return f.tiles[reg].type == owner.tiles[p.reg].type;
    case ParamKind::kLVec: {
      const LVecReg &a = f.lvecs[reg], &b = owner.lvecs[p.reg];
      return a.dtype == b.dtype && a.lanes == b.lanes && a.flags == b.flags;
    }
    case ParamKind::kLMask:
      return f.lmasks[reg].lanes == owner.lmasks[p.reg].lanes;
    case ParamKind::kVReg:
      return f.vregs[reg].dtype == owner.vregs[p.reg].dtype;
    case ParamKind::kMask:
      return f.masks[reg].granule == owner.masks[p.reg].granule;
  }
  return false;
}

class Verifier {
 public:
  Verifier(const Program& program, const std::string& name, Diagnostics& diags)
      : program_(program), name_(name), diags_(diags) {}

  bool Run(const std::vector<FunctionOffsets>& offsets);

 private:
  void Fail(size_t offset, std::string message) {
    diags_.BinaryError(name_, offset, std::move(message));
    ok_ = false;
  }
  bool StringOk(uint32_t index) const { return index < program_.strings.size(); }

  void VerifyFunction(const Function& f, const FunctionOffsets& off);
  void VerifyBody(const Function& f, const FunctionOffsets& off);
  void VerifyRegisters(const Function& f, const FunctionOffsets& off);
  void VerifyCode(const Function& f, const FunctionOffsets& off);
  // Checks the header of the instruction at word \a pc; returns its size in words, or 0.
  uint32_t InstructionSize(const Function& f, uint32_t pc, size_t offset);
  void VerifyOperands(const Function& f, uint32_t pc, size_t offset);
  void VerifyCall(const Function& f, const Instr& in, size_t offset);
  bool CallsRecursively();
  bool VerifyOperand(const Function& f, const OperandSpec& spec, uint32_t value, size_t offset,
                     int index, std::string_view mnemonic);
  void VerifyLines(const Function& f, const FunctionOffsets& off);

  const Program& program_;
  const std::string& name_;
  Diagnostics& diags_;
  bool ok_ = true;
  std::vector<bool> instruction_start_;
  std::vector<std::vector<uint32_t>> calls_;  ///< Callees of each function.
  Opcode op_ = Opcode::kReturn;  ///< The instruction whose operands are being checked.
};

void Verifier::VerifyRegisters(const Function& f, const FunctionOffsets& off) {
  const size_t at = off.record;
  std::vector<bool> taken[kRegClassCount];  // registers already given to a parameter
  for (int c = 0; c < kRegClassCount; ++c) taken[c].assign(f.RegisterCount(RegClass(c)), false);
  for (size_t i = 0; i < f.params.size(); ++i) {
    const Param& p = f.params[i];
    std::string which = StrCat("parameter ", i + 1);
    if (!StringOk(p.name)) Fail(at, StrCat(which, ": name index out of range"));
    if (StringOk(p.name) && !TextNameOk(program_.String(p.name))) {
      Fail(at, StrCat(which, ": its name holds a NUL or a line break"));
    }
    const RegClass cls = ParamRegClass(p.kind);
    std::vector<bool>& used = taken[static_cast<int>(cls)];
    if (p.reg >= used.size() || used[p.reg]) {
      Fail(at, StrCat(which, ": bad ", GetRegClassInfo(cls).noun, " register ", p.reg));
    } else if (!RegisterHolds(f, p.reg, p, f)) {
      Fail(at, StrCat(which, p.kind == ParamKind::kScalar ? ": type differs from its register's"
                                                          : ": bad element type"));
    } else {
      used[p.reg] = true;
    }
    if (cls == RegClass::kView) {
      if (p.kind == ParamKind::kMemref && p.shape.empty()) {
        Fail(at, StrCat(which, ": memref without a shape"));
      }
      for (int64_t d : p.shape) {
        if ((d <= 0 && d != kDynamic) || d > kMaxParamDim) {
          Fail(at, StrCat(which, ": bad dimension ", d));
        }
      }
    }
  }
  for (size_t i = 0; i < f.tiles.size(); ++i) {
    const TileReg& reg = f.tiles[i];
    size_t tile_at = off.registers[static_cast<int>(RegClass::kTile)] + 4 +
                     i * GetRegClassInfo(RegClass::kTile).record_bytes;
    std::string error = CheckTileType(reg.type);
    if (error.empty() && !IsMemoryDType(reg.type.dtype)) {
      error = StrCat("element type ", DTypeName(reg.type.dtype), " cannot be stored in a tile");
    }
    if (error.empty() && reg.addr != kUnboundAddress) {
      error = CheckTileAddress(reg.type, program_.arch, reg.addr);
    }
    auto valid_ok = [](int32_t init, int32_t type_valid, int32_t dim) {
      return type_valid == kDynamic ? init == kDynamic || (init >= 0 && init <= dim)
                                    : init == type_valid;
    };
    if (error.empty() && (!valid_ok(reg.valid_rows, reg.type.valid_rows, reg.type.rows) ||
                          !valid_ok(reg.valid_cols, reg.type.valid_cols, reg.type.cols))) {
      error = "initial valid shape does not fit the tile type";
    }
    if (error.empty() && !StringOk(reg.name)) error = "name index out of range";
    if (error.empty() && !TextNameOk(program_.String(reg.name))) {
      error = "its name holds a NUL or a line break";
    }
    if (!error.empty()) Fail(tile_at, StrCat("tile register ", i, ": ", error));
  }
  for (size_t i = 0; i < f.views.size(); ++i) {
    if (!IsPointerDType(f.views[i].dtype) || !StringOk(f.views[i].name) ||
        !TextNameOk(program_.String(f.views[i].name))) {
      Fail(at, StrCat("view register ", i, ": bad element type or name"));
    }
  }
  for (const ConstInit& c : f.consts) {
    if (c.reg >= f.scalar_regs.size()) Fail(at, StrCat("constant for bad register ", c.reg));
  }
}

bool Verifier::VerifyOperand(const Function& f, const OperandSpec& spec, uint32_t value,
                             size_t offset, int index, std::string_view mnemonic) {
  // Spelled only for a message: most operands are fine, and this runs for every one.
  auto where = [&] { return StrCat(mnemonic, " operand ", index + 1); };
  if (value == kNoOperand && spec.kind != OperandKind::kImm) {
    if (spec.optional) return true;
    Fail(offset, StrCat(where(), ": required operand missing"));
    return false;
  }
  const OperandKindInfo& kind = GetKindInfo(spec.kind);
  if (kind.reg_class != RegClass::kNone) {
    const size_t count = f.RegisterCount(kind.reg_class);
    if (value >= count) {
      Fail(offset, StrCat(where(), ": ", GetRegClassInfo(kind.reg_class).noun, " register ",
                          value, " out of range (function has ", count, ")"));
      return false;
    }
    const DType t = RegisterType(f, kind.reg_class, value);
    if (!KindAcceptsType(spec.kind, t)) {
      Fail(offset, StrCat(where(), ": needs ", kind.accepts == Accepts::kInteger ? "an integer"
                                                                                : "a float",
                          " register, register ", value, " is ", DTypeName(t)));
      return false;
    }
    return true;
  }
  switch (spec.kind) {
    case OperandKind::kTarget:
      if (value < f.code.size() && instruction_start_[value]) return true;
      Fail(offset, StrCat(where(), ": jump target ", value, " is not the start of an instruction"));
      return false;
    case OperandKind::kImm: {
      if (spec.attr.empty()) return true;  // a callee's index: VerifyCall checks it
      const ImmediateRange range = RangeOfImmediate(GetOpInfo(op_), spec.attr);
      if (!range.Holds(value)) {
        Fail(offset, StrCat(where(), ": ", ImmediateRangeError(spec.attr, value, range)));
        return false;
      }
      if (spec.attr == "types") {
        if (std::string problem = CubeTypesProblem(value); !problem.empty()) {
          Fail(offset, StrCat(where(), ": ", problem));
          return false;
        }
      }
      return true;
    }
    default:
      return true;
  }
}

uint32_t Verifier::InstructionSize(const Function& f, uint32_t pc, size_t offset) {
  uint32_t header = f.code[pc];
  uint32_t opcode = HeaderOpcode(header);
  uint32_t count = HeaderCount(header);
  if (HeaderReserved(header) != 0) {
    Fail(offset, "reserved bits of the instruction header are set");
    return 0;
  }
  if (opcode >= static_cast<uint32_t>(kOpcodeCount)) {
    Fail(offset, StrCat("unknown opcode ", opcode));
    return 0;
  }
  const OpInfo& info = GetOpInfo(static_cast<Opcode>(opcode));
  const uint32_t fixed = static_cast<uint32_t>(info.num_operands());
  if (info.variadic ? count < fixed : count != fixed) {
    Fail(offset, StrCat(info.mnemonic, " has ", count, " operands, its schema has ",
                        info.variadic ? "at least " : "", fixed));
    return 0;
  }
  if (pc + 1 + count > f.code.size()) {
    Fail(offset, StrCat(info.mnemonic, " runs past the end of the code"));
    return 0;
  }
  return count + 1;
}

void Verifier::VerifyCall(const Function& f, const Instr& in, size_t offset) {
  uint32_t callee_index = in.operands[0];
  if (callee_index >= program_.functions.size()) {
    Fail(offset + 4, StrCat("call of function ", callee_index, ", which does not exist"));
    return;
  }
  const Function& callee = program_.functions[callee_index];
  if (in.count - 1 != callee.params.size() + callee.results.size()) {
    Fail(offset, StrCat("call has ", in.count - 1, " argument and result registers, the "
                        "function takes ", callee.params.size(), " and returns ",
                        callee.results.size()));
    return;
  }
  for (size_t i = 0; i < callee.results.size(); ++i) {
    uint32_t reg = in.operands[1 + callee.params.size() + i];
    if (reg >= f.scalar_regs.size() || f.scalar_regs[reg] != callee.results[i]) {
      Fail(offset + 8 + 4 * (callee.params.size() + i),
           StrCat("call result ", i + 1, " does not match the function's result type"));
    }
  }
  for (uint32_t i = 0; i < callee.params.size(); ++i) {
    if (!RegisterHolds(f, in.operands[i + 1], callee.params[i], callee)) {
      Fail(offset + 8 + 4 * i, StrCat("call argument ", i + 1, " does not match the parameter"));
    }
  }
  calls_[&f - program_.functions.data()].push_back(callee_index);
}

void Verifier::VerifyOperands(const Function& f, uint32_t pc, size_t offset) {
  Instr in = Decode(&f.code[pc]);
  op_ = in.op;
  const OpInfo& info = GetOpInfo(in.op);
  if (in.op == Opcode::kCall) {
    VerifyCall(f, in, offset);
    return;
  }
  if (in.op == Opcode::kReturn) {
    if (in.count != f.results.size()) {
      Fail(offset, StrCat("return of ", in.count, " values from a function with ",
                          f.results.size(), " results"));
    }
    for (uint32_t i = 0; i < in.count && i < f.results.size(); ++i) {
      uint32_t reg = in.operands[i];
      if (reg >= f.scalar_regs.size() || f.scalar_regs[reg] != f.results[i]) {
        Fail(offset + 4 + 4 * i, StrCat("returned value ", i + 1, " does not match the "
                                        "function's result type"));
      }
    }
    return;
  }
  // Beyond the schema's operands (a variadic rest: the DMA rows' loop triples) come integer
  // scalars.
  static const OperandSpec kRest{OperandKind::kInt, false, false, {}};
  auto spec = [&](uint32_t i) -> const OperandSpec& {
    return i < info.operands.size() ? info.operands[i] : kRest;
  };
  bool operands_ok = true;
  for (uint32_t i = 0; i < in.count; ++i) {
    operands_ok &= VerifyOperand(f, spec(i), in.operands[i], offset + 4 + 4 * i,
                                 static_cast<int>(i), info.mnemonic);
  }
  if (!operands_ok) return;
  std::vector<OperandType> types(in.count);
  for (uint32_t i = 0; i < in.count; ++i) {
    uint32_t v = in.operands[i];
    OperandType& t = types[i];
    t.present = v != kNoOperand;
    if (!t.present) continue;
    switch (GetKindInfo(spec(i).kind).reg_class) {
#define PTO_REG_CLASS(Name, Noun, Record, Field, Prefix, RecordBytes) \
  case RegClass::k##Name:                                             \
    Describe(f.Field[v], &t);                                         \
    break;
#include "pto/common/isa/register_classes.def"
#undef PTO_REG_CLASS
      case RegClass::kNone:
        if (spec(i).kind == OperandKind::kImm) {
          t.known_value = true;
          t.value = v;
        }
        break;
    }
  }
  for (const RuleError& e : CheckOperandTypes(info, program_.arch, types)) {
    size_t at = e.operand < 0 ? offset : offset + 4 + 4 * e.operand;
    Fail(at, e.message);
  }
}

void Verifier::VerifyCode(const Function& f, const FunctionOffsets& off) {
  instruction_start_.assign(f.code.size() + 1, false);
  if (f.code.empty()) {
    Fail(off.code, "function has no code");
    return;
  }
  // First find every instruction start, so jump targets can be checked in the second pass.
  uint32_t pc = 0, last = 0;
  while (pc < f.code.size()) {
    instruction_start_[pc] = true;
    last = pc;
    uint32_t size = InstructionSize(f, pc, off.code + 4 * static_cast<size_t>(pc));
    if (size == 0) return;
    pc += size;
  }
  Opcode final_op = static_cast<Opcode>(HeaderOpcode(f.code[last]));
  if (final_op != Opcode::kReturn && final_op != Opcode::kJump) {
    Fail(off.code + 4 * static_cast<size_t>(last), "code does not end with a return or a jump");
  }
  for (const CodeSite& site : Instructions(f.code)) {
    VerifyOperands(f, site.pc, off.code + 4 * static_cast<size_t>(site.pc));
  }
}

void Verifier::VerifyLines(const Function& f, const FunctionOffsets& off) {
  uint32_t previous = 0;
  for (size_t i = 0; i < f.lines.size(); ++i) {
    const LineEntry& l = f.lines[i];
    size_t at = off.lines + 16 * i;
    if (l.code_offset >= f.code.size() || !instruction_start_[l.code_offset]) {
      Fail(at, StrCat("line entry ", i, " points at code word ", l.code_offset,
                      ", which does not start an instruction"));
    } else if (i > 0 && l.code_offset <= previous) {
      Fail(at, StrCat("line entry ", i, " is out of order"));
    }
    if (!StringOk(l.file)) Fail(at, StrCat("line entry ", i, ": file name out of range"));
    previous = l.code_offset;
  }
}

void Verifier::VerifyFunction(const Function& f, const FunctionOffsets& off) {
  if (!StringOk(f.name)) {
    Fail(off.record, "function name index out of range");
  } else if (!FunctionNameOk(program_.String(f.name))) {
    Fail(off.record, "function name is neither an identifier nor a quoted string (a listing "
                     "could not name it)");
  }
  if (f.peer != kNoFunction) {
    if (f.peer >= program_.functions.size()) {
      Fail(off.record + 8, StrCat("peer function ", f.peer, " does not exist"));
    } else {
      const Function& peer = program_.functions[f.peer];
      bool pair = (f.kind == KernelKind::kCube && peer.kind == KernelKind::kVector) ||
                  (f.kind == KernelKind::kVector && peer.kind == KernelKind::kCube);
      if (!pair) Fail(off.record + 8, "a peer function must be of the other kernel kind");
    }
  }
  if (!StringOk(f.def_file)) Fail(off.record + 12, "source file name index out of range");
  VerifyRegisters(f, off);
}

// The code of \a f, once every function's registers have passed (calls check arguments
// against the callee's parameter registers).
void Verifier::VerifyBody(const Function& f, const FunctionOffsets& off) {
  bool before = ok_;
  ok_ = true;
  if (!f.defined) {
    // A declaration (objects only) is a signature: parameters and results, no body.
    if (!program_.is_object) {
      Fail(off.record + 1, "an executable declares a function it does not define; link it");
    } else if (!f.code.empty() || !f.lines.empty() || !f.consts.empty()) {
      Fail(off.code, "a declaration has no code, constants or line table");
    }
  } else {
    if (ok_) VerifyCode(f, off);
    if (ok_) VerifyLines(f, off);
  }
  ok_ = ok_ && before;
}

// Kernels run on fixed on-chip memory with no stack: a function may not call itself, directly
// or through others.
bool Verifier::CallsRecursively() {
  const std::vector<CallEdge> cycle = FindCallCycle(calls_);
  if (cycle.empty()) return false;
  Fail(0, StrCat("function @", program_.String(program_.functions[cycle[0].caller].name),
                 " calls itself (directly or through others)"));
  return true;
}

bool Verifier::Run(const std::vector<FunctionOffsets>& offsets) {
  if (program_.entry >= program_.functions.size()) {
    Fail(0, StrCat("entry function ", program_.entry, " does not exist"));
  }
  calls_.assign(program_.functions.size(), {});
  for (size_t i = 0; i < program_.functions.size(); ++i) {
    VerifyFunction(program_.functions[i], offsets[i]);
  }
  if (!ok_) return false;
  for (size_t i = 0; i < program_.functions.size(); ++i) {
    VerifyBody(program_.functions[i], offsets[i]);
  }
  if (ok_) CallsRecursively();
  return ok_;
}

}  // namespace

bool VerifyProgram(const Program& program, const std::vector<FunctionOffsets>& offsets,
                   const std::string& name, Diagnostics& diags) {
  return Verifier(program, name, diags).Run(offsets);
}

}  // namespace pto
