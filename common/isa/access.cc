#include "pto/common/isa/access.h"

#include <array>

namespace pto {

namespace {

constexpr AccessRule kFamilyRules[] = {
#define PTO_FAMILY(Name, Layer, Rules, Lowering, Access, Pipe) AccessRule::k##Access,
#include "pto/common/isa/families.def"
#undef PTO_FAMILY
};

// The operands of one instruction by role, in schema order.
struct Roles {
  std::vector<uint8_t> tile_outs, tile_ins, scratch, view_outs, view_ins, ints;
  uint8_t atomic_type = OperandAccess::kNotAtomic;  ///< the "@atomicType" immediate, if any
};

Roles RolesOf(const OpInfo& info) {
  Roles r;
  for (int i = 0; i < info.num_operands(); ++i) {
    const OperandSpec& s = info.operands[i];
    const uint8_t index = static_cast<uint8_t>(i);
    switch (s.kind) {
      case OperandKind::kTile:
        (s.output ? r.tile_outs : s.optional ? r.scratch : r.tile_ins).push_back(index);
        break;
      case OperandKind::kView:
        (s.output ? r.view_outs : r.view_ins).push_back(index);
        break;
      case OperandKind::kInt:
        r.ints.push_back(index);
        break;
      case OperandKind::kImm:
        if (s.attr == "atomicType" || s.attr == "scatterAtomicOp") r.atomic_type = index;
        break;
      default:
        break;
    }
  }
  return r;
}

class Builder {
 public:
  explicit Builder(const OpInfo& info) : roles_(RolesOf(info)) {}

  std::vector<OperandAccess> Build(AccessRule rule);

 private:
  void Add(uint8_t operand, bool writes, Region region, uint8_t shape_of, uint8_t at = 0) {
    out_.push_back({operand, !writes, writes, region, shape_of, at, shape_of});
  }
  void Writes(uint8_t t, Region region, uint8_t shape_of, uint8_t at = 0) {
    Add(t, true, region, shape_of, at);
  }
  void Reads(uint8_t t, Region region, uint8_t shape_of, uint8_t at = 0) {
    Add(t, false, region, shape_of, at);
  }
  // Scratch tiles (optional tile inputs: the NPU's tmp operands) are read and written whole.
  void Scratch() {
    for (uint8_t t : roles_.scratch) {
      out_.push_back({t, true, true, Region::kStorage, t, 0, t});
      out_.back().scratch = true;
    }
  }
  // A view written under an atomicType (tstore's atomic add) is an atomic update.
  void Views() {
    for (uint8_t v : roles_.view_outs) {
      Writes(v, Region::kViewWindow, v);
      out_.back().atomic = roles_.atomic_type;
    }
    for (uint8_t v : roles_.view_ins) Reads(v, Region::kViewWindow, v);
  }
  // Every tile output over \a region sized by \a shape_of (its own shape when negative).
  void Outputs(Region region, int shape_of = -1) {
    for (uint8_t t : roles_.tile_outs) {
      Writes(t, region, shape_of < 0 ? t : static_cast<uint8_t>(shape_of));
    }
  }
  void Inputs(Region region, int shape_of = -1) {
    for (uint8_t t : roles_.tile_ins) {
      Reads(t, region, shape_of < 0 ? t : static_cast<uint8_t>(shape_of));
    }
  }
  uint8_t FirstOut() const { return roles_.tile_outs.empty() ? 0 : roles_.tile_outs[0]; }
  uint8_t FirstIn() const { return roles_.tile_ins.empty() ? 0 : roles_.tile_ins[0]; }
  uint8_t FirstInt() const { return roles_.ints.empty() ? 0 : roles_.ints[0]; }
  // Row- and column-broadcasts: the last source is the broadcast one.
  void Expand(Region broadcast);
  // Matmuls: the sources a and b at positions \a a and \a b of the inputs, c_in first if
  // \a acc.
  void Matmul(size_t a, size_t b, bool acc);

