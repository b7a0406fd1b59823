#include "pto/interp/check/cells.h"

#include <functional>

namespace pto::interp::check {

const char* ClockName(int clock) {
  switch (clock) {
    case kVecLoad: return "PIPE_V, vector load";
    case kVecStore: return "PIPE_V, vector store";
    case kScalarLoad: return "PIPE_V, scalar load";
    case kScalarStore: return "PIPE_V, scalar store";
    default: return PipeName(kPipes[clock]);
  }
}

const char* QueueWord(int clock) {
  switch (clock) {
    case kVecLoad: return "VLD";
    case kVecStore: return "VST";
    case kScalarLoad: return "LD";
    default: return "ST";
  }
}

CellTable::CellTable() { Intern(Cell{}); }

size_t CellTable::Hash::operator()(const Cell& c) const {
  // The readers' entries only: the others stay zero (a write starts a fresh cell).
  const auto site = [](const Site& s) {
    return std::hash<const void*>()(s.function) * 31 + s.pc;
  };
  size_t h = (static_cast<size_t>(c.writer + 1) << 20) ^ (size_t{c.readers} << 4) ^ c.write_time;
  h = h * 1000003 ^ site(c.write_site);
  for (unsigned r = c.readers; r != 0; r &= r - 1) {
    const int q = __builtin_ctz(r);
    h = h * 1000003 ^ c.read_time[q];
    h = h * 1000003 ^ site(c.read_site[q]);
  }
  return h;
}

uint32_t CellTable::Intern(const Cell& c) {
  auto [it, added] = ids_.try_emplace(c, static_cast<uint32_t>(cells_.size()));
  if (added) cells_.push_back(c);
  return it->second;
}

void CellTable::Release() {
  std::vector<Cell>().swap(cells_);
  std::unordered_map<Cell, uint32_t, Hash>().swap(ids_);
}

std::vector<uint32_t> CellTable::Compact(const std::vector<bool>& used) {
  std::vector<uint32_t> remap(cells_.size(), 0);
  std::vector<Cell> kept;
  ids_.clear();
  for (size_t i = 0; i < cells_.size(); ++i) {
    if (i != 0 && (i >= used.size() || !used[i])) continue;
    remap[i] = static_cast<uint32_t>(kept.size());
    ids_.emplace(cells_[i], remap[i]);
    kept.push_back(cells_[i]);
  }
  cells_ = std::move(kept);
  return remap;
}

}  // namespace pto::interp::check
