// Operand rules of the repeat layer (A2/A3 vector instructions on UB, their mask state and
// data_move): the architecture, the element type, the mask's form and the words it needs, and
// every value known when the instruction is assembled (repeat, strides, mask, UB bases),
// checked with the words ptorun uses for the same values at run time (repeat_model.h).
#include "pto/common/isa/repeat_model.h"
#include "pto/common/isa/repeat_operands.h"
#include "pto/common/isa/rule_checker.h"
#include "pto/common/strings.h"

namespace pto {

namespace {

// A known operand value as the 64-bit word it came from (mask words are bit patterns; the
// double they travel in keeps their zero-ness and their range).
int64_t Word(double v) {
  if (v >= 9.2e18) return INT64_MAX;
  if (v <= -9.2e18) return INT64_MIN;
  return static_cast<int64_t>(v);
}

}  // namespace

std::string RepeatLayerArchProblem(const OpInfo& info, Arch arch) {
  if (info.types(arch)) return "";
  return StrCat(info.mnemonic, " is an A2/A3 repeat-layer instruction; it is not available on ",
                ArchName(arch), " (its vector unit is programmed through registers: the VPTO "
                "instructions)");
}

void RuleChecker::CheckRepeat() {
  const std::string missing = RepeatLayerArchProblem(info_, arch_);
  if (!missing.empty()) {
    Fail(-1, missing);
    return;
  }
  const int elem = AttrOperand("%elem_type");
  if (elem < 0) return;  // the mask state rows
  const auto known = [&](int i) { return i >= 0 && types_[i].present && types_[i].known_value; };
  if (!known(elem)) return;
  const DType dtype = static_cast<DType>(Word(types_[elem].value));
  const DTypeMask allowed = info_.types(arch_);
  if (!(allowed & Bit(dtype))) {
    Fail(elem, StrCat(info_.mnemonic, " does not support element type ", DTypeName(dtype),
                      " (allowed: ", DTypeMaskNames(allowed), ")"));
    return;
  }
  const int bytes = DTypeSize(dtype);
  if (info_.family == Family::kDataMove) {
    // dst, src, nburst, burst, src_stride, dst_stride: TIK's ranges.
    struct Field {
      int at;
      const char* name;
      int64_t lo, hi;
    };
    for (const Field& f : {Field{2, "nburst", 1, 4095}, Field{3, "burst", 1, 65535},
                           Field{4, "src_stride", 0, 65535}, Field{5, "dst_stride", 0, 65535}}) {
      if (!known(f.at)) continue;
      const int64_t v = Word(types_[f.at].value);
      if (v < f.lo || v > f.hi) {
        Fail(f.at, StrCat(f.name, " ", v, " is outside ", f.lo, "..", f.hi,
                          f.at >= 3 ? " (32-byte blocks)" : ""));
      }
    }
    for (int i = 0; i < 2; ++i) {
      if (info_.operands[i].kind != OperandKind::kInt || !known(i)) continue;
      const std::string problem =
          repeat::CheckBase(Word(types_[i].value), i == 0 ? "the destination" : "the source");
      if (!problem.empty()) Fail(i, problem);
    }
    return;
  }
  const RepeatOperands at = RepeatOperandsOf(info_.family);
  if (at.scalar >= 0 && types_[at.scalar].present && types_[at.scalar].dtype != dtype) {
    Fail(at.scalar, StrCat(info_.mnemonic, " on ", DTypeName(dtype), " takes a scalar of type ",
                           DTypeName(dtype), " (or a constant), got ",
                           DTypeName(types_[at.scalar].dtype)));
  }
  for (int p = 0; p < at.pointers; ++p) {
    if (!known(p)) continue;
    const std::string name = RepeatPointerName(at.pointers, p);
    const std::string problem = repeat::CheckBase(Word(types_[p].value), name.c_str());
    if (!problem.empty()) Fail(p, problem);
  }
  if (!known(at.mask_form) || types_[at.mask_form].value >= kMaskFormCount) return;
  const auto form = static_cast<MaskForm>(Word(types_[at.mask_form].value));
  const bool counter = form == MaskForm::kCounter;
  const int words = form == MaskForm::kBits ? 2 : form == MaskForm::kState ? 0 : 1;
  for (int w = 0; w < 2; ++w) {
    if (types_[at.mask + w].present != (w < words)) {
      Fail(at.mask + w, StrCat("the mask takes ", words, " word", words == 1 ? "" : "s",
                               " in this form, not ", w < words ? w : w + 1));
      return;
    }
  }
  // Under the mask state the mode is the run's (counter mode ignores repeat, and PTOAS's
  // pto.ub.* writes 0 there): ptorun checks the repeat when it runs in normal mode.
  if (!counter && form != MaskForm::kState && known(at.repeat)) {
    const std::string problem = repeat::CheckRepeat(Word(types_[at.repeat].value), true);
    if (!problem.empty()) Fail(at.repeat, problem);
  }
  for (int p = 0; p < at.pointers; ++p) {
    const std::string name = RepeatPointerName(at.pointers, p);
    for (const auto& [slot, kind] : {std::pair{at.blk + p, "_blk_stride"}, {at.rep + p, "_rep_stride"}}) {
      if (!known(slot)) continue;
      const std::string problem = repeat::CheckStride(Word(types_[slot].value), (name + kind).c_str());
      if (!problem.empty()) Fail(slot, problem);
    }
  }
  std::string problem;
  if (form == MaskForm::kContiguous && known(at.mask)) {
    problem = repeat::CheckContiguousMask(Word(types_[at.mask].value), bytes);
  } else if (form == MaskForm::kCounter && known(at.mask)) {
    problem = repeat::CheckCounterMask(Word(types_[at.mask].value));
  } else if (form == MaskForm::kBits && known(at.mask) && known(at.mask + 1)) {
    problem = repeat::CheckBitwiseMask(static_cast<uint64_t>(Word(types_[at.mask].value)),
                                       static_cast<uint64_t>(Word(types_[at.mask + 1].value)),
                                       bytes);
  }
  if (!problem.empty()) Fail(at.mask, problem);
}

}  // namespace pto
