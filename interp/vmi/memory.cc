// The VmiMemory family (vmi-isa 01): vload and vstore between UB and a logical vector. The
// address is the pointer plus the element offset; the lanes go to or from UB contiguously, in C
// rows of L / C lanes at a row stride ({group = C} and a stride), one lane per row when C = L
// (a slot load or store), in 32-byte blocks at a block stride (an i16 stride without a group),
// or, for a load with dist_mode "brc", one element read into every lane. A store writes only
// the lanes its mask leaves active; stores of a group are unpredicated. Every lane's bytes are
// checked to lie in UB and to be aligned to the element size.
#include <cstring>
#include <vector>

#include "pto/common/strings.h"
#include "pto/interp/register/register_memory.h"
#include "pto/interp/vm/kernels.h"
#include "pto/interp/vmi/vmi_lanes.h"

namespace pto::interp {

namespace ops {
struct Load {};
struct Store {};
struct GroupStore {};  // the same operands as Store; its group comes from num_groups
struct BlockStore {};        // row 588: no stride operand, blocks one after another
struct BlockStrideStore {};  // row 632: the block stride PTOAS spells
}  // namespace ops

namespace {

constexpr uint32_t kDistBroadcast = 2;  // dist_mode "brc"
constexpr int kBlockBytes = 32;

// Where each run of lanes lives: \a rows runs of \a lanes_per_row lanes, run r at byte
// \a base + r * \a row_bytes.
struct Layout {
  int64_t base = 0;
  int rows = 1;
  int lanes_per_row = 0;
  int64_t row_bytes = 0;
};

// The layout of a vload or vstore of \a n lanes of \a esz bytes at \a base: by its group and
// stride operand (o[stride], kNoOperand when absent).
Layout LayoutOf(Executor& ex, int64_t base, int n, int esz, uint32_t group, uint32_t stride,
                int pointer_bytes) {
  Layout l{base, 1, n, 0};
  if (group > 0) {
    l.rows = static_cast<int>(group);
    l.lanes_per_row = n / l.rows;
    l.row_bytes = ex.scalar(stride).i * pointer_bytes;
  } else if (stride != kNoOperand) {
    l.lanes_per_row = kBlockBytes / esz;
    l.rows = n / l.lanes_per_row;
    l.row_bytes = ex.scalar(stride).i * kBlockBytes;
  }
  return l;
}

// Copies \a bytes between UB at \a addr and \a lanes, checked; \a write: into UB.
bool MoveRow(Executor& ex, int64_t addr, uint8_t* lanes, int64_t bytes, int esz, bool write) {
  uint8_t* ub = nullptr;
  if (!reg::LocalBytes(ex, Memory::kVec, addr, bytes, esz, write ? reg::Use::kWrite : reg::Use::kRead,
                       write ? "writes" : "reads", &ub)) {
    return false;
  }
  if (write) {
    std::memcpy(ub, lanes, static_cast<size_t>(bytes));
  } else {
    std::memcpy(lanes, ub, static_cast<size_t>(bytes));
  }
  return true;
}

bool LoadLanes(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  const int n = vmi::VecLanes(ex, o[0]);
  const int esz = DTypeSize(vmi::VecType(ex, o[0]));
  const int64_t base = reg::ElementAddress(ex, o[1], o[2], static_cast<int>(o[4]));
  uint8_t* d = ex.lvec(o[0]);
  if (o[5] == kDistBroadcast) {  // one element into every lane
    uint8_t one[8];
    if (!MoveRow(ex, base, one, esz, esz, false)) return false;
    for (int i = 0; i < n; ++i) std::memcpy(d + i * esz, one, static_cast<size_t>(esz));
    return true;
  }
  const Layout l = LayoutOf(ex, base, n, esz, o[6], o[3], static_cast<int>(o[4]));
  for (int r = 0; r < l.rows; ++r) {
    if (!MoveRow(ex, reg::Address(l.base, r, l.row_bytes), d + r * l.lanes_per_row * esz,
                 int64_t{l.lanes_per_row} * esz, esz, false)) {
      return false;
    }
  }
  return true;
}

// Writes lanes [first, first + count) of a row to \a addr where \a m leaves them active: each
// run of active lanes is one checked write.
bool StoreRow(Executor& ex, int64_t addr, uint8_t* lanes, int first, int count, int esz,
              const vmi::Governing& m) {
  if (m.All()) return MoveRow(ex, addr, lanes, int64_t{count} * esz, esz, true);
  int i = 0;
  while (i < count) {
    if (!m.On(first + i)) {
      ++i;
      continue;
    }
    int j = i;
    while (j < count && m.On(first + j)) ++j;
    if (!MoveRow(ex, reg::Address(addr, i, esz), lanes + int64_t{i} * esz, int64_t{j - i} * esz,
                 esz, true)) {
      return false;
    }
    i = j;
  }
  return true;
}

// The low \a to bytes of each of the \a n lanes of \a esz bytes at \a lanes: a store of
// integer lanes through a pointer to narrower elements keeps each lane's low bytes (PTOAS packs
// them, as vsts's PK distributions do).
std::vector<uint8_t> LowBytes(const uint8_t* lanes, int n, int esz, int to) {
  std::vector<uint8_t> out(static_cast<size_t>(n) * to);
  for (int i = 0; i < n; ++i) std::memcpy(&out[size_t(i) * to], lanes + int64_t{i} * esz, size_t(to));
  return out;
}

bool StoreLanes(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  const int n = vmi::VecLanes(ex, o[0]);
  const int pointer_bytes = static_cast<int>(o[5]);
  const int64_t base = reg::ElementAddress(ex, o[1], o[2], pointer_bytes);
  const vmi::Governing m = vmi::MaskOf(ex, o[4]);
  uint8_t* v = ex.lvec(o[0]);
  int esz = DTypeSize(vmi::VecType(ex, o[0]));
  std::vector<uint8_t> narrowed;
  if (pointer_bytes < esz) {
    narrowed = LowBytes(v, n, esz, pointer_bytes);
    v = narrowed.data();
    esz = pointer_bytes;
  }
  const Layout l = LayoutOf(ex, base, n, esz, o[6], o[3], static_cast<int>(o[5]));
  for (int r = 0; r < l.rows; ++r) {
    const int first = r * l.lanes_per_row;
    if (!StoreRow(ex, reg::Address(l.base, r, l.row_bytes), v + int64_t{first} * esz, first,
                  l.lanes_per_row, esz, m)) {
      return false;
    }
  }
  return true;
}

// vsstb: 32-byte block b of the value to p + o + b * stride blocks, whole, where mask lane b
// is on. Without a stride operand (row 588) the stride is one block.
bool StoreBlocks(Executor& ex, const Instr& in, bool has_stride) {
  const uint32_t* o = in.operands;
  const uint32_t mask = has_stride ? o[4] : o[3];
  const uint32_t elem_bytes = has_stride ? o[5] : o[4];
  const int esz = DTypeSize(vmi::VecType(ex, o[0]));
  const int per_block = kBlockBytes / esz;
  const int blocks = vmi::VecLanes(ex, o[0]) / per_block;
  const int64_t base = reg::ElementAddress(ex, o[1], o[2], static_cast<int>(elem_bytes));
  const int64_t stride = has_stride ? ex.scalar(o[3]).i : 1;
  const uint8_t* m = ex.lmask(mask);
  uint8_t* v = ex.lvec(o[0]);
  for (int b = 0; b < blocks; ++b) {
    if (!m[b]) continue;
    const int64_t addr = reg::Address(base, b, stride * kBlockBytes);
    if (!MoveRow(ex, addr, v + int64_t{b} * kBlockBytes, kBlockBytes, esz, true)) return false;
  }
  return true;
}

}  // namespace

template <typename Op>
bool ExecVmiMemory(Executor& ex, const Instr& in) {
  if constexpr (std::is_same_v<Op, ops::Load>) {
    return LoadLanes(ex, in);
  } else if constexpr (std::is_same_v<Op, ops::BlockStore>) {
    return StoreBlocks(ex, in, false);
  } else if constexpr (std::is_same_v<Op, ops::BlockStrideStore>) {
    return StoreBlocks(ex, in, true);
  } else {
    return StoreLanes(ex, in);
  }
}

#define PTO_IMPLEMENTS_VmiMemory PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
