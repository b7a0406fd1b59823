// BodyLowering: global tensor views, tile binding and return.
#include "asm/body_lowering.h"
#include "asm/op_form.h"
#include "asm/operands.h"
#include "common/strings.h"

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
  ItemSpan v = it->second.value;
  const Item* word = nullptr;
  if (v.size() == 2 && v[1].IsGroup('<') && !v[1].children().empty()) word = &v[1].children()[0];
  if (v.size() == 1) word = &v[0];
  if (word && word->IsWord("dn")) return 1;
  if (word && word->IsWord("nz")) return 2;
  return 0;
}

}  // namespace

// %v = pto.make_tensor_view %ptr, shape = [...], strides = [...] {layout = ...} : TYPE
bool BodyLowering::LowerMakeView(const Statement& stmt) {
  if (!ExpectResults(ctx_, stmt, 1)) return false;
  ItemSpan items = stmt.items;
  int colon = Find(items, ":");
  if (colon < 1 || !items[0].Is(ItemKind::kValue)) {
    ctx_.Error(stmt.head, "expected '%v = pto.make_tensor_view %ptr, shape = [...], "
                          "strides = [...] : !pto.tensor_view<...>'");
    return false;
  }
  Type type;
  if (!ParseWholeType(ctx_, items.subspan(colon + 1), &type)) return false;
  const Value* ptr = fb_.Lookup(items[0]);
  if (!ptr) return false;
  if (ptr->cls != ValueClass::kView || ptr->type.kind != TypeKind::kPointer) {
    ctx_.Error(items[0], StrCat("make_tensor_view needs a !pto.ptr, got ", Describe(*ptr)));
    return false;
  }
  if (type.kind != TypeKind::kTensorView) {
    ctx_.Error(items.subspan(colon + 1), StrCat("expected a !pto.tensor_view type, got '",
                                                type.text, "'"));
    return false;
  }
  if (type.dtype != ptr->type.dtype) {
    ctx_.Error(items.subspan(colon + 1),
               StrCat("the view holds ", DTypeName(type.dtype), " but the pointer points to ",
                      DTypeName(ptr->type.dtype)));
    return false;
  }
  ItemSpan head = items.subspan(0, colon);
  const Item* shape_list = KeyedList(head, "shape");
  const Item* stride_list = KeyedList(head, "strides");
  if (!shape_list || !stride_list) {
    ctx_.Error(stmt.head, "make_tensor_view needs 'shape = [...]' and 'strides = [...]'");
    return false;
  }
  std::map<std::string, Attribute> attrs;
  for (const Item& item : head) {
    if (item.Is(ItemKind::kAttrDict)) ReadAttributes(item, &attrs);
  }
  std::vector<Value> shape, strides;
  if (!IndexList(fb_, *shape_list, &shape) || !IndexList(fb_, *stride_list, &strides)) return false;
  if (shape.empty() || shape.size() > kMaxRank || shape.size() != strides.size()) {
    ctx_.Error(*shape_list, StrCat("a tensor view needs 1 to 5 dimensions with one stride each; "
                                   "got ", shape.size(), " sizes and ", strides.size(),
                                   " strides"));
    return false;
  }
  if (!type.shape.empty() && type.shape.size() != shape.size()) {
    ctx_.Error(*shape_list, StrCat("the type '", type.text, "' has rank ", type.shape.size(),
                                   " but ", shape.size(), " sizes are given"));
    return false;
  }
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i].is_const && shape[i].int_value <= 0) {
      ctx_.Error(*shape_list, StrCat("dimension ", i, " has size ", shape[i].int_value));
      return false;
    }
    if (!type.shape.empty() && type.shape[i] != kDynamic && shape[i].is_const &&
        type.shape[i] != shape[i].int_value) {
      ctx_.Error(*shape_list, StrCat("dimension ", i, " is ", shape[i].int_value,
                                     " but the type says ", type.shape[i]));
      return false;
    }
  }
  if (type.shape.empty()) type.shape.assign(shape.size(), kDynamic);
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i].is_const) type.shape[i] = shape[i].int_value;  // for static window checks
  }
  Value v;
  v.type = type;
  v.cls = ValueClass::kView;
  v.reg = fb_.NewView(type.dtype, stmt.results[0].text);
  if (!fb_.Define(stmt.results[0], v)) return false;
  std::vector<uint32_t> operands(13, kNoOperand);
  operands[0] = v.reg;
  operands[1] = ptr->reg;
  for (size_t i = 0; i < shape.size(); ++i) {
    operands[2 + i] = shape[i].reg;
    operands[7 + i] = strides[i].reg;
  }
  operands[12] = LayoutCode(attrs);
  fb_.Emit(Opcode::kMakeView, operands, stmt.head.range);
  return true;
}

