#include "pto/asm/func_declaration.h"

#include <map>
#include <string>

#include "pto/asm/format_limits.h"
#include "pto/asm/items.h"
#include "pto/asm/lowering/function_lowering.h"
#include "pto/asm/lowering/op_form.h"
#include "pto/asm/module_scopes.h"
#include "pto/asm/type_parser.h"
#include "pto/common/strings.h"

namespace pto::assembler {

namespace {

// pto.simt_max_threads and pto.simt_max_regs: "256 : i32", a positive i32, on SIMT entries only.
void CheckSimtBudgets(Context& ctx, const std::map<std::string, Attribute>& attrs,
                      bool simt_entry) {
  for (const char* budget : {"pto.simt_max_threads", "pto.simt_max_regs"}) {
    auto b = attrs.find(budget);
    if (b == attrs.end()) continue;
    const Item* word = b->second.value.empty() ? nullptr : &b->second.value[0];
    if (!simt_entry) {
      ctx.Error(b->second.range, StrCat(budget, " belongs to a function marked pto.simt_entry"));
    } else if (!word || !word->Is(ItemKind::kInt) || word->number <= 0 ||
               word->number > 0x7fffffff) {
      ctx.Error(b->second.range, StrCat(budget, " is a positive i32"));
    }
  }
}

}  // namespace

FuncMarks ReadFuncMarks(Context& ctx, const FuncHeader& header, KernelKind scope) {
  FuncMarks marks;
  if (header.attributes) {
    std::map<std::string, Attribute> attrs;
    ReadAttributes(*header.attributes, &attrs);
    // Only dialect attributes (pto.entry, pto.kernel_kind) and MLIR's no_inline mean anything.
    CheckAttributeNames(ctx, attrs, "func.func",
                        [](std::string_view key) { return key == "no_inline"; });
    marks.is_entry = attrs.count("pto.entry") > 0;
    marks.simt_entry = attrs.count("pto.simt_entry") > 0;
    CheckSimtBudgets(ctx, attrs, marks.simt_entry);
    marks.is_kernel = attrs.count("pto.kernel") > 0;
    marks.tileop_helper = attrs.count("pto.tileop.helper") > 0;
    auto it = attrs.find("pto.kernel_kind");
    if (it != attrs.end() && ParseKernelKind(ctx, it->second, &marks.kind) &&
        scope != KernelKind::kAny && marks.kind != scope) {
      ctx.Error(it->second.range, StrCat("@", header.name->text, " is marked ",
                                         KernelKindName(marks.kind), " but sits in a ",
                                         KernelKindName(scope), " submodule, whose functions "
                                         "are all ", KernelKindName(scope)));
    }
  }
  if (scope != KernelKind::kAny) marks.kind = scope;
  return marks;
}

bool ReadFuncResults(Context& ctx, const FuncHeader& header, std::vector<DType>* results,
                     std::vector<Type>* memory_results) {
  if (header.results.empty()) return true;
  std::vector<ItemSpan> parts;
  if (!SplitList(ctx, header.results, "a type", &parts)) return false;
  for (ItemSpan part : parts) {
    Type t;
    if (!ParseWholeType(ctx, part, &t)) return false;
    if (t.IsTile() || t.IsView()) {  // handed back by reference (see LowerReturn)
      memory_results->push_back(t);
      continue;
    }
    if (!t.IsScalar()) {
      ctx.Error(part, StrCat("functions return scalars, tiles or views; results in memory "
                             "go through pointers (got '", t.text, "')"));
      return false;
    }
    results->push_back(t.dtype);
  }
  if (!memory_results->empty() && !results->empty()) {
    ctx.Error(header.results_range, "a function returning tiles or views returning scalars too "
                                    "is not modelled: return the scalars through a pointer");
    return false;
  }
  if (results->size() > ctx.limits().results) {
    ctx.Error(header.results_range,
              TooManyResults(header.name->text, results->size(), ctx.limits().results));
  }
  return true;
}

void DeclareFuncParams(Context& ctx, const FuncHeader& header, bool tileop_helper,
                       FunctionBuilder& builder) {
  for (size_t k = 0; k < header.param_list.size(); ++k) {
    const ParamSpelling& param = header.param_list[k];
    const SourceRange type_range = SpanRange(param.type);
    builder.set_statement(type_range);
    Item unnamed;
    std::string unnamed_text = StrCat("arg", k);
    unnamed.kind = ItemKind::kValue;
    unnamed.text = unnamed_text;
    unnamed.range = type_range;
    const Item& param_name = param.name ? *param.name : unnamed;
    Type type;
    if (!ParseWholeType(ctx, param.type, &type) ||
        !AddParam(builder, param_name, type, type_range)) {
      if (param.name) builder.Poison(*param.name);
    } else if (tileop_helper && !type.IsTile() && !type.IsScalar()) {
      ctx.Error(type_range, StrCat("tileop argument #", k, " must be a !pto.tile_buf or a "
                                   "scalar, not '", type.text, "'"));
    }
  }
}

bool SameSignature(const Function& a, const Function& b) {
  bool same = a.results == b.results && a.params.size() == b.params.size();
  for (size_t k = 0; same && k < a.params.size(); ++k) {
    same = a.params[k].kind == b.params[k].kind && a.params[k].dtype == b.params[k].dtype;
  }
  return same;
}

}  // namespace pto::assembler
