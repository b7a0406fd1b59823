#include "pto/asm/lowering/view_lowering.h"

#include "pto/asm/lowering/op_form.h"
#include "pto/asm/lowering/operands.h"
#include "pto/common/strings.h"

namespace pto::assembler {

namespace {

constexpr int kMaxRank = 5;

// The layout code of make_tensor_view's {layout = #pto.layout<nd|dn|nz>} (nd when absent);
// reports any other attribute or value.
bool LayoutCode(Context& ctx, const Item* dict, uint32_t* code) {
  static const char* const kLayouts[] = {"nd", "dn", "nz"};
  *code = 0;
  if (!dict) return true;
  std::map<std::string, Attribute> attrs;
  ReadAttributes(*dict, &attrs);
  const bool ok = CheckAttributeNames(ctx, attrs, "make_tensor_view",
                                      [](std::string_view name) { return name == "layout"; });
  auto it = attrs.find("layout");
  if (it == attrs.end()) return ok;
  const ItemSpan value = it->second.value;
  if (value.size() == 2 && value[0].Is(ItemKind::kHash) && value[0].text == "pto.layout" &&
      value[1].IsGroup('<') && value[1].children().size() == 1) {
    for (uint32_t i = 0; i < 3; ++i) {
      if (value[1].children()[0].IsWord(kLayouts[i])) {
        *code = i;
        return ok;
      }
    }
  }
  ctx.Error(it->second.range, StrCat("unknown layout '", Spell(value),
                                     "' (expected #pto.layout<nd>, <dn> or <nz>)"));
  return false;
}

// partition_view takes no attributes but dialect ones.
bool NoAttributes(Context& ctx, const Item* dict, const char* op) {
  if (!dict) return true;
  std::map<std::string, Attribute> attrs;
  ReadAttributes(*dict, &attrs);
  return CheckAttributeNames(ctx, attrs, op, [](std::string_view) { return false; });
}

// The operands both view operations write before their ':':
// "%base, FIRST = [...], SECOND = [...] {attributes}".
struct ViewOperands {
  const Item* first = nullptr;   ///< The [...] of FIRST.
  const Item* second = nullptr;  ///< The [...] of SECOND.
  const Item* attrs = nullptr;   ///< The attribute dictionary, if written.
};

// Reads \a head (the items before the ':', %base first) as ViewOperands of \a op, whose keys are
// \a first and \a second.
bool ReadViewOperands(Context& ctx, const Statement& stmt, ItemSpan head, const char* op,
                      const char* first, const char* second, ViewOperands* out) {
  const char* const keys[] = {first, second};
  auto spell = [&](size_t at) {  // "shape =" for a keyword, else as written
    return head[at].Is(ItemKind::kKey) ? StrCat(head[at].text, " =") : Spell(head.subspan(at, 1));
  };
  const Item** lists[] = {&out->first, &out->second};
  size_t i = 1;
  for (int k = 0; k < 2; ++k) {
    const bool comma = i < head.size() && head[i].IsPunct(",");
    if (comma) ++i;
    const Item* key = i < head.size() ? &head[i] : nullptr;
    if (key && !comma) {
      // PTOAS read make_tensor_view without this comma until early 2026; it no longer does.
      const bool old_form = std::string_view(op) == "make_tensor_view" && k == 1 &&
                            key->Is(ItemKind::kKey) && key->text == second;
      ctx.Error(*key, StrCat("expected ',' before '", spell(i), "'",
                             old_form ? " (older PTOAS releases wrote none; PTOAS today "
                                        "requires it)"
                                      : ""));
      return false;
    }
    if (!key) {
      ctx.Error(comma ? head[i - 1] : stmt.head,
                StrCat(op, " needs '", keys[k], " = [...]'", k == 0 ? " after its operand" : ""));
      return false;
    }
    if (!key->Is(ItemKind::kKey) || key->text != keys[k]) {
      if (key->Is(ItemKind::kKey) && k == 1 && key->text == first) {
        ctx.Error(*key, StrCat("'", first, "' is given twice"));
      } else {
        ctx.Error(*key, StrCat("expected '", keys[k], " = [...]', got '", spell(i), "'"));
      }
      return false;
    }
    if (i + 1 >= head.size() || !head[i + 1].IsGroup('[')) {
      ctx.Error(*key, StrCat("expected a list '[...]' after '", keys[k], " ='"));
      return false;
    }
    *lists[k] = &head[i + 1];
    i += 2;
  }
  if (i < head.size() && head[i].Is(ItemKind::kAttrDict)) out->attrs = &head[i++];
  if (i < head.size()) {
    ctx.Error(head.subspan(i), StrCat("unexpected '", Spell(head.subspan(i)), "' in ", op));
    return false;
  }
  return true;
}

// The integers of the two index lists of \a operands.
// PTOAS's view operations take SSA index values in their lists, never literals (MLIR refuses
// `shape = [16, 16]`).
bool ValuesOnly(Context& ctx, const Item& group) {
  bool ok = true;
  for (const Item& entry : group.children()) {
    if (entry.Is(ItemKind::kInt)) {
      ctx.Error(entry, StrCat("expected an SSA index value, got the literal ", entry.text,
                              " (write %c", entry.text, " = arith.constant ", entry.text,
                              " : index)"));
      ok = false;
    }
  }
  return ok;
}

bool ViewIndexLists(FunctionBuilder& fb, const ViewOperands& operands,
                    std::vector<Value>* first_values, std::vector<Value>* second_values) {
  // Both lists are checked, so that one run reports the errors of both.
  const bool first_ok = ValuesOnly(fb.ctx(), *operands.first);
  const bool second_ok = ValuesOnly(fb.ctx(), *operands.second);
  if (!first_ok || !second_ok) return false;
  return IndexList(fb, *operands.first, first_values) &&
         IndexList(fb, *operands.second, second_values);
}

// The start both view operations share: one result, then "%base, ... : TYPES"; the index of
// the ':' (reporting \a usage and returning -1 if it is missing or no %base comes first).
int ViewHead(Context& ctx, const Statement& stmt, const char* usage) {
  if (!ExpectResults(ctx, stmt, 1)) return -1;
  int colon = Find(stmt.items, ":");
  if (colon < 1 || !stmt.items[0].Is(ItemKind::kValue)) {
    ctx.Error(stmt.head, usage);
    return -1;
  }
  return colon;
}

// Defines the result view of \a type and lays out the operands both operations start with:
// the result, \a base, then one register of \a first and of \a second per dimension.
bool DefineView(FunctionBuilder& fb, const Statement& stmt, const Type& type, uint32_t base,
                const std::vector<Value>& first, const std::vector<Value>& second,
                std::vector<uint32_t>* operands) {
  Value v;
  v.type = type;
  v.cls = ValueClass::kView;
  v.reg = fb.NewView(type.dtype, stmt.results[0].text);
  if (!fb.Define(stmt.results[0], v)) return false;
  operands->assign(2 + 2 * kMaxRank, kNoOperand);
  (*operands)[0] = v.reg;
  (*operands)[1] = base;
  for (size_t i = 0; i < first.size(); ++i) {
    (*operands)[2 + i] = first[i].reg;
    (*operands)[2 + kMaxRank + i] = second[i].reg;
  }
  return true;
}

}  // namespace

// %v = pto.make_tensor_view %ptr, shape = [...], strides = [...] {layout = ...} : TYPE
bool LowerMakeView(FunctionBuilder& fb, const Statement& stmt) {
  Context& ctx = fb.ctx();
  int colon = ViewHead(ctx, stmt,
                       "expected '%v = pto.make_tensor_view %ptr, shape = [...], "
                       "strides = [...] : !pto.tensor_view<...>'");
  if (colon < 0) return false;
  ItemSpan items = stmt.items;
  Type type;
  if (!ParseWholeType(ctx, items.subspan(colon + 1), &type)) return false;
  const Value* ptr = fb.Lookup(items[0]);
  if (!ptr) return false;
  if (ptr->cls != ValueClass::kView || ptr->type.kind != TypeKind::kPointer) {
    ctx.Error(items[0], StrCat("make_tensor_view needs a !pto.ptr, got ", Describe(*ptr)));
    return false;
  }
  if (type.kind != TypeKind::kTensorView) {
    ctx.Error(items.subspan(colon + 1),
              StrCat("expected a !pto.tensor_view type, got '", type.text, "'"));
    return false;
  }
  if (type.dtype != ptr->type.dtype) {
    ctx.Error(items.subspan(colon + 1),
              StrCat("the view holds ", DTypeName(type.dtype), " but the pointer points to ",
                     DTypeName(ptr->type.dtype)));
    return false;
  }
  ViewOperands written;
  std::vector<Value> shape, strides;
  uint32_t layout = 0;
  if (!ReadViewOperands(ctx, stmt, items.subspan(0, colon), "make_tensor_view", "shape",
                        "strides", &written) ||
      !LayoutCode(ctx, written.attrs, &layout) ||
      !ViewIndexLists(fb, written, &shape, &strides)) {
    return false;
  }
  const Item* shape_list = written.first;
  if (shape.empty() || shape.size() > kMaxRank || shape.size() != strides.size()) {
    ctx.Error(*shape_list, StrCat("a tensor view needs 1 to 5 dimensions with one stride each; "
                                  "got ",
                                  shape.size(), " sizes and ", strides.size(), " strides"));
    return false;
  }
  if (!type.shape.empty() && type.shape.size() != shape.size()) {
    ctx.Error(*shape_list, StrCat("the type '", type.text, "' has rank ", type.shape.size(),
                                  " but ", shape.size(), " sizes are given"));
    return false;
  }
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i].is_const && shape[i].int_value <= 0) {
      ctx.Error(*shape_list, StrCat("dimension ", i, " has size ", shape[i].int_value));
      return false;
    }
    if (!type.shape.empty() && type.shape[i] != kDynamic && shape[i].is_const &&
        type.shape[i] != shape[i].int_value) {
      ctx.Error(*shape_list, StrCat("dimension ", i, " is ", shape[i].int_value,
                                    " but the type says ", type.shape[i]));
      return false;
    }
  }
  if (type.shape.empty()) type.shape.assign(shape.size(), kDynamic);
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i].is_const) type.shape[i] = shape[i].int_value;  // for static window checks
  }
  std::vector<uint32_t> operands;
  if (!DefineView(fb, stmt, type, ptr->reg, shape, strides, &operands)) return false;
  operands.push_back(layout);
  fb.Emit(Opcode::kMakeView, operands, stmt.head.range);
  return true;
}

