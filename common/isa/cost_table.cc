#include "pto/common/isa/cost_table.h"

#include <array>
#include <iterator>

#include "pto/common/dtype.h"

namespace pto::cost {

namespace {

constexpr VectorProfile kProfiles[] = {
#define PTO_VECTOR_PROFILE(Name, Class, Head, Slope, Tail, Floor) \
  {#Name, ElemClass::k##Class, Head, Slope, Tail, Floor != 0},
#include "pto/common/isa/costs.def"
};

struct CostRow {
  std::string_view family, kernel, profile;
};
constexpr CostRow kCostRows[] = {
#define PTO_VECTOR_COST(Family, Kernel, Profile) {#Family, #Kernel, #Profile},
#include "pto/common/isa/costs.def"
};

struct SequenceRow {
  std::string_view family, kernel;
  Arch arch;
  VectorSequence sequence;
};
constexpr SequenceRow kSequenceRows[] = {
#define PTO_VECTOR_SEQUENCE(Family, Kernel, Arch_, Shape, Profile) \
  {#Family, #Kernel, Arch::k##Arch_, {SequenceShape::k##Shape, #Profile}},
#include "pto/common/isa/costs.def"
};

struct TilePathRow {
  std::string_view family, kernel;
  TilePath path;
};
constexpr TilePathRow kTilePathRows[] = {
#define PTO_TILE_PATH(Family, Kernel, Path) {#Family, #Kernel, TilePath::k##Path},
#include "pto/common/isa/costs.def"
};

constexpr A5TileFormula kA5Formulas[] = {
#define PTO_A5_TILE_FORMULA(Family, Kernel, Class, Slope, Fixed, RowSlope, RowStep, RowFixed) \
  {#Family, #Kernel, ElemClass::k##Class, Slope, Fixed, RowSlope, RowStep, RowFixed},
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

struct Bandwidth {
  Place from, to;
  double peak_gib_per_s, half_bytes;
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
#define PTO_BANDWIDTH(From, To, Peak, HalfBytes) {PTO_PLACE(From), PTO_PLACE(To), Peak, HalfBytes},
#include "pto/common/isa/costs.def"
};

bool Same(Place a, Place b) { return a.global == b.global && (a.global || a.mem == b.mem); }

double ToBytesPerCycle(double gib_per_s) {
  return gib_per_s * 1024.0 * 1024.0 * 1024.0 / kClockHz;
}

bool HasOpRow(std::string_view family, std::string_view kernel) {
  for (const OpRow& op : kOpRows) {
    if (op.family == family && op.kernel == kernel) return true;
  }
  return false;
}

}  // namespace

namespace {

// The row of \a rows that \a matches for element class \a c: the one of that class, else
// the one of class Any, else null (costs.def: a row of the element's own class wins).
template <typename Row, size_t N, typename Match>
const Row* ForClass(const Row (&rows)[N], Match matches, ElemClass c) {
  const Row* any = nullptr;
  for (const Row& row : rows) {
    if (!matches(row)) continue;
    if (row.elem_class == c) return &row;
    if (row.elem_class == ElemClass::kAny) any = &row;
  }
  return any;
}

}  // namespace

const VectorProfile* FindProfile(std::string_view name, ElemClass c) {
  return ForClass(
      kProfiles, [&](const VectorProfile& p) { return p.name == name; }, c);
}

namespace {

constexpr size_t kClasses = static_cast<size_t>(ElemClass::kInt) + 1;

// What costs.def says of one opcode, by element class: looked up once, read per step.
struct OpcodeCosts {
  std::array<const VectorProfile*, kClasses> profile{};
  std::array<const A5TileFormula*, kClasses> a5{};
  const SequenceRow* sequence = nullptr;
  TilePath path = TilePath::kNone;
  std::array<const VectorProfile*, kClasses> sequence_profile{};
};

const OpcodeCosts& CostsOf(Opcode op) {
  static const auto table = [] {
    std::array<OpcodeCosts, kOpcodeCount> t{};
    for (const OpRow& o : kOpRows) {
      OpcodeCosts& costs = t[static_cast<size_t>(o.op)];
      for (size_t c = 0; c < kClasses; ++c) {
        for (const CostRow& row : kCostRows) {
          if (row.family == o.family && row.kernel == o.kernel) {
            costs.profile[c] = FindProfile(row.profile, static_cast<ElemClass>(c));
          }
        }
        auto same_op = [&](const A5TileFormula& f) {
          return f.family == o.family && f.kernel == o.kernel;
        };
        costs.a5[c] = ForClass(kA5Formulas, same_op, static_cast<ElemClass>(c));
      }
      for (const SequenceRow& row : kSequenceRows) {
        if (row.family == o.family && row.kernel == o.kernel) costs.sequence = &row;
      }
      for (const TilePathRow& row : kTilePathRows) {
        if (row.family == o.family && row.kernel == o.kernel) costs.path = row.path;
      }
      for (size_t c = 0; costs.sequence && c < kClasses; ++c) {
        costs.sequence_profile[c] =
            FindProfile(costs.sequence->sequence.profile, static_cast<ElemClass>(c));
      }
    }
    return t;
  }();
  return table[static_cast<size_t>(op)];
}

}  // namespace

const VectorProfile* VectorProfileOf(Opcode op, ElemClass c) {
  return CostsOf(op).profile[static_cast<size_t>(c)];
}

TilePath TilePathOf(Opcode op) { return CostsOf(op).path; }

const A5TileFormula* A5TileFormulaOf(Opcode op, ElemClass c) {
  return CostsOf(op).a5[static_cast<size_t>(c)];
}

bool OverDestination(SequenceShape shape) {
  static constexpr bool kOverDestination[] = {
#define PTO_SEQUENCE_SHAPE(Name, Over) std::string_view(#Over) == "Destination",
#include "pto/common/isa/costs.def"
  };
  return kOverDestination[static_cast<size_t>(shape)];
}

const VectorSequence* VectorSequenceOf(Opcode op, Arch arch) {
  const SequenceRow* row = CostsOf(op).sequence;
  return row && row->arch == arch ? &row->sequence : nullptr;
}

const VectorProfile* SequenceProfileOf(Opcode op, ElemClass c) {
  return CostsOf(op).sequence_profile[static_cast<size_t>(c)];
}

double BytesPerCycle(Place from, Place to, uint64_t bytes, bool* sourced) {
  for (const Bandwidth& b : kBandwidths) {
    if (Same(b.from, from) && Same(b.to, to)) {
      if (sourced) *sourced = true;
      const double x = static_cast<double>(bytes);
      const double saturation = x > 0 && b.half_bytes > 0 ? x / (x + b.half_bytes) : 1.0;
      return ToBytesPerCycle(b.peak_gib_per_s * saturation);
    }
  }
  if (sourced) *sourced = false;
  return ToBytesPerCycle(kDefaultBandwidth);
}

std::vector<std::string> UnusedCostRows() {
  std::vector<std::string> unused;
  for (size_t i = 0; i < std::size(kProfiles); ++i) {
    for (size_t j = 0; j < i; ++j) {
      if (kProfiles[i].name == kProfiles[j].name &&
          kProfiles[i].elem_class == kProfiles[j].elem_class) {
        unused.push_back(std::string(kProfiles[i].name) + " profile row repeated");
      }
    }
  }
  for (const CostRow& row : kCostRows) {
    if (!HasOpRow(row.family, row.kernel) || !FindProfile(row.profile, ElemClass::kAny)) {
      unused.push_back(std::string(row.family) + "/" + std::string(row.kernel) + " -> " +
                       std::string(row.profile));
    }
  }
  for (const SequenceRow& row : kSequenceRows) {
    if (!HasOpRow(row.family, row.kernel) || !FindProfile(row.sequence.profile, ElemClass::kAny)) {
      unused.push_back(std::string(row.family) + "/" + std::string(row.kernel) + " sequence -> " +
                       std::string(row.sequence.profile));
    }
  }
  for (const TilePathRow& row : kTilePathRows) {
    if (!HasOpRow(row.family, row.kernel)) {
      unused.push_back(std::string(row.family) + "/" + std::string(row.kernel) + " tile path");
    }
  }
  for (const A5TileFormula& f : kA5Formulas) {
    if (!HasOpRow(f.family, f.kernel)) {
      unused.push_back(std::string(f.family) + "/" + std::string(f.kernel) + " A5 formula");
    }
  }
  return unused;
}

}  // namespace pto::cost
