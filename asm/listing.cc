#include "pto/asm/listing.h"

#include <map>

#include "pto/asm/lowering/op_form.h"
#include "pto/common/isa/attributes.h"
#include "pto/common/isa/encoding.h"
#include "pto/common/isa/sync_enums.h"
#include "pto/common/strings.h"

namespace pto::assembler {

namespace {

// "%t12" -> (RegClass::kTile, 12), by the register classes' prefixes.
bool RegisterName(const Item& item, RegClass* cls, uint32_t* index) {
  if (!item.Is(ItemKind::kValue) || item.index >= 0 || item.text.size() < 2) return false;
  *cls = RegClass::kNone;
  size_t digits = 0;  // where the number starts: after the class's prefix ("t", "al")
  for (int c = 0; c < kRegClassCount; ++c) {
    const std::string_view prefix = std::string_view(kRegClasses[c].prefix).substr(1);
    if (prefix.size() > digits && item.text.size() > prefix.size() &&
        item.text.starts_with(prefix) && item.text[prefix.size()] >= '0' &&
        item.text[prefix.size()] <= '9') {
      *cls = static_cast<RegClass>(c);
      digits = prefix.size();
    }
  }
  if (*cls == RegClass::kNone || digits >= item.text.size()) return false;
  uint64_t n = 0;
  for (size_t i = digits; i < item.text.size(); ++i) {
    if (item.text[i] < '0' || item.text[i] > '9' || n > 100000000) return false;
    n = n * 10 + static_cast<uint64_t>(item.text[i] - '0');
  }
  *index = static_cast<uint32_t>(n);
  return true;
}

const char* Prefix(RegClass cls) { return GetRegClassInfo(cls).prefix; }

const OpInfo* ListingOpcode(std::string_view mnemonic) {
  for (int i = 0; i < kOpcodeCount; ++i) {
    const OpInfo& info = GetOpInfo(static_cast<Opcode>(i));
    if (info.listing_name() == mnemonic) return &info;
  }
  return nullptr;
}

// True if listing statement \a s writes as many registers as \a info has register operands
// and every attribute \a info encodes.
bool ListsOperandsOf(const grammar::Statement& s, const OpInfo& info) {
  ItemSpan items = s.items;
  std::map<std::string, Attribute> attrs;
  if (!items.empty() && items.back().Is(ItemKind::kAttrDict)) {
    ReadAttributes(items.back(), &attrs);
    items = items.first(items.size() - 1);
  }
  const std::vector<ItemSpan> terms = items.empty() ? std::vector<ItemSpan>() : Split(items, ",");
  size_t registers = 0;
  for (const auto& [name, unused] : attrs) {  // an attribute the form does not take: another form
    bool takes = false;
    for (const OperandSpec& spec : info.operands) {
      takes |= spec.kind == OperandKind::kImm &&
               (spec.attr == name || (!spec.attr.empty() && spec.attr.substr(1) == name));
    }
    if (!takes) return false;
  }
  for (const OperandSpec& spec : info.operands) {
    if (spec.kind != OperandKind::kImm) {
      // A register names its file (data_move's GM side is %v, its UB side %s).
      if (registers < terms.size() && terms[registers].size() == 1 &&
          terms[registers][0].Is(ItemKind::kValue) &&
          !std::string_view(terms[registers][0].text)
               .starts_with(Prefix(GetKindInfo(spec.kind).reg_class) + 1)) {
        return false;
      }
      ++registers;
    } else if (!spec.attr.empty() && spec.attr[0] != '%' && !attrs.count(std::string(spec.attr))) {
      return false;
    }
  }
  return terms.size() == registers;
}

class ListingFunction {
 public:
  ListingFunction(Context& ctx, Program& program, const Statement& stmt)
      : ctx_(ctx), program_(program), stmt_(stmt) {}

  bool Declare(uint32_t index);
  bool LowerBody();
  /// Where each bc.call of the body is written, in code order.
  const std::vector<SourceRange>& call_sites() const { return call_sites_; }

