// create_cbuf_matrix and PTOAS's wrapper of it, raw_fill_l1: an L1 region filled with a raw bit
// pattern (micro-isa 16; VPTOOps.td's verifiers give the rules checked here).
#include "pto/asm/lowering/cube_lowering_impl.h"
#include "pto/common/isa/cube_flags.h"

namespace pto::assembler {

namespace cube_lowering {

// fill_word_bits = 16 or 32 (required); create_cbuf_matrix's destination is that word's
// unsigned type.
bool CubeLowering::FillWordFlag(const Value& dst, bool typed, uint32_t* flags) {
  auto it = attrs_.find("fill_word_bits");
  const Item* word = it == attrs_.end() ? nullptr : AttributeWord(it->second.value);
  if (!word || !word->Is(ItemKind::kInt) || (word->number != 16 && word->number != 32)) {
    ctx_.Error(it == attrs_.end() ? stmt_.head.range : it->second.range,
               StrCat(stmt_.head.text, " needs {fill_word_bits = 16 : i64} or 32"));
    return false;
  }
  const bool wide = word->number == 32;
  *flags = wide ? kFillWord32 : 0;
  const DType want = wide ? DType::kU32 : DType::kU16;
  if (typed && dst.type.dtype != want) {
    ctx_.Error(stmt_.head,
               StrCat(info_.mnemonic, " fills ", word->number, "-bit words into a !pto.ptr<",
                      DTypeName(want), ", l1>, not one of ", DTypeName(dst.type.dtype)));
    return false;
  }
  return true;
}

// create_cbuf_matrix %dst, %value, %repeat, %blocks, %gap; raw_fill_l1 %dst, %byte_offset,
// then the same: the offset is added to dst here, as PTOAS's wrapper expansion does.
bool CubeLowering::Fill() {
  const bool wrapper = stmt_.head.text.ends_with("raw_fill_l1");
  Value dst;
  if (!Positional(wrapper ? 6 : 5) || !PointerTerm(positional_[0], false, Memory::kMat, &dst)) {
    return false;
  }
  uint32_t at = dst.reg;
  size_t next = 1;
  if (wrapper) {
    Value offset;
    if (!IntTerm(positional_[next++], &offset)) return false;
    if (offset.is_const && (offset.int_value < 0 || offset.int_value % 32 != 0)) {
      ctx_.Error(positional_[1], StrCat("raw_fill_l1's byte offset ", offset.int_value,
                                        " is not a non-negative multiple of 32"));
      return false;
    }
    at = fb_.NewScalar(kLocalPointerDType);
    fb_.Emit(Opcode::kAddI, {at, dst.reg, offset.reg}, SpanRange(positional_[1]));
  }
  operands_.push_back(at);
  Value value;
  if (!IntTerm(positional_[next], &value)) return false;
  if (value.type.dtype != DType::kI32) {
    ctx_.Error(positional_[next], StrCat(stmt_.head.text, "'s raw value is an i32, got ",
                                         DTypeName(value.type.dtype)));
    return false;
  }
  Push(value);
  static constexpr const char* kCounts[] = {"repeat count", "block count", "gap"};
  for (int i = 0; i < 3; ++i) {
    Value v;
    const ItemSpan term = positional_[next + 1 + i];
    if (!IntTerm(term, &v)) return false;
    if (v.is_const && (v.int_value < 0 || v.int_value > kMaxFillCount)) {
      ctx_.Error(term, StrCat(stmt_.head.text, "'s ", kCounts[i], " ", v.int_value,
                              " is outside 0..", kMaxFillCount));
      return false;
    }
    Push(v);
  }
  uint32_t flags = 0;
  if (!FillWordFlag(dst, !wrapper, &flags)) return false;
  PushType((flags & kFillWord32) ? DType::kU32 : DType::kU16);  // the word, as a copy's source
  operands_.push_back(types_);
  operands_.push_back(flags);
  return true;
}

}  // namespace cube_lowering

}  // namespace pto::assembler
