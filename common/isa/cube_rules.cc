// Operand rules of data movement between memories and of the cube (matrix) instructions:
// which memory pairs each architecture connects, which element types the cube multiplies,
// and the static shape agreements.
#include "pto/common/isa/rule_checker.h"
#include "pto/common/strings.h"

namespace pto {

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
void RuleChecker::CheckLoad() {
  RequireAllowedDType(0);
  RequireMemory(0, {Memory::kVec, Memory::kMat});
  const TileType* t = Tile(0);
  if (t && t->mem == Memory::kVec) RequirePlain(0);
  RequireViewElementSize(1, 0);
}

// TSTORE: from UB, L1 (a2a3 only) or L0C; an L0C store may narrow f32 to f16 or bf16.
void RuleChecker::CheckStore() {
  const TileType* t = Tile(1);
  if (arch_ == Arch::kA2A3) {
    RequireMemory(1, {Memory::kVec, Memory::kMat, Memory::kAcc});
  } else {
    RequireMemory(1, {Memory::kVec, Memory::kAcc});
  }
  DType view_type = types_[0].dtype;
  if (!t || view_type == DType::kInvalid) return;
  if (t->mem == Memory::kAcc) {
    bool ok = (t->dtype == DType::kF32 && (view_type == DType::kF32 || view_type == DType::kF16 ||
                                           view_type == DType::kBF16)) ||
              (t->dtype == DType::kI32 && view_type == DType::kI32);
    if (!ok) {
      Fail(0, StrCat("tstore from acc writes ", DTypeName(t->dtype), " as ",
                     t->dtype == DType::kF32 ? "f32, f16 or bf16" : "i32", ", not ",
                     DTypeName(view_type)));
    }
    return;
  }
  RequireAllowedDType(1);
  if (t->mem == Memory::kVec) RequirePlain(1);
  RequireViewElementSize(0, 1);
}

// TMOV between the memory pairs each architecture connects (isa.md 2.6).
void RuleChecker::CheckMove() {
  const TileType* d = Tile(0);
  const TileType* a = Tile(1);
  if (!d || !a) return;
  struct Path {
    Memory from, to;
    bool a2a3;
  };
  static const Path kPaths[] = {
      {Memory::kVec, Memory::kVec, true},    {Memory::kMat, Memory::kLeft, true},
      {Memory::kMat, Memory::kRight, true},  {Memory::kMat, Memory::kBias, true},
      {Memory::kMat, Memory::kScaling, true}, {Memory::kAcc, Memory::kMat, true},
      {Memory::kAcc, Memory::kVec, false},   {Memory::kVec, Memory::kMat, false},
  };
  const Path* path = nullptr;
  for (const Path& p : kPaths) {
    if (p.from == a->mem && p.to == d->mem) path = &p;
  }
  if (!path || (arch_ == Arch::kA2A3 && !path->a2a3)) {
    Fail(0, StrCat("tmov cannot move a ", MemoryName(a->mem), " tile to ", MemoryName(d->mem),
                   " on ", ArchName(arch_),
                   path ? " (that path exists on a5)" : " (no such data path)"));
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
  const bool acc = m.size() > 4 && m.substr(m.size() - 4) == ".acc";
  const bool bias = m.size() > 5 && m.substr(m.size() - 5) == ".bias";
  if (m.find(".mx") != std::string_view::npos) return CheckMatmulMx(acc, bias);
  const int c = 0, a = acc ? 2 : 1, b = acc ? 3 : 2;
  RequireMemory(c, {Memory::kAcc});
  RequireMemory(a, {Memory::kLeft});
  RequireMemory(b, {Memory::kRight});
  RequireAllowedDType(a);
  RequireSameDType(a, b);
  if (acc) {
    RequireMemory(1, {Memory::kAcc});
    RequireSameDType(c, 1);
  }
  const TileType* tc = Tile(c);
  const TileType* ta = Tile(a);
  const TileType* tb = Tile(b);
  if (!tc || !ta || !tb) return;
  DType want = ta->dtype == DType::kI8 ? DType::kI32 : DType::kF32;
  if (tc->dtype != want) {
    Fail(c, StrCat(m, " of ", DTypeName(ta->dtype), " accumulates in ", DTypeName(want),
                   ", but the acc tile holds ", DTypeName(tc->dtype)));
  }
  if (ta->rows != tc->rows || ta->cols != tb->rows || tb->cols != tc->cols) {
    Fail(c, StrCat(m, " shapes do not agree: ", ta->rows, "x", ta->cols, " times ", tb->rows,
                   "x", tb->cols, " into ", tc->rows, "x", tc->cols));
  }
  if (bias) {
    RequireMemory(3, {Memory::kBias});
    const TileType* tbias = Tile(3);
    if (tbias && (tbias->dtype != tc->dtype || tbias->rows != 1 || tbias->cols != tc->cols)) {
      Fail(3, StrCat("the bias must be a 1x", tc->cols, " ", DTypeName(tc->dtype), " row, got ",
                     tbias->ToString()));
    }
  }
}

// TEXTRACT takes a window of an L1 tile into L0A/L0B (a5: also UB into L1); TINSERT writes a
// tile into a window of an L1 tile (from L0C, or from UB on a5).
void RuleChecker::CheckExtractInsert(bool insert) {
  RequireAllowedDType(0);
  if (insert) {
    if (arch_ == Arch::kA2A3) {
      RequireMemory(1, {Memory::kAcc});
    } else {
      RequireMemory(1, {Memory::kAcc, Memory::kVec});
    }
    RequireMemory(0, {Memory::kMat});
    const TileType* d = Tile(0);
    const TileType* a = Tile(1);
    if (d && a && a->mem != Memory::kAcc) RequireSameDType(0, 1);
    if (d && a && a->mem == Memory::kAcc && !(a->dtype == d->dtype ||
                                               (a->dtype == DType::kF32 &&
                                                (d->dtype == DType::kF16 ||
                                                 d->dtype == DType::kBF16)))) {
      Fail(1, StrCat("tinsert from acc converts f32 to f32, f16 or bf16 and i32 to i32, not ",
                     DTypeName(a->dtype), " to ", DTypeName(d->dtype)));
    }
    return;
  }
  if (arch_ == Arch::kA2A3) {
    RequireMemory(1, {Memory::kMat});
    RequireMemory(0, {Memory::kLeft, Memory::kRight});
  } else {
    RequireMemory(1, {Memory::kMat, Memory::kVec});
    RequireMemory(0, {Memory::kLeft, Memory::kRight, Memory::kMat});
  }
  RequireSameDType(0, 1);
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
