#include "pto/asm/type_parser.h"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <iterator>
#include <set>

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

// An element type written as one item: a word (f32, f8E4M3FN) or a PTO dialect type
// (!pto.hif8, !pto.f4E2M1x2). kInvalid for anything else.
DType ElementTypeOf(const Item& item) {
  if (item.Is(ItemKind::kWord)) return ParseDType(item.text);
  if (item.Is(ItemKind::kBang)) return ParseDType(StrCat("!", item.text));
  return DType::kInvalid;
}

// Reads a tile parameter that is an integer (or '?' / -1 for "dynamic" when allowed).
bool TileInt(Context& ctx, ItemSpan value, const char* key, bool allow_dynamic, int32_t* out) {
  if (value.size() == 1 && value[0].IsPunct("?") && allow_dynamic) {
    *out = kDynamic;
    return true;
  }
  if (value.size() == 1 && value[0].Is(ItemKind::kInt)) {
    int64_t v = value[0].number;
    if (v == -1 && allow_dynamic) {
      *out = kDynamic;
      return true;
    }
    if (v >= 0 && v <= 1 << 30) {
      *out = static_cast<int32_t>(v);
      return true;
    }
  }
  ctx.Error(value, StrCat("'", key, "' needs ", allow_dynamic ? "an integer or '?'" : "an integer",
                          ", got '", Spell(value), "'"));
  return false;
}

// Reads a named choice ("row_major") or its number ("0") from \a names.
bool TileEnum(Context& ctx, ItemSpan value, const char* key,
              std::initializer_list<const char*> names, uint8_t* out) {
  if (value.size() == 1) {
    if (value[0].Is(ItemKind::kInt) && value[0].number >= 0 &&
        value[0].number < static_cast<int64_t>(names.size())) {
      *out = static_cast<uint8_t>(value[0].number);
      return true;
    }
    uint8_t i = 0;
    for (const char* name : names) {
      if (value[0].IsWord(name)) {
        *out = i;
        return true;
      }
      ++i;
    }
  }
  std::string choices;
  for (const char* name : names) choices += StrCat(choices.empty() ? "" : ", ", name);
  ctx.Error(value, StrCat("'", key, "' must be one of ", choices, "; got '", Spell(value), "'"));
  return false;
}

bool TileMemory(Context& ctx, ItemSpan value, Memory* mem) {
  if (value.size() == 1 && value[0].Is(ItemKind::kWord) && ParseMemory(value[0].text, mem)) {
    return true;
  }
  // #pto.address_space<vec>
  if (value.size() == 2 && value[0].Is(ItemKind::kHash) && value[1].IsGroup('<') &&
      value[1].children().size() == 1 && ParseMemory(value[1].children()[0].text, mem)) {
    return true;
  }
  ctx.Error(value, StrCat("unknown tile location '", Spell(value),
                          "' (expected vec, mat, left, right, acc, bias or scaling)"));
  return false;
}

bool TileDType(Context& ctx, ItemSpan value, DType* dtype) {
  if (value.size() == 1) {
    *dtype = ElementTypeOf(value[0]);
    if (*dtype != DType::kInvalid) return true;
  }
  ctx.Error(value, StrCat("unknown element type '", Spell(value), "'"));
  return false;
}

bool TileShapeDims(Context& ctx, const Item& dims_item, TileType* t) {
  std::vector<int64_t> dims;
  DType dtype;
  if (!dims_item.Is(ItemKind::kDims) || !ParseDims(dims_item.text, &dims, &dtype) ||
      dims.size() != 2 || dims[0] == kDynamic || dims[1] == kDynamic ||
      dtype == DType::kInvalid) {
    ctx.Error(dims_item, StrCat("expected a tile shape like 16x16xf32, got '",
                                Spell(ItemSpan(&dims_item, 1)), "'"));
    return false;
  }
  t->rows = static_cast<int32_t>(dims[0]);
  t->cols = static_cast<int32_t>(dims[1]);
  t->dtype = dtype;
  return true;
}

