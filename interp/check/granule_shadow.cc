#include "pto/interp/check/granule_shadow.h"

#include <algorithm>

namespace pto::interp::check {

std::unique_ptr<Shadow> MakeGranuleShadow() { return std::make_unique<GranuleShadow>(); }

GranuleShadow::Block& GranuleShadow::Level::Split(uint32_t& slot) {
  if (!(slot & kSplit)) {
    uint32_t index;
    if (free.empty()) {
      index = static_cast<uint32_t>(blocks.size());
      blocks.emplace_back();
    } else {
      index = free.back();
      free.pop_back();
    }
    blocks[index].fill(slot);
    slot = index | kSplit;
  }
  return blocks[slot & ~kSplit];
}

void GranuleShadow::Level::Join(uint32_t& slot) {
  const Block& b = blocks[slot & ~kSplit];
  if (b[0] & kSplit) return;
  for (unsigned i = 1; i < kFanout; ++i) {
    if (b[i] != b[0]) return;
  }
  free.push_back(slot & ~kSplit);
  slot = b[0];
}

void GranuleShadow::Grow(uint64_t end) {
  const uint64_t pages = (end + kPage - 1) / kPage;
  if (pages > pages_.size()) pages_.resize(pages, 0);
}

template <typename Apply>
void GranuleShadow::Walk(uint64_t begin, uint64_t end, Apply&& apply) {
  for (uint64_t at = begin; at < end;) {
    const uint64_t p = at / kPage, page_begin = p * kPage, page_end = page_begin + kPage;
    uint32_t& slot = pages_[p];
    if (!(slot & kSplit) && at == page_begin && end >= page_end) {
      // Whole pages with one cell: one transition for the run.
      const uint32_t in = slot;
      const uint64_t last = end / kPage;
      uint64_t h = p + 1;
      while (h < last && pages_[h] == in) ++h;
      const uint32_t out = apply(in, page_begin, h * kPage);
      if (out != in) std::fill(pages_.begin() + p, pages_.begin() + h, out);
      at = h * kPage;
      continue;
    }
    const uint64_t stop = std::min(end, page_end);
    WalkPage(granules_.Split(slot), page_begin, at, stop, apply);
    granules_.Join(slot);
    at = stop;
  }
}

template <typename Apply>
void GranuleShadow::WalkPage(Block& granules, uint64_t page_begin, uint64_t begin, uint64_t end,
                             Apply&& apply) {
  for (uint64_t at = begin; at < end;) {
    const uint64_t k = (at - page_begin) / kGranule;
    const uint64_t g_begin = page_begin + k * kGranule, g_end = g_begin + kGranule;
    uint32_t& slot = granules[k];
    if (!(slot & kSplit) && at == g_begin && end >= g_end) {
      const uint32_t in = slot;
      const uint64_t last = (end - page_begin) / kGranule;
      uint64_t h = k + 1;
      while (h < last && granules[h] == in) ++h;
      const uint32_t out = apply(in, g_begin, page_begin + h * kGranule);
      if (out != in) std::fill(granules.begin() + k, granules.begin() + h, out);
      at = page_begin + h * kGranule;
      continue;
    }
    Block& bytes = bytes_.Split(slot);  // a granule the access covers in part
    const uint64_t stop = std::min(end, g_end);
    for (uint64_t b = at; b < stop;) {
      const uint32_t in = bytes[b - g_begin];
      uint64_t e = b;
      while (e < stop && bytes[e - g_begin] == in) ++e;
      const uint32_t out = apply(in, b, e);
      for (; b < e; ++b) bytes[b - g_begin] = out;  // short
    }
    bytes_.Join(slot);
    at = stop;
  }
}

void GranuleShadow::Access(const Span& span, const Step& step, CellTable& cells, StepMemo& memo,
                           AccessSink& sink) {
  if (span.begin >= span.end || span.count == 0) return;
  Grow(span.end + uint64_t{span.count - 1} * span.stride);
  Transition t(step, cells, memo, sink);
  const auto apply = [&t](uint32_t in, uint64_t b, uint64_t e) { return t.Apply(in, b, e); };
  const uint64_t len = span.end - span.begin;
  // Blocks of whole granules inside one page (a repeat operand's blocks): straight to their
  // granule ids, with no page joined again (the next access that covers a page does that).
  const bool blocks = span.begin % kGranule == 0 && len % kGranule == 0 &&
                      span.stride % kGranule == 0 && len <= kPage;
  for (uint32_t i = 0; i < span.count; ++i) {
    const uint64_t at = span.begin + uint64_t{i} * span.stride;
    if (blocks && at % kPage + len <= kPage && pages_[at / kPage] & kSplit) {
      Block& granules = granules_.blocks[pages_[at / kPage] & ~kSplit];
      const uint64_t k0 = at % kPage / kGranule, k1 = k0 + len / kGranule;
      uint64_t k = k0;
      for (; k < k1 && !(granules[k] & kSplit); ++k) {
        const uint64_t g = at + (k - k0) * kGranule;
        granules[k] = t.Apply(granules[k], g, g + kGranule);
      }
      if (k == k1) continue;
      Walk(at + (k - k0) * kGranule, at + len, apply);  // a granule split into bytes
      continue;
    }
    Walk(at, at + len, apply);
  }
}

void GranuleShadow::Set(uint64_t begin, uint64_t end, uint32_t id) {
  Grow(end);
  Walk(begin, end, [id](uint32_t, uint64_t, uint64_t) { return id; });
}

template <typename F>
void GranuleShadow::ForEachId(F&& f) const {
  for (uint64_t p = 0; p < pages_.size(); ++p) {
    const uint32_t page = pages_[p];
    if (!(page & kSplit)) {
      f(p * kPage, page);
      continue;
    }
    const Block& granules = granules_.blocks[page & ~kSplit];
    for (uint64_t k = 0; k < kFanout; ++k) {
      const uint64_t at = p * kPage + k * kGranule;
      if (!(granules[k] & kSplit)) {
        f(at, granules[k]);
        continue;
      }
      const Block& bytes = bytes_.blocks[granules[k] & ~kSplit];
      for (uint64_t i = 0; i < kFanout; ++i) f(at + i, bytes[i]);
    }
  }
}

void GranuleShadow::ForEachRun(const std::function<void(uint64_t, uint64_t, uint32_t)>& f) const {
  uint64_t run_begin = 0;
  uint32_t run_id = 0;
  const auto at = [&](uint64_t byte, uint32_t id) {
    if (id == run_id) return;
    if (run_id != 0) f(run_begin, byte, run_id);
    run_begin = byte, run_id = id;
  };
  ForEachId(at);
  at(pages_.size() * kPage, 0);
}

void GranuleShadow::MarkUsed(std::vector<bool>* used) const {
  ForEachId([&](uint64_t, uint32_t id) {
    if (id >= used->size()) used->resize(id + 1);
    (*used)[id] = true;
  });
}

void GranuleShadow::Renumber(const std::vector<uint32_t>& remap) {
  for (uint32_t& page : pages_) {
    if (!(page & kSplit)) {
      page = remap[page];
      continue;
    }
    for (uint32_t& granule : granules_.blocks[page & ~kSplit]) {
      if (!(granule & kSplit)) {
        granule = remap[granule];
        continue;
      }
      for (uint32_t& byte : bytes_.blocks[granule & ~kSplit]) byte = remap[byte];
    }
  }
}

}  // namespace pto::interp::check
