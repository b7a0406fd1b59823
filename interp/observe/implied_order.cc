#include "pto/interp/observe/implied_order.h"

#include <algorithm>

namespace pto::interp::observe {

namespace {

// Bytes per granule: a tile's rows are whole 32-byte blocks, and coarser granules keep a
// large global buffer's table small; two accesses in one granule are taken to overlap.
constexpr uint64_t kGranule = 256;

}  // namespace

std::vector<ImpliedOrder::Cell>& ImpliedOrder::CellsOf(const Place& place, uint64_t end) {
  std::vector<Cell>& cells =
      place.global ? global_[place.buffer] : on_chip_[static_cast<size_t>(place.mem)];
  const uint64_t need = (end + kGranule - 1) / kGranule;
  if (cells.size() < need) cells.resize(need);
  return cells;
}

bool ImpliedOrder::Add(int32_t record, int pipe, std::span<const Access> accesses,
                       PipeDeps* deps) {
  deps->fill(-1);
  bool any = false;
  const auto need = [&](int p, int32_t r) {
    if (r < 0 || p == pipe) return;  // one pipe runs in order
    (*deps)[p] = std::max((*deps)[p], r);
    any = true;
  };
  for (const Access& a : accesses) {
    if (a.place.owner >= 0) continue;  // another core's memory: its own order
    const uint64_t len = a.end - a.begin;
    for (uint32_t k = 0; k < a.count; ++k) {
      const uint64_t begin = a.begin + uint64_t{k} * a.stride, end = begin + len;
      std::vector<Cell>& cells = CellsOf(a.place, end);
      for (uint64_t g = begin / kGranule; g * kGranule < end; ++g) {
        Cell& cell = cells[g];
        need(cell.writer_pipe, cell.writer);
        if (a.write) {
          for (int p = 0; p < kPipeCount; ++p) need(p, cell.readers[p]);
          cell.writer = record, cell.writer_pipe = static_cast<int8_t>(pipe);
          cell.readers.fill(-1);
        } else {
          cell.readers[pipe] = record;
        }
      }
    }
  }
  return any;
}

}  // namespace pto::interp::observe