namespace {

// The partition's type as written after "->", or (\a *infer: nothing written and the input a
// tensor view) one to infer; it holds the view's element type.
bool PartitionType(Context& ctx, ItemSpan sig_items, const Signature& sig, const Value& src,
                   Type* type, bool* infer) {
  *infer = sig.results.empty() && sig.inputs.size() == 1 &&
           sig.inputs[0].kind == TypeKind::kTensorView;
  *type = sig.results.empty() ? (sig.inputs.empty() ? Type() : sig.inputs.back()) : sig.results[0];
  if (*infer) {
    if (src.type.kind != TypeKind::kTensorView) {
      ctx.Error(sig_items, StrCat("partition_view infers its result type only from a "
                                  "!pto.tensor_view, got ", Describe(src)));
      return false;
    }
    type->kind = TypeKind::kPartitionView;
  }
  if (type->kind != TypeKind::kPartitionView) {
    ctx.Error(sig_items, "partition_view makes a '!pto.partition_tensor_view<...>'");
    return false;
  }
  if (type->dtype != src.type.dtype) {
    ctx.Error(sig_items, StrCat("the partition holds ", DTypeName(type->dtype),
                                " but the view holds ", DTypeName(src.type.dtype)));
    return false;
  }
  return true;
}

// PTOAS v0.60's inferred partition type: the view's rank and element type, each size that is a
// constant, '?' for the others.
void InferPartitionShape(const std::vector<Value>& sizes, Type* type) {
  type->shape.clear();
  type->text = "!pto.partition_tensor_view<";
  for (const Value& size : sizes) {
    type->shape.push_back(size.is_const && size.int_value >= 0 ? size.int_value : kDynamic);
    type->text += type->shape.back() == kDynamic ? std::string("?")
                                                 : std::to_string(type->shape.back());
    type->text += "x";
  }
  type->text += StrCat(DTypeName(type->dtype), ">");
}

// Constant sizes agree with the result type, and constant windows lie in the view.
bool CheckPartitionWindow(Context& ctx, const ViewOperands& written, const Type& src,
                          const Type& type, const std::vector<Value>& offsets,
                          const std::vector<Value>& sizes) {
  for (size_t i = 0; i < src.shape.size(); ++i) {
    if (sizes[i].is_const && type.shape[i] != kDynamic && sizes[i].int_value != type.shape[i]) {
      ctx.Error(*written.second, StrCat("size ", i, " is ", sizes[i].int_value,
                                        " but the result type says ", type.shape[i]));
      return false;
    }
    int64_t dim = src.shape[i];
    if (offsets[i].is_const && sizes[i].is_const && dim != kDynamic &&
        (offsets[i].int_value < 0 || sizes[i].int_value > dim - offsets[i].int_value)) {
      ctx.Error(*written.first, StrCat("dimension ", i, ": offset ", offsets[i].int_value,
                                       " + size ", sizes[i].int_value, " exceeds the view's ", dim));
      return false;
    }
  }
  return true;
}

}  // namespace

