#include "pto/interp/check/shadow.h"

#include <algorithm>

namespace pto::interp::check {

namespace {

// Two atomic updates of the same bytes do not race, whatever pipes they are on.
bool BothAtomic(const Cell& c, const Step& step) { return step.write && step.atomic && c.atomic; }

// Whether cell \a c holds an access \a step is not ordered after, or a never-written read.
bool Flags(const Cell& c, const Step& step) {
  const Clock& seen = *step.seen;
  if (c.writer >= 0 && c.write_time > seen[c.writer] && !BothAtomic(c, step)) return true;
  if (!step.write) return c.writer < 0;
  for (unsigned r = c.readers; r != 0; r &= r - 1) {
    const int q = __builtin_ctz(r);
    if (c.read_time[q] > seen[q]) return true;
  }
  return false;
}

}  // namespace

bool SpansOverlap(const Span& x, const Span& y) {
  const uint64_t x_end = x.end + uint64_t{x.count - 1} * x.stride;
  const uint64_t y_end = y.end + uint64_t{y.count - 1} * y.stride;
  if (x.begin >= y_end || y.begin >= x_end) return false;
  if (x.count == 1 && y.count == 1) return true;
  const uint64_t stride = x.count > 1 ? x.stride : y.stride;
  if ((x.count > 1 && x.stride != stride) || (y.count > 1 && y.stride != stride)) return true;
  const uint64_t x_len = x.end - x.begin, y_len = y.end - y.begin;
  if (stride == 0 || x_len > stride || y_len > stride || stride > uint64_t{1} << 40) return true;
  // Copy i of x and copy j of y share bytes when d - x_len < (i - j) * stride < d + y_len,
  // d = y.begin - x.begin; i - j runs over [1 - y.count, x.count - 1].
  const auto s = static_cast<int64_t>(stride);
  const int64_t d = static_cast<int64_t>(y.begin - x.begin);  // hulls overlap: |d| is small
  const auto floor_div = [](int64_t a, int64_t b) { return a / b - (a % b != 0 && a < 0); };
  const int64_t k_lo = std::max<int64_t>(floor_div(d - static_cast<int64_t>(x_len), s) + 1,
                                         1 - int64_t{y.count});
  const int64_t k_hi = std::min<int64_t>(-floor_div(-(d + static_cast<int64_t>(y_len)), s) - 1,
                                         int64_t{x.count} - 1);
  return k_lo <= k_hi;
}

uint32_t Transition::Next(uint32_t in) {
  if (step_.write && memo_.written != ~0u) return memo_.written;
  const unsigned slot = in % StepMemo::kSlots;
  if (memo_.in[slot] == in) return memo_.out[slot];
  Cell c;
  if (step_.write) {
    c.writer = static_cast<int8_t>(step_.clock);
    c.write_time = step_.time;
    c.write_site = step_.site;
    c.atomic = step_.atomic;
  } else {
    c = cells_[in];
    c.readers |= static_cast<uint16_t>(1u << step_.clock);
    c.read_time[step_.clock] = step_.time;
    c.read_site[step_.clock] = step_.site;
  }
  const uint32_t out = cells_.Intern(c);
  if (step_.write) memo_.written = out;
  memo_.in[slot] = in, memo_.out[slot] = out;
  return out;
}

void Transition::Flush() {
  if (pending_ == ~0u) return;
  const uint32_t in = pending_;
  const uint64_t begin = pending_begin_, end = pending_end_;
  pending_ = ~0u;
  const Cell& c = cells_[in];  // nothing is interned while it is read
  if (!Flags(c, step_)) return;
  const Clock& seen = *step_.seen;
  if (c.writer >= 0 && c.write_time > seen[c.writer] && !BothAtomic(c, step_)) {
    sink_.OnConflict({true, c.writer, c.write_site, begin, end});
  }
  if (step_.write) {
    for (unsigned r = c.readers; r != 0; r &= r - 1) {
      const int q = __builtin_ctz(r);
      if (c.read_time[q] > seen[q]) sink_.OnConflict({false, q, c.read_site[q], begin, end});
    }
  } else if (c.writer < 0) {
    sink_.OnUnwritten(begin, end);
  }
}

}  // namespace pto::interp::check
