// The Bind, ScaleAddr and Reshape families: tassign binds a tile register to an address
// (checked as %alloc_tile checks it, machine_kernels.cc), tget_scale_addr to the address of a
// tile's MX scales; treshape gives a tile another's bytes.
#include <cstring>

#include "pto/interp/vm/kernels.h"

namespace pto::interp {

template <typename Op>
bool ExecBind(Executor& ex, const Instr& in) {
  return BindAddress(ex, in.operands[0], ex.scalar(in.operands[1]).i);
}

// d becomes a's bytes under d's type: an alias when d has no storage of its own yet, else a
// copy of the whole buffer.
template <typename Op>
bool ExecReshape(Executor& ex, const Instr& in) {
  TileState& d = ex.tile(in.operands[0]);
  TileRef a;
  if (!ex.Tile(in.operands[1], &a)) return false;
  const TileReg& dst = ex.function().tiles[in.operands[0]];
  if (d.addr == kUnboundAddress) {
    d.addr = a.addr;
  } else if (d.addr != a.addr) {
    std::memmove(ex.local().At(a.type->mem, d.addr), a.base, a.bytes());
  }
  const TileType& t = dst.type;
  d.valid_rows = t.valid_rows == kDynamic ? t.rows : t.valid_rows;
  d.valid_cols = t.valid_cols == kDynamic ? t.cols : t.valid_cols;
  return true;
}

// tget_scale_addr d | a: d, a scaling tile, holds the MX scales of a (a left or right tile).
// The NPU binds d to a's address shifted right by 4 in the scale buffer beside L0A or L0B
// (pto-isa's SHIFT_MX_ADDR); here the scales live in the one scaling memory, where a left and
// a right tile's shifted addresses would collide, so a d placement has bound stays there (the
// tmov that writes the scales and the tmatmul.mx that reads them use it alike), and an unbound
// d is bound at the shifted address (docs/semantics.md "MX matmuls").
template <typename Op>
bool ExecScaleAddr(Executor& ex, const Instr& in) {
  TileRef a;
  if (!ex.Tile(in.operands[1], &a)) return false;
  if (ex.tile(in.operands[0]).addr != kUnboundAddress) return true;
  return BindAddress(ex, in.operands[0], a.addr >> 4);
}

#define PTO_IMPLEMENTS_ScaleAddr PTO_YES
#define PTO_IMPLEMENTS_Bind PTO_YES
#define PTO_IMPLEMENTS_Reshape PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
