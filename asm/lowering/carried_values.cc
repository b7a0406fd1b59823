#include "pto/asm/lowering/carried_values.h"

#include "pto/asm/lowering/operands.h"
#include "pto/common/strings.h"

namespace pto::assembler {

// A new register holding a value of \a type.
bool NewValueOfType(FunctionBuilder& fb, const Type& type, SourceRange where, Value* out) {
  Context& ctx = fb.ctx();
  Value v;
  v.type = type;
  if (type.IsScalar() || type.IsLocalPointer()) {
    v.cls = ValueClass::kScalar;
  } else if (type.kind == TypeKind::kVReg) {
    v.cls = ValueClass::kVReg;
  } else if (type.kind == TypeKind::kMask) {
    v.cls = ValueClass::kMask;
  } else if (type.kind == TypeKind::kAlign) {
    v.cls = ValueClass::kAlign;
  } else if (type.kind == TypeKind::kLVec) {
    v.cls = ValueClass::kLVec;
  } else if (type.kind == TypeKind::kLMask) {
    v.cls = ValueClass::kLMask;
  } else if (type.IsTile()) {
    v.cls = ValueClass::kTile;
  } else if (type.IsView()) {
    v.cls = ValueClass::kView;
  } else {
    ctx.Error(where, StrCat("values of type '", type.text, "' cannot be carried here"));
    return false;
  }
  *out = fb.NewRegisterLike(v, "", where);
  return true;
}

// Reads "-> T" or "-> (T, U)" result types at the end of \a items (where each is written in
// \a ranges, if given).
bool ResultTypes(Context& ctx, ItemSpan items, std::vector<Type>* types,
                 std::vector<SourceRange>* ranges) {
  int arrow = Find(items, "->");
  if (arrow < 0) return true;
  ItemSpan list = items.subspan(arrow + 1);
  size_t end = 0;
  // The list ends at the region, or at scf.for's ": T" where that is written after it.
  while (end < list.size() && !list[end].Is(ItemKind::kRegion) && !list[end].IsPunct(":")) ++end;
  list = list.subspan(0, end);
  if (list.size() == 1 && list[0].IsGroup('(')) list = list[0].children();
  std::vector<ItemSpan> parts;
  if (!SplitList(ctx, list, "a type", &parts)) return false;
  for (ItemSpan part : parts) {
    Type t;
    if (!ParseWholeType(ctx, part, &t)) return false;
    types->push_back(t);
    if (ranges) ranges->push_back(SpanRange(part));
  }
  return true;
}

// New registers holding copies of \a values, made at \a where.
std::vector<Value> FreshCopies(FunctionBuilder& fb, const std::vector<Value>& values,
                               SourceRange where) {
  std::vector<Value> copies;
  for (const Value& v : values) {
    copies.push_back(fb.NewRegisterLike(v, "", where));
    fb.EmitMove(copies.back(), v, where);
  }
  return copies;
}

// The i1 condition \a term of \a op; reports another kind of value.
bool Condition(FunctionBuilder& fb, ItemSpan term, const char* op, Resolved* cond) {
  if (!Resolve(fb, term, DType::kI1, cond)) return false;
  if (cond->value.cls != ValueClass::kScalar || cond->value.type.dtype != DType::kI1) {
    fb.ctx().Error(cond->range, StrCat(op, ", got ", Describe(cond->value)));
    return false;
  }
  return true;
}

// Moves \a srcs into \a dsts as if all at once (a yield may swap values).
bool ParallelMove(FunctionBuilder& fb, const std::vector<Value>& dsts,
                  const std::vector<Value>& srcs, const Statement& stmt) {
  Context& ctx = fb.ctx();
  if (dsts.size() != srcs.size()) {
    ctx.Error(stmt.head, StrCat("'", stmt.head.text, "' passes ", srcs.size(), " value",
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
      ctx.Error(stmt.head, StrCat("value ", i + 1, " of '", stmt.head.text, "' is ", Describe(s),
                                  ", but ", Describe(d), " is expected"));
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
    for (size_t i = 0; i < dsts.size(); ++i) fb.EmitMove(dsts[i], srcs[i], stmt.head.range);
    return true;
  }
  std::vector<Value> temps = FreshCopies(fb, srcs, stmt.head.range);
  for (size_t i = 0; i < dsts.size(); ++i) fb.EmitMove(dsts[i], temps[i], stmt.head.range);
  return true;
}

}  // namespace pto::assembler