// %p = pto.partition_view %v, offsets = [...], sizes = [...] : TV -> PTV; without "-> PTV" the
// result type is inferred as PTOAS v0.60 does (InferPartitionShape).
bool LowerPartitionView(FunctionBuilder& fb, const Statement& stmt) {
  Context& ctx = fb.ctx();
  int colon = ViewHead(ctx, stmt,
                       "expected '%p = pto.partition_view %view, offsets = [...], "
                       "sizes = [...] : VIEW -> !pto.partition_tensor_view<...>'");
  if (colon < 0) return false;
  ItemSpan items = stmt.items;
  const ItemSpan sig_items = items.subspan(colon + 1);
  Signature sig;
  if (!ParseSignature(ctx, sig_items, &sig)) return false;
  const Value* src = fb.Lookup(items[0]);
  if (!src) return false;
  if (src->cls != ValueClass::kView || src->type.kind == TypeKind::kPointer) {
    ctx.Error(items[0], StrCat("partition_view needs a tensor view, got ", Describe(*src)));
    return false;
  }
  Type type;
  bool infer;
  if (!PartitionType(ctx, sig_items, sig, *src, &type, &infer)) return false;
  ViewOperands written;
  std::vector<Value> offsets, sizes;
  if (!ReadViewOperands(ctx, stmt, items.subspan(0, colon), "partition_view", "offsets", "sizes",
                        &written) ||
      !NoAttributes(ctx, written.attrs, "partition_view") ||
      !ViewIndexLists(fb, written, &offsets, &sizes)) {
    return false;
  }
  size_t rank = src->type.shape.size();
  if (offsets.size() != rank || sizes.size() != rank) {
    ctx.Error(*written.first, StrCat("the view has rank ", rank, " but ", offsets.size(),
                                     " offsets and ", sizes.size(), " sizes are given"));
    return false;
  }
  if (infer) InferPartitionShape(sizes, &type);
  if (type.shape.size() != rank) {
    ctx.Error(sig_items, StrCat("the result type has rank ", type.shape.size(), ", the view ", rank));
    return false;
  }
  if (!CheckPartitionWindow(ctx, written, src->type, type, offsets, sizes)) return false;
  std::vector<uint32_t> operands;
  if (!DefineView(fb, stmt, type, src->reg, offsets, sizes, &operands)) return false;
  fb.Emit(Opcode::kPartitionView, operands, stmt.head.range);
  return true;
}

