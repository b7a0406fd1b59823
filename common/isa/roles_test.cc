// The PTO_ROLE rows (common/isa/roles.h): every synchronisation instruction has a role, and
// each role sits on instructions of the family that role belongs to.
#include "pto/common/isa/roles.h"

#include <doctest/doctest.h>

namespace pto {
namespace {

Family FamilyOfRole(Role role) {
  switch (role) {
    case Role::kPushToVector:
    case Role::kPushToCube:
    case Role::kPopFromCube:
    case Role::kPopFromVector:
      return Family::kPipe;
    case Role::kSignalRelease:
    case Role::kSignalAcquire:
      return Family::kComm;
    case Role::kScopeBegin:
    case Role::kScopeEnd:
      return Family::kVecScope;
    case Role::kMemBar:
      return Family::kVecOrder;
    default:
      return Family::kSync;
  }
}

TEST_CASE("every synchronisation instruction has a role, of its own family") {
  int with_role = 0;
  for (int code = 0; code < kOpcodeCount; ++code) {
    const OpInfo& info = GetOpInfo(static_cast<Opcode>(code));
    const Role role = RoleOf(info.opcode);
    CAPTURE(info.mnemonic);
    if (info.family == Family::kSync) CHECK(role != Role::kNone);
    if (role == Role::kNone) continue;
    ++with_role;
    CHECK(info.family == FamilyOfRole(role));
  }
  CHECK(with_role == 31);
}

TEST_CASE("roles group as the tools ask") {
  CHECK(OrdersCorePipes(RoleOf(Opcode::kSetFlag)));
  CHECK(OrdersCorePipes(RoleOf(Opcode::kRlsBuf)));
  CHECK_FALSE(OrdersCorePipes(RoleOf(Opcode::kSyncSet)));
  CHECK_FALSE(OrdersCorePipes(RoleOf(Opcode::kTSyncOp)));
  CHECK(SyncsBlocks(RoleOf(Opcode::kSyncAll)));
  CHECK_FALSE(SyncsBlocks(RoleOf(Opcode::kBarrier)));
  CHECK(RoleOf(Opcode::kTAdd) == Role::kNone);
}

}  // namespace
}  // namespace pto
