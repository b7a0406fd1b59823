// pto.section.simt <<<x, y, z>>> { ... }: SIMT code written inline, as pto-dsl emits it. PTOAS
// outlines each such region into a pto.simt_entry function of its own and launches it in the
// region's place (pto-outline-simt-sections); so does this: the values the region uses from
// outside become the function's parameters (constants are made again inside it), and the
// region becomes its body.
#include <climits>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "pto/asm/lowering/function_lowering.h"
#include "pto/asm/lowering/operands.h"
#include "pto/asm/lowering/simt_lowering.h"

namespace pto::assembler {

namespace {

/// PTOAS's bound on a section's workitems (x * y * z).
constexpr int64_t kMaxSimtThreads = 2048;

using ValueKey = std::pair<std::string_view, int>;  ///< a %name and its #index (or -1)

// Calls item(it) for every item of \a s inside any brackets, in order, and region(body) for
// each region among them (instead of descending into it).
template <typename OnItem, typename OnRegion>
void ForEachItem(const Statement& s, OnItem&& item, OnRegion&& region) {
  const auto visit = [&](const Item& it, const auto& self) -> void {
    if (it.Is(ItemKind::kRegion)) return region(it.body());
    item(it);
    for (const Item& c : it.children()) self(c, self);
  };
  for (const Item& it : s.items) visit(it, visit);
}

// The names the region's statements define (results and block arguments), at any depth.
void CollectDefined(std::span<const Statement> body, std::set<std::string_view>* defined) {
  for (const Statement& s : body) {
    for (const Item& r : s.results) defined->insert(r.text);
    const bool label = s.head.Is(ItemKind::kCaret);  // ^bb0(%a: T, ...)
    ForEachItem(
        s, [&](const Item& it) { if (label && it.Is(ItemKind::kValue)) defined->insert(it.text); },
        [&](std::span<const Statement> inner) { CollectDefined(inner, defined); });
  }
}

// The values \a body uses that are defined outside it, in order of first use: the items that
// name them.
void CollectUsed(std::span<const Statement> body, const std::set<std::string_view>& defined,
                 std::set<ValueKey>* seen, std::vector<const Item*>* used) {
  for (const Statement& s : body) {
    if (s.head.Is(ItemKind::kCaret)) continue;
    ForEachItem(
        s,
        [&](const Item& it) {
          if (it.Is(ItemKind::kValue) && !defined.count(it.text) &&
              seen->insert({it.text, it.index}).second) {
            used->push_back(&it);
          }
        },
        [&](std::span<const Statement> inner) { CollectUsed(inner, defined, seen, used); });
  }
}

// The three launch dimensions of "<<<x, y, z>>>" (three nested angle groups of integers).
bool ReadDimensions(Context& ctx, const Statement& stmt, int64_t dims[3]) {
  const Item* group = !stmt.items.empty() && stmt.items[0].IsGroup('<') ? &stmt.items[0] : nullptr;
  for (int depth = 0; group && depth < 2; ++depth) {
    ItemSpan c = group->children();
    group = c.size() == 1 && c[0].IsGroup('<') ? &c[0] : nullptr;
  }
  std::vector<ItemSpan> parts;
  if (!group || stmt.items.size() != 2 || !stmt.items[1].Is(ItemKind::kRegion) ||
      !SplitList(ctx, group->children(), "a launch dimension", &parts) || parts.size() != 3) {
    ctx.Error(stmt.head, "expected 'pto.section.simt <<<x, y, z>>> { ... }' with three integer "
                         "launch dimensions");
    return false;
  }
  int64_t threads = 1;
  for (int k = 0; k < 3; ++k) {
    const Item& n = parts[k][0];
    if (parts[k].size() != 1 || !n.Is(ItemKind::kInt)) {
      ctx.Error(parts[k], "a launch dimension of pto.section.simt is an integer literal");
      return false;
    }
    if (n.number < 0 || n.number > INT32_MAX) {
      ctx.Error(stmt.head, "pto.section.simt requires non-negative i32 launch dimensions");
      return false;
    }
    dims[k] = n.number;
  }
  for (int k = 0; k < 3; ++k) {
    if (dims[k] == 0 || threads > kMaxSimtThreads / dims[k]) {
      ctx.Error(stmt.head, StrCat("SIMT launch dimensions must have a positive product no greater "
                                  "than ", kMaxSimtThreads, ", got (", dims[0], ", ", dims[1],
                                  ", ", dims[2], ")"));
      return false;
    }
    threads *= dims[k];
  }
  return true;
}

// Gives \a helper the captured value \a v under the name \a item: a constant again, anything
// else as a parameter whose argument \a args receives.
bool Capture(FunctionBuilder& fb, FunctionBuilder& helper, const Item& item, const Value& v,
             std::vector<uint32_t>* args) {
  if (v.is_const && v.cls == ValueClass::kScalar) {
    return helper.Define(item, helper.ConstantValue(v.type.dtype, v.int_value, v.real_value),
                         item.index);
  }
  if (v.cls != ValueClass::kScalar && v.cls != ValueClass::kView && v.cls != ValueClass::kTile) {
    fb.ctx().Error(item, StrCat("pto.section.simt uses %", item.text, ", ", Describe(v),
                                ", from outside: only scalars, pointers, views and tiles pass "
                                "into the SIMT function it becomes"));
    return false;
  }
  if (!AddParam(helper, item, v.type, item.range)) return false;
  args->push_back(v.reg);
  return true;
}

}  // namespace

bool LowerSectionSimt(BodyLowering& body, const Statement& stmt) {
  FunctionBuilder& fb = body.fb();
  Context& ctx = fb.ctx();
  if (fb.function().simt_entry) {
    ctx.Error(stmt.head, fb.outlined_simt ? "nested pto.section.simt is not allowed"
                                          : "pto.section.simt must not appear inside a function "
                                            "marked with 'pto.simt_entry'");
    return false;
  }
  int64_t dims[3];
  if (!ReadDimensions(ctx, stmt, dims)) return false;
  const Item& region = stmt.items[1];
  std::set<std::string_view> defined;
  CollectDefined(region.body(), &defined);
  std::set<ValueKey> seen;
  std::vector<const Item*> used;
  CollectUsed(region.body(), defined, &seen, &used);
  FunctionBuilder* helper = ctx.outliner() ? ctx.outliner()->NewFunction(fb.function(), stmt.head.range)
                                           : nullptr;
  if (!helper) return false;
  helper->outlined_simt = true;
  std::vector<uint32_t> operands{static_cast<uint32_t>(&helper->function() -
                                                       fb.program().functions.data())};
  bool ok = true;
  for (const Item* item : used) {
    // A name not defined here either is the body's own error to report (unknown value).
    if (const Value* v = fb.Find(item->text, item->index)) {
      if (!Capture(fb, *helper, *item, *v, &operands)) {
        helper->Poison(*item);  // reported once, not again at each use
        ok = false;
      }
    }
  }
  {
    BodyLowering lowering(*helper);
    helper->set_statement(stmt.head.range);
    RegionExit exit;
    exit.no_terminator = true;  // a section's region has no terminator
    ok &= lowering.LowerRegion(region, &exit);
  }
  if (!ok) return false;
  const uint32_t x = fb.IntConstant(DType::kI32, dims[0]);
  const uint32_t y = fb.IntConstant(DType::kI32, dims[1]);
  const uint32_t z = fb.IntConstant(DType::kI32, dims[2]);
  fb.Emit(Opcode::kStoreVfsimtInfo, {z, y, x}, stmt.head.range);
  fb.call_sites().push_back(stmt.head.range);
  fb.Emit(Opcode::kCall, operands, stmt.head.range);
  return true;
}

}  // namespace pto::assembler
