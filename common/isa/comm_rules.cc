// Operand rules of the communication instructions: transfers, signals and collectives.
#include <algorithm>

#include "pto/common/isa/rule_checker.h"
#include "pto/common/strings.h"

namespace pto {

// tnotify/twait/ttest: an i32 signal view and an integer value. tput_async/tget_async: two
// views of one element type. tput/tget and the collectives: see below.
void RuleChecker::CheckComm() {
  bool signal_op = true;  // no staging tile
  for (const OperandSpec& spec : info_.operands) signal_op &= spec.kind != OperandKind::kTile;
  if (info_.opcode == Opcode::kTPutAsync || info_.opcode == Opcode::kTGetAsync) {
    if (types_[0].present && types_[1].present && types_[0].dtype != types_[1].dtype) {
      Fail(1, StrCat(info_.mnemonic, " copies between views of one element type: ",
                     DTypeName(types_[0].dtype), " and ", DTypeName(types_[1].dtype)));
    }
    return;
  }
  CheckCommViewShapes();
  if (signal_op) {
    const int signal = info_.num_outputs;  // ttest's flag comes first
    if (types_[signal].present && types_[signal].dtype != DType::kI32) {
      Fail(signal, StrCat(info_.mnemonic, " needs an i32 signal, got a view of ",
                          DTypeName(types_[signal].dtype)));
    }
    if (types_[signal + 1].present && IsFloat(types_[signal + 1].dtype)) {
      Fail(signal + 1, StrCat(info_.mnemonic, " compares the signal with an integer, got ",
                              DTypeName(types_[signal + 1].dtype)));
    }
    // The cmp attribute's codes from 6 on are the ordered float comparisons of pto.vmi.vcmp.
    const int cmp = AttrOperand("cmp");
    if (cmp >= 0 && types_[cmp].known_value && types_[cmp].value >= 6) {
      Fail(cmp, StrCat(info_.mnemonic, " compares integers: cmp is eq, ne, gt, ge, lt or le"));
    }
    return;
  }
  // Transfers and collectives: views of one element type, vec ND staging tiles of that type,
  // all of one tile type (ping and pong, treduce's accumulator and receive tiles).
  DType data = DType::kInvalid;
  int first_tile = -1, views = 0;
  for (int i = 0; i < info_.num_operands(); ++i) {
    const OperandSpec& spec = info_.operands[i];
    if (!types_[i].present || spec.kind != OperandKind::kView) continue;
    ++views;
    if (data == DType::kInvalid) {
      data = types_[i].dtype;
    } else if (types_[i].dtype != DType::kInvalid && types_[i].dtype != data) {
      Fail(i, StrCat(info_.mnemonic, " moves data of one element type: this view holds ",
                     DTypeName(types_[i].dtype), ", an earlier one ", DTypeName(data)));
    }
  }
  for (int i = 0; i < info_.num_operands(); ++i) {
    const TileType* t = Tile(i);
    if (!t) continue;
    RequireVec(i);
    RequireND(i);
    if (data != DType::kInvalid && t->dtype != data) {
      Fail(i, StrCat(info_.mnemonic, " stages ", DTypeName(data), " data, so its staging tile "
                     "must hold ", DTypeName(data), ", got ", DTypeName(t->dtype)));
    }
    if (first_tile < 0) {
      first_tile = i;
      RequireAllowedDType(i);
    } else if (!(*t == *Tile(first_tile))) {
      Fail(i, StrCat("the staging tiles of ", info_.mnemonic, " must have the same type"));
    }
  }
  if (info_.operands.back().attr == "root" && views < 2) {
    Fail(-1, StrCat(info_.mnemonic, " needs at least one peer view after its tiles"));
  }
}

// PTOAS v0.60's static rules on the views' types: no '?' dimension, except in the
// partition_tensor_views of tput and tget, whose two views then have one shape signature.
void RuleChecker::CheckCommViewShapes() {
  const bool transfer = info_.opcode == Opcode::kTPut || info_.opcode == Opcode::kTGet;
  const std::vector<int64_t>* first = nullptr;
  for (int i = 0; i < info_.num_operands(); ++i) {
    const std::vector<int64_t>* shape = types_[i].present ? types_[i].view_shape : nullptr;
    if (!shape) continue;
    const bool dynamic = std::find(shape->begin(), shape->end(), -1) != shape->end();
    if (dynamic && !transfer) {
      Fail(i, StrCat(info_.mnemonic, " takes views of static shapes only ('?' is not allowed)"));
    } else if (dynamic && !types_[i].partition_view) {
      Fail(i, StrCat(info_.mnemonic, " takes '?' dimensions in a partition_tensor_view only"));
    }
    if (transfer && first && *first != *shape) {
      Fail(i, StrCat(info_.mnemonic, " needs its two views of one shape signature (their sizes "
                     "and '?' in the same places)"));
    }
    if (!first) first = shape;
  }
}

}  // namespace pto
