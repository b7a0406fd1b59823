// Operand rules of the communication instructions (tput, tget, tnotify, twait, ttest).
#include "common/isa/rule_checker.h"
#include "common/strings.h"

namespace pto {

// tput/tget: two views of one element type, moved through vec ND staging tiles of that type;
// a ping-pong pair must match. tnotify/twait/ttest: an i32 signal view and an integer value.
void RuleChecker::CheckComm() {
  const bool transfer = info_.operands[2].kind == OperandKind::kTile;
  if (!transfer) {
    const int signal = info_.num_outputs;  // ttest's flag comes first
    if (types_[signal].present && types_[signal].dtype != DType::kI32) {
      Fail(signal, StrCat(info_.mnemonic, " needs an i32 signal, got a view of ",
                          DTypeName(types_[signal].dtype)));
    }
    if (types_[signal + 1].present && IsFloat(types_[signal + 1].dtype)) {
      Fail(signal + 1, StrCat(info_.mnemonic, " compares the signal with an integer, got ",
                              DTypeName(types_[signal + 1].dtype)));
    }
    return;
  }
  DType dst = types_[0].dtype, src = types_[1].dtype;
  if (dst != DType::kInvalid && src != DType::kInvalid && dst != src) {
    Fail(1, StrCat(info_.mnemonic, " copies between views of one element type, got ",
                   DTypeName(src), " into ", DTypeName(dst)));
  }
  for (int i : {2, 3}) {
    const TileType* t = Tile(i);
    if (!t) continue;
    RequireVec(i);
    RequireND(i);
    if (src != DType::kInvalid && t->dtype != src) {
      Fail(i, StrCat(info_.mnemonic, " stages ", DTypeName(src), " data, so its staging tile must "
                     "hold ", DTypeName(src), ", got ", DTypeName(t->dtype)));
    }
  }
  if (Tile(2) && Tile(3) && !(*Tile(2) == *Tile(3))) {
    Fail(3, StrCat("the ping and pong staging tiles of ", info_.mnemonic,
                   " must have the same type"));
  }
}

}  // namespace pto
