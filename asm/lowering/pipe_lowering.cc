#include "pto/asm/lowering/pipe_lowering.h"

#include "pto/asm/lowering/operands.h"
#include "pto/asm/lowering/pipe_lowering_impl.h"
#include "pto/common/isa/fixpipe_epilogue.h"
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

// The fixpipe parameters PTOAS keeps off its frontend: STPhase, AtomicType, SubBlockId,
// ClipReluMode and IsChannelSplit, in the spellings it rejects by name.
bool UnpublishedFixpipeAttr(std::string_view name) {
  static constexpr std::string_view kNames[] = {
      "stPhase",      "st_phase",       "atomicType",     "atomic_type",      "subBlockId",
      "subBlockid",   "sub_blockid",    "clipReluMode",   "clip_relu_mode",   "isChannelSplit",
      "is_channel_split", "channelSplit", "channel_split"};
  for (std::string_view n : kNames) {
    if (n == name) return true;
  }
  return false;
}

}  // namespace

PipeAttrs::PipeAttrs(Context& ctx, const Statement& stmt)
    : ctx_(ctx), stmt_(stmt), attrs_(StatementAttrs(stmt)) {}

bool PipeAttrs::Only(std::initializer_list<std::string_view> names) {
  for (const auto& [name, attr] : attrs_) {
    if (UnpublishedFixpipeAttr(name)) {
      ctx_.Error(attr.range, StrCat(stmt_.head.text, " does not take the fixpipe parameter '",
                                    name, "': PTOAS keeps STPhase, AtomicType, SubBlockId, "
                                    "ClipReluMode and IsChannelSplit off its surface"));
      return false;
    }
  }
  return CheckAttributeNames(ctx_, attrs_, stmt_.head.text, [&](std::string_view name) {
    for (std::string_view known : names) {
      if (name == known) return true;
    }
    return false;
  });
}

bool PipeAttrs::Int(const char* key, int64_t lo, int64_t hi, int64_t fallback, uint32_t* out) {
  auto it = attrs_.find(key);
  if (it == attrs_.end()) {
    if (fallback < 0) {
      ctx_.Error(stmt_.head, StrCat(stmt_.head.text, " needs the attribute '", key, "'"));
      return false;
    }
    *out = static_cast<uint32_t>(fallback);
    return true;
  }
  // "8" or "8 : i32": the number comes first.
  const ItemSpan value = it->second.value;
  const Item* word = !value.empty() && value[0].Is(ItemKind::kInt)
                         ? &value[0]
                         : AttributeWord(value, /*quoted=*/true);
  if (!word || !word->Is(ItemKind::kInt) || word->number < lo || word->number > hi) {
    ctx_.Error(it->second.range, StrCat(key, " must be an integer from ", lo, " to ", hi,
                                        ", got '", Spell(it->second.value), "'"));
    return false;
  }
  *out = static_cast<uint32_t>(word->number);
  return true;
}

bool PipeAttrs::Immediate(const char* key, int64_t fallback, uint32_t* out) {
  const ImmediateRange range = RangeOfNumber(key);
  return Int(key, range.min, range.max, fallback, out);
}

bool PipeAttrs::Bool(const char* key, std::optional<bool>* out) {
  auto it = attrs_.find(key);
  if (it == attrs_.end()) return true;
  const Item* word = AttributeWord(it->second.value);
  if (!word || (!word->IsWord("true") && !word->IsWord("false"))) {
    ctx_.Error(it->second.range, StrCat(key, " must be true or false, got '",
                                        Spell(it->second.value), "'"));
    return false;
  }
  *out = word->IsWord("true");
  return true;
}

const Item* PipeAttrs::Word(const char* key) {
  auto it = attrs_.find(key);
  const Item* word =
      it == attrs_.end() ? nullptr : AttributeWord(it->second.value, /*quoted=*/true);
  if (!word) ctx_.Error(stmt_.head, StrCat(stmt_.head.text, " needs the attribute '", key, "'"));
  return word;
}

ItemSpan PipeAttrs::Raw(const char* key) const {
  auto it = attrs_.find(key);
  return it == attrs_.end() ? ItemSpan() : it->second.value;
}

SourceRange PipeAttrs::Range(const char* key) const {
  auto it = attrs_.find(key);
  return it == attrs_.end() ? stmt_.head.range : it->second.range;
}

ItemSpan PipeOperands(const Statement& stmt) {
  ItemSpan items = stmt.items;
  int ins = FindClause(items, "ins");
  if (ins >= 0) return items[ins + 1].children();
  for (size_t i = 0; i < items.size(); ++i) {
    if (items[i].IsWord("outs") || items[i].IsWord("aiv_subblockid")) {
      ++i;  // outs(...): what a pop writes; aiv_subblockid(%s): not an operand list
    } else if (items[i].IsGroup('(')) {
      return items[i].children();
    } else if (items[i].IsPunct("->") || items[i].IsPunct(":")) {
      break;
    }
  }
  size_t end = 0;
  while (end < items.size() && !items[end].Is(ItemKind::kAttrDict) && !items[end].IsPunct(":") &&
         !items[end].IsPunct("->") && !items[end].IsWord("outs") &&
         !items[end].IsWord("aiv_subblockid")) {
    ++end;
  }
  return items.first(end);
}

std::vector<ItemSpan> OperandTerms(ItemSpan operands) {
  std::vector<ItemSpan> terms;
  for (ItemSpan part : Split(operands, ",")) {
    if (!part.empty() && (part[0].Is(ItemKind::kWord) || part[0].Is(ItemKind::kBang))) continue;
    terms.push_back(BeforeColon(part));
  }
  return terms;
}