bool TileValid(Context& ctx, ItemSpan value, TileType* t) {
  std::vector<int64_t> dims;
  DType dtype;
  // "0x0" and "0x8" (a zero row count, PTOAS v0.60's no-op regions) lex as hex integers.
  const bool zero_rows = value.size() == 1 && value[0].Is(ItemKind::kInt) &&
                         value[0].text.size() > 2 && value[0].text.substr(0, 2) == "0x";
  if (value.size() == 1 && (value[0].Is(ItemKind::kDims) || zero_rows) &&
      ParseDims(value[0].text, &dims, &dtype) && dims.size() == 2 && dtype == DType::kInvalid) {
    t->valid_rows = static_cast<int32_t>(dims[0]);
    t->valid_cols = static_cast<int32_t>(dims[1]);
    return true;
  }
  ctx.Error(value, StrCat("'valid' needs ROWSxCOLS such as 16x8 or ?x16, got '", Spell(value),
                          "'"));
  return false;
}

// storage=RxC: the larger storage a window's elements are laid out in (the listings ptoas -d
// writes for windows of larger tiles say it; PTOAS has no such parameter).
bool TileStorage(Context& ctx, ItemSpan value, TileType* t) {
  std::vector<int64_t> dims;
  DType dtype;
  if (value.size() == 1 && value[0].Is(ItemKind::kDims) &&
      ParseDims(value[0].text, &dims, &dtype) && dims.size() == 2 && dtype == DType::kInvalid &&
      dims[0] > 0 && dims[1] > 0 && dims[0] <= 65535 && dims[1] <= 65535) {
    t->storage_rows = static_cast<int32_t>(dims[0]);
    t->storage_cols = static_cast<int32_t>(dims[1]);
    return true;
  }
  ctx.Error(value, StrCat("'storage' needs ROWSxCOLS such as 16x512, got '", Spell(value), "'"));
  return false;
}

// Applies one "key=value" tile parameter.
bool TileKey(Context& ctx, std::string_view key, ItemSpan value, TileType* t, bool* valid_set) {
  uint8_t v = 0;
  if (key == "loc") return TileMemory(ctx, value, &t->mem);
  if (key == "dtype") return TileDType(ctx, value, &t->dtype);
  if (key == "rows") return TileInt(ctx, value, "rows", false, &t->rows);
  if (key == "cols") return TileInt(ctx, value, "cols", false, &t->cols);
  if (key == "v_row") {
    *valid_set = true;
    return TileInt(ctx, value, "v_row", true, &t->valid_rows);
  }
  if (key == "v_col") {
    *valid_set = true;
    return TileInt(ctx, value, "v_col", true, &t->valid_cols);
  }
  if (key == "valid") {
    *valid_set = true;
    return TileValid(ctx, value, t);
  }
  if (key == "fractal") return TileInt(ctx, value, "fractal", false, &t->fractal);
  if (key == "blayout") {
    if (!TileEnum(ctx, value, "blayout", {"row_major", "col_major"}, &v)) return false;
    t->blayout = static_cast<BLayout>(v);
    return true;
  }
  if (key == "slayout") {
    if (!TileEnum(ctx, value, "slayout", {"none_box", "row_major", "col_major"}, &v)) return false;
    t->slayout = static_cast<SLayout>(v);
    return true;
  }
  if (key == "pad") {
    if (!TileEnum(ctx, value, "pad", {"null", "zero", "max", "min"}, &v)) return false;
    t->pad = static_cast<PadValue>(v);
    return true;
  }
  if (key == "compact") {
    return TileEnum(ctx, value, "compact", {"null", "normal", "row_plus_one"}, &t->compact);
  }
  if (key == "storage") return TileStorage(ctx, value, t);
  ctx.Error(value, StrCat("unknown tile parameter '", key, "'"));
  return false;
}

