#include "pto/common/isa/cost_table.h"

#include <array>

#include "pto/common/dtype.h"

namespace pto::cost {

namespace {

constexpr VectorProfile kProfiles[] = {
#define PTO_VECTOR_PROFILE(Name, h16, s16, h32, s32, hi, si) {#Name, {h16, h32, hi}, {s16, s32, si}},
#include "pto/common/isa/costs.def"
};

struct CostRow {
  std::string_view family, kernel, profile;
};
constexpr CostRow kCostRows[] = {
#define PTO_VECTOR_COST(Family, Kernel, Profile) {#Family, #Kernel, #Profile},
#include "pto/common/isa/costs.def"
};

// Each row of opcodes.def by its family and kernel, as costs.def names them.
struct OpRow {
  Opcode op;
  std::string_view family, kernel;
};
constexpr OpRow kOpRows[] = {
#define PTO_OP(Name, Code, mnemonic, operands, Fam, Kernel, a2a3, a5, flags) \
  {Opcode::k##Name, #Fam, #Kernel},
#include "pto/common/isa/opcodes.def"
#undef PTO_OP
};

const VectorProfile* FindProfile(std::string_view name) {
  for (const VectorProfile& p : kProfiles) {
    if (p.name == name) return &p;
  }
  return nullptr;
}

const std::array<const VectorProfile*, kOpcodeCount>& ProfileByOpcode() {
  static const auto table = [] {
    std::array<const VectorProfile*, kOpcodeCount> t{};
    for (const OpRow& op : kOpRows) {
      for (const CostRow& row : kCostRows) {
        if (row.family == op.family && row.kernel == op.kernel) {
          t[static_cast<size_t>(op.op)] = FindProfile(row.profile);
        }
      }
    }
    return t;
  }();
  return table;
}

struct Bandwidth {
  Place from, to;
  double gib_per_s;
};
#define PTO_PLACE_GM Place{true, Memory::kVec}
#define PTO_PLACE(Name) PTO_PLACE_##Name
#define PTO_PLACE_Vec Place{false, Memory::kVec}
#define PTO_PLACE_Mat Place{false, Memory::kMat}
#define PTO_PLACE_Left Place{false, Memory::kLeft}
#define PTO_PLACE_Right Place{false, Memory::kRight}
#define PTO_PLACE_Acc Place{false, Memory::kAcc}
#define PTO_PLACE_Bias Place{false, Memory::kBias}
#define PTO_PLACE_Scaling Place{false, Memory::kScaling}
constexpr Bandwidth kBandwidths[] = {
#define PTO_BANDWIDTH(From, To, GiBps) {PTO_PLACE(From), PTO_PLACE(To), GiBps},
#include "pto/common/isa/costs.def"
};

bool Same(Place a, Place b) { return a.global == b.global && (a.global || a.mem == b.mem); }

double ToBytesPerCycle(double gib_per_s) {
  return gib_per_s * 1024.0 * 1024.0 * 1024.0 / kClockHz;
}

}  // namespace

const VectorProfile* VectorProfileOf(Opcode op) {
  return ProfileByOpcode()[static_cast<size_t>(op)];
}

double BytesPerCycle(Place from, Place to, bool* sourced) {
  for (const Bandwidth& b : kBandwidths) {
    if (Same(b.from, from) && Same(b.to, to)) {
      if (sourced) *sourced = true;
      return ToBytesPerCycle(b.gib_per_s);
    }
  }
  if (sourced) *sourced = false;
  return ToBytesPerCycle(kDefaultBandwidth);
}

std::vector<std::string> UnusedCostRows() {
  std::vector<std::string> unused;
  for (const CostRow& row : kCostRows) {
    bool used = false;
    for (const OpRow& op : kOpRows) used |= op.family == row.family && op.kernel == row.kernel;
    if (!used || !FindProfile(row.profile)) {
      unused.push_back(std::string(row.family) + "/" + std::string(row.kernel) + " -> " +
                       std::string(row.profile));
    }
  }
  return unused;
}

}  // namespace pto::cost
