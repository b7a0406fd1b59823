// What an instruction touches: for each of its tile and view operands, whether it reads or
// writes it and which elements (the operand's region). Described once per family (the Access
// column of families.def, with per-row exceptions PTO_ACCESS in opcodes.def) and shared by
// the interpreter's access self-check (ptorun --audit-accesses) and the checkers that reason
// about memory without running the kernels (races, uninitialised reads).
//
// Regions are over-approximations where the elements depend on data (gathers, sorts, im2col
// windows): the whole tile. They never leave out an element the kernel touches; the audit run
// over every golden kernel checks that.
#ifndef PTO_COMMON_ISA_ACCESS_H_
#define PTO_COMMON_ISA_ACCESS_H_

#include <cstdint>
#include <vector>

#include "pto/common/isa/opcode.h"

namespace pto {

/// How a family's instructions touch their operands (the Access column of families.def).
enum class AccessRule : uint8_t {
  kNone,         ///< No memory: registers, structure, synchronisation.
  kElementwise,  ///< d over D(d); each source over D(d)'s shape.
  kAccumulate,   ///< d read and written over D(d); each source over D(d)'s shape (taxpy).
  kFirstRow,     ///< d's row 0 over D(d)'s columns (tci).
  kOwnValid,     ///< Every tile over its own valid region, every view over its window.
  kMask,         ///< A mask of D(a)'s bits written; the sources over D(a) (tcmp, tcmps).
  kSelect,       ///< d over D(d); the mask's bits of D(d); the other sources over D(d).
  kRowReduce,    ///< d's column 0 for the rows of D(a); a over D(a).
  kColReduce,    ///< d's row 0 for the columns of D(a); a over D(a).
  kRowExpand,    ///< d over D(d); the last source's column 0; the others over D(d).
  kColExpand,    ///< d over D(d); the last source's row 0; the others over D(d).
  kFillPad,      ///< d's whole storage; a over D(a).
  kLoad,         ///< d over D(d) (all of d when it has a pad value); the view's window.
  kStore,        ///< The view's window; the tiles over their valid regions.
  kExtract,      ///< d over D(d); a over D(d)'s shape at the (row, col) operands.
  kInsert,       ///< d over D(a)'s shape at the (row, col) operands; a over D(a).
  kTranspose,    ///< d over D(a) transposed; a over D(a).
  kElementAt,    ///< The tile's element at the storage offset of the integer operand.
  kStorage,      ///< Every tile whole, every view over its window (data-dependent positions).
  kComm,         ///< The first view written (atomically when an atomicType says so), the other
                 ///< views read, over their windows; staging tiles read and written whole.
  kCommSpread,   ///< The first view read, the other views written; staging tiles whole.
  kSignalSet,    ///< The signal views written, as synchronisation (tnotify).
  kSignalRead,   ///< The signal views read, as synchronisation (twait, ttest).
  kViewElement,  ///< The view's element at the index of the integer operand.
  kMatmul,       ///< c over (a's valid rows) x (b's valid columns); sources a, b[, bias].
  kMatmulAcc,    ///< The same, with c_in (read over c's rectangle) before a and b.
  kMatmulMx,     ///< The same for the MX forms: sources a, a_scale, b, b_scale[, bias].
  kMatmulMxAcc,  ///< The MX form with c_in first.
  kFill,         ///< d over kValidOrMat (texpands).
  kGatherToL1,   ///< mgather into L1: d's storage and the third view (scratch) written, the
                 ///< first two views (table, index) read.
  kMxQuant,      ///< tquant.mx: its outputs over their valid regions, but the scalings whole
                 ///< (the NPU's flat form stores whole vectors, and twice the groups when it
                 ///< unrolls); the source read over D(a), a 16-bit one's padding written.
};

/// Which elements of an operand an access covers. Sizes come from the valid shapes of
/// operands shape_of (rows) and cols_of (columns); both are the operand itself for its own
/// valid region.
enum class Region : uint8_t {
  kValid,          ///< shape_of's valid rows x cols_of's valid columns, from (0, 0).
  kColumn0,        ///< Column 0 of shape_of's valid rows.
  kRow0,           ///< Row 0 over shape_of's valid columns.
  kMaskRows,       ///< Each valid row of shape_of as mask bits: its first ceil(cols/8) bytes.
  kMaskStores,     ///< kMaskRows as tcmp/tcmps store it: PackedMaskRowBytes (tile_type.h).
  kWindow,         ///< shape_of's valid shape at (row, col) = the integer operands at, at + 1.
  kTransposed,     ///< shape_of's valid shape with rows and columns swapped.
  kStorage,        ///< Every byte of the tile.
  kPadding16,      ///< The columns past shape_of's valid ones in its valid rows, if the tile
                   ///< holds 16-bit elements (tquant.mx zeroes them there); else nothing.
  kValidOrMat,     ///< kValid in vec; every byte of a mat tile (texpands fills L1 whole).
  kValidOrPadded,  ///< kValid widened to the rows x cols of the view operand at (a tload's
                   ///< window past the valid shape), or every byte when the type has a pad.
  kElement,        ///< One element at the storage offset held by integer operand at.
  kViewWindow,     ///< A view: every element its sizes and strides cover.
  kViewElement,    ///< A view: the element at the index held by integer operand at.
};

/// One operand's access.
struct OperandAccess {
  uint8_t operand;   ///< Index into OpInfo::operands.
  bool reads;
  bool writes;
  Region region;
  uint8_t shape_of;  ///< The tile operand whose valid shape sizes the region.
  uint8_t at;        ///< kWindow, kElement, kViewElement: the first integer operand used;
                     ///< kValidOrPadded: the view loaded from.
  uint8_t cols_of;   ///< kValid: the tile operand whose valid columns size it (else shape_of).
  /// Whether it is an atomic update (cores' atomics on the same bytes do not race):
  /// kNotAtomic, kAlwaysAtomic (signals), or the index of the immediate operand whose nonzero
  /// value makes it one (tput's atomicType).
  uint8_t atomic = kNotAtomic;
  static constexpr uint8_t kNotAtomic = 0xff, kAlwaysAtomic = 0xfe;
  bool scratch = false;  ///< An optional tile: the NPU's tmp operand.
};

/// The rule of \a info: its family's, or its row's exception.
AccessRule AccessRuleOf(const OpInfo& info);

/// Every operand access of \a op, computed once from its rule and its operand schema (outputs
/// are written, inputs read, optional tiles are scratch: read and written whole).
const std::vector<OperandAccess>& AccessesOf(Opcode op);

/// AccessesOf(op) as \a arch runs it: without the tmp tile of a row a5 runs without it
/// (kFlagTmpIdleA5).
const std::vector<OperandAccess>& AccessesOf(Opcode op, Arch arch);

/// For the audit's own tests: while alive, AccessesOf(op) returns \a accesses instead (a
/// description made wrong on purpose must make the audit fault).
class ScopedAccessOverride {
 public:
  ScopedAccessOverride(Opcode op, std::vector<OperandAccess> accesses);
  ~ScopedAccessOverride();
  ScopedAccessOverride(const ScopedAccessOverride&) = delete;
  ScopedAccessOverride& operator=(const ScopedAccessOverride&) = delete;

 private:
  Opcode op_;
  std::vector<OperandAccess> accesses_;
};

}  // namespace pto

#endif  // PTO_COMMON_ISA_ACCESS_H_