// Positional parameters: "16x16xf32", "vec, 16x16xf32", or the documented full lists
// "loc, dtype, rows, cols[, v_row, v_col], blayout, slayout, fractal, pad".
// Adds to \a given the keys the positional parameters set.
bool TilePositional(Context& ctx, const std::vector<ItemSpan>& entries, TileType* t,
                    bool* valid_set, std::vector<std::string_view>* given) {
  static const char* const kShapeKeys[] = {"rows", "cols", "dtype"};
  if (entries.empty()) return true;
  if (entries[0].size() == 1 && entries[0][0].Is(ItemKind::kDims)) {
    if (entries.size() != 1) {
      ctx.Error(entries[1], "unexpected tile parameter after the shape");
      return false;
    }
    given->insert(given->end(), std::begin(kShapeKeys), std::end(kShapeKeys));
    return TileShapeDims(ctx, entries[0][0], t);
  }
  if (!TileMemory(ctx, entries[0], &t->mem)) return false;
  given->push_back("loc");
  if (entries.size() == 1) {
    ctx.Error(entries[0], "tile type needs a shape such as 16x16xf32 after the location");
    return false;
  }
  if (entries[1].size() == 1 && entries[1][0].Is(ItemKind::kDims)) {
    if (entries.size() > 2) {
      ctx.Error(entries[2], "write further tile parameters as key=value after the shape");
      return false;
    }
    given->insert(given->end(), std::begin(kShapeKeys), std::end(kShapeKeys));
    return TileShapeDims(ctx, entries[1][0], t);
  }
  static const char* const kFull8[] = {"loc",     "dtype",   "rows",    "cols",
                                       "blayout", "slayout", "fractal", "pad"};
  static const char* const kFull10[] = {"loc",   "dtype",   "rows",    "cols",    "v_row",
                                        "v_col", "blayout", "slayout", "fractal", "pad"};
  const char* const* keys = nullptr;
  if (entries.size() == 8) keys = kFull8;
  if (entries.size() == 10) keys = kFull10;
  if (!keys) {
    ctx.Error(SpanRange(entries.back()),
              StrCat("a positional tile type has 8 or 10 parameters, got ", entries.size()));
    return false;
  }
  bool ok = true;
  for (size_t i = 1; i < entries.size(); ++i) {
    ok &= TileKey(ctx, keys[i], entries[i], t, valid_set);
    given->push_back(keys[i]);
  }
  return ok;
}

bool FinishTileType(Context& ctx, const Item& group, TileType t, bool valid_set, Type* type);

// The parameters of a tile type, \a entries of the group \a group (where errors point).
bool ParseTileEntries(Context& ctx, const Item& group, const std::vector<ItemSpan>& entries,
                      Type* type) {
  TileType t;
  t.rows = t.cols = 0;
  bool valid_set = false;
  std::vector<ItemSpan> positional;
  std::vector<const Item*> keyed;
  std::set<std::string_view> names;  // each parameter once: rows=16, rows=32 is an error
  bool ok = true;
  for (ItemSpan entry : entries) {
    if (entry[0].Is(ItemKind::kKey)) {
      if (!names.insert(entry[0].text).second) {
        ctx.Error(entry[0], StrCat("tile parameter '", entry[0].text, "' is given twice"));
        ok = false;
      } else if (entry.size() == 1) {
        ctx.Error(entry[0], StrCat("expected a value after '", entry[0].text, " ='"));
        ok = false;
      } else {
        ok &= TileKey(ctx, entry[0].text, entry.subspan(1), &t, &valid_set);
      }
      keyed.push_back(&entry[0]);
    } else if (entry.size() == 1 && entry[0].IsWord("...")) {
      ctx.Error(entry, "'...' is a documentation placeholder; write the tile type out");
      return false;
    } else {
      positional.push_back(entry);
    }
  }
  std::vector<std::string_view> given;
  if (!positional.empty()) ok &= TilePositional(ctx, positional, &t, &valid_set, &given);
  for (const Item* key : keyed) {
    if ((key->text == "v_row" || key->text == "v_col") && names.count("valid")) {
      ctx.Error(*key, StrCat("tile parameter '", key->text, "' is given twice (valid= sets it)"));
      ok = false;
    }
    if (std::find(given.begin(), given.end(), key->text) != given.end()) {
      ctx.Error(*key, StrCat("tile parameter '", key->text,
                             "' is given twice (by position and by name)"));
      ok = false;
    }
  }
  if (!ok) return false;
  return FinishTileType(ctx, group, t, valid_set, type);
}

bool ParseTileType(Context& ctx, const Item& group, Type* type) {
  std::vector<ItemSpan> entries;
  if (!SplitList(ctx, group.children(), "a tile parameter", &entries)) return false;
  return ParseTileEntries(ctx, group, entries, type);
}

