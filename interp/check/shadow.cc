#include "pto/interp/check/shadow.h"

#include <algorithm>
#include <cstring>

namespace pto::interp::check {

namespace {

// Whether cell \a c holds an access \a step is not ordered after, or a never-written read.
bool Flags(const Cell& c, const Step& step) {
  const Clock& seen = *step.seen;
  if (c.writer >= 0 && c.write_time > seen[c.writer]) return true;
  if (!step.write) return c.writer < 0;
  for (unsigned r = c.readers; r != 0; r &= r - 1) {
    const int q = __builtin_ctz(r);
    if (c.read_time[q] > seen[q]) return true;
  }
  return false;
}

// ids[0, n) = id, 16 bytes a store (a tile's access rewrites thousands of granules; a plain
// loop stores one id at a time).
void Fill(uint32_t* ids, uint64_t n, uint32_t id) {
  uint64_t i = 0;
  if (n >= 8) {
    uint32_t four[4] = {id, id, id, id};
    for (; i + 4 <= n; i += 4) std::memcpy(ids + i, four, sizeof(four));
  }
  for (; i < n; ++i) ids[i] = id;
}

}  // namespace

uint32_t Shadow::Apply(uint32_t in, const Step& step, CellTable& cells, StepMemo& memo) {
  for (unsigned i = 0; i < memo.in.size(); ++i) {
    if (memo.in[i] == in) return memo.out[i];
  }
  Cell c;
  if (step.write) {
    c.writer = static_cast<int8_t>(step.clock);
    c.write_time = step.time;
    c.write_site = step.site;
  } else {
    c = cells[in];
    c.readers |= static_cast<uint16_t>(1u << step.clock);
    c.read_time[step.clock] = step.time;
    c.read_site[step.clock] = step.site;
  }
  const uint32_t out = cells.Intern(c);
  const unsigned slot = memo.next++ % memo.in.size();
  memo.in[slot] = in, memo.out[slot] = out;
  return out;
}

void Shadow::Report(uint32_t in, uint64_t begin, uint64_t end, const Step& step,
                    CellTable& cells, AccessSink& sink) {
  const Cell& c = cells[in];  // nothing is interned while it is read
  if (!Flags(c, step)) return;
  const Clock& seen = *step.seen;
  if (c.writer >= 0 && c.write_time > seen[c.writer]) {
    sink.OnConflict({true, c.writer, c.write_site, begin, end});
  }
  if (step.write) {
    for (unsigned r = c.readers; r != 0; r &= r - 1) {
      const int q = __builtin_ctz(r);
      if (c.read_time[q] > seen[q]) sink.OnConflict({false, q, c.read_site[q], begin, end});
    }
  } else if (c.writer < 0) {
    sink.OnUnwritten(begin);
  }
}

void Shadow::Grow(uint64_t granules) {
  if (granules <= granules_.size()) return;
  if (granules > granules_.capacity()) {
    granules_.reserve(std::max<uint64_t>(granules, granules_.capacity() * 2));
  }
  granules_.resize(granules, 0);
}

void Shadow::Access(uint64_t begin, uint64_t end, const Step& step, CellTable& cells,
                    StepMemo& memo, AccessSink& sink) {
  if (begin >= end) return;
  Grow((end + kGranule - 1) / kGranule);
  uint64_t at = begin;
  while (at < end) {
    const uint64_t g = at / kGranule;
    const uint64_t g_begin = g * kGranule, g_end = g_begin + kGranule;
    uint32_t& slot = granules_[g];
    if (!(slot & kSplit) && at == g_begin && end >= g_end) {
      // Whole granules with one cell: one transition for the run.
      const uint32_t in = slot;
      const uint32_t out = Apply(in, step, cells, memo);
      const uint64_t last = end / kGranule;
      const uint32_t* ids = granules_.data();
      uint64_t h = g;
      // Eight at a time first: a loop without an early exit the compiler vectorises.
      while (h + 8 <= last) {
        unsigned same = 0;
        for (int k = 0; k < 8; ++k) same += ids[h + k] == in;
        if (same != 8) break;
        h += 8;
      }
      while (h < last && ids[h] == in) ++h;
      if (out != in) Fill(granules_.data() + g, h - g, out);  // a loop finds its own cells again
      Report(in, g_begin, h * kGranule, step, cells, sink);
      at = h * kGranule;
      continue;
    }
    if (!(slot & kSplit)) {  // a granule the access covers in part: give it bytes of its own
      uint32_t index;
      if (free_split_.empty()) {
        index = static_cast<uint32_t>(split_.size());
        split_.emplace_back();
      } else {
        index = free_split_.back();
        free_split_.pop_back();
      }
      split_[index].fill(slot);
      slot = index | kSplit;
    }
    Bytes& bytes = split_[slot & ~kSplit];
    const uint64_t stop = std::min(end, g_end);
    for (uint64_t b = at; b < stop;) {
      const uint32_t in = bytes[b - g_begin];
      const uint32_t out = Apply(in, step, cells, memo);
      const uint64_t run = b;
      while (b < stop && bytes[b - g_begin] == in) bytes[b++ - g_begin] = out;  // short
      Report(in, run, b, step, cells, sink);
    }
    if (std::all_of(bytes.begin(), bytes.end(), [&](uint32_t id) { return id == bytes[0]; })) {
      free_split_.push_back(slot & ~kSplit);
      slot = bytes[0];
    }
    at = stop;
  }
}

void Shadow::MarkUsed(std::vector<bool>* used) const {
  const auto mark = [&](uint32_t id) {
    if (id >= used->size()) used->resize(id + 1);
    (*used)[id] = true;
  };
  for (uint32_t id : granules_) {
    if (!(id & kSplit)) {
      mark(id);
      continue;
    }
    for (uint32_t b : split_[id & ~kSplit]) mark(b);
  }
}

void Shadow::Renumber(const std::vector<uint32_t>& remap) {
  for (uint32_t& id : granules_) {
    if (!(id & kSplit)) id = remap[id];
  }
  for (Bytes& b : split_) {
    for (uint32_t& id : b) id = id < remap.size() ? remap[id] : 0;
  }
}

}  // namespace pto::interp::check
