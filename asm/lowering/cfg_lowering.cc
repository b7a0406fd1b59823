#include "pto/asm/lowering/cfg_lowering.h"

#include "pto/asm/lowering/carried_values.h"
#include "pto/asm/lowering/operands.h"
#include "pto/common/strings.h"

namespace pto::assembler {

namespace {

// Defines the arguments of label statement \a label: "^bb3(%x: i32, %y: f32):".
bool DeclareBlock(FunctionBuilder& fb, const Statement& label, BlockTargets* targets) {
  Context& ctx = fb.ctx();
  BlockTarget target;
  target.def = label.head.range;
  if (!label.items.empty() && label.items[0].IsGroup('(')) {
    for (ItemSpan arg : Split(label.items[0].children(), ",")) {
      const int colon = Find(arg, ":");
      Type type;
      Value v;
      if (arg.empty() || !arg[0].Is(ItemKind::kValue) || colon != 1 ||
          !ParseWholeType(ctx, arg.subspan(2), &type) ||
          !NewValueOfType(fb, type, SpanRange(arg), &v) || !fb.Define(arg[0], v)) {
        if (arg.empty() || !arg[0].Is(ItemKind::kValue) || colon != 1) {
          ctx.Error(label.items[0], "a block argument is written '%name: type'");
        }
        return false;
      }
      target.args.push_back(v);
    }
  }
  if (!targets->emplace(std::string(label.head.text), std::move(target)).second) {
    ctx.Error(label.head, StrCat("block ^", label.head.text, " is defined twice"));
    return false;
  }
  return true;
}

// The jump to block label \a label with the values of \a args (the "(%v : T)" group after
// it, or null): the block's arguments receive them, then %jump.
bool JumpTo(BodyLowering& body, const Item& label, const Item* args, const Statement& stmt) {
  FunctionBuilder& fb = body.fb();
  Context& ctx = fb.ctx();
  BlockTargets* targets = body.block_targets();
  auto it = targets ? targets->find(label.text) : BlockTargets::iterator();
  if (!targets || it == targets->end()) {
    ctx.Error(label, StrCat("no block ^", label.text, " in this body"));
    return false;
  }
  std::vector<Value> values;
  if (args) {
    ItemSpan group = args->children();
    if (!ValueList(fb, BeforeColon(group), &values)) return false;
  }
  if (!ParallelMove(fb, it->second.args, values, stmt)) return false;
  it->second.jumps.push_back(fb.Emit(Opcode::kJump, {0}, stmt.head.range));
  return true;
}

// The terms of a branch: ^label, optionally followed by its argument group.
struct BranchTarget {
  const Item* label = nullptr;
  const Item* args = nullptr;
};

bool ReadTarget(Context& ctx, ItemSpan part, BranchTarget* t, const Statement& stmt) {
  if (part.empty() || !part[0].Is(ItemKind::kCaret) || part.size() > 2 ||
      (part.size() == 2 && !part[1].IsGroup('('))) {
    ctx.Error(part.empty() ? stmt.head.range : SpanRange(part),
              StrCat("expected a block '^bb' (with its arguments '(%v : T)'), got '", Spell(part),
                     "'"));
    return false;
  }
  t->label = &part[0];
  t->args = part.size() == 2 ? &part[1] : nullptr;
  return true;
}

}  // namespace

bool HasBlocks(StatementSpan statements) {
  for (size_t i = 0; i < statements.size(); ++i) {
    if (statements[i].head.Is(ItemKind::kCaret)) return true;
  }
  return false;
}

void LowerBlocks(BodyLowering& body, StatementSpan statements) {
  FunctionBuilder& fb = body.fb();
  Context& ctx = fb.ctx();
  BlockTargets targets;
  BlockTargets* outer = body.block_targets();
  body.set_block_targets(&targets);
  for (const Statement& stmt : statements) {
    if (stmt.head.Is(ItemKind::kCaret)) DeclareBlock(fb, stmt, &targets);
  }
  size_t begin = 0;
  while (begin < statements.size()) {
    size_t end = begin + 1;
    while (end < statements.size() && !statements[end].head.Is(ItemKind::kCaret)) ++end;
    StatementSpan block = statements.subspan(begin, end - begin);
    if (block[0].head.Is(ItemKind::kCaret)) {
      auto it = targets.find(block[0].head.text);
      if (it != targets.end()) it->second.address = fb.Here();
      block = block.subspan(1);
    }
    body.LowerAll(block);
    if (block.empty() || !IsTerminator(block.back())) {
      ctx.Error(block.empty() ? statements[begin].head.range : block.back().head.range,
                "a block ends with a terminator (return, cf.br or cf.cond_br)");
    }
    begin = end;
  }
  for (auto& [name, target] : targets) {
    for (uint32_t jump : target.jumps) fb.Patch(jump, 0, static_cast<uint32_t>(target.address));
  }
  body.set_block_targets(outer);
}

bool LowerBranch(BodyLowering& body, const Statement& stmt) {
  BranchTarget t;
  if (!ReadTarget(body.fb().ctx(), stmt.items, &t, stmt)) return false;
  return JumpTo(body, *t.label, t.args, stmt);
}

bool LowerCondBranch(BodyLowering& body, const Statement& stmt) {
  FunctionBuilder& fb = body.fb();
  Context& ctx = fb.ctx();
  std::vector<ItemSpan> parts = Split(stmt.items, ",");
  // cf.cond_br %c, ^a(%x : T), ^b: the argument groups hold commas of their own, so split at
  // the top level only (Split does) and expect three parts.
  BranchTarget then_t, else_t;
  Resolved cond;
  if (parts.size() != 3) {
    ctx.Error(stmt.head, "expected 'cf.cond_br %cond, ^then[(args)], ^else[(args)]'");
    return false;
  }
  if (!Condition(fb, parts[0], "cf.cond_br needs an i1 condition", &cond) ||
      !ReadTarget(ctx, parts[1], &then_t, stmt) || !ReadTarget(ctx, parts[2], &else_t, stmt)) {
    return false;
  }
  const uint32_t branch = fb.Emit(Opcode::kBranchIfNot, {cond.value.reg, 0}, stmt.head.range);
  if (!JumpTo(body, *then_t.label, then_t.args, stmt)) return false;
  fb.Patch(branch, 1, fb.Here());
  return JumpTo(body, *else_t.label, else_t.args, stmt);
}

}  // namespace pto::assembler
