// BodyLowering: structured control flow (scf.for, scf.if, scf.while and their terminators)
// and function calls, lowered to jumps and register moves.
#include "asm/body_lowering.h"
#include "asm/operands.h"
#include "common/strings.h"

namespace pto::assembler {

bool BodyLowering::NewValueOfType(const Type& type, SourceRange where, Value* out) {
  Value v;
  v.type = type;
  if (type.IsScalar()) {
    v.cls = ValueClass::kScalar;
  } else if (type.IsTile()) {
    v.cls = ValueClass::kTile;
  } else if (type.IsView()) {
    v.cls = ValueClass::kView;
  } else {
    ctx_.Error(where, StrCat("values of type '", type.text, "' cannot be carried here"));
    return false;
  }
  *out = fb_.NewRegisterLike(v, "", where);
  return true;
}

bool BodyLowering::ResultTypes(ItemSpan items, std::vector<Type>* types) {
  int arrow = Find(items, "->");
  if (arrow < 0) return true;
  ItemSpan list = items.subspan(arrow + 1);
  size_t end = 0;
  while (end < list.size() && !list[end].Is(ItemKind::kRegion)) ++end;
  list = list.subspan(0, end);
  if (list.size() == 1 && list[0].IsGroup('(')) list = list[0].children();
  for (ItemSpan part : Split(list, ",")) {
    Type t;
    if (!ParseWholeType(ctx_, part, &t)) return false;
    types->push_back(t);
  }
  return true;
}

bool BodyLowering::ParallelMove(const std::vector<Value>& dsts, const std::vector<Value>& srcs,
                                const Statement& stmt) {
  if (dsts.size() != srcs.size()) {
    ctx_.Error(stmt.head, StrCat("'", stmt.head.text, "' passes ", srcs.size(), " value",
                                 srcs.size() == 1 ? "" : "s", ", the enclosing operation expects ",
                                 dsts.size()));
    return false;
  }
  for (size_t i = 0; i < dsts.size(); ++i) {
    const Value& d = dsts[i];
    const Value& s = srcs[i];
    bool same = d.cls == s.cls &&
                (d.cls == ValueClass::kTile ? d.type.tile == s.type.tile
                                            : d.type.dtype == s.type.dtype);
    if (!same) {
      ctx_.Error(stmt.head, StrCat("value ", i + 1, " of '", stmt.head.text, "' is ",
                                   Describe(s), ", but ", Describe(d), " is expected"));
      return false;
    }
  }
  // A source that is also an earlier destination would be overwritten first: go through
  // temporaries then.
  bool clash = false;
  for (size_t i = 0; i < dsts.size(); ++i) {
    for (size_t j = 0; j < srcs.size(); ++j) {
      clash |= i != j && dsts[i].cls == srcs[j].cls && dsts[i].reg == srcs[j].reg;
    }
  }
  if (!clash) {
    for (size_t i = 0; i < dsts.size(); ++i) fb_.EmitMove(dsts[i], srcs[i], stmt.head.range);
    return true;
  }
  std::vector<Value> temps;
  for (const Value& s : srcs) {
    temps.push_back(fb_.NewRegisterLike(s, "", stmt.head.range));
    fb_.EmitMove(temps.back(), s, stmt.head.range);
  }
  for (size_t i = 0; i < dsts.size(); ++i) fb_.EmitMove(dsts[i], temps[i], stmt.head.range);
  return true;
}

bool BodyLowering::LowerRegion(const Item& region, RegionExit* exit,
                               const std::vector<Value>& args) {
  fb_.PushScope();
  exits_.push_back(exit);
  StatementSpan body = region.body();
  if (!body.empty() && body[0].head.Is(ItemKind::kCaret)) {
    // ^bb0(%a: T, ...): names for the region's arguments.
    const Statement& label = body[0];
    const Item* params = !label.items.empty() && label.items[0].IsGroup('(') ? &label.items[0]
                                                                            : nullptr;
    std::vector<ItemSpan> names = params ? Split(params->children(), ",") : std::vector<ItemSpan>{};
    if (names.size() != args.size()) {
      ctx_.Error(label.head, StrCat("the block takes ", args.size(), " argument",
                                    args.size() == 1 ? "" : "s", ", the label names ",
                                    names.size()));
    } else {
      for (size_t i = 0; i < names.size(); ++i) {
        if (!names[i].empty() && names[i][0].Is(ItemKind::kValue)) fb_.Define(names[i][0], args[i]);
      }
    }
    body = body.subspan(1);
  } else if (!args.empty()) {
    ctx_.Error(region.range, "this region needs a '^bb0(...):' label naming its arguments");
  }
  LowerAll(body);
  exits_.pop_back();
  fb_.PopScope();
  return true;
}

bool BodyLowering::LowerBlockLabel(const Statement& stmt) {
  ctx_.Error(stmt.head, "block labels may only start the 'do' region of scf.while");
  return false;
}

// %r:N = scf.for [unsigned] %i = %lb to %ub step %s [: T] [iter_args(%a = %x, ...) -> (T, ...)]
//   { ... scf.yield %a2, ... }
bool BodyLowering::LowerFor(const Statement& stmt) {
  ItemSpan items = stmt.items;
  size_t i = 0;
  bool is_unsigned = false;
  if (i < items.size() && items[i].IsWord("unsigned")) {
    is_unsigned = true;
    ++i;
  }
  const Item* region = items.empty() || !items.back().Is(ItemKind::kRegion) ? nullptr
                                                                           : &items.back();
  if (i + 6 >= items.size() || !items[i].Is(ItemKind::kValue) || !items[i + 1].IsPunct("=") ||
      !region) {
    ctx_.Error(stmt.head, "expected 'scf.for %i = %lb to %ub step %step { ... }'");
    return false;
  }
  const Item& iv_name = items[i];
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
  ItemSpan lb_items = term_until("to");
  if (i >= items.size() || !items[i].IsWord("to")) {
    ctx_.Error(stmt.head, "scf.for: expected 'to' after the lower bound");
    return false;
  }
  ++i;
  ItemSpan ub_items = term_until("step");
  if (i >= items.size() || !items[i].IsWord("step")) {
    ctx_.Error(stmt.head, "scf.for: expected 'step' after the upper bound");
    return false;
  }
  ++i;
  ItemSpan step_items = term_until("");
  DType iv_type = DType::kInvalid;
  if (i < items.size() && items[i].IsPunct(":")) {
    Type t;
    size_t consumed = 0;
    if (!ParseType(ctx_, items.subspan(i + 1), &t, &consumed)) return false;
    iv_type = t.dtype;
    i += 1 + consumed;
  }
  Resolved lb, ub, step;
  if (!Resolve(fb_, lb_items, iv_type == DType::kInvalid ? DType::kIndex : iv_type, &lb)) return false;
  if (iv_type == DType::kInvalid) iv_type = lb.value.type.dtype;
  if (!Resolve(fb_, ub_items, iv_type, &ub) || !Resolve(fb_, step_items, iv_type, &step)) {
    return false;
  }
  for (const Resolved* r : {&lb, &ub, &step}) {
    if (r->value.cls != ValueClass::kScalar || r->value.type.dtype != iv_type ||
        !IsInteger(iv_type)) {
      ctx_.Error(r->range, StrCat("loop bounds and step must all be one integer type (",
                                  DTypeName(iv_type), "); this is ", Describe(r->value)));
      return false;
    }
  }
  // iter_args(%a = %init, ...)
  std::vector<const Item*> iter_names;
  std::vector<Value> iter_inits;
  int clause = FindClause(items, "iter_args");
  if (clause >= 0) {
    for (ItemSpan pair : Split(items[clause + 1].children(), ",")) {
      Resolved init;
      if (pair.size() < 3 || !pair[0].Is(ItemKind::kValue) || !pair[1].IsPunct("=")) {
        ctx_.Error(items[clause + 1], "expected iter_args(%name = %init, ...)");
        return false;
      }
      if (!CarriedValue(fb_, pair.subspan(2), &init.value)) return false;
      iter_names.push_back(&pair[0]);
      iter_inits.push_back(init.value);
    }
  }
  Value iv;
  iv.type = ScalarType(iv_type);
  iv.cls = ValueClass::kScalar;
  iv.reg = fb_.NewScalar(iv_type);
  fb_.EmitMove(iv, lb.value, stmt.head.range);
  RegionExit exit;
  for (const Value& init : iter_inits) {
    exit.targets.push_back(fb_.NewRegisterLike(init, "", stmt.head.range));
    fb_.EmitMove(exit.targets.back(), init, stmt.head.range);
  }
  uint32_t check = fb_.Emit(Opcode::kForCheck, {iv.reg, ub.value.reg, 0, is_unsigned},
                            stmt.head.range);
  uint32_t body = fb_.Here();
  fb_.PushScope();
  bool ok = fb_.Define(iv_name, iv);
  for (size_t k = 0; k < iter_names.size(); ++k) ok &= fb_.Define(*iter_names[k], exit.targets[k]);
  ok &= LowerRegion(*region, &exit);
  fb_.PopScope();
  if (!exit.terminated && !exit.targets.empty()) {
    ctx_.Error(region->range, "this loop carries values, so its body must end with scf.yield");
    ok = false;
  }
  fb_.Emit(Opcode::kForNext, {iv.reg, step.value.reg, ub.value.reg, body, is_unsigned},
           stmt.head.range);
  fb_.Patch(check, 2, fb_.Here());
  return DefineResults(fb_, stmt, exit.targets) && ok;
}

// %r:N = scf.if %c [-> (T, ...)] { ... scf.yield ... } [else { ... scf.yield ... }]
bool BodyLowering::LowerIf(const Statement& stmt) {
  ItemSpan items = stmt.items;
  std::vector<const Item*> regions;
  for (const Item& item : items) {
    if (item.Is(ItemKind::kRegion)) regions.push_back(&item);
  }
  if (items.empty() || regions.empty() || regions.size() > 2) {
    ctx_.Error(stmt.head, "expected 'scf.if %cond { ... } [else { ... }]'");
    return false;
  }
  Resolved cond;
  if (!Resolve(fb_, items.subspan(0, TermLength(items)), DType::kI1, &cond)) return false;
  if (cond.value.cls != ValueClass::kScalar || cond.value.type.dtype != DType::kI1) {
    ctx_.Error(cond.range, StrCat("scf.if needs an i1 condition, got ", Describe(cond.value)));
    return false;
  }
  std::vector<Type> types;
  if (!ResultTypes(items, &types)) return false;
  RegionExit then_exit, else_exit;
  for (const Type& t : types) {
    Value v;
    if (!NewValueOfType(t, stmt.head.range, &v)) return false;
    then_exit.targets.push_back(v);
  }
  else_exit.targets = then_exit.targets;
  uint32_t branch = fb_.Emit(Opcode::kBranchIfNot, {cond.value.reg, 0}, stmt.head.range);
  bool ok = LowerRegion(*regions[0], &then_exit);
  if (regions.size() == 2) {
    uint32_t jump = fb_.Emit(Opcode::kJump, {0}, stmt.head.range);
    fb_.Patch(branch, 1, fb_.Here());
    ok &= LowerRegion(*regions[1], &else_exit);
    fb_.Patch(jump, 0, fb_.Here());
  } else {
    fb_.Patch(branch, 1, fb_.Here());
    if (!types.empty()) {
      ctx_.Error(stmt.head, "an scf.if with results needs an else region");
      ok = false;
    }
  }
  if (!types.empty() && (!then_exit.terminated || (regions.size() == 2 && !else_exit.terminated))) {
    ctx_.Error(stmt.head, "both regions of an scf.if with results must end with scf.yield");
    ok = false;
  }
  return DefineResults(fb_, stmt, then_exit.targets) && ok;
}

// %r:N = scf.while (%a = %x, ...) : (T, ...) -> (U, ...) {
//   ... scf.condition(%c) %v, ... : U, ...
// } do {
// ^bb0(%b: U, ...):
//   ... scf.yield %a2, ... : T, ...
// }
bool BodyLowering::LowerWhile(const Statement& stmt) {
  ItemSpan items = stmt.items;
  std::vector<const Item*> regions;
  for (const Item& item : items) {
    if (item.Is(ItemKind::kRegion)) regions.push_back(&item);
  }
  if (items.empty() || !items[0].IsGroup('(') || regions.size() != 2) {
    ctx_.Error(stmt.head, "expected 'scf.while (%a = %init) : (T) -> (T) { ... } do { ... }'");
    return false;
  }
  std::vector<const Item*> names;
  std::vector<Value> inits;
  for (ItemSpan pair : Split(items[0].children(), ",")) {
    Resolved init;
    if (pair.size() < 3 || !pair[0].Is(ItemKind::kValue) || !pair[1].IsPunct("=")) {
      ctx_.Error(items[0], "expected (%name = %init, ...)");
      return false;
    }
    if (!CarriedValue(fb_, pair.subspan(2), &init.value)) return false;
    names.push_back(&pair[0]);
    inits.push_back(init.value);
  }
  std::vector<Type> result_types;
  if (!ResultTypes(items.subspan(0, items.size() - 3), &result_types)) return false;
  RegionExit before, after;
  for (const Value& init : inits) {
    after.targets.push_back(fb_.NewRegisterLike(init, "", stmt.head.range));
    fb_.EmitMove(after.targets.back(), init, stmt.head.range);
  }
  before.is_condition = true;
  for (const Type& t : result_types) {
    Value result, forward;
    if (!NewValueOfType(t, stmt.head.range, &result) ||
        !NewValueOfType(t, stmt.head.range, &forward)) {
      return false;
    }
    before.results.push_back(result);
    before.forwards.push_back(forward);
  }
  uint32_t top = fb_.Here();
  fb_.PushScope();
  bool ok = true;
  for (size_t k = 0; k < names.size(); ++k) ok &= fb_.Define(*names[k], after.targets[k]);
  ok &= LowerRegion(*regions[0], &before);
  fb_.PopScope();
  if (!before.terminated) {
    ctx_.Error(regions[0]->range, "the first region of scf.while must end with scf.condition");
    return false;
  }
  ok &= LowerRegion(*regions[1], &after, before.forwards);
  fb_.Emit(Opcode::kJump, {top}, stmt.head.range);
  fb_.Patch(before.exit_branch, 1, fb_.Here());
  return DefineResults(fb_, stmt, before.results) && ok;
}

// scf.yield %a, %b : T, U
bool BodyLowering::LowerYield(const Statement& stmt) {
  if (exits_.empty() || exits_.back()->is_condition) {
    ctx_.Error(stmt.head, "scf.yield outside a region of scf.for, scf.if or scf.while");
    return false;
  }
  RegionExit& exit = *exits_.back();
  int colon = Find(stmt.items, ":");
  std::vector<Value> values;
  if (!ValueList(fb_, ItemSpan(stmt.items).subspan(0, colon < 0 ? stmt.items.size() : colon), &values)) {
    return false;
  }
  exit.terminated = true;
  return ParallelMove(exit.targets, values, stmt);
}

// scf.condition(%c) %v, ... : U, ...
bool BodyLowering::LowerCondition(const Statement& stmt) {
  if (exits_.empty() || !exits_.back()->is_condition) {
    ctx_.Error(stmt.head, "scf.condition may only end the first region of scf.while");
    return false;
  }
  RegionExit& exit = *exits_.back();
  ItemSpan items = stmt.items;
  if (items.empty() || !items[0].IsGroup('(')) {
    ctx_.Error(stmt.head, "expected 'scf.condition(%cond) %values... : types'");
    return false;
  }
  Resolved cond;
  if (!Resolve(fb_, items[0].children(), DType::kI1, &cond)) return false;
  if (cond.value.cls != ValueClass::kScalar || cond.value.type.dtype != DType::kI1) {
    ctx_.Error(cond.range, StrCat("scf.condition needs an i1, got ", Describe(cond.value)));
    return false;
  }
  int colon = Find(items, ":");
  std::vector<Value> values;
  if (!ValueList(fb_, items.subspan(1, (colon < 0 ? items.size() : colon) - 1), &values)) {
    return false;
  }
  exit.terminated = true;
  if (!ParallelMove(exit.results, values, stmt)) return false;
  exit.exit_branch = fb_.Emit(Opcode::kBranchIfNot, {cond.value.reg, 0}, stmt.head.range);
  return ParallelMove(exit.forwards, values, stmt);
}

// func.call @f(%a, %b) : (T, U) -> ()
bool BodyLowering::LowerCall(const Statement& stmt) {
  ItemSpan items = stmt.items;
  if (items.size() < 2 || !items[0].Is(ItemKind::kSymbol) || !items[1].IsGroup('(')) {
    ctx_.Error(stmt.head, "expected 'func.call @function(%args...) : (types) -> ()'");
    return false;
  }
  const Program& program = fb_.program();
  int callee = -1;
  for (size_t f = 0; f < program.functions.size(); ++f) {
    if (program.String(program.functions[f].name) == items[0].text) callee = static_cast<int>(f);
  }
  if (callee < 0) {
    ctx_.Error(items[0], StrCat("no function @", items[0].text, " in this module"));
    return false;
  }
  const Function& fn = program.functions[callee];
  std::vector<Value> args;
  if (!ValueList(fb_, items[1].children(), &args)) return false;
  if (args.size() != fn.params.size()) {
    ctx_.Error(items[1], StrCat("@", items[0].text, " takes ", fn.params.size(), " argument",
                                fn.params.size() == 1 ? "" : "s", ", got ", args.size()));
    return false;
  }
  std::vector<uint32_t> operands{static_cast<uint32_t>(callee)};
  for (size_t k = 0; k < args.size(); ++k) {
    const Param& p = fn.params[k];
    const Value& a = args[k];
    bool ok = false;
    switch (p.kind) {
      case ParamKind::kScalar:
        ok = a.cls == ValueClass::kScalar && a.type.dtype == p.dtype;
        break;
      case ParamKind::kPointer:
      case ParamKind::kMemref:
        ok = a.cls == ValueClass::kView && a.type.dtype == p.dtype;
        break;
      case ParamKind::kTile:
        ok = a.cls == ValueClass::kTile && a.type.tile == fn.tiles[p.reg].type;
        break;
    }
    if (!ok) {
      ctx_.Error(items[1], StrCat("argument ", k + 1, " of @", items[0].text, " is ",
                                  Describe(a), ", which does not match parameter %",
                                  program.String(p.name)));
      return false;
    }
    operands.push_back(a.reg);
  }
  std::vector<Value> results;
  for (DType t : fn.results) {
    Value v;
    v.type = ScalarType(t);
    v.cls = ValueClass::kScalar;
    v.reg = fb_.NewScalar(t);
    operands.push_back(v.reg);
    results.push_back(v);
  }
  fb_.Emit(Opcode::kCall, operands, stmt.head.range);
  return DefineResults(fb_, stmt, results);
}

}  // namespace pto::assembler
