// Operand rules of data movement between memories and of the cube (matrix) instructions:
// which memory pairs each architecture connects, which element types the cube multiplies,
// and the static shape agreements.
#include <span>
#include <string>
#include <string_view>

#include "pto/common/isa/rule_checker.h"
#include "pto/common/strings.h"

namespace pto {

namespace {

// A memory-to-memory move the hardware has; a2a3 = false: a5 only.
struct DataPath {
  Memory from, to;
  bool a2a3;
};

// "" if \a paths connect \a a's memory to \a d's on \a arch, else why not (for \a op).
std::string DataPathProblem(std::span<const DataPath> paths, std::string_view op,
                            const TileType& a, const TileType& d, Arch arch) {
  const DataPath* path = nullptr;
  for (const DataPath& p : paths) {
    if (p.from == a.mem && p.to == d.mem) path = &p;
  }
  if (path && (arch != Arch::kA2A3 || path->a2a3)) return "";
  return StrCat(op, " cannot move a ", MemoryName(a.mem), " tile to ", MemoryName(d.mem), " on ",
                ArchName(arch), path ? " (that path exists on a5)" : " (no such data path)");
}

}  // namespace

void RuleChecker::RequireMemory(int i, std::initializer_list<Memory> allowed) {
  const TileType* t = Tile(i);
  if (!t) return;
  std::string names;
  for (Memory m : allowed) {
    if (m == t->mem) return;
    names += StrCat(names.empty() ? "" : " or ", MemoryName(m));
  }
  Fail(i, StrCat(info_.mnemonic, " needs a ", names, " tile here, got a ", MemoryName(t->mem),
                 " tile"));
}

void RuleChecker::RequireSameShape(int i, int j) {
  const TileType* a = Tile(i);
  const TileType* b = Tile(j);
  if (a && b && (a->rows != b->rows || a->cols != b->cols)) {
    Fail(j, StrCat(info_.mnemonic, " needs tiles of one shape, got ", a->rows, "x", a->cols,
                   " and ", b->rows, "x", b->cols));
  }
}

// TLOAD: global memory into UB (plain layouts) or L1 (plain or boxed, e.g. ND into NZ).
void RuleChecker::RequireMatmulShapes(int a, int b, int c) {
  const TileType *ta = Tile(a), *tb = Tile(b), *tc = Tile(c);
  if (!ta || !tb || !tc) return;
  // PTOAS v0.60 compares the tiles' logical shapes (the valid shape where it is static); the
  // storage shapes agreeing is enough too (an acc of a smaller valid region, as before).
  const bool storage_ok = ta->rows == tc->rows && ta->cols == tb->rows && tb->cols == tc->cols;
  const int32_t m = LogicalRowsOf(ta), k = LogicalColsOf(ta), k2 = LogicalRowsOf(tb);
  const int32_t n = LogicalColsOf(tb), m2 = LogicalRowsOf(tc), n2 = LogicalColsOf(tc);
  if (!storage_ok && (m != m2 || k != k2 || n != n2)) {
    Fail(c, StrCat(info_.mnemonic, " shapes do not agree: ", m, "x", k, " times ", k2, "x", n,
                   " into ", m2, "x", n2, " (valid shapes where static, else the tiles' shapes)"));
  }

}

void RuleChecker::CheckLoad() {
  RequireAllowedDType(0);
  // PTOAS v0.60's a5 tload checks no destination memory; its samples load the fixpipe's
  // per-channel parameters straight into a scaling tile, which we take too (not left, right,
  // acc or bias: no sample or pto-isa path loads those from GM).
  if (arch_ == Arch::kA5 && info_.opcode == Opcode::kTLoad) {
    RequireMemory(0, {Memory::kVec, Memory::kMat, Memory::kScaling});
  } else {
    RequireMemory(0, {Memory::kVec, Memory::kMat});
  }
  const TileType* t = Tile(0);
  // PTOAS v0.60: a5 loads a vec tile of the ND, DN or NZ layout; a2a3 checks no vec layout.
  const bool nz = t && t->blayout == BLayout::kColMajor && t->slayout == SLayout::kRowMajor;
  if (t && t->mem == Memory::kVec && arch_ == Arch::kA5 && !nz) RequirePlain(0);
  RequireViewElementSize(1, 0);
}

// TSTORE: from UB, L1 (a2a3 only) or L0C. From L0C the fixpipe converts: f32 to f32, f16 or
// bf16, i32 to i32, f32, f16 or bf16; with a pre-quant scalar to the narrow
// types of the architecture. ReLU and the pre-quant scalar are the fixpipe's, so L0C only. An
// atomic add is the GM's: it exists for f32, f16, bf16, i32, i16 and i8.
void RuleChecker::CheckStore() {
  const TileType* t = Tile(1);
  if (arch_ == Arch::kA2A3) {
    RequireMemory(1, {Memory::kVec, Memory::kMat, Memory::kAcc});
  } else {
    RequireMemory(1, {Memory::kVec, Memory::kAcc});
  }
  DType view_type = types_[0].dtype;
  if (!t || view_type == DType::kInvalid) return;
  const int quant = 2, atomic = AttrOperand("atomicType"), relu = AttrOperand("reluPreMode");
  const bool has_quant = static_cast<int>(types_.size()) > quant && types_[quant].present;
  CheckStoreAtomic(atomic, view_type);
  if (t->mem != Memory::kAcc) {
    if (has_quant) Fail(quant, "tstore takes a pre-quant scalar only from an acc tile");
    if (relu >= 0 && types_[relu].known_value && types_[relu].value != 0) {
      Fail(relu, "tstore applies reluPreMode only to an acc tile (the fixpipe's ReLU)");
    }
    RequireAllowedDType(1);
    // PTOAS v0.60: a static view holds exactly the tile's static valid elements (an empty valid
    // region is not checked).
    const int64_t view_elements = types_[0].view_elements;
    if (view_elements > 0 && t->valid_rows > 0 && t->valid_cols > 0 &&
        view_elements != int64_t{t->valid_rows} * t->valid_cols) {
      Fail(0, StrCat("tstore writes the tile's ", t->valid_rows, "x", t->valid_cols,
                     " valid elements, but the view holds ", view_elements));
    }
    // A 1-row tile of row-major boxes is its row (PTOAS stores 1xN ZZ exponent tiles so).
    const bool one_row = t->rows == 1 && t->slayout == SLayout::kRowMajor;
    if (t->mem == Memory::kVec && !one_row &&
        !(arch_ == Arch::kA5 && t->blayout == BLayout::kColMajor && t->slayout == SLayout::kRowMajor)) {
      RequirePlain(1);
    }
    RequireViewElementSize(0, 1);
    return;
  }
  if (relu >= 0 && types_[relu].known_value && types_[relu].value > 1) {
    Fail(relu, "tstore's reluPreMode is no_relu or normal_relu");
  }
  if (t->dtype != DType::kF32 && t->dtype != DType::kI32) {
    Fail(1, StrCat("tstore from acc reads f32 or i32, not ", DTypeName(t->dtype)));
    return;
  }
  const uint64_t allowed = has_quant ? AccQuantStoreTypes(t->dtype) : AccStoreTypes(t->dtype);
  if (!(allowed & Bit(view_type))) {
    Fail(0, StrCat("tstore from acc", has_quant ? " with a pre-quant scalar" : "", " writes ",
                   DTypeName(t->dtype), " as ", DTypeMaskNames(allowed), ", not ",
                   DTypeName(view_type), " on ", ArchName(arch_)));
  }
}

// What the fixpipe writes from an L0C of \a acc without a pre-quant scalar (PTOAS v0.60 takes
// i32 to the float types too: docs/semantics.md, "tstore").
uint64_t RuleChecker::AccStoreTypes(DType acc) const {
  const uint64_t floats = Bit(DType::kF32) | Bit(DType::kF16) | Bit(DType::kBF16);
  return acc == DType::kF32 ? floats : floats | Bit(DType::kI32);
}

// What the fixpipe writes from an L0C of \a acc scaled by a pre-quant scalar.
uint64_t RuleChecker::AccQuantStoreTypes(DType acc) const {
  const uint64_t i8 = Bit(DType::kI8) | Bit(DType::kU8);
  if (arch_ == Arch::kA2A3) return acc == DType::kI32 ? i8 | Bit(DType::kF16) : i8;
  const uint64_t halves = i8 | Bit(DType::kF16) | Bit(DType::kBF16);
  if (acc == DType::kI32) return halves;
  return halves | Bit(DType::kF32) | Bit(DType::kHiF8) | Bit(DType::kF8E4M3);
}

// The GM's atomic add (atomicType = atomic_add) exists for these element types only.
void RuleChecker::CheckStoreAtomic(int atomic, DType view_type) {
  if (atomic < 0 || !types_[atomic].known_value || types_[atomic].value == 0) return;
  const uint64_t allowed = Bit(DType::kF32) | Bit(DType::kF16) | Bit(DType::kBF16) |
                           Bit(DType::kI32) | Bit(DType::kI16) | Bit(DType::kI8);
  if (!(allowed & Bit(view_type))) {
    Fail(atomic, StrCat("an atomic add to global memory takes ", DTypeMaskNames(allowed), ", not ",
                        DTypeName(view_type)));
  }
}

// TMOV between the memory pairs each architecture connects (isa.md 2.6).
void RuleChecker::CheckMove() {
  if (info_.opcode == Opcode::kTMovZz) return CheckMoveToZz();  // mx_quant_rules.cc
  CheckAccControls();
  const TileType* d = Tile(0);
  const TileType* a = Tile(1);
  if (!d || !a) return;
  static const DataPath kPaths[] = {
      {Memory::kVec, Memory::kVec, true},    {Memory::kMat, Memory::kLeft, true},
      {Memory::kMat, Memory::kRight, true},  {Memory::kMat, Memory::kBias, true},
      {Memory::kMat, Memory::kScaling, true}, {Memory::kAcc, Memory::kMat, true},
      {Memory::kAcc, Memory::kVec, true},    {Memory::kVec, Memory::kMat, false},
  };  // PTOAS v0.60 takes acc to vec on a2a3 too
  if (std::string why = DataPathProblem(kPaths, "tmov", *a, *d, arch_); !why.empty()) {
    Fail(0, why);
    return;
  }
  if (a->mem == Memory::kAcc && types_[2].present) {  // a pre-quant scalar
    const uint64_t allowed = AccQuantStoreTypes(a->dtype);
    if (!(allowed & Bit(d->dtype))) {
      Fail(0, StrCat("tmov from acc with a pre-quant scalar writes ", DTypeName(a->dtype), " as ",
                     DTypeMaskNames(allowed), ", not ", DTypeName(d->dtype), " on ",
                     ArchName(arch_)));
    }
    return;
  }
  if (a->mem == Memory::kAcc) {
    // The fixpipe converts on the way out of L0C.
    bool ok = (a->dtype == DType::kF32 && (d->dtype == DType::kF32 || d->dtype == DType::kF16 ||
                                           d->dtype == DType::kBF16)) ||
              (a->dtype == DType::kI32 && d->dtype == DType::kI32);
    if (!ok) {
      Fail(0, StrCat("tmov from acc converts ", DTypeName(a->dtype), " to ",
                     a->dtype == DType::kF32 ? "f32, f16 or bf16" : "i32", ", not ",
                     DTypeName(d->dtype)));
    }
    return;
  }
  // Any layout pair converts (e.g. an ND UB tile into NZ before it is pushed to the cube).
  RequireAllowedDType(0);
  RequireSameDType(0, 1);
  RequireSameShape(0, 1);
}

// TMATMUL / TGEMV and their .acc / .bias forms: a in L0A, b in L0B, c in L0C;
// (i8, i8) -> i32, (f16|bf16|f32) -> f32.
void RuleChecker::CheckMatmul() {
  const std::string_view m = info_.mnemonic;
  const bool acc = info_.flags & kFlagMatmulAcc;
  const bool bias = info_.flags & kFlagMatmulBias;
  if (info_.flags & kFlagMatmulMx) return CheckMatmulMx(acc, bias);
  const int c = 0, a = acc ? 2 : 1, b = acc ? 3 : 2;
  RequireMemory(c, {Memory::kAcc});
  RequireMemory(a, {Memory::kLeft});
  RequireMemory(b, {Memory::kRight});
  RequireAllowedDType(a);
  const TileType* tc = Tile(c);
  const TileType* ta = Tile(a);
  const TileType* tb = Tile(b);
  // a5 multiplies any pair of the fp8 formats (e4m3 x e5m2 too, PTOAS v0.60 and pto-isa).
  auto fp8 = [](const TileType* t) {
    return t && (t->dtype == DType::kF8E4M3 || t->dtype == DType::kF8E5M2);
  };
  if (!(fp8(ta) && fp8(tb))) RequireSameDType(a, b);
  if (acc) {
    RequireMemory(1, {Memory::kAcc});
    RequireSameDType(c, 1);
  }
  if (!tc || !ta || !tb) return;
  // tgemv computes one row: PTOAS v0.60 wants a and c of one valid row.
  if (info_.flags & kFlagMatmulGemv) {
    for (int i : {a, c}) {
      const TileType* t = Tile(i);
      if (t->valid_rows != kDynamic && t->valid_rows != 1) {
        Fail(i, StrCat(m, " computes one row: its ", i == c ? "destination" : "left tile",
                       " needs 1 valid row, got ", t->valid_rows));
      }
    }
  }
  DType want = ta->dtype == DType::kI8 ? DType::kI32 : DType::kF32;
  if (tc->dtype != want) {
    Fail(c, StrCat(m, " of ", DTypeName(ta->dtype), " accumulates in ", DTypeName(want),
                   ", but the acc tile holds ", DTypeName(tc->dtype)));
  }
  RequireMatmulShapes(a, b, c);
  if (bias) {
    RequireMemory(3, {Memory::kBias});
    const TileType* tbias = Tile(3);
    if (tbias && (tbias->dtype != tc->dtype || tbias->rows != 1 || tbias->cols != tc->cols)) {
      Fail(3, StrCat("the bias must be a 1x", tc->cols, " ", DTypeName(tc->dtype), " row, got ",
                     tbias->ToString()));
    }
  }
}

// textract/tinsert between vec tiles (PTOAS v0.60): 8-bit integers and the float types (tinsert
// on a5 also 32-bit integers); on a5 both tiles ND (tinsert: or both NZ).
void RuleChecker::CheckVecToVec(bool insert, const TileType& d) {
  const TileType& a = *Tile(1);
  const int size = DTypeSize(d.dtype);
  const bool fp8 = d.dtype == DType::kF8E4M3 || d.dtype == DType::kF8E5M2 ||
                   d.dtype == DType::kHiF8 || d.dtype == DType::kF4E2M1X2 ||
                   d.dtype == DType::kF4E1M2X2;
  bool type_ok = d.dtype == DType::kF16 || d.dtype == DType::kBF16 || d.dtype == DType::kF32 ||
                 (!IsFloat(d.dtype) && size == 1);
  if (arch_ == Arch::kA5) type_ok |= fp8 || (insert && !IsFloat(d.dtype) && size == 4);
  if (!type_ok) {
    Fail(0, StrCat(info_.mnemonic, " from vec to vec moves 8-bit integers, f16, bf16, f32",
                   arch_ == Arch::kA5 ? ", fp8" : "",
                   arch_ == Arch::kA5 && insert ? ", 32-bit integers" : "", " on ",
                   ArchName(arch_), ", not ", DTypeName(d.dtype)));
  }
  if (arch_ != Arch::kA5) return;
  const bool nd = a.Plain() && a.row_major() && d.Plain() && d.row_major();
  auto is_nz = [](const TileType& t) {
    return t.blayout == BLayout::kColMajor && t.slayout == SLayout::kRowMajor;
  };
  if (!nd && !(insert && is_nz(a) && is_nz(d))) {
    Fail(0, StrCat(info_.mnemonic, " from vec to vec on a5 needs both tiles ND",
                   insert ? " or both NZ" : "", ", got ", a.LayoutName(), " to ",
                   d.LayoutName()));
  }
}

// TEXTRACT takes a window of an L1 tile into L0A/L0B (a5: also UB into L1); TINSERT writes a
// tile into a window of an L1 tile (from L0C, or from UB on a5). Both also move UB to UB
// (PTOAS v0.60, both architectures).
void RuleChecker::CheckExtractInsert(bool insert) {
  CheckAccControls();
  RequireAllowedDType(0);
  const TileType* d = Tile(0);
  const TileType* a = Tile(1);
  if (!d || !a) return;
  // PTOAS v0.60's pairs: textract also from vec and acc, tinsert also vec to vec (and mat).
  static const DataPath kExtract[] = {
      {Memory::kMat, Memory::kLeft, true},    {Memory::kMat, Memory::kRight, true},
      {Memory::kAcc, Memory::kMat, true},     {Memory::kVec, Memory::kVec, true},
      {Memory::kMat, Memory::kScaling, false}, {Memory::kVec, Memory::kMat, false},
      {Memory::kAcc, Memory::kVec, false}};
  static const DataPath kInsert[] = {{Memory::kAcc, Memory::kMat, true},
                                     {Memory::kVec, Memory::kVec, true},
                                     {Memory::kAcc, Memory::kVec, false},
                                     {Memory::kVec, Memory::kMat, false}};
  const std::span<const DataPath> paths = insert ? std::span<const DataPath>(kInsert)
                                                 : std::span<const DataPath>(kExtract);
  if (std::string why = DataPathProblem(paths, info_.mnemonic, *a, *d, arch_); !why.empty()) {
    Fail(1, why);
    return;
  }
  if (a->mem != Memory::kAcc) {
    RequireSameDType(0, 1);
    if (a->mem == Memory::kVec && d->mem == Memory::kVec) {
      CheckVecToVec(insert, *d);
    }
    return;
  }
  // Out of L0C the fixpipe converts: f32 to f32, f16 or bf16, i32 to i32; with a pre-quant
  // scalar (operand 4) or the fp forms, the quantised types.
  const bool quant = IsFixpipeQuant() || (info_.num_operands() > 4 && types_[4].present);
  // PTOAS v0.60: a2a3 moves an f32 L0C only as f16 or bf16 without quantising.
  const uint64_t halves = Bit(DType::kF16) | Bit(DType::kBF16);
  const uint64_t cast = arch_ == Arch::kA2A3
                            ? (a->dtype == DType::kF32 ? halves : 0)
                            : (a->dtype == DType::kF32 ? Bit(DType::kF32) | halves
                                                       : Bit(DType::kI32));
  const uint64_t allowed = quant ? AccQuantStoreTypes(a->dtype) : cast;
  if (!(allowed & Bit(d->dtype))) {
    Fail(0, StrCat(info_.mnemonic, " from acc", quant ? " with a pre-quant scalar" : "",
                   " converts ", DTypeName(a->dtype), " on ", ArchName(arch_), " to ",
                   allowed ? "one of: " + DTypeMaskNames(allowed) : std::string("nothing"),
                   "; not to ", DTypeName(d->dtype)));
  }
}

// The fixpipe's controls of a move, extract or insert (PTOAS v0.60): reluPreMode and a
// pre-quant scalar need an acc source; accToVecMode an A5 acc-to-vec move, with one target
// vector core when it quantises; tinsertMode an A5 insert of a vec NZ tile into mat.
void RuleChecker::CheckAccControls() {
  const TileType* d = Tile(0);
  const TileType* a = Tile(1);
  if (!d || !a) return;
  const bool from_acc = a->mem == Memory::kAcc;
  auto value = [&](int i) { return i >= 0 && types_[i].known_value ? types_[i].value : 0.0; };
  const int relu = AttrOperand("reluPreMode"), mode = AttrOperand("accToVecMode");
  const int split = AttrOperand("tinsertMode");
  int pre = -1;
  for (int i = 0; i < info_.num_operands(); ++i) {
    if (info_.operands[i].kind == OperandKind::kInt && info_.operands[i].optional) pre = i;
  }
  const bool has_pre = pre >= 0 && types_[pre].present;
  if (value(relu) != 0 && !from_acc) Fail(relu, "reluPreMode needs an acc source");
  if (value(relu) > 1 && from_acc) {
    Fail(relu, "only reluPreMode = no_relu and normal_relu are modelled (the other modes' slopes "
               "come from fixpipe registers no tile instruction sets)");
  }
  if (has_pre && !from_acc) Fail(pre, "a pre-quant scalar needs an acc source");
  if (value(mode) != 0) {
    const bool a5_only = info_.family != Family::kMove;  // PTOAS: tmov's exists on a2a3 too
    if ((a5_only && arch_ != Arch::kA5) || !from_acc || d->mem != Memory::kVec) {
      Fail(mode, StrCat("accToVecMode belongs to an acc-to-vec move", a5_only ? " (a5)" : ""));
    } else if ((has_pre || IsFixpipeQuant()) && value(mode) > 2) {
      Fail(mode, "a quantising acc-to-vec move writes one vector core's UB: single_mode_vec0 "
                 "or single_mode_vec1");
    }
  }
  // An acc tile the fixpipe reads through its controls, or windows of, is NZ (PTOAS v0.60).
  const bool window = info_.family == Family::kExtract || info_.family == Family::kInsert;
  if (from_acc && (window || IsFixpipeQuant() || value(relu) != 0) &&
      (a->row_major() || a->slayout != SLayout::kRowMajor)) {
    Fail(1, StrCat(info_.mnemonic, " reads an NZ acc tile (blayout=col_major, "
                   "slayout=row_major) here, got ", a->LayoutName()));
  }
  if (value(split) != 0) {
    if (arch_ != Arch::kA5 || a->mem != Memory::kVec || d->mem != Memory::kMat) {
      Fail(split, "tinsertMode belongs to an a5 insert of a vec tile into mat");
    } else if (a->row_major() || a->slayout != SLayout::kRowMajor) {
      Fail(split, StrCat("tinsertMode splits an NZ source, got ", a->LayoutName()));
    }
  }
}

// TTRANS: d[j,i] = a[i,j] between plain UB tiles of one element size.
void RuleChecker::CheckTranspose() {
  RequireAllowedDType(0);
  RequireVec(0);
  RequireVec(1);
  RequirePlain(0);
  RequirePlain(1);
  RequireSameElementSize(0, 1);
}

// The cube side of a pipe holds its tiles in mat or acc, the vector side in vec; the fixpipe's
// vector quantisation parameters are a scaling tile of 64-bit words (a2a3: i64/ui64; a5: PTOAS
// writes them as an f16, bf16 or f32 tile).
void RuleChecker::CheckPipe() {
  if (info_.num_operands() == 0 || info_.operands[0].kind != OperandKind::kTile) return;
  switch (info_.opcode) {
    case Opcode::kTPushToAiv:
    case Opcode::kTPopFromAiv:
      RequireMemory(0, {Memory::kMat, Memory::kAcc});
      break;
    case Opcode::kSetQuantVector:
      RequireMemory(0, {Memory::kScaling});
      RequireAllowedDType(0);
      break;
    default:
      RequireMemory(0, {Memory::kVec});
      break;
  }
}

}  // namespace pto
