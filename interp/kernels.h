// The instruction families of opcodes.def: one template per family, instantiated for each
// kernel of the family by the family's .cc file.
#ifndef PTO_INTERP_KERNELS_H_
#define PTO_INTERP_KERNELS_H_

#include "interp/element.h"
#include "interp/executor.h"
#include "interp/simd.h"

namespace pto::interp {

namespace ops {
// Every Kernel column entry of opcodes.def names a type here (element functions are defined in
// element.h, the others where their family is implemented).
#define PTO_OP(Name, mnemonic, operands, Family, Kernel, a2a3, a5, flags) struct Kernel;
#include "common/isa/opcodes.def"
#undef PTO_OP
}  // namespace ops

template <typename Op> bool ExecBinary(Executor& ex, const Instr& in);
template <typename Op> bool ExecUnary(Executor& ex, const Instr& in);
template <typename Op> bool ExecTileScalar(Executor& ex, const Instr& in);
template <typename Op> bool ExecFill(Executor& ex, const Instr& in);
template <typename Op> bool ExecRowReduce(Executor& ex, const Instr& in);
template <typename Op> bool ExecColReduce(Executor& ex, const Instr& in);
template <typename Op> bool ExecRowExpand(Executor& ex, const Instr& in);
template <typename Op> bool ExecRowExpandBinary(Executor& ex, const Instr& in);
template <typename Op> bool ExecColExpandBinary(Executor& ex, const Instr& in);
template <typename Op> bool ExecLoad(Executor& ex, const Instr& in);
template <typename Op> bool ExecStore(Executor& ex, const Instr& in);
template <typename Op> bool ExecMove(Executor& ex, const Instr& in);
template <typename Op> bool ExecBind(Executor& ex, const Instr& in);
template <typename Op> bool ExecMachine(Executor& ex, const Instr& in);
template <typename Op> bool ExecIntBinary(Executor& ex, const Instr& in);
template <typename Op> bool ExecFloatBinary(Executor& ex, const Instr& in);
template <typename Op> bool ExecFloatUnary(Executor& ex, const Instr& in);
template <typename Op> bool ExecCompareInt(Executor& ex, const Instr& in);
template <typename Op> bool ExecCompareFloat(Executor& ex, const Instr& in);
template <typename Op> bool ExecSelect(Executor& ex, const Instr& in);
template <typename Op> bool ExecCast(Executor& ex, const Instr& in);
template <typename Op> bool ExecTransfer(Executor& ex, const Instr& in);
template <typename Op> bool ExecControl(Executor& ex, const Instr& in);
template <typename Op> bool ExecMemory(Executor& ex, const Instr& in);
template <typename Op> bool ExecConvert(Executor& ex, const Instr& in);
template <typename Op> bool ExecTernary(Executor& ex, const Instr& in);
template <typename Op> bool ExecScalarTernary(Executor& ex, const Instr& in);
template <typename Op> bool ExecCompareScalar(Executor& ex, const Instr& in);
template <typename Op> bool ExecSelectMask(Executor& ex, const Instr& in);
template <typename Op> bool ExecTriangle(Executor& ex, const Instr& in);
template <typename Op> bool ExecIota(Executor& ex, const Instr& in);
template <typename Op> bool ExecFillPad(Executor& ex, const Instr& in);
template <typename Op> bool ExecColExpand(Executor& ex, const Instr& in);
template <typename Op> bool ExecMatmul(Executor& ex, const Instr& in);
template <typename Op> bool ExecExtract(Executor& ex, const Instr& in);
template <typename Op> bool ExecInsert(Executor& ex, const Instr& in);
template <typename Op> bool ExecTranspose(Executor& ex, const Instr& in);
template <typename Op> bool ExecReshape(Executor& ex, const Instr& in);
template <typename Op> bool ExecPrint(Executor& ex, const Instr& in);
template <typename Op> bool ExecSync(Executor& ex, const Instr& in);
template <typename Op> bool ExecPipe(Executor& ex, const Instr& in);
template <typename Op> bool ExecElement(Executor& ex, const Instr& in);

/// The scalar operand \a reg converted to the compute type of tiles of T.
template <typename T>
typename Elem<T>::C ScalarAs(Executor& ex, uint32_t reg) {
  DType type = ex.function().scalar_regs[reg];
  const Slot& s = ex.scalar(reg);
  return IsFloat(type) ? Elem<T>::FromDouble(s.f) : Elem<T>::FromInt(s.i);
}

/// The vectorised loop (interp/simd.h) that computes element function Op on f32, or -1.
template <typename Op>
constexpr int kSimdBinary = std::is_same_v<Op, ops::Add>   ? static_cast<int>(simd::Binary::kAdd)
                            : std::is_same_v<Op, ops::Sub> ? static_cast<int>(simd::Binary::kSub)
                            : std::is_same_v<Op, ops::Mul> ? static_cast<int>(simd::Binary::kMul)
                            : std::is_same_v<Op, ops::Div> ? static_cast<int>(simd::Binary::kDiv)
                            : std::is_same_v<Op, ops::Max> ? static_cast<int>(simd::Binary::kMax)
                            : std::is_same_v<Op, ops::Min> ? static_cast<int>(simd::Binary::kMin)
                                                           : -1;
template <typename Op>
constexpr int kSimdUnary = std::is_same_v<Op, ops::Exp>     ? static_cast<int>(simd::Unary::kExp)
                           : std::is_same_v<Op, ops::Log>   ? static_cast<int>(simd::Unary::kLog)
                           : std::is_same_v<Op, ops::Sqrt>  ? static_cast<int>(simd::Unary::kSqrt)
                           : std::is_same_v<Op, ops::Rsqrt> ? static_cast<int>(simd::Unary::kRsqrt)
                           : std::is_same_v<Op, ops::Recip> ? static_cast<int>(simd::Unary::kRecip)
                           : std::is_same_v<Op, ops::Abs>   ? static_cast<int>(simd::Unary::kAbs)
                           : std::is_same_v<Op, ops::Neg>   ? static_cast<int>(simd::Unary::kNeg)
                           : std::is_same_v<Op, ops::Relu>  ? static_cast<int>(simd::Unary::kRelu)
                                                            : -1;

/// Calls \a run(row, n) for runs of elements of the rows x cols regions of \a tiles: once for
/// the whole region when every tile's rows are exactly \a cols long (so the region is one
/// contiguous run), else once per row.
template <typename Run>
void ForRuns(int32_t rows, int32_t cols, std::initializer_list<const TileRef*> tiles, Run&& run) {
  bool whole = true;
  for (const TileRef* t : tiles) whole &= t->type->cols == cols;
  if (whole) {
    run(0, static_cast<size_t>(rows) * static_cast<size_t>(cols));
  } else {
    for (int32_t r = 0; r < rows; ++r) run(r, static_cast<size_t>(cols));
  }
}

/// Calls \a fn(i, p, step, len) for the runs of row \a r of \a t from column \a c0 on, \a n
/// columns in all: columns c0+i .. c0+i+len-1 are at p[0], p[step], ... (see TileType::RunLength).
template <typename T, typename Fn>
void ForRowRuns(const TileRef& t, int64_t r, int64_t c0, int64_t n, Fn&& fn) {
  const int64_t step = t.type->RunStep();
  for (int64_t i = 0; i < n;) {
    const int64_t len = std::min(t.type->RunLength(c0 + i), n - i);
    fn(i, t.At<T>(r, c0 + i), step, len);
    i += len;
  }
}

/// True if the storage of \a a and \a b share a byte (in the same memory).
bool Overlaps(const TileRef& a, const TileRef& b);

/// Faults unless \a src has at least \a rows valid rows and \a cols valid columns.
bool RequireCovers(Executor& ex, const TileRef& src, int32_t rows, int32_t cols,
                   const char* role);

/// Runs \a body against a destination that does not overlap the given sources: when \a dst
/// shares storage with one of them (other than the exact same tile, which \a in_place_ok
/// allows for elementwise kernels), the body writes a scratch copy that is copied back after.
template <typename Body>
bool WithSafeDst(Executor& ex, TileRef dst, std::initializer_list<const TileRef*> srcs,
                 bool in_place_ok, Body&& body) {
  bool clash = false;
  for (const TileRef* s : srcs) {
    if (!s || !Overlaps(dst, *s)) continue;
    bool same = s->addr == dst.addr && *s->type == *dst.type;
    if (!(same && in_place_ok)) clash = true;
  }
  if (!clash) return body(dst);
  uint32_t n = dst.bytes();
  uint8_t* scratch = ex.Scratch(n);
  uint8_t* original = dst.base;
  std::copy(original, original + n, scratch);
  dst.base = scratch;
  if (!body(dst)) return false;
  std::copy(scratch, scratch + n, original);
  return true;
}

}  // namespace pto::interp

#endif  // PTO_INTERP_KERNELS_H_
