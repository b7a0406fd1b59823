#include "pto/interp/vm/core.h"

#include "pto/common/strings.h"

namespace pto::interp {

std::string Core::Name() const {
  switch (kind) {
    case CoreKind::kWhole:
      return "";
    case CoreKind::kCube:
      return "cube core";
    case CoreKind::kVector:
      return StrCat("vector core ", info.subblock_idx);
  }
  return "";
}

}  // namespace pto::interp