bool ArrowType(Context& ctx, const Statement& stmt, Type* type) {
  int arrow = Find(stmt.items, "->");
  if (arrow < 0) {
    ctx.Error(stmt.head, StrCat(stmt.head.text, " needs its result type: '-> !pto.tile_buf<...>'"));
    return false;
  }
  return ParseWholeType(ctx, ItemSpan(stmt.items).subspan(arrow + 1), type);
}

KernelKind StatementKind(FunctionBuilder& fb) {
  return fb.section != KernelKind::kAny ? fb.section : fb.function().kind;
}

bool RequireSide(FunctionBuilder& fb, const Statement& stmt, bool cube) {
  const KernelKind kind = StatementKind(fb);
  if (kind == (cube ? KernelKind::kCube : KernelKind::kVector)) return true;
  fb.ctx().Error(stmt.head, StrCat(stmt.head.text, " runs on the ", cube ? "cube" : "vector",
                                   " core: it must be inside a ", cube ? "cube" : "vector",
                                   " kernel function or a pto.section.",
                                   cube ? "cube" : "vector", " (@",
                                   fb.program().String(fb.function().name), " is ",
                                   kind == KernelKind::kAny ? "of no kind"
                                   : kind == KernelKind::kCube ? "a cube function"
                                                               : "a vector function",
                                   fb.section != KernelKind::kAny ? ", here in a section of "
                                                                    "the other kind" : "",
                                   ")"));
  return false;
}

PipeBufferSource BufferSourceOf(FunctionBuilder& fb, uint32_t reg) {
  PipeBufferSource source;
  source.kind = PipeBufferSource::Kind::kOther;
  for (const BufferReservation& r : fb.reservations()) {
    if (fb.function().consts[r.const_index].reg == reg) {
      source.kind = PipeBufferSource::Kind::kReserve;
      source.name = r.name;
    }
  }
  for (const BufferImport& import : fb.imports()) {
    if (fb.function().consts[import.const_index].reg == reg) {
      source.kind = PipeBufferSource::Kind::kImport;
      source.name = import.name;
      source.peer = import.peer;
    }
  }
  return source;
}

Value BufferAddress(FunctionBuilder& fb, size_t* const_index) {
  Value v;
  v.type = ScalarType(DType::kI32);
  v.cls = ValueClass::kScalar;
  v.reg = fb.LateConstant(DType::kI32, const_index);
  return v;
}

// Who places a reserved buffer, as PTOAS v0.60's build levels have it: an auto buffer is
// placed by the planner and has no base at any level; at level1 and level2 every buffer is
// planned, at level3 none is.
bool CheckReservationLevel(Context& ctx, const Statement& stmt, PipeAttrs& attrs,
                           bool automatic) {
  if (automatic && attrs.Has("base")) {
    ctx.Error(attrs.Range("base"), "an auto reserve_buffer is placed by ptoas and takes no "
                                   "base (write auto = false to give it one)");
    return false;
  }
  if (ctx.address_mode() == AddressMode::kPlanned && !automatic) {
    ctx.Error(attrs.Range("auto"), "at --pto-level=level1 or level2 ptoas places every "
                                   "reserve_buffer: write auto = true and no base (level3 "
                                   "takes a base)");
    return false;
  }
  if (ctx.address_mode() == AddressMode::kManual && automatic) {
    ctx.Error(attrs.Has("auto") ? attrs.Range("auto") : stmt.head.range,
              "at --pto-level=level3 every reserve_buffer has its address: write auto = false "
              "and base = ADDR");
    return false;
  }
  return true;
}

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
  if (!CheckReservationLevel(ctx, stmt, attrs, r.automatic)) return false;
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
  for (const BufferImport& other : fb.imports()) {
    if (other.name == name->text && other.peer == peer->text) {
      ctx.Error(attrs.Range("name"), StrCat("this function already imports \"", name->text,
                                            "\" from @", peer->text));
      return false;
    }
  }
  BufferImport import;
  import.name = name->text;
  import.peer = peer->text;
  import.def = attrs.Range("peer_func");
  Value v = BufferAddress(fb, &import.const_index);
  fb.imports().push_back(import);
  return fb.Define(stmt.results[0], v);
}

bool LowerPipeOp(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt) {
  switch (info.opcode) {
    case Opcode::kInitPipeAic:
    case Opcode::kInitPipeAiv:
      return LowerFrontendInit(fb, info, stmt);
    case Opcode::kTPushToAiv:
    case Opcode::kTPushToAic:
      return LowerFrontendPush(fb, info, stmt);
    case Opcode::kTPopFromAic:
    case Opcode::kTPopFromAiv:
      return LowerFrontendPop(fb, info, stmt);
    case Opcode::kTFreeFromAic:
    case Opcode::kTFreeFromAiv:
      return LowerFrontendFree(fb, info, stmt);
    case Opcode::kTAllocToAiv:
    case Opcode::kTAllocToAic:
      return LowerFrontendAlloc(fb, info, stmt);
    case Opcode::kSetQuantScalar:
    case Opcode::kSetQuantVector:
      return LowerSetQuant(fb, info, stmt);
    default:
      break;
  }
  fb.ctx().Error(stmt.head, StrCat(info.mnemonic, " is not a pipe instruction"));
  return false;
}

}  // namespace pto::assembler
