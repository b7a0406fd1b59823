#include "pto/asm/lowering/view_lowering.h"

#include "pto/asm/lowering/op_form.h"
#include "pto/asm/lowering/operands.h"
#include "pto/common/strings.h"

namespace pto::assembler {

namespace {

constexpr int kMaxRank = 5;

// Finds "key = [ ... ]" among \a items; returns the list group or null.
const Item* KeyedList(ItemSpan items, const char* key) {
  for (size_t i = 0; i + 1 < items.size(); ++i) {
    if (items[i].Is(ItemKind::kKey) && items[i].text == key) return &items[i + 1];
  }
  return nullptr;
}

uint32_t LayoutCode(const std::map<std::string, Attribute>& attrs) {
  auto it = attrs.find("layout");
  if (it == attrs.end()) return 0;
  const Item* word = AttributeWord(it->second.value);
  if (word && word->IsWord("dn")) return 1;
  if (word && word->IsWord("nz")) return 2;
  return 0;
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

// The two index lists "first = [...]" and "second = [...]" among \a head, which \a op needs.
bool KeyedIndexLists(FunctionBuilder& fb, const Statement& stmt, ItemSpan head, const char* op,
                     const char* first, const char* second, const Item** first_list,
                     const Item** second_list, std::vector<Value>* first_values,
                     std::vector<Value>* second_values) {
  *first_list = KeyedList(head, first);
  *second_list = KeyedList(head, second);
  if (!*first_list || !*second_list) {
    fb.ctx().Error(stmt.head, StrCat(op, " needs '", first, " = [...]' and '", second,
                                     " = [...]'"));
    return false;
  }
  return IndexList(fb, **first_list, first_values) && IndexList(fb, **second_list, second_values);
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
  ItemSpan head = items.subspan(0, colon);
  const Item *shape_list, *stride_list;
  std::vector<Value> shape, strides;
  if (!KeyedIndexLists(fb, stmt, head, "make_tensor_view", "shape", "strides", &shape_list,
                       &stride_list, &shape, &strides)) {
    return false;
  }
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
  std::map<std::string, Attribute> attrs;
  for (const Item& item : head) {
    if (item.Is(ItemKind::kAttrDict)) ReadAttributes(item, &attrs);
  }
  operands.push_back(LayoutCode(attrs));
  fb.Emit(Opcode::kMakeView, operands, stmt.head.range);
  return true;
}

// %p = pto.partition_view %v, offsets = [...], sizes = [...] : TV -> PTV
bool LowerPartitionView(FunctionBuilder& fb, const Statement& stmt) {
  Context& ctx = fb.ctx();
  int colon = ViewHead(ctx, stmt,
                       "expected '%p = pto.partition_view %view, offsets = [...], "
                       "sizes = [...] : VIEW -> !pto.partition_tensor_view<...>'");
  if (colon < 0) return false;
  ItemSpan items = stmt.items;
  Signature sig;
  if (!ParseSignature(ctx, items.subspan(colon + 1), &sig)) return false;
  Type type = sig.results.empty() ? (sig.inputs.empty() ? Type() : sig.inputs.back())
                                  : sig.results[0];
  const Value* src = fb.Lookup(items[0]);
  if (!src) return false;
  if (src->cls != ValueClass::kView || src->type.kind == TypeKind::kPointer) {
    ctx.Error(items[0], StrCat("partition_view needs a tensor view, got ", Describe(*src)));
    return false;
  }
  if (type.kind != TypeKind::kPartitionView) {
    ctx.Error(items.subspan(colon + 1),
              "partition_view needs a result type '-> !pto.partition_tensor_view<...>'");
    return false;
  }
  if (type.dtype != src->type.dtype) {
    ctx.Error(items.subspan(colon + 1), StrCat("the partition holds ", DTypeName(type.dtype),
                                               " but the view holds ", DTypeName(src->type.dtype)));
    return false;
  }
  const Item *offset_list, *size_list;
  std::vector<Value> offsets, sizes;
  if (!KeyedIndexLists(fb, stmt, items.subspan(0, colon), "partition_view", "offsets", "sizes",
                       &offset_list, &size_list, &offsets, &sizes)) {
    return false;
  }
  size_t rank = src->type.shape.size();
  if (offsets.size() != rank || sizes.size() != rank) {
    ctx.Error(*offset_list, StrCat("the view has rank ", rank, " but ", offsets.size(),
                                   " offsets and ", sizes.size(), " sizes are given"));
    return false;
  }
  if (type.shape.size() != rank) {
    ctx.Error(items.subspan(colon + 1),
              StrCat("the result type has rank ", type.shape.size(), ", the view ", rank));
    return false;
  }
  for (size_t i = 0; i < rank; ++i) {
    if (sizes[i].is_const && type.shape[i] != kDynamic && sizes[i].int_value != type.shape[i]) {
      ctx.Error(*size_list, StrCat("size ", i, " is ", sizes[i].int_value,
                                   " but the result type says ", type.shape[i]));
      return false;
    }
    int64_t dim = src->type.shape[i];
    if (offsets[i].is_const && sizes[i].is_const && dim != kDynamic &&
        (offsets[i].int_value < 0 || offsets[i].int_value + sizes[i].int_value > dim)) {
      ctx.Error(*offset_list, StrCat("dimension ", i, ": offset ", offsets[i].int_value, " + size ",
                                     sizes[i].int_value, " exceeds the view's ", dim));
      return false;
    }
  }
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
    if (parts.size() != 2) ctx.Error(stmt.head, "expected 'get_tensor_view_dim %view, %dim'");
    return false;
  }
  if (view.value.cls != ValueClass::kView) {
    ctx.Error(parts[0], StrCat("expected a tensor view, got ", Describe(view.value)));
    return false;
  }
  Value result = fb.NewScalarValue(DType::kIndex);
  if (!fb.Define(stmt.results[0], result)) return false;
  fb.Emit(Opcode::kGetViewDim, {result.reg, view.value.reg, k.reg}, stmt.head.range);
  return true;
}

}  // namespace pto::assembler
