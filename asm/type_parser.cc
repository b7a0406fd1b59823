#include "pto/asm/type_parser.h"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <iterator>
#include <set>

#include "pto/asm/tile_type_parser.h"
#include "pto/common/bytecode.h"
#include "pto/common/program.h"
#include "pto/common/strings.h"

namespace pto::assembler {

int64_t LocalArrayElements(const Type& type) {
  int64_t n = 1;
  for (int64_t d : type.shape) n *= d;
  return n;
}

Type ScalarType(DType dtype) {
  Type t;
  t.kind = TypeKind::kScalar;
  t.dtype = dtype;
  t.text = DTypeName(dtype);
  return t;
}

bool ParseDims(std::string_view text, std::vector<int64_t>* dims, DType* dtype) {
  dims->clear();
  *dtype = DType::kInvalid;
  size_t pos = 0;
  while (pos < text.size()) {
    if (text[pos] == '?') {
      dims->push_back(kDynamic);
      ++pos;
    } else if (isdigit(static_cast<unsigned char>(text[pos]))) {
      // Up to kMaxParamDim (2^62: a view parameter may describe more than any buffer holds,
      // as PTOAS's syncall workspaces do; sums of two dimensions still fit in int64).
      int64_t dim = 0;
      const auto [end, err] = std::from_chars(text.data() + pos, text.data() + text.size(), dim);
      if (err != std::errc() || dim > kMaxParamDim) return false;
      dims->push_back(dim);
      pos = static_cast<size_t>(end - text.data());
    } else {
      *dtype = ParseDType(text.substr(pos));
      return *dtype != DType::kInvalid;
    }
    if (pos == text.size()) return true;
    if (text[pos] != 'x') return false;
    ++pos;
  }
  return false;  // ended with an 'x'
}

namespace {

// #pto.address_space<gm> (or <zero>, the default space): global memory.
bool IsGlobalSpace(ItemSpan entry) {
  return entry.size() == 2 && entry[0].Is(ItemKind::kHash) &&
         entry[0].text == "pto.address_space" && entry[1].IsGroup('<') &&
         entry[1].children().size() == 1 &&
         (entry[1].children()[0].IsWord("gm") || entry[1].children()[0].IsWord("zero"));
}

// The address space of !pto.ptr<T, space>: gm (a view, as !pto.ptr<T>) or an on-chip memory.
bool ParseAddressSpace(Context& ctx, const Item& group, Type* type, size_t element_items = 1) {
  auto children = group.children().subspan(element_items - 1);
  if (children.size() != 3 || !children[1].IsPunct(",") || !children[2].Is(ItemKind::kWord)) {
    ctx.Error(group, "expected !pto.ptr<T> or !pto.ptr<T, SPACE> (gm, ub, l1, l0a, l0b, l0c, bt, fb)");
    return false;
  }
  std::string_view space = children[2].text;
  if (space == "gm") return true;
  if (ParsePointerSpace(space, &type->mem)) {
    type->local = true;
    return true;
  }
  ctx.Error(children[2], StrCat("unknown address space '", space,
                                "' (gm, ub, l1, l0a, l0b, l0c, bt, fb, or vec, mat, left, right, "
                                "acc, bias, scaling)"));
  return false;
}

// !pto.vreg<64xf32>: 256 bytes of one element type.
bool ParseVRegType(Context& ctx, const Item& group, Type* type) {
  type->kind = TypeKind::kVReg;
  auto children = group.children();
  std::vector<int64_t> dims;
  DType dtype = DType::kInvalid;
  if (children.size() != 1 || !children[0].Is(ItemKind::kDims) ||
      !ParseDims(children[0].text, &dims, &dtype) || dims.size() != 1 || dims[0] <= 0 ||
      dtype == DType::kInvalid || dtype == DType::kIndex || dtype == DType::kI1 ||
      dtype == DType::kF64) {
    ctx.Error(group, "expected !pto.vreg<NxT> with a lane count and an element type, as 64xf32");
    return false;
  }
  type->dtype = dtype;
  type->shape = dims;
  if (dims[0] * DTypeSize(dtype) != kVectorBytes) {
    ctx.Error(group, StrCat("a vector register holds 256 bytes: ", dims[0], " x ",
                            DTypeName(dtype), " is ", dims[0] * DTypeSize(dtype),
                            " bytes (use ", kVectorBytes / DTypeSize(dtype), "x",
                            DTypeName(dtype), ")"));
    return false;
  }
  return true;
}

// !pto.mask<b32>: the predicate granularity.
bool ParseMaskType(Context& ctx, const Item& group, Type* type) {
  type->kind = TypeKind::kMask;
  auto children = group.children();
  std::string_view g = children.size() == 1 && children[0].Is(ItemKind::kWord) ? children[0].text : "";
  if (g == "b8") type->granule = 1;
  if (g == "b16") type->granule = 2;
  if (g == "b32") type->granule = 4;
  if (type->granule == 0) {
    ctx.Error(group, "expected !pto.mask<b8>, !pto.mask<b16> or !pto.mask<b32>");
    return false;
  }
  return true;
}

// !pto.ptr<f32>, !pto.tensor_view<?x?xf32>, memref<16x16xf32, ...>
// vector<2xT> of a float element T (f16, bf16, f32, fp8 e4m3 / e5m2) and !pto.hif8x2: the
// packed pairs of the SIMT ops, held as the scalar of their bits.
bool PackedPair(const Item& head, const Item* params, Type* type) {
  DType elem = DType::kInvalid;
  if (head.Is(ItemKind::kBang) && !params && head.text == "pto.hif8x2") {
    elem = DType::kHiF8;
  } else if (head.Is(ItemKind::kBang) && !params && head.text == "pto.bf16x2") {
    elem = DType::kBF16;  // the PTO dialect's name of vector<2xbf16>
  } else if (head.IsWord("vector") && params && params->children().size() == 1 &&
             params->children()[0].Is(ItemKind::kDims)) {
    std::vector<int64_t> dims;
    DType dtype = DType::kInvalid;
    if (!ParseDims(params->children()[0].text, &dims, &dtype) || dims != std::vector<int64_t>{2}) {
      return false;
    }
    // (hif8's pair has no vector spelling: !pto.hif8x2 above)
    if (!IsPackedPairElement(dtype) || dtype == DType::kHiF8) return false;
    elem = dtype;
  } else {
    return false;
  }
  const int bits = 2 * DTypeSize(elem) * 8;
  type->kind = TypeKind::kScalar;
  type->dtype = bits == 16 ? DType::kU16 : bits == 32 ? DType::kU32 : DType::kU64;
  type->packed = elem;
  return true;
}

bool ParseViewType(Context& ctx, const Item& group, TypeKind kind, Type* type) {
  type->kind = kind;
  if (group.children().empty()) {
    ctx.Error(group, "missing element type");
    return false;
  }
  const Item& first = group.children()[0];
  if (kind == TypeKind::kPointer) {
    // A pointer to packed pairs points at their bits.
    ItemSpan c = group.children();
    Type pair;
    const Item* inner = c.size() >= 2 && c[1].IsGroup('<') ? &c[1] : nullptr;
    if (PackedPair(first, inner, &pair)) {
      type->dtype = pair.dtype;
      type->packed = pair.packed;
      const size_t used = inner ? 2 : 1;
      return c.size() == used || ParseAddressSpace(ctx, group, type, used);
    }
  }
  if (first.Is(ItemKind::kWord) || first.Is(ItemKind::kBang)) {
    type->dtype = ElementTypeOf(first);
  } else if (first.Is(ItemKind::kDims)) {
    DType dtype;
    if (ParseDims(first.text, &type->shape, &dtype)) type->dtype = dtype;
  } else if (first.Is(ItemKind::kInt) || first.IsPunct("?")) {
    // MLIR's dimension lists may be spaced: !pto.partition_tensor_view<8 x 128 x f32>.
    std::string joined;
    for (const Item& item : group.children()) {
      if (item.IsPunct(",")) break;
      joined += item.text;
    }
    DType dtype;
    if (ParseDims(joined, &type->shape, &dtype)) type->dtype = dtype;
  }
  if (type->dtype == DType::kInvalid || type->dtype == DType::kI1 ||
      type->dtype == DType::kIndex) {
    ctx.Error(first, StrCat("expected a shape and element type such as ?x?xf32, got '",
                            Spell(ItemSpan(&first, 1)), "'"));
    return false;
  }
  if (type->dtype == DType::kF64 && kind != TypeKind::kPointer) {
    // (A pointer may hold f64: the SIMT scalar loads and stores move it, micro-isa 17.)
    ctx.Error(first, "global memory holds i8 to i64, ui8 to ui64, f16, bf16 and f32, not f64");
    return false;
  }
  if (kind == TypeKind::kPointer && !type->shape.empty()) {
    ctx.Error(first, "!pto.ptr takes an element type only");
    return false;
  }
  if (kind == TypeKind::kPointer && group.children().size() > 1) {
    return ParseAddressSpace(ctx, group, type);
  }
  if (type->shape.size() > 5) {
    ctx.Error(first, StrCat("views have at most 5 dimensions, got ", type->shape.size()));
    return false;
  }
  return true;
}

// !pto.pipe, !pto.async_session, !pto.async_event, !pto.prefetch_async_context.
bool HandleNamed(std::string_view name, HandleKind* kind) {
  static constexpr std::pair<std::string_view, HandleKind> kHandles[] = {
      {"pto.pipe", HandleKind::kPipe},
      {"pto.async_session", HandleKind::kAsyncSession},
      {"pto.async_event", HandleKind::kAsyncEvent},
      {"pto.prefetch_async_context", HandleKind::kPrefetchContext}};
  for (const auto& [spelling, k] : kHandles) {
    if (name == spelling) {
      *kind = k;
      return true;
    }
  }
  return false;
}

// !pto.eventid_array<N>: N event ids (index values) for set_flag_dyn and wait_flag_dyn, held
// as a local array.
bool ParseEventIdArray(Context& ctx, ItemSpan term, const Item& params, Type* type) {
  ItemSpan c = params.children();
  if (c.size() != 1 || !c[0].Is(ItemKind::kInt) || c[0].number <= 0 ||
      c[0].number > kMaxLocalArrayElements) {
    ctx.Error(term, "an event id array has one static size from 1 to 1048576: "
                    "!pto.eventid_array<4>");
    return false;
  }
  type->kind = TypeKind::kLocalArray;
  type->dtype = DType::kIndex;
  type->shape = {c[0].number};
  return true;
}

// A bare !name that an alias defines: its type, spelled as written. \a *done: it was one
// (then the result is whether it is usable).
bool AliasType(Context& ctx, const Item& head, Type* type, bool* done) {
  const Context::TypeAliasEntry* alias = ctx.TypeAlias(head.text);
  *done = alias != nullptr;
  if (!alias) return false;
  if (alias->definition.end > head.range.begin) {
    ctx.Error(head, StrCat("type alias '!", head.text, "' ",
                           alias->definition.begin <= head.range.begin
                               ? "names itself"
                               : "is used before its definition"));
    return false;
  }
  if (alias->broken) return false;  // reported where it is defined
  std::string spelling = std::move(type->text);
  *type = *alias->type;
  type->text = std::move(spelling);
  return true;
}

// !pto.local_array<...>: one or more static sizes (!pto.local_array<8x8xf32> is row-major),
// 1 to 1048576 elements in all.
bool ParseLocalArrayType(Context& ctx, ItemSpan term, const Item& params, Type* type) {
  if (!ParseViewType(ctx, params, TypeKind::kLocalArray, type)) return false;
  int64_t elements = 1;
  for (int64_t d : type->shape) {
    elements = d <= 0 ? 0 : std::min<int64_t>(elements * d, kMaxLocalArrayElements + 1);
  }
  if (type->shape.empty() || elements <= 0 || elements > kMaxLocalArrayElements) {
    ctx.Error(term, "a local array has static sizes and 1 to 1048576 elements: "
                    "!pto.local_array<64xi32>, !pto.local_array<8x8xf32>");
    return false;
  }
  return true;
}

// !pto.NAME<...>: the PTO dialect's parameterised types. \a *done: NAME is one of them.
bool ParsePtoType(Context& ctx, ItemSpan term, std::string_view name, const Item& params,
                  Type* type, bool* done) {
  *done = true;
  if (name == "pto.tile" || name == "pto.tile_buf") return ParseTileType(ctx, params, type);
  if (name == "pto.multi_tile_buf") return ParseMultiTileType(ctx, params, type);
  if (name == "pto.ptr") return ParseViewType(ctx, params, TypeKind::kPointer, type);
  if (name == "pto.vreg") return ParseVRegType(ctx, params, type);
  if (name == "pto.mask") return ParseMaskType(ctx, params, type);
  if (name == "pto.vmi.vreg") return ParseLVecType(ctx, params, type);
  if (name == "pto.vmi.mask") return ParseLMaskType(ctx, params, type);
  if (name == "pto.tensor_view") return ParseViewType(ctx, params, TypeKind::kTensorView, type);
  if (name == "pto.partition_tensor_view" || name == "pto.tile_view") {
    return ParseViewType(ctx, params, TypeKind::kPartitionView, type);
  }
  // !pto.global<...> is the ISA pages' name for a global operand (tprefetch).
  if (name == "pto.memref" || name == "pto.global") {
    return ParseViewType(ctx, params, TypeKind::kMemref, type);
  }
  if (name == "pto.eventid_array") return ParseEventIdArray(ctx, term, params, type);
  if (name == "pto.local_array") return ParseLocalArrayType(ctx, term, params, type);
  *done = false;
  return false;
}

// Builtin parameterised types: vector<4xi16> (tmrgsort's counts: a fixed number of scalars,
// held as a local array) and memref<...>. \a *done: the head is one of them.
bool ParseBuiltinType(Context& ctx, ItemSpan term, const Item& head, const Item& params,
                      Type* type, bool* done) {
  *done = true;
  if (head.IsWord("vector")) {
    if (!ParseViewType(ctx, params, TypeKind::kLocalArray, type)) return false;
    if (type->shape.size() != 1 || type->shape[0] <= 0 || type->shape[0] > kMaxLocalArrayElements) {
      ctx.Error(term, "only one-dimensional vectors of static size are supported: vector<4xi16>");
      return false;
    }
    return true;
  }
  if (head.IsWord("memref")) {
    const std::vector<ItemSpan> entries = Split(params.children(), ",");
    if (entries.size() == 2 && !IsGlobalSpace(entries[1])) {
      return ParseLocalMemref(ctx, params, entries, type);
    }
    if (entries.size() > 2) {
      ctx.Error(entries[2], "memref<...> takes a shape and an optional #pto.address_space<...>");
      return false;
    }
    return ParseViewType(ctx, params, TypeKind::kMemref, type);
  }
  *done = false;
  return false;
}

// A type no rule above took: the PTO dialect's types are all known, so another !pto.NAME is a
// mistake, as is a !name that no alias defines. Other dialects' types are carried as text.
bool OpaqueType(Context& ctx, const Item& head, Type* type) {
  if (head.Is(ItemKind::kBang) && head.text.find('.') == std::string_view::npos) {
    ctx.Error(head, StrCat("undefined type alias '!", head.text, "'"));
    return false;
  }
  if (head.Is(ItemKind::kBang) && head.text.substr(0, 4) == "pto." &&
      head.text != "pto.event" && head.text != "pto.fmatrix_config" &&
      head.text != "pto.struct") {  // a struct's fields are read where it is declared and used
    ctx.Error(head, StrCat("unknown PTO type '!", head.text, "'"));
    return false;
  }
  type->kind = TypeKind::kOpaque;
  return true;
}

// ParseType without the cache.
bool ParseTerm(Context& ctx, ItemSpan items, Type* type, size_t* consumed) {
  *type = Type();
  *consumed = TermLength(items);
  if (items.empty()) return false;
  ItemSpan term = items.subspan(0, *consumed);
  type->text = Spell(term);
  const Item& head = items[0];
  const Item* params = *consumed >= 2 && term[1].IsGroup('<') ? &term[1] : nullptr;
  bool done = false;
  if (head.Is(ItemKind::kBang) && !params) {
    const bool ok = AliasType(ctx, head, type, &done);
    if (done) return ok;
  }
  if (PackedPair(head, params, type)) return true;
  if (head.Is(ItemKind::kBang) && !params && head.text == "pto.align") {
    type->kind = TypeKind::kAlign;
    return true;
  }
  if (head.Is(ItemKind::kBang) && !params && HandleNamed(head.text, &type->handle)) {
    type->kind = TypeKind::kHandle;
    return true;
  }
  if ((head.Is(ItemKind::kWord) || head.Is(ItemKind::kBang)) && !params) {
    DType dtype = ElementTypeOf(head);
    if (dtype != DType::kInvalid) {
      *type = ScalarType(dtype);
      return true;
    }
  }
  if (head.Is(ItemKind::kBang) && params) {
    const bool ok = ParsePtoType(ctx, term, head.text, *params, type, &done);
    if (done) return ok;
  }
  if (params) {
    const bool ok = ParseBuiltinType(ctx, term, head, *params, type, &done);
    if (done) return ok;
  }
  return OpaqueType(ctx, head, type);
}

}  // namespace

// The same source text lexes into the same items, which name the same type (an alias is
// defined before its first use); only types that parsed without a message are remembered.
bool ParseType(Context& ctx, ItemSpan items, Type* type, size_t* consumed) {
  size_t length = TermLength(items);
  std::string_view text;
  // A lone alias name is looked up where it is used: the same text before the alias's
  // definition is an error, after it the alias's type.
  const bool alias_use = length == 1 && items[0].Is(ItemKind::kBang);
  if (length > 0) {
    SourceRange range = SpanRange(items.subspan(0, length));
    text = std::string_view(ctx.file().text()).substr(range.begin, range.end - range.begin);
    const Type* known = alias_use ? nullptr : ctx.KnownType(text);
    if (known) {
      *type = *known;
      *consumed = length;
      return true;
    }
  }
  int errors_before = ctx.diags().error_count();
  if (!ParseTerm(ctx, items, type, consumed)) return false;
  if (length > 0 && !alias_use && ctx.diags().error_count() == errors_before) {
    ctx.RememberType(text, std::make_shared<const Type>(*type));
  }
  return true;
}

bool ParseWholeType(Context& ctx, ItemSpan items, Type* type) {
  size_t consumed = 0;
  if (items.empty()) {
    ctx.Error(items, "missing type");
    return false;
  }
  if (!ParseType(ctx, items, type, &consumed)) return false;
  if (consumed != items.size()) {
    ctx.Error(items.subspan(consumed), StrCat("unexpected '", Spell(items.subspan(consumed)),
                                              "' after the type"));
    return false;
  }
  return true;
}

namespace {

// A type list: "T, U" or "(T, U)" or "()".
bool ParseTypeList(Context& ctx, ItemSpan items, std::vector<Type>* types,
                   std::vector<SourceRange>* ranges) {
  if (items.size() == 1 && items[0].IsGroup('(')) items = items[0].children();
  if (items.empty()) return true;
  std::vector<ItemSpan> parts;
  bool ok = SplitList(ctx, items, "a type", &parts);
  for (ItemSpan part : parts) {
    Type t;
    ok &= ParseWholeType(ctx, part, &t);
    types->push_back(t);
    if (ranges) ranges->push_back(SpanRange(part));
  }
  return ok;
}

}  // namespace

bool ParseSignature(Context& ctx, ItemSpan items, Signature* sig) {
  *sig = Signature();
  int arrow = Find(items, "->");
  if (arrow < 0) return ParseTypeList(ctx, items, &sig->inputs, &sig->input_ranges);
  sig->has_arrow = true;
  return ParseTypeList(ctx, items.subspan(0, arrow), &sig->inputs, &sig->input_ranges) &&
         ParseTypeList(ctx, items.subspan(arrow + 1), &sig->results, &sig->result_ranges);
}

std::string VRegTypeText(const VRegReg& reg) {
  const int size = DTypeSize(reg.dtype);
  return StrCat("!pto.vreg<", size ? kVectorBytes / size : 0, "x", DTypeName(reg.dtype), ">");
}

std::string MaskTypeText(const MaskReg& reg) { return StrCat("!pto.mask<b", reg.granule * 8, ">"); }

}  // namespace pto::assembler