// !pto.multi_tile_buf<vec, 16x16xf16, count=2> or <!pto.tile_buf<...>, count=2>: \a count
// slots of one tile type, side by side in memory (alloc_multi_tile, multi_tile_get).
bool ParseMultiTileType(Context& ctx, const Item& group, Type* type) {
  std::vector<ItemSpan> entries;
  if (!SplitList(ctx, group.children(), "a tile parameter", &entries)) return false;
  const ItemSpan last = entries.empty() ? ItemSpan() : entries.back();
  if (last.size() != 2 || !last[0].Is(ItemKind::kKey) || last[0].text != "count" ||
      !last[1].Is(ItemKind::kInt)) {
    ctx.Error(group, "expected the slot count last: !pto.multi_tile_buf<vec, 16x16xf16, count=2>");
    return false;
  }
  const int64_t count = last[1].number;
  entries.pop_back();
  bool ok = entries.size() == 1 && entries[0][0].Is(ItemKind::kBang)
                ? ParseWholeType(ctx, entries[0], type)
                : ParseTileEntries(ctx, group, entries, type);
  if (!ok) return false;
  if (!type->IsTile()) {
    ctx.Error(entries[0], "the slots of a multi_tile_buf are tiles (!pto.tile_buf<...>)");
    return false;
  }
  if (count < kMinMultiTileSlots || count > kMaxMultiTileSlots) {
    ctx.Error(last, StrCat("a multi_tile_buf has ", kMinMultiTileSlots, " to ",
                           kMaxMultiTileSlots, " slots, not ", count));
    return false;
  }
  type->kind = TypeKind::kMultiTile;
  type->count = static_cast<int32_t>(count);
  return true;
}

// memref<RxCxT, #pto.address_space<vec>>: a buffer in a local memory, which is a tile of
// that shape (row-major, all of it valid). \a entries are the group's two parameters.
bool ParseLocalMemref(Context& ctx, const Item& group, const std::vector<ItemSpan>& entries,
                      Type* type) {
  TileType t;
  if (entries[1].empty() || !entries[1][0].Is(ItemKind::kHash) ||
      entries[1][0].text != "pto.address_space") {
    ctx.Error(entries[1], "expected a memory space such as #pto.address_space<vec>");
    return false;
  }
  if (!TileMemory(ctx, entries[1], &t.mem)) return false;
  // memref<NxT, ...> and memref<?xT, ...>: a one-dimensional buffer, as PTOAS's lowered (VPTO)
  // code passes them to its MTE and castptr ops: a pointer into that memory.
  std::vector<int64_t> dims;
  DType dtype;
  if (entries[0].size() == 1 && ParseDims(entries[0][0].text, &dims, &dtype) &&
      dims.size() == 1 && dtype != DType::kInvalid) {
    type->kind = TypeKind::kPointer;
    type->local = true;
    type->mem = t.mem;
    type->dtype = dtype;
    type->shape = dims;
    return true;
  }
  if (entries[0].size() != 1 || !TileShapeDims(ctx, entries[0][0], &t)) {
    if (entries[0].size() != 1) ctx.Error(entries[0], "expected a shape such as 16x16xf16");
    return false;
  }
  return FinishTileType(ctx, group, t, false, type);
}

// #pto.address_space<gm> (or <zero>, the default space): global memory.
bool IsGlobalSpace(ItemSpan entry) {
  return entry.size() == 2 && entry[0].Is(ItemKind::kHash) &&
         entry[0].text == "pto.address_space" && entry[1].IsGroup('<') &&
         entry[1].children().size() == 1 &&
         (entry[1].children()[0].IsWord("gm") || entry[1].children()[0].IsWord("zero"));
}

bool FinishTileType(Context& ctx, const Item& group, TileType t, bool valid_set, Type* type) {
  if (t.rows == 0 || t.cols == 0) {
    ctx.Error(group, "tile type needs rows and cols (or a shape such as 16x16xf32)");
    return false;
  }
  if (!valid_set) {
    t.valid_rows = t.rows;
    t.valid_cols = t.cols;
  }
  std::string problem = CheckTileType(t);
  if (problem.empty() && !IsMemoryDType(t.dtype)) {
    problem = StrCat("element type ", DTypeName(t.dtype), " cannot be stored in a tile");
  }
  if (!problem.empty()) {
    ctx.Error(group, problem);
    return false;
  }
  type->kind = TypeKind::kTile;
  type->tile = t;
  type->dtype = t.dtype;
  return true;
}