// %p = pto.partition_view %v, offsets = [...], sizes = [...] : TV -> PTV
bool BodyLowering::LowerPartitionView(const Statement& stmt) {
  if (!ExpectResults(ctx_, stmt, 1)) return false;
  ItemSpan items = stmt.items;
  int colon = Find(items, ":");
  if (colon < 1 || !items[0].Is(ItemKind::kValue)) {
    ctx_.Error(stmt.head, "expected '%p = pto.partition_view %view, offsets = [...], "
                          "sizes = [...] : VIEW -> !pto.partition_tensor_view<...>'");
    return false;
  }
  Signature sig;
  if (!ParseSignature(ctx_, items.subspan(colon + 1), &sig)) return false;
  Type type = sig.results.empty() ? (sig.inputs.empty() ? Type() : sig.inputs.back())
                                  : sig.results[0];
  const Value* src = fb_.Lookup(items[0]);
  if (!src) return false;
  if (src->cls != ValueClass::kView || src->type.kind == TypeKind::kPointer) {
    ctx_.Error(items[0], StrCat("partition_view needs a tensor view, got ", Describe(*src)));
    return false;
  }
  if (type.kind != TypeKind::kPartitionView) {
    ctx_.Error(items.subspan(colon + 1),
               "partition_view needs a result type '-> !pto.partition_tensor_view<...>'");
    return false;
  }
  if (type.dtype != src->type.dtype) {
    ctx_.Error(items.subspan(colon + 1), StrCat("the partition holds ", DTypeName(type.dtype),
                                                " but the view holds ",
                                                DTypeName(src->type.dtype)));
    return false;
  }
  ItemSpan head = items.subspan(0, colon);
  const Item* offset_list = KeyedList(head, "offsets");
  const Item* size_list = KeyedList(head, "sizes");
  if (!offset_list || !size_list) {
    ctx_.Error(stmt.head, "partition_view needs 'offsets = [...]' and 'sizes = [...]'");
    return false;
  }
  std::vector<Value> offsets, sizes;
  if (!IndexList(fb_, *offset_list, &offsets) || !IndexList(fb_, *size_list, &sizes)) return false;
  size_t rank = src->type.shape.size();
  if (offsets.size() != rank || sizes.size() != rank) {
    ctx_.Error(*offset_list, StrCat("the view has rank ", rank, " but ", offsets.size(),
                                    " offsets and ", sizes.size(), " sizes are given"));
    return false;
  }
  if (type.shape.size() != rank) {
    ctx_.Error(items.subspan(colon + 1),
               StrCat("the result type has rank ", type.shape.size(), ", the view ", rank));
    return false;
  }
  for (size_t i = 0; i < rank; ++i) {
    if (sizes[i].is_const && type.shape[i] != kDynamic && sizes[i].int_value != type.shape[i]) {
      ctx_.Error(*size_list, StrCat("size ", i, " is ", sizes[i].int_value,
                                    " but the result type says ", type.shape[i]));
      return false;
    }
    int64_t dim = src->type.shape[i];
    if (offsets[i].is_const && sizes[i].is_const && dim != kDynamic &&
        (offsets[i].int_value < 0 || offsets[i].int_value + sizes[i].int_value > dim)) {
      ctx_.Error(*offset_list, StrCat("dimension ", i, ": offset ", offsets[i].int_value,
                                      " + size ", sizes[i].int_value, " exceeds the view's ",
                                      dim));
      return false;
    }
  }
  Value v;
  v.type = type;
  v.cls = ValueClass::kView;
  v.reg = fb_.NewView(type.dtype, stmt.results[0].text);
  if (!fb_.Define(stmt.results[0], v)) return false;
  std::vector<uint32_t> operands(12, kNoOperand);
  operands[0] = v.reg;
  operands[1] = src->reg;
  for (size_t i = 0; i < rank; ++i) {
    operands[2 + i] = offsets[i].reg;
    operands[7 + i] = sizes[i].reg;
  }
  fb_.Emit(Opcode::kPartitionView, operands, stmt.head.range);
  return true;
}

