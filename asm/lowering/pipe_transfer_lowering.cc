// The transfers of a cube <-> vector pipe: tpush, tpop, tfree and talloc in their frontend
// spellings (tpush_to_aiv, ... by id) and PTOAS's internal ones (pto.tpush(%entry, %pipe), ...),
// of tile entries and of GM FIFO entries (!pto.tensor_view), and the fixpipe's quantisation
// state (set_quant_scalar, set_quant_vector). Each is recorded among the function's pipe facts
// for the rules across statements (asm/pipe_contract.cc).
#include "pto/asm/lowering/operands.h"
#include "pto/asm/lowering/pipe_lowering.h"
#include "pto/asm/lowering/pipe_lowering_impl.h"
#include "pto/common/isa/operand_rules.h"
#include "pto/common/strings.h"

namespace pto::assembler {

namespace {

using UseKind = PipeUseFact::Kind;

// The transfer being lowered: its kind and direction, the entry and the attributes.
struct Transfer {
  UseKind kind = UseKind::kPush;
  bool c2v = true;
  uint32_t id = 0, split = 0;
  int init = -1;        // internal forms: the pipe's set-up
  bool has_entry = false;
  Value entry;          // the tile or the GM slot view
  bool has_subblock = false;
  Value subblock;       // aiv_subblockid(%s)
};

// The opcode of a transfer: the tile rows, the GM entry rows and the sub-block rows.
Opcode OpcodeOf(const Transfer& t) {
  const bool gm = t.has_entry && t.entry.cls == ValueClass::kView;
  switch (t.kind) {
    case UseKind::kAlloc:
      return t.c2v ? Opcode::kTAllocToAiv : Opcode::kTAllocToAic;
    case UseKind::kPush:
      if (gm) return t.c2v ? Opcode::kTPushEntryToAiv : Opcode::kTPushEntryToAic;
      if (t.has_subblock) return Opcode::kTPushToAicSub;
      return t.c2v ? Opcode::kTPushToAiv : Opcode::kTPushToAic;
    case UseKind::kPop:
      if (gm) return t.c2v ? Opcode::kTPopEntryFromAic : Opcode::kTPopEntryFromAiv;
      if (t.has_subblock) return Opcode::kTPopFromAicSub;
      return t.c2v ? Opcode::kTPopFromAic : Opcode::kTPopFromAiv;
    default:
      if (gm) return t.c2v ? Opcode::kTFreeEntryFromAic : Opcode::kTFreeEntryFromAiv;
      return t.c2v ? Opcode::kTFreeFromAic : Opcode::kTFreeFromAiv;
  }
}

// Whether the entry belongs on this side: a C2V push sends an acc or mat tile, a V2C push a vec
// tile; pops deliver into vec (C2V) or mat (V2C); GM entries are tensor views.
bool CheckEntry(Context& ctx, const Statement& stmt, ItemSpan where, const Transfer& t) {
  const Value& v = t.entry;
  if (v.cls == ValueClass::kView) {
    if (v.type.kind != TypeKind::kTensorView) {
      ctx.Error(where, StrCat(stmt.head.text, "'s GM FIFO entry is a !pto.tensor_view, got ",
                              Describe(v)));
      return false;
    }
    return true;
  }
  if (v.cls != ValueClass::kTile) {
    ctx.Error(where, StrCat(stmt.head.text, " moves a tile or a GM FIFO entry "
                            "(!pto.tensor_view), got ", Describe(v)));
    return false;
  }
  const Memory mem = v.type.tile.mem;
  const bool cube_tile = t.c2v == (t.kind == UseKind::kPush);
  const bool ok = cube_tile ? (t.kind == UseKind::kPush ? mem == Memory::kAcc || mem == Memory::kMat
                                                        : mem == Memory::kMat)
                            : mem == Memory::kVec;
  if (!ok) {
    ctx.Error(where, StrCat(stmt.head.text, (t.kind == UseKind::kPush ? " sends " : " delivers into "),
                            cube_tile ? (t.kind == UseKind::kPush ? "an acc or mat" : "a mat")
                                      : "a vec",
                            " tile, got a ", MemoryName(mem), " tile"));
  }
  return ok;
}

// The rules of one transfer that need nothing else: aiv_subblockid and the odd splits.
bool CheckTransfer(Context& ctx, const Statement& stmt, const Transfer& t) {
  auto fail = [&](std::string message) {
    ctx.Error(stmt.head, StrCat(stmt.head.text, " ", message));
    return false;
  };
  const bool gm = t.has_entry && t.entry.cls == ValueClass::kView;
  if (t.has_subblock) {
    if (t.split == 0) return fail("takes aiv_subblockid only with split 1, 2, 3 or 4");
    if (gm) return fail("takes no aiv_subblockid for a GM FIFO entry");
  }
  if (t.split >= 3) {
    if (gm) return fail("splits odd (split 3 or 4) tile entries only, not GM FIFO entries");
    if (!t.c2v) return fail("splits odd (split 3 or 4) only from the cube to the vector cores");
  }
  // A C2V push that splits must meet its parity: split 1 and 2 halve an even count, 3 and 4
  // an odd one.
  if (t.kind == UseKind::kPush && t.c2v && t.split && t.has_entry && !gm) {
    const TileType& tile = t.entry.type.tile;
    const bool rows = t.split == 1 || t.split == 3;
    const int32_t n = rows ? tile.valid_rows : tile.valid_cols;
    const bool odd = t.split >= 3;
    if (n != kDynamic && (n % 2 != 0) != odd) {
      return fail(StrCat("with split ", t.split, " needs a statically ", odd ? "odd" : "even",
                         " valid ", rows ? "row" : "column", " count, got ", n));
    }
  }
  return true;
}

// Emits the transfer and records it.
bool EmitTransfer(FunctionBuilder& fb, const Statement& stmt, const Transfer& t,
                  uint32_t valid_rows = kNoOperand, uint32_t valid_cols = kNoOperand) {
  std::vector<uint32_t> operands;
  const Opcode op = OpcodeOf(t);
  if (t.has_entry) operands.push_back(t.entry.reg);
  if (t.has_subblock) operands.push_back(t.subblock.reg);
  if (t.kind == UseKind::kPop && t.entry.cls == ValueClass::kTile) {
    operands.insert(operands.end(), {valid_rows, valid_cols});
  }
  operands.insert(operands.end(), {t.split, t.id});
  fb.Emit(op, operands, stmt.head.range);
  PipeUseFact use;
  use.kind = t.kind;
  use.id = t.id;
  use.split = t.split;
  use.c2v = t.c2v;
  use.global_entry = t.has_entry && t.entry.cls == ValueClass::kView;
  use.has_tile = t.has_entry && t.entry.cls == ValueClass::kTile;
  if (use.has_tile) use.tile = t.entry.type.tile;
  use.signless_byte = use.has_tile && t.entry.type.tile.dtype == DType::kI8 &&
                      t.entry.type.text.find("si8") == std::string::npos;
  if (use.global_entry) {
    use.entry_dtype = t.entry.type.dtype;
    use.entry_shape = t.entry.type.shape;
  }
  use.block = fb.block();
  use.init = t.init;
  use.where = stmt.head.range;
  fb.pipe_facts().uses.push_back(use);
  return true;
}

// The split and id attributes of a frontend transfer.
bool FrontendAttrs(FunctionBuilder& fb, const Statement& stmt, Transfer* t) {
  PipeAttrs attrs(fb.ctx(), stmt);
  return attrs.Only({"split", "id"}) && attrs.Immediate("split", 0, &t->split) &&
         attrs.Immediate("id", 0, &t->id);
}

// aiv_subblockid(%s): the vector core the transfer acts as (tpush_to_aic, tpop_from_aic).
bool ReadSubblock(FunctionBuilder& fb, const Statement& stmt, Transfer* t) {
  const int at = FindClause(stmt.items, "aiv_subblockid");
  if (at < 0) return true;
  if (t->c2v == (t->kind == UseKind::kPush)) {
    fb.ctx().Error(stmt.items[at], StrCat(stmt.head.text, " runs on the cube core; "
                                          "aiv_subblockid is for the vector side's transfers"));
    return false;
  }
  const ItemSpan term = BeforeColon(stmt.items[at + 1].children());
  t->has_subblock = true;
  return IntOperand(fb, term, &t->subblock);
}

// A result that is a GM FIFO entry: a new view register of the written !pto.tensor_view.
bool DefineEntryView(FunctionBuilder& fb, const Statement& stmt, const Type& type, Value* v) {
  if (type.kind != TypeKind::kTensorView) {
    fb.ctx().Error(stmt.head, StrCat(stmt.head.text, " gives a tile or a GM FIFO entry "
                                     "(!pto.tensor_view), not '", type.text, "'"));
    return false;
  }
  v->cls = ValueClass::kView;
  v->type = type;
  v->reg = fb.NewView(type.dtype, stmt.results[0].text);
  return fb.Define(stmt.results[0], *v);
}

// The valid shape operands of a pop: (%rows, %cols) or ins(%rows, %cols); the result must leave
// its valid shape to them (v_row = ?, v_col = ?).
bool PopValidShape(FunctionBuilder& fb, const Statement& stmt, const Transfer& t,
                   uint32_t valid[2]) {
  Context& ctx = fb.ctx();
  const ItemSpan operands = PipeOperands(stmt);
  if (operands.empty()) {
    if (t.split >= 3 && t.entry.cls == ValueClass::kTile) {
      ctx.Error(stmt.head, StrCat(stmt.head.text, " with an odd split needs the valid shape of "
                                  "its part: (%rows, %cols)"));
      return false;
    }
    return true;
  }
  std::vector<ItemSpan> parts = OperandTerms(operands);
  if (parts.size() != 2) {
    ctx.Error(operands, "expected the popped tile's valid shape: (%rows, %cols)");
    return false;
  }
  if (t.entry.cls == ValueClass::kView) {
    ctx.Error(operands, StrCat(stmt.head.text, " of a GM FIFO entry takes no valid shape"));
    return false;
  }
  const TileType& tile = t.entry.type.tile;
  if (tile.valid_rows != kDynamic || tile.valid_cols != kDynamic) {
    ctx.Error(operands, StrCat(stmt.head.text, " with (%rows, %cols) needs a result of dynamic "
                               "valid shape (v_row = ?, v_col = ?), got ", tile.ToString()));
    return false;
  }
  for (int k = 0; k < 2; ++k) {
    Value n;
    if (!IntOperand(fb, parts[k], &n)) return false;
    valid[k] = n.reg;
  }
  return true;
}

}  // namespace

// pto.tpush_to_aiv(%entry : T) {split = N[, id = K]} [aiv_subblockid(%s)] (also ins(%t : T)).
bool LowerFrontendPush(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt) {
  Context& ctx = fb.ctx();
  Transfer t;
  t.kind = UseKind::kPush;
  t.c2v = info.opcode == Opcode::kTPushToAiv;
  if (!ExpectResults(ctx, stmt, 0) || !FrontendAttrs(fb, stmt, &t) || !RequireSide(fb, stmt, t.c2v) ||
      !ReadSubblock(fb, stmt, &t)) {
    return false;
  }
  ItemSpan term = BeforeColon(PipeOperands(stmt));
  if (!term.empty()) term = term.first(TermLength(term));
  Resolved entry;
  if (term.empty()) {
    ctx.Error(stmt.head, StrCat("expected '", stmt.head.text, "(%tile : T) {split = N}'"));
    return false;
  }
  if (!Resolve(fb, term, DType::kInvalid, &entry)) return false;
  t.has_entry = true;
  t.entry = entry.value;
  return CheckEntry(ctx, stmt, term, t) && CheckTransfer(ctx, stmt, t) && EmitTransfer(fb, stmt, t);
}

// %t = pto.tpop_from_aic [(%valid_rows, %valid_cols)] {split = N[, id = K]}
//          [aiv_subblockid(%s)] -> T, or into a handle: pto.tpop_from_aic
//          [ins(%valid_rows, %valid_cols)] outs(%t : T) {split = N}. T is a tile or a GM FIFO
// entry (!pto.tensor_view).
bool LowerFrontendPop(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt) {
  Context& ctx = fb.ctx();
  const int outs = FindClause(stmt.items, "outs");
  Transfer t;
  t.kind = UseKind::kPop;
  t.c2v = info.opcode == Opcode::kTPopFromAic;
  if (!ExpectResults(ctx, stmt, outs >= 0 ? 0 : 1) || !FrontendAttrs(fb, stmt, &t) ||
      !RequireSide(fb, stmt, !t.c2v) || !ReadSubblock(fb, stmt, &t)) {
    return false;
  }
  t.has_entry = true;
  if (outs >= 0) {
    ItemSpan term = BeforeColon(stmt.items[outs + 1].children());
    Resolved r;
    if (term.empty() || TermLength(term) != term.size()) {
      ctx.Error(stmt.items[outs + 1], "expected the tile that receives the pop: outs(%t : T)");
      return false;
    }
    if (!Resolve(fb, term, DType::kInvalid, &r)) return false;
    t.entry = r.value;
  } else {
    Type type;
    if (!ArrowType(ctx, stmt, &type)) return false;
    if (type.IsTile()) {
      t.entry.type = type;
      t.entry.cls = ValueClass::kTile;
    } else if (!DefineEntryView(fb, stmt, type, &t.entry)) {
      return false;
    }
  }
  uint32_t valid[2] = {kNoOperand, kNoOperand};
  if (!CheckEntry(ctx, stmt, ItemSpan(&stmt.head, 1), t) || !CheckTransfer(ctx, stmt, t) ||
      !PopValidShape(fb, stmt, t, valid)) {
    return false;
  }
  if (outs < 0 && t.entry.cls == ValueClass::kTile &&
      !fb.DefineUnplacedTile(stmt.results[0], t.entry.type, &t.entry)) {
    return false;
  }
  return EmitTransfer(fb, stmt, t, valid[0], valid[1]);
}

// pto.tfree_from_aic {split = N[, id = K]}, or pto.tfree_from_aic(%entry : !pto.tensor_view<...>)
// for the GM FIFO entry a pop gave.
bool LowerFrontendFree(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt) {
  Context& ctx = fb.ctx();
  Transfer t;
  t.kind = UseKind::kFree;
  t.c2v = info.opcode == Opcode::kTFreeFromAic;
  if (!ExpectResults(ctx, stmt, 0) || !FrontendAttrs(fb, stmt, &t) ||
      !RequireSide(fb, stmt, !t.c2v)) {
    return false;
  }
  ItemSpan term = BeforeColon(PipeOperands(stmt));
  if (!term.empty()) {
    Resolved r;
    if (!Resolve(fb, term.first(TermLength(term)), DType::kInvalid, &r)) return false;
    if (r.value.cls != ValueClass::kView || r.value.type.kind != TypeKind::kTensorView) {
      ctx.Error(term, StrCat(stmt.head.text, " takes the GM FIFO entry its pop gave "
                             "(!pto.tensor_view), or nothing for a tile entry; got ",
                             Describe(r.value)));
      return false;
    }
    t.has_entry = true;
    t.entry = r.value;
  }
  return CheckTransfer(ctx, stmt, t) && EmitTransfer(fb, stmt, t);
}

// %entry = pto.talloc_to_aiv {split = N[, id = K]} -> !pto.tensor_view<...>: the GM FIFO slot
// the producer fills (tstore) before it pushes it.
bool LowerFrontendAlloc(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt) {
  Context& ctx = fb.ctx();
  Transfer t;
  t.kind = UseKind::kAlloc;
  t.c2v = info.opcode == Opcode::kTAllocToAiv;
  Type type;
  if (!ExpectResults(ctx, stmt, 1) || !FrontendAttrs(fb, stmt, &t) ||
      !RequireSide(fb, stmt, t.c2v) || !ArrowType(ctx, stmt, &type)) {
    return false;
  }
  t.has_entry = true;
  return DefineEntryView(fb, stmt, type, &t.entry) && CheckTransfer(ctx, stmt, t) &&
         EmitTransfer(fb, stmt, t);
}

// pto.set_quant_scalar(%scale : f32) {id = K}; pto.set_quant_vector(%fp : T) {id = K}: the
// quantisation state of pipe K's fixpipe pushes, until the next one of the same id.
bool LowerSetQuant(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt) {
  Context& ctx = fb.ctx();
  const bool vector = info.opcode == Opcode::kSetQuantVector;
  PipeAttrs attrs(ctx, stmt);
  uint32_t id = 0;
  if (!ExpectResults(ctx, stmt, 0) || !attrs.Only({"id"}) || !attrs.Immediate("id", 0, &id) ||
      !RequireSide(fb, stmt, /*cube=*/true)) {
    return false;
  }
  ItemSpan term = BeforeColon(PipeOperands(stmt));
  Resolved r;
  if (term.empty() || TermLength(term) != term.size()) {
    ctx.Error(stmt.head, StrCat("expected '", stmt.head.text,
                                vector ? "(%fp : !pto.tile_buf<scaling, ...>) {id = K}'"
                                       : "(%scale : f32) {id = K}'"));
    return false;
  }
  if (!Resolve(fb, term, vector ? DType::kInvalid : DType::kF32, &r)) return false;
  const bool fits = vector ? r.value.cls == ValueClass::kTile
                           : r.value.cls == ValueClass::kScalar && r.value.type.dtype == DType::kF32;
  if (!fits) {
    ctx.Error(term, StrCat(stmt.head.text, " takes ", vector ? "a scaling tile" : "an f32 scale",
                           ", got ", Describe(r.value)));
    return false;
  }
  OperandType type;
  type.tile = vector ? &r.value.type.tile : nullptr;
  type.dtype = r.value.type.dtype;
  bool ok = true;
  for (const RuleError& e : CheckOperandTypes(info, ctx.arch(), {type, OperandType()})) {
    ctx.Error(term, e.message);
    ok = false;
  }
  if (!ok) return false;
  fb.Emit(info.opcode, {r.value.reg, id}, stmt.head.range);
  PipeUseFact use;
  use.kind = vector ? UseKind::kSetQuantVector : UseKind::kSetQuantScalar;
  use.id = id;
  use.block = fb.block();
  use.where = stmt.head.range;
  fb.pipe_facts().uses.push_back(use);
  return true;
}

// The internal transfers on a pipe handle: pto.tpush(%entry, %pipe : T, !pto.pipe) {split = N},
// pto.tpop(%entry, %pipe : ...), pto.tfree(%pipe : !pto.pipe) or pto.tfree(%entry, %pipe : ...),
// pto.talloc(%entry, %pipe : ...). The side of the function says the direction; a popped or
// allocated entry is a declare_tile / declare_global handle the transfer binds.
bool LowerInternalPipeOp(FunctionBuilder& fb, const Statement& stmt) {
  Context& ctx = fb.ctx();
  const std::string_view head = stmt.head.text;
  Transfer t;
  t.kind = head == "pto.tpush" ? UseKind::kPush : head == "pto.tpop" ? UseKind::kPop
           : head == "pto.tfree" ? UseKind::kFree : UseKind::kAlloc;
  PipeAttrs attrs(ctx, stmt);
  if (!ExpectResults(ctx, stmt, 0) || !attrs.Only({"split"}) ||
      !attrs.Immediate("split", 0, &t.split)) {
    return false;
  }
  const KernelKind kind = StatementKind(fb);
  if (kind == KernelKind::kAny) {
    ctx.Error(stmt.head, StrCat(head, " must be inside a cube or vector kernel function or "
                                "section (its side decides the direction)"));
    return false;
  }
  const bool cube = kind == KernelKind::kCube;
  t.c2v = cube == (t.kind == UseKind::kPush || t.kind == UseKind::kAlloc);
  std::vector<ItemSpan> terms = OperandTerms(PipeOperands(stmt));
  if (terms.empty() || terms.size() > 2 || (t.kind != UseKind::kFree && terms.size() != 2)) {
    ctx.Error(stmt.head, StrCat("expected '", head, t.kind == UseKind::kFree ? "([%entry, ]%pipe" : "(%entry, %pipe",
                                " : ...)'"));
    return false;
  }
  Resolved pipe;
  if (!Resolve(fb, terms.back(), DType::kInvalid, &pipe)) return false;
  if (pipe.value.cls != ValueClass::kHandle || pipe.value.type.handle != HandleKind::kPipe) {
    ctx.Error(terms.back(), StrCat(head, " needs a pipe made by initialize_l2l_pipe or "
                                   "initialize_l2g2l_pipe, got ", Describe(pipe.value)));
    return false;
  }
  t.init = static_cast<int>(pipe.value.reg);
  t.id = fb.pipe_facts().inits[pipe.value.reg].id;
  if (terms.size() == 2) {
    Resolved entry;
    if (!Resolve(fb, terms[0], DType::kInvalid, &entry)) return false;
    t.has_entry = true;
    t.entry = entry.value;
    if (t.kind == UseKind::kFree && t.entry.cls == ValueClass::kTile) t.has_entry = false;
    if (t.has_entry && !CheckEntry(ctx, stmt, terms[0], t)) return false;
  }
  if (t.kind == UseKind::kAlloc && t.entry.cls != ValueClass::kView) {
    ctx.Error(terms[0], "pto.talloc allocates a GM FIFO entry (!pto.tensor_view)");
    return false;
  }
  return CheckTransfer(ctx, stmt, t) && EmitTransfer(fb, stmt, t);
}

// %entry = pto.declare_global -> !pto.tensor_view<...>: a GM FIFO entry a talloc or tpop binds.
bool LowerDeclareGlobal(FunctionBuilder& fb, const Statement& stmt) {
  Context& ctx = fb.ctx();
  Type type;
  if (!ExpectResults(ctx, stmt, 1) || !CheckNoAttributes(ctx, stmt.items, "declare_global") ||
      !ArrowType(ctx, stmt, &type)) {
    return false;
  }
  Value v;
  return DefineEntryView(fb, stmt, type, &v);
}

}  // namespace pto::assembler