 private:
  bool Error(const Item& at, std::string message) {
    ctx_.Error(at, std::move(message));
    return false;
  }
  bool LowerParam(ItemSpan part);
  /// Reports a register file of class \a cls grown past the format's limit by \a s.
  bool CountRegisters(const grammar::Statement& s, RegClass cls, size_t count);
  bool LowerStatement(const grammar::Statement& s);
  bool RegisterFile(const grammar::Statement& s);
  // The records RegisterFile reads, each after "%REG =": \a rest the text after '=' (its
  // attribute dictionary taken out into \a attrs).
  struct RegisterRecord {
    const grammar::Statement& s;
    RegClass cls;
    uint32_t reg;
    ItemSpan rest;
    std::map<std::string, Attribute> attrs;
    std::string_view Text(const char* key) const;
  };
  bool Scalars(const grammar::Statement& s);
  bool ConstRecord(const RegisterRecord& r);
  bool TileRecord(const RegisterRecord& r);
  bool VectorRecord(const RegisterRecord& r);
  bool ViewRecord(const RegisterRecord& r);
  bool Instruction(const grammar::Statement& s, const OpInfo& info);
  bool Operand(const Item& item, OperandKind kind, bool optional, uint32_t* out);
  bool Immediate(const OpInfo& info, const OperandSpec& spec, const Attribute* attr,
                 uint32_t* out);
  Function& fn() { return program_.functions[index_]; }