// The address space of !pto.ptr<T, space>: gm (a view, as !pto.ptr<T>) or an on-chip memory.
bool ParseAddressSpace(Context& ctx, const Item& group, Type* type, size_t element_items = 1) {
  static const struct {
    const char* name;
    Memory mem;
  } kSpaces[] = {{"ub", Memory::kVec},    {"l1", Memory::kMat},   {"l0a", Memory::kLeft},
                 {"l0b", Memory::kRight}, {"l0c", Memory::kAcc},  {"bt", Memory::kBias},
                 {"fb", Memory::kScaling}};
  auto children = group.children().subspan(element_items - 1);
  if (children.size() != 3 || !children[1].IsPunct(",") || !children[2].Is(ItemKind::kWord)) {
    ctx.Error(group, "expected !pto.ptr<T> or !pto.ptr<T, SPACE> (gm, ub, l1, l0a, l0b, l0c, bt, fb)");
    return false;
  }
  std::string_view space = children[2].text;
  if (space == "gm") return true;
  for (const auto& s : kSpaces) {
    if (space == s.name) {
      type->local = true;
      type->mem = s.mem;
      return true;
    }
  }
  ctx.Error(children[2], StrCat("unknown address space '", space,
                                "' (gm, ub, l1, l0a, l0b, l0c, bt, fb)"));
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

// ParseType without the cache.
bool ParseTerm(Context& ctx, ItemSpan items, Type* type, size_t* consumed) {
  *type = Type();
  *consumed = TermLength(items);
  if (items.empty()) return false;
  ItemSpan term = items.subspan(0, *consumed);
  type->text = Spell(term);
  const Item& head = items[0];
  const Item* params = *consumed >= 2 && term[1].IsGroup('<') ? &term[1] : nullptr;
  if (head.Is(ItemKind::kBang) && !params) {
    const Context::TypeAliasEntry* alias = ctx.TypeAlias(head.text);
    if (alias && alias->definition.end > head.range.begin) {
      ctx.Error(head, StrCat("type alias '!", head.text, "' ",
                             alias->definition.begin <= head.range.begin
                                 ? "names itself"
                                 : "is used before its definition"));
      return false;
    }
    if (alias) {
      if (alias->broken) return false;  // reported where it is defined
      std::string spelling = std::move(type->text);
      *type = *alias->type;
      type->text = std::move(spelling);
      return true;
    }
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
    std::string_view name = head.text;
    if (name == "pto.tile" || name == "pto.tile_buf") return ParseTileType(ctx, *params, type);
    if (name == "pto.multi_tile_buf") return ParseMultiTileType(ctx, *params, type);
    if (name == "pto.ptr") return ParseViewType(ctx, *params, TypeKind::kPointer, type);
    if (name == "pto.vreg") return ParseVRegType(ctx, *params, type);
    if (name == "pto.mask") return ParseMaskType(ctx, *params, type);
    if (name == "pto.tensor_view") {
      return ParseViewType(ctx, *params, TypeKind::kTensorView, type);
    }
    if (name == "pto.partition_tensor_view" || name == "pto.tile_view") {
      return ParseViewType(ctx, *params, TypeKind::kPartitionView, type);
    }
    // !pto.global<...> is the ISA pages' name for a global operand (tprefetch).
    if (name == "pto.memref" || name == "pto.global") {
      return ParseViewType(ctx, *params, TypeKind::kMemref, type);
    }
    if (name == "pto.eventid_array") return ParseEventIdArray(ctx, term, *params, type);
    if (name == "pto.local_array") {
      // One or more static sizes (!pto.local_array<8x8xf32> is row-major), 1 to 1048576
      // elements in all.
      if (!ParseViewType(ctx, *params, TypeKind::kLocalArray, type)) return false;
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
  }
  if (PackedPair(head, params, type)) return true;
  if (head.IsWord("vector") && params) {
    // vector<4xi16> (tmrgsort's counts): a fixed number of scalars, held as a local array.
    if (!ParseViewType(ctx, *params, TypeKind::kLocalArray, type)) return false;
    if (type->shape.size() != 1 || type->shape[0] <= 0 || type->shape[0] > kMaxLocalArrayElements) {
      ctx.Error(term, "only one-dimensional vectors of static size are supported: vector<4xi16>");
      return false;
    }
    return true;
  }
  if (head.IsWord("memref") && params) {
    const std::vector<ItemSpan> entries = Split(params->children(), ",");
    if (entries.size() == 2 && !IsGlobalSpace(entries[1])) {
      return ParseLocalMemref(ctx, *params, entries, type);
    }
    if (entries.size() > 2) {
      ctx.Error(entries[2], "memref<...> takes a shape and an optional #pto.address_space<...>");
      return false;
    }
    return ParseViewType(ctx, *params, TypeKind::kMemref, type);
  }
  // The PTO dialect's types are all known here: another !pto.NAME is a mistake, as is a
  // !name that no alias defines. Other dialects' types are carried as text.
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

}  // namespace pto::assembler
