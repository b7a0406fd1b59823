#include "pto/asm/lowering/pipe_lowering.h"

#include "pto/asm/lowering/op_form.h"
#include "pto/asm/lowering/operands.h"
#include "pto/common/isa/immediates.h"
#include "pto/common/strings.h"

namespace pto::assembler {

namespace {

// The attribute dictionary of \a stmt (or an empty map).
std::map<std::string, Attribute> StatementAttrs(const Statement& stmt) {
  std::map<std::string, Attribute> attrs;
  for (const Item& item : stmt.items) {
    if (item.Is(ItemKind::kAttrDict)) ReadAttributes(item, &attrs);
  }
  return attrs;
}

class PipeAttrs {
 public:
  PipeAttrs(Context& ctx, const Statement& stmt) : ctx_(ctx), stmt_(stmt), attrs_(StatementAttrs(stmt)) {}

  bool Has(const char* key) const { return attrs_.count(key) > 0; }
  /// Reports each attribute that is not one of \a names (dialect-prefixed ones aside).
  bool Only(std::initializer_list<std::string_view> names) {
    return CheckAttributeNames(ctx_, attrs_, stmt_.head.text, [&](std::string_view name) {
      for (std::string_view known : names) {
        if (name == known) return true;
      }
      return false;
    });
  }
  /// The integer attribute \a key in [lo, hi], or \a fallback when absent (required if
  /// \a fallback is negative).
  bool Int(const char* key, int64_t lo, int64_t hi, int64_t fallback, uint32_t* out) {
    auto it = attrs_.find(key);
    if (it == attrs_.end()) {
      if (fallback < 0) {
        ctx_.Error(stmt_.head, StrCat(stmt_.head.text, " needs the attribute '", key, "'"));
        return false;
      }
      *out = static_cast<uint32_t>(fallback);
      return true;
    }
    const Item* word = AttributeWord(it->second.value, /*quoted=*/true);
    if (!word || !word->Is(ItemKind::kInt) || word->number < lo || word->number > hi) {
      ctx_.Error(it->second.range, StrCat(key, " must be an integer from ", lo, " to ", hi,
                                          ", got '", Spell(it->second.value), "'"));
      return false;
    }
    *out = static_cast<uint32_t>(word->number);
    return true;
  }
  /// The instruction immediate \a key in its range (common/isa/immediates.cc), or \a fallback
  /// when absent (required if \a fallback is negative).
  bool Immediate(const char* key, int64_t fallback, uint32_t* out) {
    const ImmediateRange range = RangeOfNumber(key);
    return Int(key, range.min, range.max, fallback, out);
  }
  /// The word of attribute \a key (a string, symbol or enum value), or null with an error.
  const Item* Word(const char* key) {
    auto it = attrs_.find(key);
    const Item* word =
        it == attrs_.end() ? nullptr : AttributeWord(it->second.value, /*quoted=*/true);
    if (!word) ctx_.Error(stmt_.head, StrCat(stmt_.head.text, " needs the attribute '", key, "'"));
    return word;
  }
  SourceRange Range(const char* key) const {
    auto it = attrs_.find(key);
    return it == attrs_.end() ? stmt_.head.range : it->second.range;
  }