  Context& ctx_;
  Program& program_;
  const grammar::Statement& stmt_;
  uint32_t index_ = 0;
  const Item* body_ = nullptr;
  std::vector<SourceRange> call_sites_;
};

bool ListingFunction::CountRegisters(const grammar::Statement& s, RegClass cls, size_t count) {
  if (count <= ctx_.limits().registers) return true;
  return Error(s.head, TooManyRegisters(program_.String(fn().name), cls, ctx_.limits().registers));
}

bool ListingFunction::LowerParam(ItemSpan part) {
  RegClass cls;
  pto::Param p;
  if (part.size() < 3 || !RegisterName(part[0], &cls, &p.reg) || !part[1].IsPunct(":")) {
    return Error(part.empty() ? stmt_.head : part[0],
                 "a listing parameter is '%s0: TYPE {pto.name = \"...\"}'");
  }
  ItemSpan type_items = part.subspan(2);
  std::string name;
  if (type_items.back().Is(ItemKind::kAttrDict)) {
    std::map<std::string, Attribute> attrs;
    ReadAttributes(type_items.back(), &attrs);
    auto it = attrs.find("pto.name");
    if (it != attrs.end() && it->second.value.size() == 1) name = it->second.value[0].text;
    type_items = type_items.first(type_items.size() - 1);
  }
  Type type;
  if (!ParseWholeType(ctx_, type_items, &type)) return false;
  switch (type.kind) {
    case TypeKind::kScalar:
      p.kind = ParamKind::kScalar;
      break;
    case TypeKind::kPointer:
      p.kind = ParamKind::kPointer;
      break;
    case TypeKind::kMemref:
      p.kind = ParamKind::kMemref;
      p.shape = type.shape;
      if (p.shape.empty() || p.shape.size() > ctx_.limits().param_rank) {
        return Error(part[2], StrCat("a memref parameter has 1 to ", ctx_.limits().param_rank,
                                     " dimensions, not ", p.shape.size()));
      }
      for (int64_t d : p.shape) {
        if (d == kDynamic) continue;
        if (std::string problem = MemrefDimProblem(d); !problem.empty()) {
          return Error(part[2], problem);
        }
      }
      break;
    case TypeKind::kTile:
      p.kind = ParamKind::kTile;
      break;
    case TypeKind::kLVec:
      p.kind = ParamKind::kLVec;
      break;
    case TypeKind::kLMask:
      p.kind = ParamKind::kLMask;
      type.dtype = DType::kI1;  // a predicate per lane, as the assembler records it
      break;
    case TypeKind::kVReg:
      p.kind = ParamKind::kVReg;
      break;
    case TypeKind::kMask:
      p.kind = ParamKind::kMask;
      type.dtype = DType::kI1;  // a predicate bit per byte, as the assembler records it
      break;
    default:
      return Error(part[2], StrCat("unsupported parameter type '", type.text, "'"));
  }
  const RegClass want = ParamRegClass(p.kind);
  if (cls != want) {
    return Error(part[0], StrCat("a parameter of type '", type.text, "' lives in a ",
                                 Prefix(want), " register"));
  }
  p.dtype = type.dtype;
  p.name = ctx_.InternName(program_, name, part[0].range);
  fn().params.push_back(p);
  if (fn().params.size() > ctx_.limits().registers) {
    ctx_.LimitError(StrCat("@", program_.String(fn().name), " parameters"), part[0].range,
                    TooManyRegisters(program_.String(fn().name), cls, ctx_.limits().registers));
  }
  return true;
}

// func.func [private] @name(%v0: T {pto.name = "x"}, ...) [-> (T, ...)] attributes {...} {...}
bool ListingFunction::Declare(uint32_t index) {
  index_ = index;
  ItemSpan items = stmt_.items;
  size_t i = 0;
  bool is_private = false;
  for (; i < items.size() && items[i].Is(ItemKind::kWord); ++i) {
    is_private |= items[i].IsWord("private");
  }
  if (i + 1 >= items.size() || !items[i].Is(ItemKind::kSymbol) || !items[i + 1].IsGroup('(')) {
    return Error(stmt_.head, "expected 'func.func @name(...) { ... }'");
  }
  Function& f = fn();
  f.name = ctx_.InternName(program_, items[i].text, items[i].range);
  f.is_public = !is_private;
  for (size_t k = i + 2; k < items.size(); ++k) {
    const Item& item = items[k];
    if (item.Is(ItemKind::kRegion)) body_ = &item;
    if (item.IsPunct("->") && k + 1 < items.size()) {
      ItemSpan list = items[k + 1].IsGroup('(') ? ItemSpan(items[k + 1].children())
                                                : ItemSpan(&items[k + 1], 1);
      for (ItemSpan part : Split(list, ",")) {
        Type t;
        if (!ParseWholeType(ctx_, part, &t)) return false;
        if (!t.IsScalar()) return Error(part[0], "functions return scalars");
        f.results.push_back(t.dtype);
      }
      if (f.results.size() > ctx_.limits().results) {
        return Error(items[k + 1],
                     TooManyResults(items[i].text, f.results.size(), ctx_.limits().results));
      }
    }
    if (!item.Is(ItemKind::kAttrDict)) continue;
    std::map<std::string, Attribute> attrs;
    ReadAttributes(item, &attrs);
    for (const auto& [key, attr] : attrs) {
      const Item* word = attr.value.empty() ? nullptr : &attr.value.back();
      if (key == "pto.entry") {
        f.marked_entry = true;
      } else if (key == "pto.simt_entry") {
        f.simt_entry = true;
      } else if (key == "pto.declaration") {
        f.defined = false;
      } else if (key == "pto.backend") {
        if (!word || !word->Is(ItemKind::kString) || attr.value.size() != 1 ||
            !ParseBackend(word->text, &f.backend)) {
          return Error(item, "pto.backend is \"emitc\" or \"vpto\"");
        }
      } else if (key == "pto.peer" && word && word->Is(ItemKind::kInt)) {
        f.peer = static_cast<uint32_t>(word->number);
      } else if (key == "pto.kernel_kind") {
        std::string text = Spell(attr.value);
        f.kind = text.find("cube") != std::string::npos     ? KernelKind::kCube
                 : text.find("vector") != std::string::npos ? KernelKind::kVector
                                                            : KernelKind::kAny;
      } else {
        return Error(item, StrCat("unknown function attribute '", key, "' in a listing"));
      }
    }
  }
  for (ItemSpan part : Split(items[i + 1].children(), ",")) {
    if (!LowerParam(part)) return false;
  }
  if (stmt_.loc) {
    f.def_file = ctx_.InternName(program_, stmt_.loc->file, stmt_.head.range);
    f.def_line = static_cast<uint32_t>(stmt_.loc->line);
    f.def_col = static_cast<uint32_t>(stmt_.loc->col);
  }
  if (!body_) return Error(items[i], "a listing function needs a body, even if empty");
  return true;
}

// bc.scalars [T, ...] / bc.const %sN = BITS : T / bc.tile %tN = TYPE {...} / bc.view %vN = T {...}
// / bc.vreg %rN = !pto.vreg<..> {...} / bc.mask %mN = !pto.mask<bG> {...} / bc.align %alN = ...
bool ListingFunction::RegisterFile(const grammar::Statement& s) {
  std::string_view head = s.head.text;
  ItemSpan items = s.items;
  if (head == "bc.scalars") return Scalars(s);
  RegisterRecord r{s, RegClass::kScalar, 0, {}, {}};
  if (items.size() < 3 || !RegisterName(items[0], &r.cls, &r.reg) || !items[1].IsPunct("=")) {
    return Error(s.head, StrCat("expected '", head, " %REG = ...'"));
  }
  r.rest = items.subspan(2);
  if (r.rest.back().Is(ItemKind::kAttrDict)) {
    ReadAttributes(r.rest.back(), &r.attrs);
    r.rest = r.rest.first(r.rest.size() - 1);
  }
  if (head == "bc.const") return ConstRecord(r);
  if (head == "bc.tile") return TileRecord(r);
  if (head == "bc.vreg" || head == "bc.mask" || head == "bc.align" || head == "bc.lvec" ||
      head == "bc.lmask") {
    return VectorRecord(r);
  }
  return ViewRecord(r);
}

std::string_view ListingFunction::RegisterRecord::Text(const char* key) const {
  auto it = attrs.find(key);
  return it == attrs.end() || it->second.value.empty() ? std::string_view()
                                                        : it->second.value[0].text;
}

// bc.scalars [T, ...]
bool ListingFunction::Scalars(const grammar::Statement& s) {
  Function& f = fn();
  ItemSpan items = s.items;
  if (items.size() != 1 || !items[0].IsGroup('[')) return Error(s.head, "expected 'bc.scalars [T, ...]'");
  for (ItemSpan part : Split(items[0].children(), ",")) {
    Type t;
    if (!ParseWholeType(ctx_, part, &t)) return false;
    if (!t.IsScalar()) return Error(part[0], "scalar registers hold scalars");
    f.scalar_regs.push_back(t.dtype);
  }
  return CountRegisters(s, RegClass::kScalar, f.scalar_regs.size());
}

// bc.const %sN = BITS : T
bool ListingFunction::ConstRecord(const RegisterRecord& r) {
  Function& f = fn();
  ItemSpan rest = r.rest;
  if (r.cls != RegClass::kScalar || r.reg >= f.scalar_regs.size() || rest.size() < 3 ||
      !rest[0].Is(ItemKind::kInt) || !rest[1].IsPunct(":")) {
    return Error(r.s.items[0], "expected 'bc.const %sN = BITS : TYPE' for a declared register");
  }
  Type t;
  if (!ParseWholeType(ctx_, rest.subspan(2), &t)) return false;
  if (t.dtype != f.scalar_regs[r.reg]) return Error(rest[2], "the type differs from the register's");
  f.consts.push_back(ConstInit{r.reg, static_cast<uint64_t>(rest[0].number)});
  if (f.consts.size() > ctx_.limits().registers) {
    return Error(r.s.head, StrCat("more than ", ctx_.limits().registers,
                                  " constants, the most a "
                                  "function of the bytecode format has"));
  }
  return true;
}

// bc.tile %tN = TYPE {name = ..., addr = A, valid = [ROWS, COLS]}
bool ListingFunction::TileRecord(const RegisterRecord& r) {
  Function& f = fn();
  const Item& reg_item = r.s.items[0];
  Type t;
  if (r.cls != RegClass::kTile || r.reg != f.tiles.size()) {
    return Error(reg_item, StrCat("expected tile register %t", f.tiles.size(), " next"));
  }
  if (!ParseWholeType(ctx_, r.rest, &t)) return false;
  if (!t.IsTile()) return Error(r.rest[0], "bc.tile declares a tile");
  TileReg tile;
  tile.type = t.tile;
  tile.name = ctx_.InternName(program_, r.Text("name"), r.s.head.range);
  auto addr = r.attrs.find("addr");
  if (addr != r.attrs.end() && addr->second.value.size() == 1 &&
      addr->second.value[0].Is(ItemKind::kInt)) {
    tile.addr = static_cast<uint32_t>(addr->second.value[0].number);
  }
  auto valid = r.attrs.find("valid");
  if (valid == r.attrs.end() || valid->second.value.size() != 1 ||
      !valid->second.value[0].IsGroup('[') || valid->second.value[0].children().size() != 3 ||
      !valid->second.value[0].children()[0].Is(ItemKind::kInt) ||
      !valid->second.value[0].children()[2].Is(ItemKind::kInt)) {
    return Error(reg_item, "bc.tile needs {valid = [ROWS, COLS]}");
  }
  tile.valid_rows = static_cast<int32_t>(valid->second.value[0].children()[0].number);
  tile.valid_cols = static_cast<int32_t>(valid->second.value[0].children()[2].number);
  f.tiles.push_back(tile);
  return CountRegisters(r.s, RegClass::kTile, f.tiles.size());
}

// bc.vreg %rN = !pto.vreg<..> {...} / bc.mask %mN = !pto.mask<bG> {...} / bc.align %alN = ...
// / bc.lvec %lvN = !pto.vmi.vreg<LxT> {...} / bc.lmask %lkN = !pto.vmi.mask<LxG> {...}
bool ListingFunction::VectorRecord(const RegisterRecord& r) {
  Function& f = fn();
  std::string_view head = r.s.head.text;
  Type t;
  const RegClass want = head == "bc.vreg"    ? RegClass::kVReg
                        : head == "bc.mask"  ? RegClass::kMask
                        : head == "bc.lvec"  ? RegClass::kLVec
                        : head == "bc.lmask" ? RegClass::kLMask
                                             : RegClass::kAlign;
  const size_t next = f.RegisterCount(want);
  if (r.cls != want || r.reg != next) {
    return Error(r.s.items[0], StrCat("expected register ", Prefix(want), next, " next"));
  }
  if (!ParseWholeType(ctx_, r.rest, &t)) return false;
  const uint32_t name = ctx_.InternName(program_, r.Text("name"), r.s.head.range);
  if (want == RegClass::kVReg && t.kind == TypeKind::kVReg) {
    f.vregs.push_back(VRegReg{t.dtype, name});
  } else if (want == RegClass::kMask && t.kind == TypeKind::kMask) {
    f.masks.push_back(MaskReg{static_cast<uint8_t>(t.granule), name});
  } else if (want == RegClass::kAlign && t.kind == TypeKind::kAlign) {
    f.aligns.push_back(AlignReg{name});
  } else if (want == RegClass::kLVec && t.kind == TypeKind::kLVec) {
    f.lvecs.push_back(LVecReg{t.dtype, t.lvec_flags, static_cast<uint16_t>(t.lanes), name});
  } else if (want == RegClass::kLMask && t.kind == TypeKind::kLMask) {
    f.lmasks.push_back(LMaskReg{static_cast<uint16_t>(t.lanes), t.granule, name});
  } else {
    return Error(r.rest[0], StrCat(head, " declares a register of its own type"));
  }
  return CountRegisters(r.s, want, next + 1);
}

// bc.view %vN = T {name = ...}
bool ListingFunction::ViewRecord(const RegisterRecord& r) {
  Function& f = fn();
  Type t;
  if (r.cls != RegClass::kView || r.reg != f.views.size()) {
    return Error(r.s.items[0], StrCat("expected view register %v", f.views.size(), " next"));
  }
  if (!ParseWholeType(ctx_, r.rest, &t)) return false;
  if (!t.IsScalar()) return Error(r.rest[0], "bc.view gives the element type");
  f.views.push_back(ViewReg{t.dtype, ctx_.InternName(program_, r.Text("name"), r.s.head.range)});
  return CountRegisters(r.s, RegClass::kView, f.views.size());
}

bool ListingFunction::Operand(const Item& item, OperandKind kind, bool optional, uint32_t* out) {
  if (item.IsWord("none")) {
    if (!optional) return Error(item, "this operand is required");
    *out = kNoOperand;
    return true;
  }
  if (kind == OperandKind::kTarget) {
    if (!item.Is(ItemKind::kCaret) || item.text.size() < 2 || item.text[0] != 'w') {
      return Error(item, "expected a code label ^wN");
    }
    *out = static_cast<uint32_t>(std::strtoul(std::string(item.text).c_str() + 1, nullptr, 10));
    return true;
  }
  if (kind == OperandKind::kImm) {
    if (!item.Is(ItemKind::kInt)) return Error(item, "expected a number");
    *out = static_cast<uint32_t>(item.number);
    return true;
  }
  RegClass cls;
  const RegClass want = GetKindInfo(kind).reg_class;
  if (!RegisterName(item, &cls, out) || cls != want) {
    return Error(item, StrCat("expected a ", Prefix(want), " register, got '",
                              Spell(ItemSpan(&item, 1)), "'"));
  }
  return true;
}

bool ListingFunction::Immediate(const OpInfo& info, const OperandSpec& spec,
                                const Attribute* attr, uint32_t* out) {
  const std::string key(spec.attr[0] == '%' ? spec.attr.substr(1) : spec.attr);
  const AttrInfo* known = FindAttr(key);
  const bool sync = info.family == Family::kSync;
  const char* sync_zero = sync ? SyncEnumName(SyncAttrKind(info.opcode, spec.attr), 0) : nullptr;
  if (!attr && ((known && known->count > 0 && known->values[0][0] == '\0') ||
                (sync_zero && *sync_zero == '\0'))) {
    *out = 0;  // "not written" (VMI's rounding, dcci's cache_dst): the listing leaves it out
    return true;
  }
  if (!attr || attr->value.size() != 1) {
    return Error(stmt_.head, StrCat(info.mnemonic, " needs {", key, " = ...}"));
  }
  const Item& v = attr->value[0];
  if (v.Is(ItemKind::kInt)) {
    *out = static_cast<uint32_t>(v.number);
    return true;
  }
  if (const AttrInfo* a = FindAttr(spec.attr); a && ParseAttrValue(*a, v.text, out)) return true;
  if (info.family == Family::kSync &&
      ParseSyncEnum(SyncAttrKind(info.opcode, spec.attr), v.text, out)) {
    return true;
  }
  return Error(v, StrCat("unknown ", key, " value '", v.text, "'"));
}

bool ListingFunction::Instruction(const grammar::Statement& s, const OpInfo& info) {
  ItemSpan items = s.items;
  std::map<std::string, Attribute> attrs;
  if (!items.empty() && items.back().Is(ItemKind::kAttrDict)) {
    ReadAttributes(items.back(), &attrs);
    items = items.first(items.size() - 1);
  }
  std::vector<ItemSpan> terms = Split(items, ",");
  if (terms.size() == 1 && terms[0].empty()) terms.clear();
  std::vector<uint32_t> operands;
  size_t t = 0;
  for (const OperandSpec& spec : info.operands) {
    uint32_t value = 0;
    if (spec.kind == OperandKind::kImm && !spec.attr.empty()) {
      const std::string key(spec.attr[0] == '%' ? spec.attr.substr(1) : spec.attr);
      auto it = attrs.find(key);
      if (!Immediate(info, spec, it == attrs.end() ? nullptr : &it->second, &value)) return false;
    } else {
      if (t >= terms.size() || terms[t].size() != 1) {
        return Error(s.head, StrCat("bc.", info.mnemonic, " needs ", info.num_operands(),
                                    " operands in order"));
      }
      if (!Operand(terms[t++][0], spec.kind, spec.optional, &value)) return false;
    }
    operands.push_back(value);
  }
  if (info.variadic) {
    for (; t < terms.size(); ++t) {
      RegClass cls;
      uint32_t reg;
      if (terms[t].size() != 1 || !RegisterName(terms[t][0], &cls, &reg)) {
        return Error(terms[t].empty() ? s.head : terms[t][0], "expected a register");
      }
      operands.push_back(reg);
    }
  }
  if (t != terms.size()) return Error(terms[t][0], "too many operands");
  Function& f = fn();
  if (f.code.size() + 1 + operands.size() > ctx_.limits().code_words) {
    return Error(s.head, TooManyCodeWords(program_.String(f.name), ctx_.limits().code_words));
  }
  if (s.loc) {
    f.lines.push_back(LineEntry{
        static_cast<uint32_t>(f.code.size()), ctx_.InternName(program_, s.loc->file, s.head.range),
        static_cast<uint32_t>(s.loc->line), static_cast<uint32_t>(s.loc->col)});
  }
  if (!FitsSchema(info.opcode, operands.size()) || operands.size() > ctx_.limits().operands) {
    return Error(s.head, "operand count does not fit the instruction");
  }
  if (info.opcode == Opcode::kCall) call_sites_.push_back(s.head.range);
  pto::Emit(&f.code, info.opcode, operands);
  return true;
}

bool ListingFunction::LowerStatement(const grammar::Statement& s) {
  if (s.head.Is(ItemKind::kCaret)) {
    uint32_t at = static_cast<uint32_t>(std::strtoul(std::string(s.head.text).c_str() + 1, nullptr, 10));
    if (s.head.text.empty() || s.head.text[0] != 'w' || at != fn().code.size()) {
      return Error(s.head, StrCat("label ^", s.head.text, " is at code word ", fn().code.size()));
    }
    return true;
  }
  std::string_view head = s.head.text;
  if (head == "bc.scalars" || head == "bc.const" || head == "bc.tile" || head == "bc.view" ||
      head == "bc.vreg" || head == "bc.mask" || head == "bc.align" || head == "bc.lvec" ||
      head == "bc.lmask") {
    return RegisterFile(s);
  }
  const OpInfo* info = head.rfind("bc.", 0) == 0 ? ListingOpcode(head.substr(3)) : nullptr;
  if (!info) return Error(s.head, StrCat("unknown listing statement '", head, "'"));
  // Forms of one instruction (tgather) differ in their register operands or attributes.
  for (const OpInfo* form = info; form && NextOverload(*info); form = NextOverload(*form)) {
    if (ListsOperandsOf(s, *form)) return Instruction(s, *form);
  }
  return Instruction(s, *info);
}

bool ListingFunction::LowerBody() {
  bool ok = true;
  for (const grammar::Statement& s : body_->body()) ok &= LowerStatement(s);
  return ok;
}

}  // namespace

namespace {

std::map<std::string, Attribute> ModuleAttributes(StatementSpan top) {
  std::map<std::string, Attribute> attrs;
  for (const Statement& stmt : top) {
    if (!stmt.head.IsWord("module")) continue;
    for (const Item& item : stmt.items) {
      if (item.Is(ItemKind::kAttrDict)) ReadAttributes(item, &attrs);
    }
  }
  return attrs;
}

}  // namespace

bool IsListing(StatementSpan top) {
  return ModuleAttributes(top).count("pto.listing") > 0;
}

bool LowerListing(Context& ctx, Program& program, StatementSpan top,
                  const std::vector<const Statement*>& funcs) {
  std::map<std::string, Attribute> attrs = ModuleAttributes(top);
  program.is_object = attrs.count("pto.object") > 0;
  auto entry = attrs.find("pto.entry");
  if (entry != attrs.end() && entry->second.value.size() == 1 &&
      entry->second.value[0].Is(ItemKind::kInt)) {
    program.entry = static_cast<uint32_t>(entry->second.value[0].number);
  }
  if (funcs.size() > ctx.limits().functions) {
    ctx.Error(funcs[ctx.limits().functions]->head, TooManyFunctions(ctx.limits().functions));
    return false;
  }
  program.functions.resize(funcs.size());
  std::vector<ListingFunction> lowered;
  bool ok = true;
  for (size_t i = 0; i < funcs.size(); ++i) {
    lowered.emplace_back(ctx, program, *funcs[i]);
    ok &= lowered.back().Declare(static_cast<uint32_t>(i));
  }
  if (!ok) return false;
  for (ListingFunction& f : lowered) ok &= f.LowerBody();
  if (!ok) return false;
  const std::vector<CallEdge> cycle = FindCallCycle(CallsOf(program));
  if (!cycle.empty() && cycle.back().index < lowered[cycle.back().caller].call_sites().size()) {
    ctx.Error(lowered[cycle.back().caller].call_sites()[cycle.back().index],
              CallCycleMessage(program, cycle));
    return false;
  }
  return true;
}

}  // namespace pto::assembler