// pto.tassign %t, @tile(0x1000)   tassign %t, %addr : T, index   pto.tassign ins(%t, %a : T, i64)
bool BodyLowering::LowerAssign(const Statement& stmt) {
  OpForm form;
  if (!ReadOpForm(ctx_, stmt, &form)) return false;
  if (form.ins.size() != 2) {
    ctx_.Error(stmt.head, StrCat("tassign takes a tile and an address, got ", form.ins.size(),
                                 " operands"));
    return false;
  }
  if (stmt.results.size() > 1) return ExpectResults(ctx_, stmt, 1);
  Resolved tile, addr;
  if (!Resolve(fb_, form.ins[0].term, DType::kInvalid, &tile) ||
      !Resolve(fb_, form.ins[1].term, DType::kIndex, &addr)) {
    return false;
  }
  if (tile.value.cls != ValueClass::kTile) {
    ctx_.Error(tile.range, StrCat("tassign binds tiles; this is ", Describe(tile.value)));
    return false;
  }
  if (addr.value.cls != ValueClass::kScalar || !IsInteger(addr.value.type.dtype)) {
    ctx_.Error(addr.range, StrCat("the address must be an integer, got ", Describe(addr.value)));
    return false;
  }
  uint32_t reg = tile.value.reg;
  if (!stmt.results.empty()) {
    // %t2 = pto.tassign %t, %addr : T -> T makes a new handle bound at the address.
    Value v = tile.value;
    v.reg = fb_.NewTile(v.type.tile, stmt.results[0].text, stmt.results[0].range);
    if (!fb_.Define(stmt.results[0], v)) return false;
    reg = v.reg;
  }
  return BindTile(reg, addr.value, addr.range);
}

// return [%a, ... : T, ...]
bool BodyLowering::LowerReturn(const Statement& stmt) {
  if (!ExpectResults(ctx_, stmt, 0)) return false;
  ItemSpan items = stmt.items;
  int colon = Find(items, ":");
  items = items.subspan(0, colon < 0 ? items.size() : colon);
  std::vector<Value> values;
  if (!ValueList(fb_, items, &values)) return false;
  const std::vector<DType>& results = fb_.function().results;
  if (values.size() != results.size()) {
    ctx_.Error(stmt.head, StrCat("this function returns ", results.size(), " value",
                                 results.size() == 1 ? "" : "s", ", not ", values.size()));
    return false;
  }
  std::vector<uint32_t> regs;
  for (size_t i = 0; i < values.size(); ++i) {
    if (values[i].cls != ValueClass::kScalar || values[i].type.dtype != results[i]) {
      ctx_.Error(stmt.head, StrCat("returned value ", i + 1, " is ", Describe(values[i]),
                                   " but the function returns ", DTypeName(results[i])));
      return false;
    }
    regs.push_back(values[i].reg);
  }
  fb_.Emit(Opcode::kReturn, regs, stmt.head.range);
  return true;
}

}  // namespace pto::assembler
