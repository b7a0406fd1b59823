#include "pto/interp/check/shadow.h"

namespace pto::interp::check {

// The segment starting at \a at, made by splitting the one that covers it (end() if none
// covers it).
std::map<uint64_t, Shadow::Segment>::iterator Shadow::SplitAt(uint64_t at) {
  auto it = segments_.upper_bound(at);
  if (it == segments_.begin()) return segments_.end();
  --it;
  if (it->first == at) return it;
  if (it->second.end <= at) return segments_.end();
  Segment tail{it->second.end, it->second.cell};
  it->second.end = at;
  return segments_.emplace_hint(std::next(it), at, tail);
}

void Shadow::Access(uint64_t begin, uint64_t end, bool write, int pipe, uint32_t time,
                    const std::array<uint32_t, kPipeCount>& seen, Site site,
                    const std::function<void(const Conflict&)>& conflict,
                    const std::function<void(uint64_t)>& unwritten) {
  if (begin >= end) return;
  SplitAt(begin);
  SplitAt(end);
  // Walk [begin, end), making segments of the untouched gaps.
  uint64_t at = begin;
  auto it = segments_.lower_bound(begin);
  while (at < end) {
    if (it == segments_.end() || it->first > at) {
      const uint64_t gap_end = it == segments_.end() ? end : std::min(end, it->first);
      it = segments_.emplace_hint(it, at, Segment{gap_end, Cell{}});
    }
    Segment& seg = it->second;
    Cell& c = seg.cell;
    const auto unordered = [&](int q, uint32_t t) { return q != pipe && t > seen[q]; };
    if (c.writer >= 0 && unordered(c.writer, c.write_time)) {
      conflict({true, c.writer, c.write_site, it->first, seg.end});
    }
    if (write) {
      for (int q = 0; q < kPipeCount; ++q) {
        if ((c.readers >> q & 1) && unordered(q, c.read_time[q])) {
          conflict({false, q, c.read_site[q], it->first, seg.end});
        }
      }
      c = Cell{};
      c.writer = static_cast<int8_t>(pipe);
      c.write_time = time;
      c.write_site = site;
    } else {
      if (c.writer < 0) unwritten(it->first);
      c.readers |= static_cast<uint8_t>(1u << pipe);
      c.read_time[pipe] = time;
      c.read_site[pipe] = site;
    }
    at = seg.end;
    ++it;
  }
  // Neighbours that now agree become one segment again, from the one before the range to
  // the one after it.
  auto m = segments_.lower_bound(begin);
  if (m != segments_.begin()) --m;
  while (m != segments_.end() && m->first <= end) {
    auto next = std::next(m);
    if (next != segments_.end() && m->second.end == next->first && m->second.cell == next->second.cell) {
      m->second.end = next->second.end;
      segments_.erase(next);
    } else {
      m = next;
    }
  }
}

}  // namespace pto::interp::check
