#include "pto/interp/observe/cost_model.h"

#include <algorithm>
#include <cmath>
#include <string_view>
#include <vector>

#include "pto/common/isa/attributes.h"
#include "pto/common/isa/cost_table.h"
#include "pto/common/isa/operand_kinds.h"
#include "pto/common/isa/pipes.h"
#include "pto/common/isa/repeat_operands.h"
#include "pto/common/isa/roles.h"
#include "pto/interp/observe/tile_path.h"
#include "pto/interp/observe/vector_sequence.h"
#include "pto/interp/vm/executor.h"

namespace pto::interp::observe {

namespace {

uint64_t Bytes(const Access& a) { return uint64_t{a.count} * (a.end - a.begin); }

uint32_t Cycles(double c) { return static_cast<uint32_t>(std::min(std::llround(c), 0xffffffffLL)); }

cost::Place PlaceOf(const Access& a) { return {a.place.global, a.place.mem}; }

// Whether operand \a i of \a step was given and is a register of class \a rc.
bool HasRegister(const Step& step, const OpInfo& info, int i, RegClass rc) {
  return i >= 0 && i < info.num_operands() && step.in->operands[i] != kNoOperand &&
         GetKindInfo(info.operands[i].kind).reg_class == rc;
}

// The value of immediate attribute \a attr of \a step, or \a absent.
uint32_t ImmValue(const Step& step, const OpInfo& info, std::string_view attr, uint32_t absent) {
  const int i = info.ImmOperand(attr);
  return i < 0 ? absent : step.in->operands[i];
}

// How many DMA transfers a move through a global view takes: one per index of the view's
// dimensions before its last two (a2a3 TLoad.hpp:123-132: a copy per (gShape0, gShape1,
// gShape2) of a 5-D view, each of the inner two dimensions' bursts); 1 without a view.
uint64_t Transfers(const Step& step, const OpInfo& info) {
  for (int i = 0; i < info.num_operands(); ++i) {
    if (!HasRegister(step, info, i, RegClass::kView)) continue;
    const ViewState& view = step.ex->view(step.in->operands[i]);
    uint64_t transfers = 1;
    for (int d = 0; d + 2 < view.rank; ++d) transfers *= static_cast<uint64_t>(std::max<int64_t>(1, view.shape[d]));
    return transfers;
  }
  return 1;
}

// Data movement: the bytes written, at the bandwidth from the first place read to the first
// written (a load with no source read, such as a fill of L1, moves within its memory), each
// transfer at the bandwidth of its own size (the fitted curve of GM -> UB).
uint32_t MoveCycles(const Step& step, const OpInfo& info) {
  uint64_t written = 0;
  const Access* from = nullptr;
  const Access* to = nullptr;
  for (const Access& a : step.accesses) {
    if (a.write) {
      written += Bytes(a);
      if (!to) to = &a;
    } else if (!from) {
      from = &a;
    }
  }
  if (!to) return cost::kScalarCycles;
  const uint64_t transfers = std::min<uint64_t>(Transfers(step, info), std::max<uint64_t>(1, written));
  const uint64_t each = written / transfers;
  const double per_cycle = cost::BytesPerCycle(PlaceOf(from ? *from : *to), PlaceOf(*to), each);
  return Cycles(std::ceil(static_cast<double>(written) / per_cycle));
}

cost::ElemClass ClassOf(DType t) {
  const bool narrow = DTypeSize(t) <= 2;
  if (!IsFloat(t)) return narrow ? cost::ElemClass::kNarrowInt : cost::ElemClass::kInt;
  return narrow ? cost::ElemClass::kHalf : cost::ElemClass::kFloat;
}

// The element type a vector instruction is charged by: a repeat-layer instruction's
// elem_type, or its first tile operand's (f32 when it has none).
DType ElementType(const Step& step, const OpInfo& info) {
  const RepeatOperands ro = RepeatOperandsOf(info.family);
  if (ro.pointers > 0) return static_cast<DType>(step.in->operands[ro.elem_type]);
  for (int i = 0; i < info.num_operands(); ++i) {
    if (HasRegister(step, info, i, RegClass::kTile)) {
      return step.function->tiles[step.in->operands[i]].type.dtype;
    }
  }
  return DType::kF32;
}

// The 256-byte repeats of one access record: each of its count runs rounded up to whole
// repeats, as the NPU runs a row of a valid region narrower than its tile as a repeat of its
// own (pto-isa a2a3/TBinOp.hpp: one repeat per row under a mask of the valid columns).
uint64_t RecordRepeats(const Access& a) {
  const auto repeat = static_cast<uint64_t>(cost::kRepeatBytes);
  return uint64_t{a.count} * ((a.end - a.begin + repeat - 1) / repeat);
}

// What one operand of a step touched: its access records (those of one tile, or one place,
// in one direction; a valid region narrower than its tile is a record a row), measured and
// summed.
struct OperandTotal {
  const Access* first;
  uint64_t total;
};

template <typename Measure>
std::vector<OperandTotal> OperandTotals(const Step& step, Measure measure) {
  std::vector<OperandTotal> operands;  // an instruction has a handful: a linear search
  for (const Access& a : step.accesses) {
    auto same = [&](const OperandTotal& o) {
      return o.first->tile == a.tile && o.first->write == a.write && o.first->place == a.place;
    };
    auto it = std::find_if(operands.begin(), operands.end(), same);
    if (it == operands.end()) it = operands.insert(operands.end(), {&a, 0});
    it->total += measure(a);
  }
  return operands;
}

// A vector instruction's repeats: a repeat-layer instruction's repeat operand (in counter
// mode, and for tile instructions, the most any one operand takes: the repeats of its access
// records, one record per row of a valid region or one for a whole contiguous tile, summed).
uint64_t Repeats(const Step& step, const OpInfo& info) {
  const RepeatOperands ro = RepeatOperandsOf(info.family);
  if (ro.pointers > 0 &&
      static_cast<MaskForm>(step.in->operands[ro.mask_form]) != MaskForm::kCounter) {
    return static_cast<uint64_t>(std::max<int64_t>(0, step.ex->scalar(step.in->operands[ro.repeat]).i));
  }
  uint64_t most = 1;
  for (const OperandTotal& o : OperandTotals(step, RecordRepeats)) most = std::max(most, o.total);
  return most;
}

// Whether \a step writes where its first read begins (a tile operated on in place).
bool InPlace(const Step& step) {
  const Access* read = nullptr;
  const Access* write = nullptr;
  for (const Access& a : step.accesses) {
    if (a.write && !write) write = &a;
    if (!a.write && !read) read = &a;
  }
  return read && write && read->place == write->place && read->begin == write->begin;
}

// The repeats of a tile instruction whose costs.def row names its a2a3 dispatch path, and its
// instructions under a partial mask; false (Repeats() instead) when it has none, or a tile operand
// that is not row-major (the paths assume row-major tiles).
bool PathRepeatsOf(const Step& step, const OpInfo& info, PathRepeats* out) {
  const cost::TilePath path = cost::TilePathOf(info.opcode);
  if (path == cost::TilePath::kNone || !HasRegister(step, info, 0, RegClass::kTile)) return false;
  const TileType& dst = step.function->tiles[step.in->operands[0]].type;
  TileGeometry g{dst.rows, dst.cols, std::max(1, DTypeSize(dst.dtype)), true, true, true};
  for (int i = 0; i < info.num_operands(); ++i) {
    if (!HasRegister(step, info, i, RegClass::kTile)) continue;
    const TileType& t = step.function->tiles[step.in->operands[i]].type;
    if (!t.row_major()) return false;
    g.static_whole = g.static_whole && t.valid_cols != kDynamic && t.valid_cols == t.cols;
    g.one_row = g.one_row && t.rows == 1;
    g.same_shape = g.same_shape && t.rows == dst.rows && t.cols == dst.cols;
  }
  const TileState& s = step.ex->tile(step.in->operands[0]);
  *out = TilePathRepeats(path, g, s.valid_rows, s.valid_cols);
  return true;
}

// The attributes of the sorts and gathers a shape asks after: tmrgsort's exhausted, a mask
// pattern's axis and whether it is P1111.
void SortAndGatherInput(const Step& step, const OpInfo& info, SequenceShapeInput* in) {
  in->exhausted = ImmValue(step, info, "exhausted", 0) != 0;
  in->column_axis = ImmValue(step, info, "axis", 0) == static_cast<uint32_t>(MaskAxis::kCol);
  in->whole_pattern =
      ImmValue(step, info, "maskPattern", 0) == static_cast<uint32_t>(MaskPattern::kP1111);
}

// A partial op's (tpart*, tpartarg*) two sources: the valid region of the one smaller than
// the destination (the second's when neither is), the tiles' widths, and an arg op's index
// size.
void PartialOperands(const Step& step, const OpInfo& info, SequenceShapeInput* in) {
  const int a = info.num_outputs, b = a + 1;
  if (!HasRegister(step, info, 0, RegClass::kTile) ||
      !HasRegister(step, info, a, RegClass::kTile) ||
      !HasRegister(step, info, b, RegClass::kTile)) {
    return;
  }
  const TileState& d = step.ex->tile(step.in->operands[0]);
  const TileState& sa = step.ex->tile(step.in->operands[a]);
  const bool a_whole = sa.valid_rows == d.valid_rows && sa.valid_cols == d.valid_cols;
  const TileState& part = a_whole ? step.ex->tile(step.in->operands[b]) : sa;
  in->part_rows = part.valid_rows, in->part_cols = part.valid_cols;
  const int64_t width = step.function->tiles[step.in->operands[0]].type.cols;
  for (int i : {a, b}) {
    in->same_width =
        in->same_width && step.function->tiles[step.in->operands[i]].type.cols == width;
  }
  if (info.num_outputs > 1 && HasRegister(step, info, 1, RegClass::kTile)) {
    in->index_bytes = std::max(1, DTypeSize(step.function->tiles[step.in->operands[1]].type.dtype));
  }
}

// The tile a sequence runs over (its destination's or its first source's, as its shape says):
// its valid region, declared shape and element size and class; and the destination's size.
void TileInput(const Step& step, const OpInfo& info, const cost::VectorSequence& seq,
               SequenceShapeInput* in) {
  const int tile = cost::OverDestination(seq.shape) ? 0 : info.num_outputs;
  if (HasRegister(step, info, tile, RegClass::kTile)) {
    const uint32_t v = step.in->operands[tile];
    const TileState& s = step.ex->tile(v);
    in->rows = s.valid_rows, in->cols = s.valid_cols;
    const TileType& t = step.function->tiles[v].type;
    in->elem_bytes = std::max(1, DTypeSize(t.dtype));
    in->tile_rows = t.rows, in->tile_cols = t.cols;
    in->over_class = ClassOf(t.dtype);
  }
  if (HasRegister(step, info, 0, RegClass::kTile)) {
    const TileType& d = step.function->tiles[step.in->operands[0]].type;
    in->dst_bytes = static_cast<uint64_t>(std::max(0, d.rows)) * std::max(0, d.cols) *
                    std::max(1, DTypeSize(d.dtype));
    in->dst_tile_cols = static_cast<uint64_t>(std::max(0, d.StorageCols()));
    in->dst_rows =
        static_cast<uint64_t>(std::max(0, step.ex->tile(step.in->operands[0]).valid_rows));
    in->pads_differ = HasRegister(step, info, info.num_outputs, RegClass::kTile) &&
                      step.function->tiles[step.in->operands[info.num_outputs]].type.pad != d.pad;
  }
}

// The second source (a row expand's column-major operand, tconcat's width) and whether the
// optional tmp tile was given: the last register, after the sources and before any trailing
// immediate attribute (tci's descending).
void OperandInput(const Step& step, const OpInfo& info, SequenceShapeInput* in) {
  const int second = info.num_outputs + 1;
  if (HasRegister(step, info, second, RegClass::kTile)) {
    const uint32_t v = step.in->operands[second];
    in->column_major_operand = !step.function->tiles[v].type.row_major();
    in->second_cols = static_cast<uint64_t>(std::max(0, step.ex->tile(v).valid_cols));
  }
  int last = info.num_operands() - 1;
  while (last >= second && GetKindInfo(info.operands[last].kind).reg_class == RegClass::kNone) {
    --last;
  }
  in->has_tmp = last >= second && HasRegister(step, info, last, RegClass::kTile);
  for (int i = info.num_outputs; i < info.num_operands(); ++i) {
    if (!HasRegister(step, info, i, RegClass::kScalar)) continue;
    in->first_scalar = step.ex->scalar(step.in->operands[i]).i;
    break;
  }
}

// What a multi-instruction sequence runs over: its tile, its repeats and element class, and
// the operands and attributes a shape asks after.
SequenceShapeInput SequenceInput(const Step& step, const OpInfo& info,
                                 const cost::VectorSequence& seq, cost::ElemClass elem_class) {
  SequenceShapeInput in;
  TileInput(step, info, seq, &in);
  OperandInput(step, info, &in);
  SortAndGatherInput(step, info, &in);
  if (info.family == Family::kPartial || info.family == Family::kPartialArg) {
    PartialOperands(step, info, &in);
  }
  in.binary = ImmValue(step, info, "isBinary", 0) != 0;
  in.not_equal = ImmValue(step, info, "cmpMode", kNoOperand) == static_cast<uint32_t>(CmpMode::kNe);
  in.upper = ImmValue(step, info, "upperOrLower", 0) != 0;
  in.descending = ImmValue(step, info, "descending", 0) != 0;
  PathRepeats path;
  in.repeats = PathRepeatsOf(step, info, &path) ? path.repeats : Repeats(step, info);
  in.row_count_mode = path.row_count_mode;
  in.elem_class = elem_class;
  in.in_place = InPlace(step);
  return in;
}

// An A5 tile instruction by pto-isa's fitted curve: one loop over the valid region when it is
// one row or as wide as its tile, else a loop per row (vf_costmodel.hpp, ResolveShapePath).
void A5FormulaCost(const Step& step, const OpInfo& info, const cost::A5TileFormula& f,
                   StepCost* c) {
  if (!HasRegister(step, info, 0, RegClass::kTile)) return;
  const uint32_t v = step.in->operands[0];
  const TileType& t = step.function->tiles[v].type;
  const TileState& s = step.ex->tile(v);
  const uint64_t rows = s.valid_rows, cols = s.valid_cols;
  const uint64_t per_repeat = std::max<uint64_t>(
      1, static_cast<uint64_t>(cost::kRepeatBytes) / std::max(1, DTypeSize(t.dtype)));
  auto repeats = [&](uint64_t n) { return static_cast<double>((n + per_repeat - 1) / per_repeat); };
  if (rows == 1 || static_cast<int64_t>(cols) == t.cols) {
    c->head = Cycles(f.fixed);
    c->body = Cycles(f.slope * repeats(rows * cols));
  } else {
    c->head = Cycles(std::max(0.0, f.row_fixed));
    c->body = Cycles(
        std::max(0.0, (f.row_slope * repeats(cols) + f.row_step) * static_cast<double>(rows)));
  }
  c->tail = 0;
}

void VectorCost(const Step& step, const OpInfo& info, StepCost* c) {
  if (step.plan->register_layer) {  // a VPTO micro-instruction: one issue, gathers slower
    const bool gather = info.family == Family::kVecGather;
    c->body = Cycles(gather ? cost::kGatherCycles : cost::kMicroCycles);
    return;
  }
  const cost::ElemClass elem_class = ClassOf(ElementType(step, info));
  const Arch arch = step.ex->program().arch;
  if (const cost::A5TileFormula* f =
          arch == Arch::kA5 ? cost::A5TileFormulaOf(info.opcode, elem_class) : nullptr) {
    A5FormulaCost(step, info, *f, c);
    return;
  }
  const cost::VectorSequence* seq = cost::VectorSequenceOf(info.opcode, arch);
  if (seq) {
    if (const cost::VectorProfile* p = cost::SequenceProfileOf(info.opcode, elem_class)) {
      SequenceCost(*seq, *p, SequenceInput(step, info, *seq, elem_class), c);
      return;
    }
  }
  PathRepeats path;
  if (!PathRepeatsOf(step, info, &path)) path.repeats = Repeats(step, info);
  double head = cost::kDefaultHead, slope = cost::kDefaultSlope, tail = 0, floor = 0;
  if (const cost::VectorProfile* p = cost::VectorProfileOf(info.opcode, elem_class)) {
    head = p->head, slope = p->slope, tail = p->tail;
    if (p->count_mode_floor) floor = cost::kCountModeFloor;
  }
  c->head = Cycles(std::max(0.0, head));
  c->body = Cycles(slope * static_cast<double>(path.repeats) +
                   floor * static_cast<double>(path.masked_instructions));
  c->tail = Cycles(tail);
}

// A matmul's m x k x n: the valid rows and columns of its left tile (m x k) and right tile
// (k x n) as they ran; false when it names no such tiles (the register layer's mad).
bool MatmulShape(const Step& step, const OpInfo& info, double* m, double* k, double* n,
                 int* elem) {
  bool left = false, right = false;
  for (int i = info.num_outputs; i < info.num_operands(); ++i) {
    if (!HasRegister(step, info, i, RegClass::kTile)) continue;
    const uint32_t v = step.in->operands[i];
    const TileType& t = step.function->tiles[v].type;
    const TileState& s = step.ex->tile(v);
    if (t.mem == Memory::kLeft && !left) {
      *m = s.valid_rows, *k = s.valid_cols, *elem = std::max(1, DTypeSize(t.dtype));
      left = true;
    } else if (t.mem == Memory::kRight && !right) {
      *n = s.valid_cols;
      right = true;
    }
  }
  return left && right && *m > 0 && *k > 0 && *n > 0;
}

// A matmul: its 16 x k0 x 16 fractals (k0 = 32 bytes of input), m, k and n each rounded up to
// whole fractals (pto-isa formula_backend_compute.hpp, TryEstimateMadCycles). Without tiles,
// m x k x n is found from the bytes of L0A, L0B and L0C (4-byte elements) it touched, each
// operand's records summed.
void CubeCost(const Step& step, const OpInfo& info, StepCost* c) {
  double m = 0, k = 0, n = 0;
  int elem = 2;
  if (!MatmulShape(step, info, &m, &k, &n, &elem)) {
    double left = 0, right = 0, acc = 0;
    for (const OperandTotal& o : OperandTotals(step, Bytes)) {
      const Access& a = *o.first;
      if (a.place.global) continue;
      const double b = static_cast<double>(o.total);
      if (a.place.mem == Memory::kLeft) left = std::max(left, b), elem = std::max(1, a.elem_bytes);
      if (a.place.mem == Memory::kRight) right = std::max(right, b);
      if (a.place.mem == Memory::kAcc) acc = std::max(acc, b);
    }
    const double mk = left / elem, kn = right / elem, mn = acc / 4;
    if (mk > 0 && kn > 0 && mn > 0) {
      k = std::sqrt(mk * kn / mn);
      m = mk / k, n = kn / k;
    }
  }
  double fractals = 1;
  if (m > 0 && k > 0 && n > 0) {
    const double k0 = 32.0 / elem;
    auto tiles = [](double x, double size) { return std::ceil(x / size - 1e-9); };
    fractals = std::max(1.0, tiles(m, 16) * tiles(k, k0) * tiles(n, 16));
  }
  const double slope = elem >= 4 ? cost::kCubeSlopeFloat : cost::kCubeSlopeHalf;
  c->head = Cycles(cost::kCubeHead);
  c->body = Cycles(slope * fractals);
}

// A cube-vector pipe's push or pop: a signal from the pushing core to the popping one, keyed
// by the pipe's id and direction (negative, apart from sync.set's ids).
void PipeSignal(const Step& step, const OpInfo& info, StepCost* c) {
  using Kind = check::FlagEvent::Kind;
  const Opcode op = info.opcode;
  const Role role = RoleOf(op);
  const bool push = role == Role::kPushToVector || role == Role::kPushToCube;
  const bool pop = role == Role::kPopFromCube || role == Role::kPopFromVector;
  if (!push && !pop) return;
  const uint32_t id = ImmValue(step, info, "id", 0);
  const bool to_vector = role == Role::kPushToVector || role == Role::kPopFromCube;
  c->sync.kind = push ? Kind::kCrossSet : Kind::kCrossWait;
  c->sync.src = c->sync.dst = c->pipe;
  c->sync.id = -1 - (2 * static_cast<int64_t>(id) + (to_vector ? 0 : 1));
}

}  // namespace

StepCost CostOf(const Step& step, bool in_vector_scope) {
  const OpInfo& info = GetOpInfo(step.in->op);
  StepCost c;
  c.pipe = static_cast<int8_t>(std::max<int>(0, step.plan->pipe));
  c.ordered = step.plan->ordered;
  if (info.family == Family::kSync) {
    c.sync = check::DecodeFlagEvent(*step.ex, *step.in);
    c.body = Cycles(cost::kFlagCycles);
    if (c.sync.kind == check::FlagEvent::Kind::kBarrier) c.body = 0;  // drain: the schedule's
    return c;
  }
  if (in_vector_scope) c.pipe = static_cast<int8_t>(PipeIndex(static_cast<uint32_t>(Pipe::kV)));
  switch (kPipes[c.pipe]) {
    case Pipe::kS:
      c.body = Cycles(cost::kScalarCycles);
      break;
    case Pipe::kV:
      if (in_vector_scope && step.plan->pipe != c.pipe) {
        c.body = Cycles(cost::kMicroCycles);  // the vector function's scalar instructions
      } else {
        VectorCost(step, info, &c);
      }
      break;
    case Pipe::kM:
      CubeCost(step, info, &c);
      break;
    default:
      c.body = MoveCycles(step, info);
      break;
  }
  if (info.is_pipe()) PipeSignal(step, info, &c);
  return c;
}

}  // namespace pto::interp::observe
