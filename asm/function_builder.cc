#include "pto/asm/function_builder.h"

#include <cstring>

#include "pto/common/isa/encoding.h"
#include "pto/common/strings.h"

namespace pto::assembler {

namespace {

std::string Key(std::string_view name, int index) {
  std::string key(name);
  if (index >= 0) {
    key += '#';
    key += std::to_string(index);
  }
  return key;
}

}  // namespace

FunctionBuilder::FunctionBuilder(Context& ctx, Program& program, Function& function)
    : ctx_(ctx),
      program_(program),
      function_(function),
      file_name_(ctx.InternName(program, ctx.file().name(), SourceRange{})) {}

std::string_view FunctionBuilder::name() const { return program_.String(function_.name); }

void FunctionBuilder::CountRegisters(RegClass cls, size_t count) {
  const uint32_t limit = ctx_.limits().registers;
  if (count <= limit) return;
  ctx_.LimitError(StrCat("@", name(), " ", GetRegClassInfo(cls).noun, " registers"), statement_,
                  TooManyRegisters(name(), cls, limit));
}

uint32_t FunctionBuilder::NewLocalArray() {
  const uint32_t limit = ctx_.limits().local_arrays;
  if (local_arrays_ >= limit) {
    ctx_.LimitError(StrCat("@", name(), " local arrays"), statement_,
                    TooManyLocalArrays(name(), limit));
  }
  return local_arrays_++;
}

bool FunctionBuilder::Define(const Item& name, Value value, int index) {
  value.def = name.range;
  std::string key = Key(name.text, index);
  auto [it, inserted] = values_.emplace(key, value);
  if (!inserted) {
    ctx_.Error(name, StrCat("%", name.text, " is already defined"));
    ctx_.Note(it->second.def, "previous definition is here");
    return false;
  }
  if (!scopes_.empty()) scopes_.back().push_back(std::move(key));
  return true;
}

void FunctionBuilder::ForgetNames() {
  decltype(values_)().swap(values_);
  decltype(scopes_)().swap(scopes_);
  decltype(constants_)().swap(constants_);
  decltype(poisoned_)().swap(poisoned_);
}

void FunctionBuilder::PopScope() {
  for (const std::string& key : scopes_.back()) values_.erase(key);
  scopes_.pop_back();
  blocks_.pop_back();
}

void FunctionBuilder::EmitMove(const Value& dst, const Value& src, SourceRange where) {
  if (dst.reg == src.reg && dst.cls == src.cls) return;
  Opcode op = dst.cls == ValueClass::kTile    ? Opcode::kMoveTile
              : dst.cls == ValueClass::kView  ? Opcode::kMoveView
              : dst.cls == ValueClass::kVReg  ? Opcode::kMoveVReg
              : dst.cls == ValueClass::kMask  ? Opcode::kMoveMask
              : dst.cls == ValueClass::kAlign ? Opcode::kMoveAlign
              : dst.cls == ValueClass::kLVec  ? Opcode::kMoveLVec
              : dst.cls == ValueClass::kLMask ? Opcode::kMoveLMask
                                              : Opcode::kMove;
  Emit(op, {dst.reg, src.reg}, where);
}

Value FunctionBuilder::NewRegisterLike(const Value& v, std::string_view name, SourceRange def) {
  Value out;
  out.type = v.type;
  out.cls = v.cls;
  switch (v.cls) {
    case ValueClass::kScalar:
      out.reg = NewScalar(v.type.IsLocalPointer() ? kLocalPointerDType : v.type.dtype);
      break;
    case ValueClass::kVReg:
      out.reg = NewVReg(v.type.dtype, name);
      break;
    case ValueClass::kMask:
      out.reg = NewMask(v.type.granule, name);
      break;
    case ValueClass::kAlign:
      out.reg = NewAlign(name);
      break;
    case ValueClass::kLVec:
      out.reg = NewLVec(v.type, name);
      break;
    case ValueClass::kLMask:
      out.reg = NewLMask(v.type, name);
      break;
    case ValueClass::kTile:
      out.reg = NewTile(v.type.tile, name, def);
      // A register that only ever receives other tiles' bindings is never placed itself.
      bindings_[out.reg].runtime_address = true;
      break;
    case ValueClass::kView:
      out.reg = NewView(v.type.dtype, name);
      break;
    case ValueClass::kLocalArray:  // callers reject these (ValueList)
    case ValueClass::kConfig:
    case ValueClass::kEvent:
    case ValueClass::kMultiTile:
    case ValueClass::kHandle:
    case ValueClass::kNone:
      break;
  }
  return out;
}

const Value* FunctionBuilder::Find(std::string_view name, int index) const {
  // %x is also %x#0, and the other way round.
  auto find = [&](int i) { return i < 0 ? values_.find(name) : values_.find(Key(name, i)); };
  auto it = find(index);
  if (it == values_.end() && index <= 0) it = find(index < 0 ? 0 : -1);
  return it == values_.end() ? nullptr : &it->second;
}

void FunctionBuilder::Poison(const Item& name) {
  if (!Find(name.text, -1)) poisoned_.emplace(name.text);
}

const Value* FunctionBuilder::Lookup(const Item& item) {
  const Value* v = Find(item.text, item.index);
  if (v && strict_scope.end > strict_scope.begin &&
      (v->def.begin < strict_scope.begin || v->def.begin >= strict_scope.end)) {
    ctx_.Error(item, StrCat("%", item.text, " is defined outside this pto.strict_vecscope: "
                            "pass it as an operand of the scope and use its block argument"));
    return nullptr;
  }
  if (!v && !poisoned_.contains(item.text)) {
    std::string shown = item.index >= 0 ? StrCat("%", item.text, "#", item.index)
                                        : StrCat("%", item.text);
    ctx_.Error(item, StrCat("use of undefined value ", shown));
  }
  return v;
}

uint32_t FunctionBuilder::NewScalar(DType dtype) {
  function_.scalar_regs.push_back(dtype);
  CountRegisters(RegClass::kScalar, function_.scalar_regs.size());
  return static_cast<uint32_t>(function_.scalar_regs.size() - 1);
}

Value FunctionBuilder::NewScalarValue(DType dtype) {
  Value v;
  v.type = ScalarType(dtype);
  v.cls = ValueClass::kScalar;
  v.reg = NewScalar(dtype);
  return v;
}

uint32_t FunctionBuilder::NewTile(const TileType& type, std::string_view name, SourceRange def) {
  TileReg reg;
  reg.type = type;
  reg.valid_rows = type.valid_rows;
  reg.valid_cols = type.valid_cols;
  reg.name = ctx_.InternName(program_, name, def);
  function_.tiles.push_back(reg);
  CountRegisters(RegClass::kTile, function_.tiles.size());
  bindings_.push_back(TileBinding{def, false, false});
  return static_cast<uint32_t>(function_.tiles.size() - 1);
}

uint32_t FunctionBuilder::NewView(DType dtype, std::string_view name) {
  function_.views.push_back(ViewReg{dtype, ctx_.InternName(program_, name, statement_)});
  CountRegisters(RegClass::kView, function_.views.size());
  return static_cast<uint32_t>(function_.views.size() - 1);
}

uint32_t FunctionBuilder::NewVReg(DType dtype, std::string_view name) {
  function_.vregs.push_back(VRegReg{dtype, ctx_.InternName(program_, name, statement_)});
  CountRegisters(RegClass::kVReg, function_.vregs.size());
  return static_cast<uint32_t>(function_.vregs.size() - 1);
}

uint32_t FunctionBuilder::NewMask(uint8_t granule, std::string_view name) {
  function_.masks.push_back(MaskReg{granule, ctx_.InternName(program_, name, statement_)});
  CountRegisters(RegClass::kMask, function_.masks.size());
  return static_cast<uint32_t>(function_.masks.size() - 1);
}

uint32_t FunctionBuilder::NewLVec(const Type& type, std::string_view name) {
  function_.lvecs.push_back(LVecReg{type.dtype, type.lvec_flags,
                                    static_cast<uint16_t>(type.lanes),
                                    ctx_.InternName(program_, name, statement_)});
  CountRegisters(RegClass::kLVec, function_.lvecs.size());
  return static_cast<uint32_t>(function_.lvecs.size() - 1);
}

uint32_t FunctionBuilder::NewLMask(const Type& type, std::string_view name) {
  function_.lmasks.push_back(LMaskReg{static_cast<uint16_t>(type.lanes), type.granule,
                                      ctx_.InternName(program_, name, statement_)});
  CountRegisters(RegClass::kLMask, function_.lmasks.size());
  return static_cast<uint32_t>(function_.lmasks.size() - 1);
}

uint32_t FunctionBuilder::NewAlign(std::string_view name) {
  function_.aligns.push_back(AlignReg{ctx_.InternName(program_, name, statement_)});
  CountRegisters(RegClass::kAlign, function_.aligns.size());
  return static_cast<uint32_t>(function_.aligns.size() - 1);
}

uint32_t FunctionBuilder::IntConstant(DType dtype, int64_t value) {
  uint64_t bits = static_cast<uint64_t>(value);
  auto [it, inserted] = constants_.emplace(std::make_pair(dtype, bits), 0);
  if (inserted) {
    it->second = NewScalar(dtype);
    function_.consts.push_back(ConstInit{it->second, bits});
  }
  return it->second;
}

uint32_t FunctionBuilder::FloatConstant(DType dtype, double value) {
  uint64_t bits;
  std::memcpy(&bits, &value, 8);
  auto [it, inserted] = constants_.emplace(std::make_pair(dtype, bits), 0);
  if (inserted) {
    it->second = NewScalar(dtype);
    function_.consts.push_back(ConstInit{it->second, bits});
  }
  return it->second;
}

bool FunctionBuilder::DefineUnplacedTile(const Item& name, const Type& type, Value* out) {
  out->type = type;
  out->cls = ValueClass::kTile;
  out->reg = NewTile(type.tile, name.text, name.range);
  bindings_[out->reg].runtime_address = true;
  return Define(name, *out);
}

uint32_t FunctionBuilder::LateConstant(DType dtype, size_t* const_index) {
  uint32_t reg = NewScalar(dtype);
  *const_index = function_.consts.size();
  function_.consts.push_back(ConstInit{reg, 0});
  return reg;
}

Value FunctionBuilder::ConstantValue(DType dtype, int64_t int_value, double real_value) {
  Value v;
  v.type = ScalarType(dtype);
  v.cls = ValueClass::kScalar;
  v.is_const = true;
  v.int_value = int_value;
  v.real_value = real_value;
  v.reg = IsFloat(dtype) ? FloatConstant(dtype, real_value) : IntConstant(dtype, int_value);
  return v;
}

uint32_t FunctionBuilder::Emit(Opcode op, std::vector<uint32_t> operands, SourceRange where) {
  int line, col;
  ctx_.file().LineCol(where.begin, &line, &col);
  uint32_t offset = static_cast<uint32_t>(function_.code.size());
  const uint32_t limit = ctx_.limits().code_words;
  if (function_.code.size() + 1 + operands.size() > limit) {
    ctx_.LimitError(StrCat("@", name(), " code"), where, TooManyCodeWords(name(), limit));
  }
  function_.lines.push_back(LineEntry{offset, file_name_, static_cast<uint32_t>(line),
                                      static_cast<uint32_t>(col)});
  pto::Emit(&function_.code, op, operands);
  if (GetOpInfo(op).flags & kFlagOperandsNoAlias) CheckNoAlias(op, operands, where);
  return offset;
}

void FunctionBuilder::DeriveTile(uint32_t reg, uint32_t src, const uint64_t* offset,
                                 uint64_t bytes) {
  const TileBinding& from = bindings_[src];
  TileBinding& b = bindings_[reg];
  b.root = from.root != kNoOperand ? from.root : src;
  const bool src_known = from.root == kNoOperand || from.range_known;
  b.range_known = offset != nullptr && src_known;
  b.root_offset = b.range_known ? (from.root == kNoOperand ? 0 : from.root_offset) + *offset : 0;
  b.bytes = bytes;
}

// Whether two tiles are known, overlapping parts of one tile (PTOAS v0.60's semantic ranges
// through subview, treshape and bitcast). A tile no view made is all of its own bytes.
bool FunctionBuilder::SharedBytes(uint32_t a, uint32_t b, uint32_t* root) const {
  const auto range = [&](uint32_t r, uint32_t* from, uint64_t* lo, uint64_t* hi) {
    const TileBinding& t = bindings_[r];
    *from = t.root != kNoOperand ? t.root : r;
    *lo = t.root != kNoOperand ? t.root_offset : 0;
    *hi = *lo + (t.root != kNoOperand ? t.bytes : function_.tiles[r].type.Bytes());
    return t.root == kNoOperand || t.range_known;
  };
  uint32_t ra, rb;
  uint64_t alo, ahi, blo, bhi;
  if (!range(a, &ra, &alo, &ahi) || !range(b, &rb, &blo, &bhi) || ra != rb) return false;
  *root = ra;
  return alo < bhi && blo < ahi;
}

// Two tiles of an instruction whose operands must not alias: known, overlapping parts of one
// tile (SharedBytes), or bound at constant addresses whose byte ranges meet; "" otherwise.
// Tiles placed later never overlap; other run-time bindings are not checked.
std::string FunctionBuilder::AliasProblem(uint32_t a, uint32_t b) const {
  const TileReg &ta = function_.tiles[a], &tb = function_.tiles[b];
  const std::string& an = program_.String(ta.name);
  const std::string& bn = program_.String(tb.name);
  uint32_t root;
  if (SharedBytes(a, b, &root)) {
    return StrCat("its operands %", an, " and %", bn, " are overlapping bytes of %",
                  program_.String(function_.tiles[root].name));
  }
  if (!bindings_[a].static_address || !bindings_[b].static_address ||
      ta.type.mem != tb.type.mem) {
    return "";
  }
  const uint64_t a_end = uint64_t{ta.addr} + ta.type.Bytes();
  const uint64_t b_end = uint64_t{tb.addr} + tb.type.Bytes();
  if (ta.addr >= b_end || tb.addr >= a_end) return "";
  return StrCat("the byte ranges of its operands %", an, " [", ta.addr, ", ", a_end, ") and %",
                bn, " [", tb.addr, ", ", b_end, ") overlap");
}

void FunctionBuilder::CheckNoAlias(Opcode op, const std::vector<uint32_t>& operands,
                                   SourceRange where) {
  const OpInfo& info = GetOpInfo(op);
  std::vector<uint32_t> tiles;
  for (size_t i = 0; i < operands.size() && i < info.operands.size(); ++i) {
    const uint32_t reg = operands[i];
    if (GetKindInfo(info.operands[i].kind).reg_class != RegClass::kTile || reg == kNoOperand ||
        reg >= bindings_.size()) {
      continue;
    }
    for (uint32_t other : tiles) {
      if (std::string problem = AliasProblem(other, reg); !problem.empty()) {
        ctx_.Error(where, StrCat(info.mnemonic, ": ", problem, "; its operands may not alias"));
        return;
      }
    }
    tiles.push_back(reg);
  }
}

}  // namespace pto::assembler
