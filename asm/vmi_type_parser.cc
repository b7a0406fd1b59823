// The VMI layer's types (vmi-isa 00 of PTOAS v0.60): !pto.vmi.vreg<LxT>, a logical vector of L lanes
// of T, and !pto.vmi.mask<LxG>, its predicate of L lanes (G: pred, or b8/b16/b32 when a
// lowering has fixed the granularity). PTOAS accepts any positive L in its internal IR; the
// public surface names 1, 2, 4, 8, 64, 128 and 256.
#include "pto/asm/type_parser.h"

#include "pto/common/program.h"
#include "pto/common/strings.h"

namespace pto::assembler {

namespace {

// The lane count at the start of \a text ("256x..."), or -1.
int64_t LeadingLanes(std::string_view text, std::string_view* rest) {
  const size_t x = text.find('x');
  if (x == std::string_view::npos) {  // !pto.vmi.mask<128>
    int64_t n = 0;
    for (char c : text) {
      if (c < '0' || c > '9' || n > kMaxLogicalLanes) return -1;
      n = n * 10 + (c - '0');
    }
    *rest = {};
    return text.empty() ? -1 : n;
  }
  int64_t n = 0;
  for (size_t i = 0; i < x; ++i) {
    if (text[i] < '0' || text[i] > '9' || n > kMaxLogicalLanes) return -1;
    n = n * 10 + (text[i] - '0');
  }
  *rest = text.substr(x + 1);
  return x == 0 ? -1 : n;
}

// Whether \a name spells a signless integer (i8, i32; not si8 or ui8).
bool SignlessName(std::string_view name) {
  return name.size() >= 2 && name[0] == 'i' && name[1] >= '0' && name[1] <= '9';
}

// The parameters without a trailing ", #pto.vmi.layout<...>": the physical layout PTOAS's
// lowering chose, which does not change a logical value (docs/semantics.md "VMI layer").
// Its counts (num_groups, slots, deinterleave factors) must be positive; \a ok says so.
ItemSpan WithoutLayout(Context& ctx, ItemSpan children, bool* ok) {
  *ok = true;
  if (children.size() < 3 || !children[1].IsPunct(",") || !children[2].Is(ItemKind::kHash) ||
      children[2].text != "pto.vmi.layout") {
    return children;
  }
  if (children.size() > 3 && children[3].IsGroup('<')) {
    for (const Item& item : children[3].children()) {
      if (item.Is(ItemKind::kInt) && item.number <= 0) {
        ctx.Error(item, "a #pto.vmi.layout's counts must be positive");
        *ok = false;
      }
    }
  }
  return children.first(1);
}

}  // namespace

std::string LVecTypeText(const LVecReg& reg) {
  std::string elem = DTypeName(reg.dtype);
  if (reg.flags & kLVecBf16Pair) {
    elem = "!pto.bf16x2";
  } else if (IsMxDType(reg.dtype)) {
    elem = reg.dtype == DType::kHiF8 || ValuesPerElement(reg.dtype) == 2 ? "!pto." + elem : elem;
  } else if (IsInteger(reg.dtype) && IsSigned(reg.dtype) && !(reg.flags & kLVecSignless)) {
    elem = "s" + elem;  // si32: i32 is the signless spelling
  }
  return StrCat("!pto.vmi.vreg<", reg.lanes, "x", elem, ">");
}

std::string LMaskTypeText(const LMaskReg& reg) {
  return StrCat("!pto.vmi.mask<", reg.lanes, "x",
                reg.granule ? StrCat("b", reg.granule * 8) : std::string("pred"), ">");
}

bool ParseLVecType(Context& ctx, const Item& group, Type* type) {
  type->kind = TypeKind::kLVec;
  bool layout_ok = true;
  auto children = WithoutLayout(ctx, group.children(), &layout_ok);
  if (!layout_ok) return false;
  std::string_view elem;
  const int64_t lanes = children.size() == 1 && children[0].Is(ItemKind::kDims)
                            ? LeadingLanes(children[0].text, &elem)
                            : -1;
  DType dtype = elem == "!pto.bf16x2" ? DType::kU32 : ParseDType(elem);
  if (lanes < 0 || dtype == DType::kInvalid || dtype == DType::kIndex ||
      dtype == DType::kI1 || dtype == DType::kF64 || dtype == DType::kE8M0) {
    ctx.Error(group, "expected !pto.vmi.vreg<LxT> with a lane count and an element type, as "
                     "256xf32");
    return false;
  }
  if (lanes < 1 || lanes > kMaxLogicalLanes || lanes * DTypeSize(dtype) > kMaxLogicalBytes) {
    ctx.Error(group, StrCat("a VMI vector has 1 to ", kMaxLogicalLanes, " lanes of at most ",
                            kMaxLogicalBytes, " bytes in all, not ", lanes, "x", elem));
    return false;
  }
  type->dtype = dtype;
  type->lanes = static_cast<int32_t>(lanes);
  type->shape = {lanes};
  if (elem == "!pto.bf16x2") type->lvec_flags |= kLVecBf16Pair;
  if (SignlessName(elem)) type->lvec_flags |= kLVecSignless;
  return true;
}

bool ParseLMaskType(Context& ctx, const Item& group, Type* type) {
  type->kind = TypeKind::kLMask;
  bool layout_ok = true;
  auto children = WithoutLayout(ctx, group.children(), &layout_ok);
  if (!layout_ok) return false;
  if (children.size() != group.children().size() && !children.empty() &&
      children[0].text.ends_with("pred")) {
    ctx.Error(group, "a pred mask does not carry a layout (give it b8, b16 or b32)");
    return false;
  }
  std::string_view g;
  const int64_t lanes = children.size() == 1 && (children[0].Is(ItemKind::kDims) ||
                                                  children[0].Is(ItemKind::kInt))
                            ? LeadingLanes(children[0].text, &g)
                            : -1;
  uint8_t granule = 0;
  const bool known = g.empty() || g == "pred" || g == "b8" || g == "b16" || g == "b32" ||
                     g == "B8" || g == "B16" || g == "B32";
  if (g == "b8" || g == "B8") granule = 1;
  if (g == "b16" || g == "B16") granule = 2;
  if (g == "b32" || g == "B32") granule = 4;
  if (lanes < 1 || lanes > kMaxLogicalLanes || !known) {
    ctx.Error(group, "expected !pto.vmi.mask<LxG> with a lane count and pred, b8, b16 or b32, "
                     "as 256xpred");
    return false;
  }
  type->lanes = static_cast<int32_t>(lanes);
  type->granule = granule;
  return true;
}

}  // namespace pto::assembler
