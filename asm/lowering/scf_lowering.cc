#include "pto/asm/lowering/scf_lowering.h"

#include "pto/asm/lowering/carried_values.h"
#include "pto/asm/lowering/op_form.h"
#include "pto/asm/lowering/operands.h"
#include "pto/common/strings.h"

namespace pto::assembler {

namespace {

// \a stmt's items without the attribute dictionary MLIR lets scf.for and scf.if end with
// ("attributes {...}" for scf.while); only dialect attributes may be in it, as they mean nothing
// to the loop. False (reported) if another is.
bool WithoutTrailingAttributes(Context& ctx, const Statement& stmt, ItemSpan* items) {
  *items = stmt.items;
  if (items->empty() || !items->back().Is(ItemKind::kAttrDict)) return true;
  std::map<std::string, Attribute> attrs;
  ReadAttributes(items->back(), &attrs);
  *items = items->first(items->size() - 1);
  if (!items->empty() && items->back().IsWord("attributes")) *items = items->first(items->size() - 1);
  return CheckAttributeNames(ctx, attrs, stmt.head.text, [](std::string_view) { return false; });
}

// The regions among \a items.
std::vector<const Item*> Regions(ItemSpan items) {
  std::vector<const Item*> regions;
  for (const Item& item : items) {
    if (item.Is(ItemKind::kRegion)) regions.push_back(&item);
  }
  return regions;
}

// The "%name = %init" pairs of \a group (scf.for's iter_args, scf.while's operands); reports
// one that is not, with \a usage.
bool CarriedPairs(FunctionBuilder& fb, const Item& group, const char* usage,
                  std::vector<const Item*>* names, std::vector<Value>* inits) {
  for (ItemSpan pair : Split(group.children(), ",")) {
    Value init;
    if (pair.size() < 3 || !pair[0].Is(ItemKind::kValue) || !pair[1].IsPunct("=")) {
      fb.ctx().Error(group, usage);
      return false;
    }
    if (!CarriedValue(fb, pair.subspan(2), &init)) return false;
    names->push_back(&pair[0]);
    inits->push_back(init);
  }
  return true;
}

// The header of an scf.for: [unsigned] %i = %lb to %ub step %s [: T], up to its clauses.
struct LoopHeader {
  bool is_unsigned = false;
  const Item* iv_name = nullptr;
  const Item* region = nullptr;
  ItemSpan lb, ub, step;
  DType iv_type = DType::kInvalid;  ///< written after ':', or the lower bound's
};

bool ReadLoopHeader(Context& ctx, const Statement& stmt, ItemSpan items, LoopHeader* h) {
  size_t i = 0;
  if (i < items.size() && items[i].IsWord("unsigned")) {
    h->is_unsigned = true;
    ++i;
  }
  h->region = items.empty() || !items.back().Is(ItemKind::kRegion) ? nullptr : &items.back();
  if (i + 6 >= items.size() || !items[i].Is(ItemKind::kValue) || !items[i + 1].IsPunct("=") ||
      !h->region) {
    ctx.Error(stmt.head, "expected 'scf.for %i = %lb to %ub step %step { ... }'");
    return false;
  }
  h->iv_name = &items[i];
  i += 2;
  auto term_until = [&](const char* word) {
    size_t start = i;
    while (i < items.size() && !items[i].IsWord(word) && !items[i].IsPunct(":") &&
           !items[i].IsWord("iter_args") && !items[i].IsPunct("->") &&
           !items[i].Is(ItemKind::kRegion)) {
      ++i;
    }
    return items.subspan(start, i - start);
  };
  h->lb = term_until("to");
  if (i >= items.size() || !items[i].IsWord("to")) {
    ctx.Error(stmt.head, "scf.for: expected 'to' after the lower bound");
    return false;
  }
  ++i;
  h->ub = term_until("step");
  if (i >= items.size() || !items[i].IsWord("step")) {
    ctx.Error(stmt.head, "scf.for: expected 'step' after the upper bound");
    return false;
  }
  ++i;
  h->step = term_until("");
  if (i < items.size() && items[i].IsPunct(":")) {
    Type t;
    size_t consumed = 0;
    if (!ParseType(ctx, items.subspan(i + 1), &t, &consumed)) return false;
    h->iv_type = t.dtype;
  }
  return true;
}

// The bounds and step, all of one integer type (the header's, else the lower bound's); a
// constant step is positive (PTOAS v0.60, MLIR's scf.for).
bool ResolveLoopBounds(FunctionBuilder& fb, LoopHeader* h, Resolved* lb, Resolved* ub,
                       Resolved* step) {
  Context& ctx = fb.ctx();
  if (!Resolve(fb, h->lb, h->iv_type == DType::kInvalid ? DType::kIndex : h->iv_type, lb)) {
    return false;
  }
  if (h->iv_type == DType::kInvalid) h->iv_type = lb->value.type.dtype;
  if (!Resolve(fb, h->ub, h->iv_type, ub) || !Resolve(fb, h->step, h->iv_type, step)) return false;
  for (const Resolved* r : {lb, ub, step}) {
    if (r->value.cls != ValueClass::kScalar || r->value.type.dtype != h->iv_type ||
        !IsInteger(h->iv_type)) {
      ctx.Error(r->range, StrCat("loop bounds and step must all be one integer type (",
                                 DTypeName(h->iv_type), "); this is ", Describe(r->value)));
      return false;
    }
  }
  if (step->value.is_const &&
      (h->is_unsigned ? step->value.int_value == 0 : step->value.int_value <= 0)) {
    ctx.Error(step->range, StrCat("scf.for needs a positive step, got ", step->value.int_value));
    return false;
  }
  return true;
}

// iter_args(%a = %init, ...) and the result types written after "->", those of the values
// carried.
bool ReadLoopCarried(FunctionBuilder& fb, const Statement& stmt, ItemSpan items,
                     std::vector<const Item*>* names, std::vector<Value>* inits) {
  Context& ctx = fb.ctx();
  int clause = FindClause(items, "iter_args");
  if (clause >= 0 &&
      !CarriedPairs(fb, items[clause + 1], "expected iter_args(%name = %init, ...)", names, inits)) {
    return false;
  }
  std::vector<Type> written;
  std::vector<SourceRange> written_at;
  if (!ResultTypes(ctx, items, &written, &written_at)) return false;
  return (clause < 0 && written.empty()) ||
         CheckWrittenTypes(ctx, written, written_at, *inits, stmt.head.range,
                           "values scf.for carries");
}

}  // namespace

// %r:N = scf.for [unsigned] %i = %lb to %ub step %s [: T] [iter_args(%a = %x, ...) -> (T, ...)]
//   { ... scf.yield %a2, ... }
bool LowerFor(BodyLowering& body, const Statement& stmt) {
  FunctionBuilder& fb = body.fb();
  Context& ctx = fb.ctx();
  ItemSpan items;
  LoopHeader h;
  Resolved lb, ub, step;
  std::vector<const Item*> iter_names;
  std::vector<Value> iter_inits;
  if (!WithoutTrailingAttributes(ctx, stmt, &items) || !ReadLoopHeader(ctx, stmt, items, &h) ||
      !ResolveLoopBounds(fb, &h, &lb, &ub, &step) ||
      !ReadLoopCarried(fb, stmt, items, &iter_names, &iter_inits)) {
    return false;
  }
  Value iv = fb.NewScalarValue(h.iv_type);
  fb.EmitMove(iv, lb.value, stmt.head.range);
  RegionExit exit;
  exit.targets = FreshCopies(fb, iter_inits, stmt.head.range);
  uint32_t check =
      fb.Emit(Opcode::kForCheck, {iv.reg, ub.value.reg, 0, h.is_unsigned}, stmt.head.range);
  uint32_t loop_body = fb.Here();
  fb.PushScope();
  bool ok = fb.Define(*h.iv_name, iv);
  for (size_t k = 0; k < iter_names.size(); ++k) ok &= fb.Define(*iter_names[k], exit.targets[k]);
  ok &= body.LowerRegion(*h.region, &exit);
  fb.PopScope();
  if (!exit.terminated && !exit.targets.empty()) {
    ctx.Error(h.region->range, "this loop carries values, so its body must end with scf.yield");
    ok = false;
  }
  fb.Emit(Opcode::kForNext, {iv.reg, step.value.reg, ub.value.reg, loop_body, h.is_unsigned},
          stmt.head.range);
  fb.Patch(check, 2, fb.Here());
  return DefineResults(fb, stmt, exit.targets) && ok;
}

// %r:N = scf.if %c [-> (T, ...)] { ... scf.yield ... } [else { ... scf.yield ... }]
bool LowerIf(BodyLowering& body, const Statement& stmt) {
  FunctionBuilder& fb = body.fb();
  Context& ctx = fb.ctx();
  ItemSpan items;
  if (!WithoutTrailingAttributes(ctx, stmt, &items)) return false;
  std::vector<const Item*> regions = Regions(items);
  if (items.empty() || regions.empty() || regions.size() > 2) {
    ctx.Error(stmt.head, "expected 'scf.if %cond { ... } [else { ... }]'");
    return false;
  }
  Resolved cond;
  if (!Condition(fb, items.subspan(0, TermLength(items)), "scf.if needs an i1 condition",
                 &cond)) {
    return false;
  }
  std::vector<Type> types;
  if (!ResultTypes(ctx, items, &types)) return false;
  RegionExit then_exit, else_exit;
  for (const Type& t : types) {
    Value v;
    if (!NewValueOfType(fb, t, stmt.head.range, &v)) return false;
    then_exit.targets.push_back(v);
  }
  else_exit.targets = then_exit.targets;
  uint32_t branch = fb.Emit(Opcode::kBranchIfNot, {cond.value.reg, 0}, stmt.head.range);
  bool ok = body.LowerRegion(*regions[0], &then_exit);
  if (regions.size() == 2) {
    uint32_t jump = fb.Emit(Opcode::kJump, {0}, stmt.head.range);
    fb.Patch(branch, 1, fb.Here());
    ok &= body.LowerRegion(*regions[1], &else_exit);
    fb.Patch(jump, 0, fb.Here());
  } else {
    fb.Patch(branch, 1, fb.Here());
    if (!types.empty()) {
      ctx.Error(stmt.head, "an scf.if with results needs an else region");
      ok = false;
    }
  }
  if (!types.empty() && (!then_exit.terminated || (regions.size() == 2 && !else_exit.terminated))) {
    ctx.Error(stmt.head, "both regions of an scf.if with results must end with scf.yield");
    ok = false;
  }
  return DefineResults(fb, stmt, then_exit.targets) && ok;
}

// %r:N = scf.while (%a = %x, ...) : (T, ...) -> (U, ...) {
//   ... scf.condition(%c) %v, ... : U, ...
// } do {
// ^bb0(%b: U, ...):
//   ... scf.yield %a2, ... : T, ...
// }
bool LowerWhile(BodyLowering& body, const Statement& stmt) {
  FunctionBuilder& fb = body.fb();
  Context& ctx = fb.ctx();
  ItemSpan items;
  if (!WithoutTrailingAttributes(ctx, stmt, &items)) return false;
  std::vector<const Item*> regions = Regions(items);
  if (items.empty() || !items[0].IsGroup('(') || regions.size() != 2) {
    ctx.Error(stmt.head, "expected 'scf.while (%a = %init) : (T) -> (T) { ... } do { ... }'");
    return false;
  }
  std::vector<const Item*> names;
  std::vector<Value> inits;
  if (!CarriedPairs(fb, items[0], "expected (%name = %init, ...)", &names, &inits)) return false;
  std::vector<Type> result_types;
  if (!ResultTypes(ctx, items.subspan(0, items.size() - 3), &result_types)) return false;
  RegionExit before, after;
  after.targets = FreshCopies(fb, inits, stmt.head.range);
  before.is_condition = true;
  for (const Type& t : result_types) {
    Value result, forward;
    if (!NewValueOfType(fb, t, stmt.head.range, &result) ||
        !NewValueOfType(fb, t, stmt.head.range, &forward)) {
      return false;
    }
    before.results.push_back(result);
    before.forwards.push_back(forward);
  }
  uint32_t top = fb.Here();
  fb.PushScope();
  bool ok = true;
  for (size_t k = 0; k < names.size(); ++k) ok &= fb.Define(*names[k], after.targets[k]);
  ok &= body.LowerRegion(*regions[0], &before);
  fb.PopScope();
  if (!before.terminated) {
    ctx.Error(regions[0]->range, "the first region of scf.while must end with scf.condition");
    return false;
  }
  ok &= body.LowerRegion(*regions[1], &after, before.forwards);
  if (!after.terminated) {  // scf.while has no implicit terminator (MLIR)
    ctx.Error(regions[1]->range, "the second region of scf.while must end with scf.yield");
    ok = false;
  }
  fb.Emit(Opcode::kJump, {top}, stmt.head.range);
  fb.Patch(before.exit_branch, 1, fb.Here());
  return DefineResults(fb, stmt, before.results) && ok;
}

// scf.yield %a, %b : T, U
bool LowerYield(BodyLowering& body, const Statement& stmt) {
  FunctionBuilder& fb = body.fb();
  Context& ctx = fb.ctx();
  const RegionExit* innermost = body.innermost_exit();
  if (!innermost || innermost->is_condition || innermost->no_terminator ||
      innermost->fusion) {
    ctx.Error(stmt.head, "scf.yield outside a region of scf.for, scf.if, scf.while or scf.execute_region");
    return false;
  }
  RegionExit& exit = *body.innermost_exit();
  exit.terminated = true;  // even when malformed: the region ends here
  std::vector<Value> values;
  if (!ValueList(fb, BeforeColon(stmt.items), &values) ||
      !CheckTypesAfterColon(ctx, stmt, values, "yielded values")) {
    return false;
  }
  return ParallelMove(fb, exit.targets, values, stmt);
}

// scf.condition(%c) %v, ... : U, ...
bool LowerCondition(BodyLowering& body, const Statement& stmt) {
  FunctionBuilder& fb = body.fb();
  Context& ctx = fb.ctx();
  const RegionExit* innermost = body.innermost_exit();
  if (!innermost || !innermost->is_condition) {
    ctx.Error(stmt.head, "scf.condition may only end the first region of scf.while");
    return false;
  }
  RegionExit& exit = *body.innermost_exit();
  ItemSpan items = stmt.items;
  if (items.empty() || !items[0].IsGroup('(')) {
    ctx.Error(stmt.head, "expected 'scf.condition(%cond) %values... : types'");
    return false;
  }
  Resolved cond;
  if (!Condition(fb, items[0].children(), "scf.condition needs an i1", &cond)) return false;
  std::vector<Value> values;
  if (!ValueList(fb, BeforeColon(items).subspan(1), &values) ||
      !CheckTypesAfterColon(ctx, stmt, values, "forwarded values")) {
    return false;
  }
  exit.terminated = true;
  if (!ParallelMove(fb, exit.results, values, stmt)) return false;
  exit.exit_branch = fb.Emit(Opcode::kBranchIfNot, {cond.value.reg, 0}, stmt.head.range);
  return ParallelMove(fb, exit.forwards, values, stmt);
}

// %r:N = scf.execute_region [-> (T, ...)] { ... scf.yield %v, ... }: the region runs once and
// its yield gives the results.
bool LowerExecuteRegion(BodyLowering& body, const Statement& stmt) {
  FunctionBuilder& fb = body.fb();
  Context& ctx = fb.ctx();
  ItemSpan items;
  if (!WithoutTrailingAttributes(ctx, stmt, &items)) return false;
  std::vector<const Item*> regions = Regions(items);
  if (regions.size() != 1 || !items.back().Is(ItemKind::kRegion)) {
    ctx.Error(stmt.head, "expected 'scf.execute_region [-> (T, ...)] { ... }'");
    return false;
  }
  std::vector<Type> types;
  if (!ResultTypes(ctx, items, &types)) return false;
  RegionExit exit;
  for (const Type& t : types) {
    Value v;
    if (!NewValueOfType(fb, t, stmt.head.range, &v)) return false;
    exit.targets.push_back(v);
  }
  bool ok = body.LowerRegion(*regions[0], &exit);
  if (!exit.terminated) {
    ctx.Error(stmt.head, "the region of scf.execute_region ends with scf.yield");
    ok = false;
  }
  return DefineResults(fb, stmt, exit.targets) && ok;
}

// %r = pto.fusion_region { ... pto.yield(%v) : (T) -> () } : T: PTOAS v0.60's container of one
// scheduled fusion group, run once in place like scf.execute_region; its results are what the
// region yields.
bool LowerFusionRegion(BodyLowering& body, const Statement& stmt) {
  FunctionBuilder& fb = body.fb();
  Context& ctx = fb.ctx();
  ItemSpan items;
  if (!WithoutTrailingAttributes(ctx, stmt, &items)) return false;
  if (items.empty() || !items[0].Is(ItemKind::kRegion) || Regions(items).size() != 1 ||
      (items.size() > 1 && !items[1].IsPunct(":"))) {
    ctx.Error(stmt.head, "expected 'pto.fusion_region { ... } [: T, ...]'");
    return false;
  }
  RegionExit exit;
  if (items.size() > 2) {
    for (ItemSpan part : Split(items.subspan(2), ",")) {
      Type t;
      Value v;
      if (!ParseWholeType(ctx, part, &t) || !NewValueOfType(fb, t, stmt.head.range, &v)) {
        return false;
      }
      exit.targets.push_back(v);
    }
  }
  exit.fusion = true;
  bool ok = body.LowerRegion(items[0], &exit);
  if (!exit.terminated) {
    ctx.Error(stmt.head, "the region of pto.fusion_region ends with pto.yield");
    ok = false;
  }
  return DefineResults(fb, stmt, exit.targets) && ok;
}

// pto.yield(%a, ...) : (T, ...) -> (): ends a pto.fusion_region, passing its values.
bool LowerFusionYield(BodyLowering& body, const Statement& stmt) {
  FunctionBuilder& fb = body.fb();
  Context& ctx = fb.ctx();
  const RegionExit* innermost = body.innermost_exit();
  if (!innermost || !innermost->fusion) {
    ctx.Error(stmt.head, "pto.yield may only end the region of pto.fusion_region");
    return false;
  }
  RegionExit& exit = *body.innermost_exit();
  exit.terminated = true;
  ItemSpan items = stmt.items;
  if (items.empty() || !items[0].IsGroup('(')) {
    ctx.Error(stmt.head, "expected 'pto.yield(%values...) : (types) -> ()'");
    return false;
  }
  std::vector<Value> values;
  if (!ValueList(fb, items[0].children(), &values)) return false;
  if (int colon = Find(items, ":"); colon >= 0) {
    Signature sig;
    const ItemSpan written = items.subspan(colon + 1);
    if (!ParseSignature(ctx, written, &sig) ||
        !CheckWrittenTypes(ctx, sig.inputs, sig.input_ranges, values, SpanRange(written),
                           "yielded values")) {
      return false;
    }
  }
  return ParallelMove(fb, exit.targets, values, stmt);
}

}  // namespace pto::assembler
