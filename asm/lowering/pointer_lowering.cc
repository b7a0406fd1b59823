#include "pto/asm/lowering/pointer_lowering.h"

#include <string_view>
#include <unordered_map>

#include "pto/asm/lowering/op_form.h"
#include "pto/asm/lowering/operands.h"
#include "pto/asm/lowering/simt_lowering.h"
#include "pto/common/strings.h"

namespace pto::assembler {

namespace {

// "%p[%i]": the pointer and its index. A UB pointer (!pto.ptr<T, ub>, its byte address in a
// scalar register) is as good as a GM one.
bool PointerElement(FunctionBuilder& fb, ItemSpan term, Value* ptr, Value* index) {
  Context& ctx = fb.ctx();
  Resolved r;
  if (!Resolve(fb, term, DType::kIndex, &r)) return false;
  const bool gm = r.value.cls == ValueClass::kView && r.value.type.kind == TypeKind::kPointer;
  const bool ub = r.value.cls == ValueClass::kScalar && r.value.type.IsLocalPointer() &&
                  r.value.type.mem == Memory::kVec;
  if (r.value.cls == ValueClass::kScalar && r.value.type.IsLocalPointer() && !ub &&
      r.indices.size() == 1) {
    ctx.Error(term, StrCat("scalar loads and stores reach UB, not '", r.value.type.text, "'"));
    return false;
  }
  if ((!gm && !ub) || r.indices.size() != 1) {
    ctx.Error(term, StrCat("expected a pointer element such as %ptr[%i], got '", Spell(term), "'"));
    return false;
  }
  *ptr = r.value;
  *index = r.indices[0];
  return true;
}

// A UB pointer is its byte address in a scalar register: the result is ptr + offset *
// sizeof(T), by the scalar opcodes.
bool AddLocalPointer(FunctionBuilder& fb, const Statement& stmt, const Value& ptr,
                     const Value& offset) {
  const int64_t size = DTypeSize(ptr.type.dtype);
  Value result = fb.NewRegisterLike(ptr, stmt.results[0].text, stmt.head.range);
  if (ptr.local_address >= 0 && offset.is_const) {
    result.local_address = ptr.local_address + offset.int_value * size;
  }
  if (!fb.Define(stmt.results[0], result)) return false;
  uint32_t elements = offset.reg;
  if (offset.type.dtype != kLocalPointerDType) {  // an index or i32 offset, widened (signed)
    elements = fb.NewScalar(kLocalPointerDType);
    fb.Emit(Opcode::kIndexCast, {elements, offset.reg}, stmt.head.range);
  }
  const Value scale = fb.ConstantValue(kLocalPointerDType, size, 0);
  const uint32_t bytes = fb.NewScalar(kLocalPointerDType);
  fb.Emit(Opcode::kMulI, {bytes, elements, scale.reg}, stmt.head.range);
  fb.Emit(Opcode::kAddI, {result.reg, ptr.reg, bytes}, stmt.head.range);
  return true;
}

// The cache clauses of pto.ldg / pto.stg (micro-isa 17): checked, and without effect here.
bool CacheClauses(FunctionBuilder& fb, const Statement& stmt, ItemSpan* operand) {
  const bool ldg = stmt.head.text == "pto.ldg", stg = stmt.head.text == "pto.stg";
  if (!ldg && !stg) return true;
  if (!fb.function().simt_entry) {  // PTOAS v0.60: SIMT workitems' accesses only
    fb.ctx().Error(stmt.head, StrCat(stmt.head.text, " runs in a pto.simt_entry function or "
                                     "pto.section.simt (pto.ld_dev and pto.st_dev elsewhere)"));
    return false;
  }
  return PeelSimtClauses(fb.ctx(), stmt.head.text, ldg, operand, nullptr, nullptr, nullptr);
}

// pto.ld_dev / pto.st_dev (micro-isa 18): an integer GM element, bypassing the data cache
// ptorun does not have, in an ordinary AICore function; no clauses after the element.
bool CheckDevAccess(FunctionBuilder& fb, const Statement& stmt, ItemSpan operand,
                    const Value& ptr) {
  Context& ctx = fb.ctx();
  if (stmt.head.text != "pto.ld_dev" && stmt.head.text != "pto.st_dev") return true;
  const size_t used = TermLength(operand);
  if (used < operand.size()) {
    ctx.Error(operand.subspan(used), StrCat(stmt.head.text, " takes no clauses, got '",
                                            Spell(operand.subspan(used)), "'"));
    return false;
  }
  if (fb.function().simt_entry || !fb.function().is_public || ctx.arch() != Arch::kA5) {
    ctx.Error(stmt.head, StrCat(stmt.head.text,
                                " runs in an ordinary AICore entry function of an a5 kernel, "
                                "not in a private helper, a SIMT entry or pto.section.simt "
                                "(pto.ldg and pto.stg do)"));
    return false;
  }
  const int arrow = Find(stmt.items, "->");
  Type written;
  if (arrow >= 0 && ParseWholeType(ctx, ItemSpan(stmt.items).subspan(arrow + 1), &written) &&
      (written.dtype != ptr.type.dtype || written.packed != DType::kInvalid)) {
    ctx.Error(ItemSpan(stmt.items).subspan(arrow + 1),
              StrCat("pto.ld_dev gives the pointer's element type, ", DTypeName(ptr.type.dtype)));
    return false;
  }
  const DType t = ptr.type.dtype;
  const bool integer = t == DType::kI8 || t == DType::kI16 || t == DType::kI32 || t == DType::kI64;
  if (ptr.cls != ValueClass::kView || !integer || ptr.type.packed != DType::kInvalid) {
    ctx.Error(operand, StrCat(stmt.head.text,
                              " takes a !pto.ptr<T, gm> of i8, i16, i32 or i64, "
                              "not '",
                              ptr.type.text, "'"));
    return false;
  }
  return true;
}

// The scalar type of a pointer's element (a packed pair's bits for vector<2xT>).
Type ElementType(const Value& ptr) {
  Type t = ScalarType(ptr.type.dtype);
  t.packed = ptr.type.packed;
  return t;
}

}  // namespace

// %v = pto.load_scalar %ptr[%i] : !pto.ptr<T> -> T (also pto.load, pto.ldg, pto.ld_dev)
bool LowerLoadScalar(FunctionBuilder& fb, const Statement& stmt) {
  Context& ctx = fb.ctx();
  if (!ExpectResults(ctx, stmt, 1) || !CheckNoAttributes(ctx, stmt.items, stmt.head.text)) {
    return false;
  }
  ItemSpan items = BeforeColon(stmt.items);
  if (!CacheClauses(fb, stmt, &items)) return false;
  Value ptr, index;
  if (items.empty() || !PointerElement(fb, items.subspan(0, TermLength(items)), &ptr, &index) ||
      !CheckDevAccess(fb, stmt, items, ptr)) {
    return false;
  }
  Value result = fb.NewScalarValue(ptr.type.dtype);
  result.type = ElementType(ptr);
  if (!fb.Define(stmt.results[0], result)) return false;
  const bool ub = ptr.cls == ValueClass::kScalar;
  fb.Emit(ub ? Opcode::kLoadLocal : Opcode::kLoadScalar, {result.reg, ptr.reg, index.reg},
          stmt.head.range);
  return true;
}

// pto.store_scalar %v, %ptr[%i] : !pto.ptr<T>, T (also pto.store, pto.stg, pto.st_dev)
bool LowerStoreScalar(FunctionBuilder& fb, const Statement& stmt) {
  Context& ctx = fb.ctx();
  if (!ExpectResults(ctx, stmt, 0)) return false;
  std::vector<ItemSpan> parts = Split(BeforeColon(stmt.items), ",");
  if (parts.size() != 2 || parts[0].empty() || parts[1].empty()) {
    ctx.Error(stmt.head, "expected 'pto.store_scalar %value, %ptr[%index] : !pto.ptr<T>, T'");
    return false;
  }
  if (!CacheClauses(fb, stmt, &parts[1])) return false;
  Value ptr, index;
  if (!PointerElement(fb, parts[1], &ptr, &index) || !CheckDevAccess(fb, stmt, parts[1], ptr)) {
    return false;
  }
  Resolved value;
  if (!Resolve(fb, parts[0], ptr.type.dtype, &value)) return false;
  if (value.value.cls != ValueClass::kScalar || value.value.type.dtype != ptr.type.dtype) {
    ctx.Error(parts[0], StrCat("the pointer holds ", DTypeName(ptr.type.dtype),
                               " but the value is ", Describe(value.value)));
    return false;
  }
  if (value.value.type.packed != ptr.type.packed) {
    ctx.Error(parts[0], StrCat("the pointer holds '", ptr.type.text, "' elements but the value is '",
                               value.value.type.text, "'"));
    return false;
  }
  const bool ub = ptr.cls == ValueClass::kScalar;
  fb.Emit(ub ? Opcode::kStoreLocal : Opcode::kStoreScalar, {ptr.reg, index.reg, value.value.reg},
          stmt.head.range);
  return true;
}

// %q = pto.addptr %p, %offset : !pto.ptr<T> -> !pto.ptr<T>
bool LowerAddPtr(FunctionBuilder& fb, const Statement& stmt) {
  Context& ctx = fb.ctx();
  if (!ExpectResults(ctx, stmt, 1)) return false;
  std::vector<ItemSpan> parts = Split(BeforeColon(stmt.items), ",");
  if (parts.size() != 2 || parts[0].empty()) {
    ctx.Error(stmt.head, "expected 'pto.addptr %ptr, %offset : !pto.ptr<T> -> !pto.ptr<T>'");
    return false;
  }
  Resolved ptr;
  Value offset;
  if (!Resolve(fb, parts[0], DType::kInvalid, &ptr) || !IntOperand(fb, parts[1], &offset)) {
    return false;
  }
  if (ptr.value.type.IsLocalPointer()) return AddLocalPointer(fb, stmt, ptr.value, offset);
  if (ptr.value.cls != ValueClass::kView || ptr.value.type.kind != TypeKind::kPointer) {
    ctx.Error(parts[0], StrCat("addptr needs a !pto.ptr, got ", Describe(ptr.value)));
    return false;
  }
  Value result = fb.NewRegisterLike(ptr.value, stmt.results[0].text, stmt.head.range);
  if (!fb.Define(stmt.results[0], result)) return false;
  fb.Emit(Opcode::kAddPtr, {result.reg, ptr.value.reg, offset.reg}, stmt.head.range);
  return true;
}

// %b = llvm.bitcast %x : vector<2xf16> to i32 (or f16 to i16): a packed pair's or a scalar's
// bits as another type of their width.
bool LowerPackedBitcast(FunctionBuilder& fb, const Statement& stmt) {
  Context& ctx = fb.ctx();
  if (!ExpectResults(ctx, stmt, 1)) return false;
  ItemSpan items = stmt.items;
  const int colon = Find(items, ":");
  int to = -1;
  for (size_t i = colon < 0 ? items.size() : colon; i < items.size(); ++i) {
    if (items[i].IsWord("to")) to = static_cast<int>(i);
  }
  if (colon < 1 || to < 0) {
    ctx.Error(stmt.head, "expected 'llvm.bitcast %x : T to U'");
    return false;
  }
  Resolved src;
  Type from, dst;
  if (!Resolve(fb, items.subspan(0, colon), DType::kInvalid, &src) ||
      !ParseWholeType(ctx, items.subspan(colon + 1, to - colon - 1), &from) ||
      !ParseWholeType(ctx, items.subspan(to + 1), &dst)) {
    return false;
  }
  if (std::string problem = WrittenTypeProblem(src.value, from); !problem.empty()) {
    ctx.Error(items.subspan(colon + 1, to - colon - 1), problem);
    return false;
  }
  if (src.value.cls != ValueClass::kScalar || !dst.IsScalar() || src.value.type.IsLocalPointer() ||
      dst.IsLocalPointer() || DTypeSize(src.value.type.dtype) != DTypeSize(dst.dtype)) {
    ctx.Error(stmt.head, StrCat("llvm.bitcast here turns a scalar or a packed vector<2xT> into "
                                "another of its width, not '",
                                from.text, "' to '", dst.text, "'"));
    return false;
  }
  Value result = fb.NewScalarValue(dst.dtype);
  result.type = dst;
  if (!fb.Define(stmt.results[0], result)) return false;
  fb.Emit(Opcode::kBitcast, {result.reg, src.value.reg}, stmt.head.range);
  return true;
}

namespace {

using RawPointers = std::unordered_map<std::string_view, SourceRange>;

// The results of pto.inttoptr in \a body and the regions inside it.
void CollectIntToPtr(StatementSpan body, RawPointers* out) {
  for (const Statement& stmt : body) {
    if (stmt.head.text == "pto.inttoptr" && stmt.results.size() == 1) {
      out->emplace(stmt.results[0].text, stmt.head.range);
    }
    for (const Item& item : stmt.items) {
      if (item.Is(ItemKind::kRegion)) CollectIntToPtr(item.body(), out);
    }
  }
}

// The one item of \a stmt that may name a pto.inttoptr result: the pointer of %p[%i].
const Item* PointerOperand(const Statement& stmt) {
  std::vector<ItemSpan> parts = Split(BeforeColon(stmt.items), ",");
  if (stmt.head.text == "pto.load_scalar" && !parts.empty() && !parts[0].empty()) {
    return &parts[0][0];
  }
  if (stmt.head.text == "pto.store_scalar" && parts.size() == 2 && !parts[1].empty()) {
    return &parts[1][0];
  }
  return nullptr;
}

void ReportRawPointerUses(Context& ctx, const Statement& stmt, ItemSpan items,
                          const RawPointers& raw, const Item* allowed) {
  for (const Item& item : items) {
    if (item.Is(ItemKind::kRegion)) {
      for (const Statement& inner : item.body()) {
        ReportRawPointerUses(ctx, inner, inner.items, raw, PointerOperand(inner));
      }
    } else if (item.Is(ItemKind::kGroup) || item.Is(ItemKind::kAttrDict)) {
      ReportRawPointerUses(ctx, stmt, item.children(), raw, allowed);
    } else if (item.Is(ItemKind::kValue) && &item != allowed && raw.count(item.text)) {
      ctx.Error(item, StrCat(Spell(ItemSpan(&item, 1)), " comes from pto.inttoptr: it may only be the "
                             "pointer of pto.load_scalar or pto.store_scalar, not an operand of '",
                             stmt.head.text, "' (PTOAS v0.60)"));
    }
  }
}

}  // namespace

void CheckIntToPtrUses(Context& ctx, StatementSpan body) {
  RawPointers raw;
  CollectIntToPtr(body, &raw);
  if (raw.empty()) return;
  for (const Statement& stmt : body) {
    ReportRawPointerUses(ctx, stmt, stmt.items, raw, PointerOperand(stmt));
  }
}

}  // namespace pto::assembler