// %d = pto.get_tensor_view_dim %view, %k : !pto.tensor_view<...> -> index
bool LowerViewDim(FunctionBuilder& fb, const Statement& stmt) {
  Context& ctx = fb.ctx();
  if (!ExpectResults(ctx, stmt, 1)) return false;
  std::vector<ItemSpan> parts = Split(BeforeColon(stmt.items), ",");
  Resolved view;
  Value k;
  if (parts.size() != 2 || parts[0].empty() || !Resolve(fb, parts[0], DType::kInvalid, &view) ||
      !IntOperand(fb, parts[1], &k)) {
    if (parts.size() != 2) ctx.Error(stmt.head, StrCat("expected '", stmt.head.text, " %view, %dim'"));
    return false;
  }
  if (view.value.cls != ValueClass::kView) {
    ctx.Error(parts[0], StrCat("expected a tensor view, got ", Describe(view.value)));
    return false;
  }
  Value result = fb.NewScalarValue(DType::kIndex);
  if (!fb.Define(stmt.results[0], result)) return false;
  const bool stride = stmt.head.text == "pto.get_tensor_view_stride";
  fb.Emit(stride ? Opcode::kGetViewStride : Opcode::kGetViewDim, {result.reg, view.value.reg, k.reg},
          stmt.head.range);
  return true;
}

}  // namespace pto::assembler