  Roles roles_;
  std::vector<OperandAccess> out_;
};

void Builder::Expand(Region broadcast) {
  const uint8_t d = FirstOut();
  Writes(d, Region::kValid, d);
  for (size_t i = 0; i < roles_.tile_ins.size(); ++i) {
    const bool last = i + 1 == roles_.tile_ins.size();
    Reads(roles_.tile_ins[i], last ? broadcast : Region::kValid, d);
  }
}

void Builder::Matmul(size_t a, size_t b, bool acc) {
  if (roles_.tile_ins.size() <= b) return;  // not a matmul schema
  const uint8_t c = FirstOut(), ta = roles_.tile_ins[a], tb = roles_.tile_ins[b];
  out_.push_back({c, false, true, Region::kValid, ta, 0, tb});  // M x N, c's own shape unread
  for (size_t i = 0; i < roles_.tile_ins.size(); ++i) {
    const uint8_t t = roles_.tile_ins[i];
    if (acc && i == 0) {
      out_.push_back({t, true, false, Region::kValid, ta, 0, tb});
    } else {
      Reads(t, Region::kValid, t);
    }
  }
}

std::vector<OperandAccess> Builder::Build(AccessRule rule) {
  const uint8_t d = FirstOut(), a = FirstIn();
  switch (rule) {
    case AccessRule::kNone:
      return {};
    case AccessRule::kElementwise:
      Outputs(Region::kValid, d);
      Inputs(Region::kValid, d);
      break;
    case AccessRule::kAccumulate:
      out_.push_back({d, true, true, Region::kValid, d, 0, d});
      Inputs(Region::kValid, d);
      break;
    case AccessRule::kFirstRow:
      Outputs(Region::kRow0, d);
      Inputs(Region::kValid, d);
      break;
    case AccessRule::kMxQuant:
      // Operand 3 is the scaling tile (the schema: d e m s [zz] | a).
      for (uint8_t t : roles_.tile_outs) Writes(t, t == 3 ? Region::kStorage : Region::kValid, t);
      Reads(a, Region::kValid, a);
      Writes(a, Region::kPadding16, a);
      break;
    case AccessRule::kOwnValid:
      Outputs(Region::kValid);
      Inputs(Region::kValid);
      Views();
      break;
    case AccessRule::kMask:
      Outputs(Region::kMaskStores, a);
      Inputs(Region::kValid, a);
      break;
    case AccessRule::kSelect:
      Writes(d, Region::kValid, d);
      for (uint8_t t : roles_.tile_ins) Reads(t, t == a ? Region::kMaskRows : Region::kValid, d);
      break;
    case AccessRule::kRowReduce:
      Outputs(Region::kColumn0, a);
      Inputs(Region::kValid);
      break;
    case AccessRule::kColReduce:
      Outputs(Region::kRow0, a);
      Inputs(Region::kValid);
      break;
    case AccessRule::kRowExpand:
      Expand(Region::kColumn0);
      break;
    case AccessRule::kColExpand:
      Expand(Region::kRow0);
      break;
    case AccessRule::kFillPad:
      Outputs(Region::kStorage);
      Inputs(Region::kValid);
      break;
    case AccessRule::kLoad:
      for (uint8_t t : roles_.tile_outs) {
        Writes(t, Region::kValidOrPadded, t, roles_.view_ins.empty() ? t : roles_.view_ins[0]);
      }
      Views();
      break;
    case AccessRule::kStore:
      Inputs(Region::kValid);
      Views();
      break;
    case AccessRule::kExtract:
      Outputs(Region::kValid);
      for (uint8_t t : roles_.tile_ins) {
        if (t == a) {
          Reads(t, Region::kWindow, d, FirstInt());
        } else {
          Reads(t, Region::kValid, t);
        }
      }
      break;
    case AccessRule::kInsert:
      Writes(d, Region::kWindow, a, FirstInt());
      Inputs(Region::kValid);
      break;
    case AccessRule::kTranspose:
      Writes(d, Region::kTransposed, a);
      Inputs(Region::kValid);
      break;
    case AccessRule::kElementAt:
      for (uint8_t t : roles_.tile_outs) Writes(t, Region::kElement, t, FirstInt());
      for (uint8_t t : roles_.tile_ins) Reads(t, Region::kElement, t, FirstInt());
      break;
    case AccessRule::kStorage:
      Outputs(Region::kStorage);
      Inputs(Region::kStorage);
      Views();
      break;
    case AccessRule::kComm:
    case AccessRule::kCommSpread: {
      // Comm instructions name all their views as inputs; the first is the local one.
      const bool spread = rule == AccessRule::kCommSpread;
      for (size_t i = 0; i < roles_.view_ins.size(); ++i) {
        const uint8_t v = roles_.view_ins[i];
        const bool writes = (i == 0) != spread;
        Add(v, writes, Region::kViewWindow, v);
        if (writes && !spread) out_.back().atomic = roles_.atomic_type;
      }
      for (uint8_t t : roles_.tile_ins) out_.push_back({t, true, true, Region::kStorage, t, 0, t});
      break;
    }
    case AccessRule::kSignalSet:
    case AccessRule::kSignalRead:
      for (uint8_t v : roles_.view_ins) {
        Add(v, rule == AccessRule::kSignalSet, Region::kViewWindow, v);
        out_.back().atomic = OperandAccess::kAlwaysAtomic;
      }
      break;
    case AccessRule::kMatmul:
      Matmul(0, 1, false);
      break;
    case AccessRule::kMatmulAcc:
      Matmul(1, 2, true);
      break;
    case AccessRule::kMatmulMx:
      Matmul(0, 2, false);
      break;
    case AccessRule::kMatmulMxAcc:
      Matmul(1, 3, true);
      break;
    case AccessRule::kFill:
      Outputs(Region::kValidOrMat);
      break;
    case AccessRule::kGatherToL1:
      Outputs(Region::kStorage);
      for (size_t i = 0; i < roles_.view_ins.size(); ++i) {
        const uint8_t v = roles_.view_ins[i];
        Add(v, i == 2, Region::kViewWindow, v);
      }
      break;
    case AccessRule::kViewElement:
      for (uint8_t v : roles_.view_outs) Writes(v, Region::kViewElement, v, FirstInt());
      for (uint8_t v : roles_.view_ins) Reads(v, Region::kViewElement, v, FirstInt());
      break;
  }
  Scratch();
  return std::move(out_);
}

struct RowException {
  Opcode opcode;
  AccessRule rule;
};

constexpr RowException kRowExceptions[] = {
#define PTO_OP(...)
#define PTO_ACCESS(Name, Rule) {Opcode::k##Name, AccessRule::k##Rule},
#include "pto/common/isa/opcodes.def"
#undef PTO_ACCESS
#undef PTO_OP
};

// The descriptions ScopedAccessOverride puts in place, by opcode.
std::array<const std::vector<OperandAccess>*, kOpcodeCount> overrides{};

}  // namespace

ScopedAccessOverride::ScopedAccessOverride(Opcode op, std::vector<OperandAccess> accesses)
    : op_(op), accesses_(std::move(accesses)) {
  overrides[static_cast<int>(op_)] = &accesses_;
}

ScopedAccessOverride::~ScopedAccessOverride() { overrides[static_cast<int>(op_)] = nullptr; }

AccessRule AccessRuleOf(const OpInfo& info) {
  for (const RowException& e : kRowExceptions) {
    if (e.opcode == info.opcode) return e.rule;
  }
  return kFamilyRules[static_cast<int>(info.family)];
}

const std::vector<OperandAccess>& AccessesOf(Opcode op) {
  static const std::array<std::vector<OperandAccess>, kOpcodeCount>* table = [] {
    auto* t = new std::array<std::vector<OperandAccess>, kOpcodeCount>;
    for (int i = 0; i < kOpcodeCount; ++i) {
      const OpInfo& info = GetOpInfo(static_cast<Opcode>(i));
      (*t)[i] = Builder(info).Build(AccessRuleOf(info));
    }
    return t;
  }();
  if (const auto* replaced = overrides[static_cast<int>(op)]) return *replaced;
  return (*table)[static_cast<int>(op)];
}

const std::vector<OperandAccess>& AccessesOf(Opcode op, Arch arch) {
  using Table = std::array<std::vector<OperandAccess>, kOpcodeCount>;
  static const Table* idle_tmp_a5 = [] {
    auto* t = new Table;
    for (int i = 0; i < kOpcodeCount; ++i) {
      for (const OperandAccess& a : AccessesOf(static_cast<Opcode>(i))) {
        if (!a.scratch) (*t)[i].push_back(a);
      }
    }
    return t;
  }();
  static const Table* sources_written_a2a3 = [] {
    auto* t = new Table;
    for (int i = 0; i < kOpcodeCount; ++i) {
      const OpInfo& info = GetOpInfo(static_cast<Opcode>(i));
      for (OperandAccess a : AccessesOf(info.opcode)) {
        const bool first = a.operand == info.num_outputs;
        if (a.reads && !a.scratch &&
            ((info.flags & kFlagSourcesWrittenA2A3) ||
             (first && (info.flags & kFlagFirstSourceWrittenA2A3)))) {
          a.writes = true;
        }
        (*t)[i].push_back(a);
      }
    }
    return t;
  }();
  const uint32_t flags = GetOpInfo(op).flags;
  if (overrides[static_cast<int>(op)]) return AccessesOf(op);
  if (arch == Arch::kA5 && (flags & kFlagTmpIdleA5)) return (*idle_tmp_a5)[static_cast<int>(op)];
  if (arch == Arch::kA2A3 && (flags & (kFlagSourcesWrittenA2A3 | kFlagFirstSourceWrittenA2A3))) {
    return (*sources_written_a2a3)[static_cast<int>(op)];
  }
  return AccessesOf(op);
}

}  // namespace pto
