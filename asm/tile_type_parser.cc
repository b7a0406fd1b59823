// Reading tile types: !pto.tile_buf<...> (and the older !pto.tile<...>) with their keyed or
// positional parameters, and !pto.multi_tile_buf<...>. Split from type_parser.cc, whose
// ParseTerm calls them.
#include "pto/asm/tile_type_parser.h"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <set>

#include "pto/asm/items.h"
#include "pto/common/program.h"
#include "pto/common/strings.h"

namespace pto::assembler {

DType ElementTypeOf(const Item& item) {
  if (item.Is(ItemKind::kWord)) return ParseDType(item.text);
  if (item.Is(ItemKind::kBang)) return ParseDType(StrCat("!", item.text));
  return DType::kInvalid;
}

namespace {

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

}  // namespace

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

}  // namespace pto::assembler