 private:
  Context& ctx_;
  const Statement& stmt_;
  std::map<std::string, Attribute> attrs_;
};

// The operands of a pipe instruction as written: its ins(...) clause, its parenthesised list
// (pto.tpush_to_aiv(%t : T), which may follow the attributes), or else the terms before its
// attributes and types (tpush_to_aiv %t {split = 0}).
ItemSpan PipeOperands(const Statement& stmt) {
  ItemSpan items = stmt.items;
  int ins = FindClause(items, "ins");
  if (ins >= 0) return items[ins + 1].children();
  for (size_t i = 0; i < items.size(); ++i) {
    if (items[i].IsWord("outs")) {
      ++i;  // the outs(...) clause: what a pop writes, not an operand list
    } else if (items[i].IsGroup('(')) {
      return items[i].children();
    } else if (items[i].IsPunct("->") || items[i].IsPunct(":")) {
      break;
    }
  }
  size_t end = 0;
  while (end < items.size() && !items[end].Is(ItemKind::kAttrDict) && !items[end].IsPunct(":") &&
         !items[end].IsPunct("->") && !items[end].IsWord("outs")) {
    ++end;
  }
  return items.first(end);
}

// The operand terms of \a operands, without their types: "%a : i32, %b : i32",
// "%a, %b : i32, i32" and "c2v_consumer_buf = %a : i32" all give one part per operand.
std::vector<ItemSpan> OperandTerms(ItemSpan operands) {
  std::vector<ItemSpan> terms;
  for (ItemSpan part : Split(operands, ",")) {
    if (!part.empty() && (part[0].Is(ItemKind::kWord) || part[0].Is(ItemKind::kBang))) continue;
    terms.push_back(BeforeColon(part));
  }
  return terms;
}

// "-> T" at the end of \a stmt.
bool ArrowType(Context& ctx, const Statement& stmt, Type* type) {
  int arrow = Find(stmt.items, "->");
  if (arrow < 0) {
    ctx.Error(stmt.head, StrCat(stmt.head.text, " needs its result type: '-> !pto.tile_buf<...>'"));
    return false;
  }
  return ParseWholeType(ctx, ItemSpan(stmt.items).subspan(arrow + 1), type);
}

// A pipe operation of the cube side (\a cube) in a function of the vector kind, or the reverse.
bool RequireSide(FunctionBuilder& fb, const Statement& stmt, bool cube) {
  Context& ctx = fb.ctx();
  const KernelKind kind = fb.function().kind;
  if (kind == KernelKind::kAny || (kind == KernelKind::kCube) == cube) return true;
  ctx.Error(stmt.head, StrCat(stmt.head.text, " runs on the ", cube ? "cube" : "vector",
                              " core, but @", fb.program().String(fb.function().name), " is a ",
                              cube ? "vector" : "cube", " function"));
  return false;
}

// A pipe buffer's address: an i32 constant filled in once the buffers are placed (through
// function().consts[*const_index]).
Value BufferAddress(FunctionBuilder& fb, size_t* const_index) {
  Value v;
  v.type = ScalarType(DType::kI32);
  v.cls = ValueClass::kScalar;
  v.reg = fb.LateConstant(DType::kI32, const_index);
  return v;
}

}  // namespace

// %b = pto.reserve_buffer {name = "fifo", size = N, location = #pto.address_space<vec>,
//                          auto = true | false, base = ADDR} -> i32
bool LowerReserveBuffer(FunctionBuilder& fb, const Statement& stmt) {
  Context& ctx = fb.ctx();
  if (!ExpectResults(ctx, stmt, 1)) return false;
  PipeAttrs attrs(ctx, stmt);
  if (!attrs.Only({"name", "size", "location", "auto", "base"})) return false;
  const Item* name = attrs.Word("name");
  const Item* location = attrs.Word("location");
  uint32_t size = 0, base = 0;
  if (!name || !location || !attrs.Int("size", 1, 1 << 24, -1, &size)) return false;
  BufferReservation r;
  r.name = name->text;
  r.size = size;
  r.def = stmt.head.range;
  if (!ParseMemory(location->text, &r.mem) || (r.mem != Memory::kVec && r.mem != Memory::kMat)) {
    ctx.Error(attrs.Range("location"), StrCat("a pipe buffer lives in vec (the vector side) or "
                                              "mat (the cube side), not '",
                                              location->text, "'"));
    return false;
  }
  const Item* automatic = attrs.Has("auto") ? attrs.Word("auto") : nullptr;
  if (automatic && automatic->text != "true" && automatic->text != "false") {
    ctx.Error(attrs.Range("auto"), StrCat("auto must be true or false, got '", automatic->text, "'"));
    return false;
  }
  r.automatic = !automatic || automatic->text == "true";
  if (!r.automatic) {
    if (!attrs.Int("base", 0, MemoryCapacity(ctx.arch(), r.mem), -1, &base)) return false;
    r.addr = base;
    if (base % kTileAlignment != 0 || uint64_t{base} + size > MemoryCapacity(ctx.arch(), r.mem)) {
      ctx.Error(attrs.Range("base"),
                StrCat("the buffer [", base, ", ", uint64_t{base} + size,
                       ") must be 32-byte aligned and inside ", MemoryHardwareName(r.mem), " (",
                       MemoryCapacity(ctx.arch(), r.mem), " bytes)"));
      return false;
    }
  }
  for (const BufferReservation& other : fb.reservations()) {
    if (other.name == r.name) {
      ctx.Error(attrs.Range("name"),
                StrCat("this function already reserves a buffer named \"", r.name, "\""));
      return false;
    }
  }
  Value v = BufferAddress(fb, &r.const_index);
  fb.function().consts[r.const_index].bits = r.addr;
  fb.reservations().push_back(r);
  return fb.Define(stmt.results[0], v);
}

// %b = pto.import_reserved_buffer {name = "fifo", peer_func = @f} -> i32: the address of the
// buffer @f reserves, for the producer side of a pipe.
bool LowerImportBuffer(FunctionBuilder& fb, const Statement& stmt) {
  Context& ctx = fb.ctx();
  if (!ExpectResults(ctx, stmt, 1)) return false;
  PipeAttrs attrs(ctx, stmt);
  if (!attrs.Only({"name", "peer_func"})) return false;
  const Item* name = attrs.Word("name");
  const Item* peer = attrs.Word("peer_func");
  if (!name || !peer) return false;
  BufferImport import;
  import.name = name->text;
  import.peer = peer->text;
  import.def = attrs.Range("peer_func");
  Value v = BufferAddress(fb, &import.const_index);
  fb.imports().push_back(import);
  return fb.Define(stmt.results[0], v);
}

namespace {

// pto.aic_initialize_pipe {id = K, dir_mask = M, slot_size = N, slot_num = S}
//     (c2v_consumer_buf = %a : i32, v2c_consumer_buf = %b : i32 [, gm_slot_buffer = %p : T])
bool LowerInitPipe(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt) {
  Context& ctx = fb.ctx();
  if (!ExpectResults(ctx, stmt, 0)) return false;
  const bool cube = info.opcode == Opcode::kInitPipeAic;
  PipeAttrs attrs(ctx, stmt);
  uint32_t id, dir_mask, slot_size, slot_num, local_slot_num;
  if (!attrs.Only({"id", "dir_mask", "slot_size", "slot_num", "local_slot_num"})) return false;
  if (!RequireSide(fb, stmt, cube) || !attrs.Immediate("id", 0, &id) ||
      !attrs.Immediate("dir_mask", -1, &dir_mask) ||
      !attrs.Immediate("slot_size", -1, &slot_size) || !attrs.Immediate("slot_num", 0, &slot_num) ||
      !attrs.Immediate("local_slot_num", 0, &local_slot_num)) {
    return false;
  }
  const ItemSpan operands = PipeOperands(stmt);
  if (operands.empty()) {
    ctx.Error(stmt.head, StrCat(stmt.head.text,
                                " needs the consumer buffers: (c2v_consumer_buf "
                                "= %a : i32, v2c_consumer_buf = %b : i32)"));
    return false;
  }
  Value buffers[2];
  bool given[2] = {false, false};
  int positional = 0;
  for (ItemSpan part : OperandTerms(operands)) {
    int key = -1;
    if (!part.empty() && part[0].Is(ItemKind::kKey)) {
      std::string_view word = part[0].text;
      if (word == "gm_slot_buffer") continue;  // the A2/A3 GM ring; tiles travel directly here
      key = word == "c2v_consumer_buf" ? 0 : word == "v2c_consumer_buf" ? 1 : -2;
      if (key == -2) {
        ctx.Error(part[0], StrCat("unknown pipe operand '", word,
                                  "' (c2v_consumer_buf, "
                                  "v2c_consumer_buf or gm_slot_buffer)"));
        return false;
      }
      part = part.subspan(1);
    } else {
      key = positional++;
    }
    if (key > 1 || !IntOperand(fb, part, &buffers[key])) {
      if (key > 1) ctx.Error(part, "a pipe has two consumer buffers");
      return false;
    }
    given[key] = true;
  }
  for (int k = 0; k < 2; ++k) {
    if (!given[k]) buffers[k] = fb.ConstantValue(DType::kI32, 0, 0);
  }
  // The buffer this side consumes from must hold every slot (PTOAS: slot_size x slots).
  const uint32_t slots = local_slot_num ? local_slot_num
                         : slot_num     ? slot_num
                                        : (dir_mask == 3 ? 4 : 8);
  const int consumed = cube ? 1 : 0;
  if (dir_mask & (cube ? 2 : 1)) {
    for (const BufferReservation& r : fb.reservations()) {
      if (fb.function().consts[r.const_index].reg != buffers[consumed].reg) continue;
      if (uint64_t{r.size} < uint64_t{slot_size} * slots) {
        ctx.Error(stmt.head,
                  StrCat("pipe buffer \"", r.name, "\" holds ", r.size, " bytes, but ", slots,
                         " slots of ", slot_size, " bytes need ", uint64_t{slot_size} * slots));
        return false;
      }
    }
  }
  fb.Emit(info.opcode,
          {buffers[0].reg, buffers[1].reg, id, dir_mask, slot_size, slot_num, local_slot_num},
          stmt.head.range);
  return true;
}

// pto.tpush_to_aiv(%t : T) {split = N[, id = K]} (also ins(%t : T)).
bool LowerPush(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt) {
  Context& ctx = fb.ctx();
  if (!ExpectResults(ctx, stmt, 0)) return false;
  const bool to_vector = info.opcode == Opcode::kTPushToAiv;
  PipeAttrs attrs(ctx, stmt);
  uint32_t split, id;
  if (!attrs.Only({"split", "id"})) return false;
  if (!RequireSide(fb, stmt, to_vector) || !attrs.Immediate("split", 0, &split) ||
      !attrs.Immediate("id", 0, &id)) {
    return false;
  }
  ItemSpan term = BeforeColon(PipeOperands(stmt));
  if (!term.empty()) term = term.first(TermLength(term));
  Resolved tile;
  if (term.empty()) {
    ctx.Error(stmt.head, StrCat("expected '", stmt.head.text, "(%tile : T) {split = N}'"));
    return false;
  }
  if (!Resolve(fb, term, DType::kInvalid, &tile)) return false;
  if (tile.value.cls != ValueClass::kTile) {
    ctx.Error(term, StrCat(stmt.head.text, " sends a tile, got ", Describe(tile.value)));
    return false;
  }
  Memory mem = tile.value.type.tile.mem;
  bool ok = to_vector ? (mem == Memory::kAcc || mem == Memory::kMat) : mem == Memory::kVec;
  if (!ok) {
    ctx.Error(term, StrCat(stmt.head.text, " sends ", to_vector ? "an acc or mat" : "a vec",
                           " tile, got a ", MemoryName(mem), " tile"));
    return false;
  }
  fb.Emit(info.opcode, {tile.value.reg, split, id}, stmt.head.range);
  return true;
}

// %t = pto.tpop_from_aic [(%valid_rows, %valid_cols)] {split = N[, id = K]} -> T, or into a
// tile handle: pto.tpop_from_aic [ins(%valid_rows, %valid_cols)] outs(%t : T) {split = N}.
bool LowerPop(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt) {
  Context& ctx = fb.ctx();
  const int outs = FindClause(stmt.items, "outs");
  if (!ExpectResults(ctx, stmt, outs >= 0 ? 0 : 1)) return false;
  const bool to_vector = info.opcode == Opcode::kTPopFromAic;
  PipeAttrs attrs(ctx, stmt);
  uint32_t split, id;
  if (!attrs.Only({"split", "id"})) return false;
  if (!RequireSide(fb, stmt, !to_vector) || !attrs.Immediate("split", 0, &split) ||
      !attrs.Immediate("id", 0, &id)) {
    return false;
  }
  Value v;
  if (outs >= 0) {
    ItemSpan term = BeforeColon(stmt.items[outs + 1].children());
    Resolved tile;
    if (term.empty() || TermLength(term) != term.size()) {
      ctx.Error(stmt.items[outs + 1], "expected the tile that receives the pop: outs(%t : T)");
      return false;
    }
    if (!Resolve(fb, term, DType::kInvalid, &tile)) return false;
    if (tile.value.cls != ValueClass::kTile) {
      ctx.Error(term, StrCat(stmt.head.text, " delivers a tile, got ", Describe(tile.value)));
      return false;
    }
    v = tile.value;
  } else if (!ArrowType(ctx, stmt, &v.type)) {
    return false;
  } else if (!v.type.IsTile()) {
    ctx.Error(stmt.head, StrCat(stmt.head.text, " produces a tile, not '", v.type.text, "'"));
    return false;
  }
  const Memory want = to_vector ? Memory::kVec : Memory::kMat;
  if (v.type.tile.mem != want) {
    ctx.Error(stmt.head, StrCat(stmt.head.text, " delivers into a ", MemoryName(want),
                                " tile, not a ", MemoryName(v.type.tile.mem), " tile"));
    return false;
  }
  uint32_t valid[2] = {kNoOperand, kNoOperand};
  if (const ItemSpan operands = PipeOperands(stmt); !operands.empty()) {
    std::vector<ItemSpan> parts = OperandTerms(operands);
    if (parts.size() != 2) {
      ctx.Error(operands, "expected the popped tile's valid shape: (%rows, %cols)");
      return false;
    }
    for (int k = 0; k < 2; ++k) {
      Value n;
      if (!IntOperand(fb, parts[k], &n)) return false;
      valid[k] = n.reg;
    }
  }
  if (outs < 0 && !fb.DefineUnplacedTile(stmt.results[0], v.type, &v)) return false;
  fb.Emit(info.opcode, {v.reg, valid[0], valid[1], split, id}, stmt.head.range);
  return true;
}

// pto.tfree_from_aic {split = N[, id = K]}
bool LowerFree(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt) {
  Context& ctx = fb.ctx();
  if (!ExpectResults(ctx, stmt, 0)) return false;
  PipeAttrs attrs(ctx, stmt);
  uint32_t split, id;
  if (!attrs.Only({"split", "id"})) return false;
  const bool to_vector = info.opcode == Opcode::kTFreeFromAic;
  if (!RequireSide(fb, stmt, !to_vector) || !attrs.Immediate("split", 0, &split) ||
      !attrs.Immediate("id", 0, &id)) {
    return false;
  }
  fb.Emit(info.opcode, {split, id}, stmt.head.range);
  return true;
}

}  // namespace

bool LowerPipeOp(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt) {
  switch (info.opcode) {
    case Opcode::kInitPipeAic:
    case Opcode::kInitPipeAiv:
      return LowerInitPipe(fb, info, stmt);
    case Opcode::kTPushToAiv:
    case Opcode::kTPushToAic:
      return LowerPush(fb, info, stmt);
    case Opcode::kTPopFromAic:
    case Opcode::kTPopFromAiv:
      return LowerPop(fb, info, stmt);
    case Opcode::kTFreeFromAic:
    case Opcode::kTFreeFromAiv:
      return LowerFree(fb, info, stmt);
    default:
      break;
  }
  fb.ctx().Error(stmt.head, StrCat(info.mnemonic, " is not a pipe instruction"));
  return false;
}

}  // namespace pto::assembler
