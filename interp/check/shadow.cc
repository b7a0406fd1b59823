#include "pto/interp/check/shadow.h"

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

}  // namespace

uint32_t Transition::Next(uint32_t in) {
  for (unsigned i = 0; i < memo_.in.size(); ++i) {
    if (memo_.in[i] == in) return memo_.out[i];
  }
  Cell c;
  if (step_.write) {
    c.writer = static_cast<int8_t>(step_.clock);
    c.write_time = step_.time;
    c.write_site = step_.site;
  } else {
    c = cells_[in];
    c.readers |= static_cast<uint16_t>(1u << step_.clock);
    c.read_time[step_.clock] = step_.time;
    c.read_site[step_.clock] = step_.site;
  }
  const uint32_t out = cells_.Intern(c);
  const unsigned slot = memo_.next++ % memo_.in.size();
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
  if (c.writer >= 0 && c.write_time > seen[c.writer]) {
    sink_.OnConflict({true, c.writer, c.write_site, begin, end});
  }
  if (step_.write) {
    for (unsigned r = c.readers; r != 0; r &= r - 1) {
      const int q = __builtin_ctz(r);
      if (c.read_time[q] > seen[q]) sink_.OnConflict({false, q, c.read_site[q], begin, end});
    }
  } else if (c.writer < 0) {
    sink_.OnUnwritten(begin);
  }
}

}  // namespace pto::interp::check
