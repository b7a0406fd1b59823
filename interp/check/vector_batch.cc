// The sanitizer's batch of a VPTO vector scope's UB loads and stores (sanitizer.h Batch): a
// vector loop between two synchronisations costs a few bit operations per instruction, and its
// accesses reach the shadow once per instruction and batch, as merged spans.
#include <algorithm>
#include <tuple>

#include "pto/interp/check/collector.h"
#include "pto/interp/check/granule_bits.h"
#include "pto/interp/check/sanitizer.h"

namespace pto::interp::check {

namespace {

// Calls f(begin, end) for each copy of a's bytes (an Access, or a batch span's head).
template <typename Span, typename F>
void ForCopies(const Span& a, F&& f) {
  for (uint32_t k = 0; k < a.count; ++k) {
    f(a.begin + uint64_t{k} * a.stride, a.end + uint64_t{k} * a.stride);
  }
}

}  // namespace

inline int16_t& Sanitizer::SpanSlot(Site site, bool write) {
  Batch& b = batch_;
  // Open addressing: a batch has at most kMaxSpans spans, a quarter of the slots, and a site
  // that shared its slot with another would start a span each time.
  size_t h = (site.pc * 2 + write) % b.by_site.size();
  while (b.by_site[h] >= 0) {
    const Batch::Head& span = b.heads[b.by_site[h]];
    if (span.function == site.function && span.pc == site.pc && span.write == write) break;
    h = (h + 1) % b.by_site.size();
  }
  return b.by_site[h];
}

bool Sanitizer::Batched(Site site, int clock, uint32_t loads_behind, const Access& a) {
  Batch& b = batch_;
  if (b.load_version != version_[kVecLoad] || b.store_version != version_[kVecStore]) [[unlikely]] {
    Rebatch();  // a mem_bar, the scope's end or a flag moved the clocks
  }
  // Once an access broke the batch's order, the rest of the step is checked one by one, so
  // that what it finds is reported over all its bytes.
  const Place& p = a.place;
  if (b.broken || p.global || p.mem != Memory::kVec || p.owner >= 0 || a.count != 1 ||
      a.atomic || a.end <= a.begin) {
    return false;
  }
  const uint64_t first = a.begin >> kGranuleShift, last = (a.end - 1) >> kGranuleShift;
  if (last >= b.granules) return false;
  // The batch's order: no load of bytes it stored, no store of bytes it loaded unless the
  // stored values come from its loads (a data dependence orders the two). Until an access
  // meets the other kind's hull, none can break it, and the bits wait (MarkBits).
  const bool checked = a.write ? loads_behind < LoadEpoch() : true;
  if (!b.bits) {
    const Batch::Hull& other = a.write ? b.loads : b.stores;
    if (checked && a.begin < other.end && other.begin < a.end) MarkBits();
    Batch::Hull& own = a.write ? b.stores : b.loads;
    own.begin = std::min(own.begin, a.begin), own.end = std::max(own.end, a.end);
  }
  if (b.bits && checked && AnyBit(a.write ? b.loaded.data() : b.stored.data(), first, last)) {
    b.broken = true;
    ++b.serial;  // no lane goes on with a broken batch
    return false;
  }
  int16_t& slot = SpanSlot(site, a.write);
  Batch::Head* span = slot >= 0 ? &b.heads[slot] : nullptr;
  if (!span || span->clock != clock || span->loads != loads_behind ||
      !(CoversSpan(*span, a) || GrowSpan(*span, a))) {
    if (b.spans.size() == Batch::kMaxSpans) return false;
    NewSpan(slot, site, clock, loads_behind, a);
  }
  if (b.bits) SetBits(a.write ? b.stored.data() : b.loaded.data(), first, last, true);
  if (site.pc >= b.lanes.size()) b.lanes.resize(site.pc + 1);
  b.lanes[site.pc] = {site.function, b.serial, clock_serial_, slot};
  return true;
}

void Sanitizer::MarkBits() {
  Batch& b = batch_;
  b.bits = true;
  for (const Batch::Head& h : b.heads) {
    ForCopies(h, [&](uint64_t begin, uint64_t end) {
      SetBits(h.write ? b.stored.data() : b.loaded.data(), begin >> kGranuleShift,
              (end - 1) >> kGranuleShift, true);
    });
  }
}

void Sanitizer::Rebatch() {
  Batch& b = batch_;
  if (!b.spans.empty()) FlushBatch();
  b.load_version = version_[kVecLoad], b.store_version = version_[kVecStore];
  b.broken = false;
  if (b.loaded.empty()) {  // a bit per granule of UB
    b.granules = MemoryCapacity(program_.arch, Memory::kVec) >> kGranuleShift;
    b.loaded.assign((b.granules + 63) / 64, 0), b.stored.assign((b.granules + 63) / 64, 0);
  }
}

void Sanitizer::NewSpan(int16_t& slot, Site site, int clock, uint32_t loads_behind,
                        const Access& a) {
  Batch& b = batch_;
  slot = static_cast<int16_t>(b.spans.size());
  b.spans.push_back(Stamp(site, clock, loads_behind, a));
  b.heads.push_back({site.function, site.pc, a.count, a.begin, a.end, a.stride, loads_behind,
                     static_cast<int8_t>(clock), a.write});
}

void Sanitizer::FlushBatch() {
  Batch& b = batch_;
  std::vector<HeldAccess> spans;
  spans.swap(b.spans);
  for (size_t i = 0; i < spans.size(); ++i) {  // the bytes they grew to
    const Batch::Head& h = b.heads[i];
    Access& a = spans[i].a;
    a.begin = h.begin, a.end = h.end, a.count = h.count, a.stride = h.stride;
  }
  b.heads.clear();
  for (const HeldAccess& span : spans) {
    if (!b.bits) break;
    ForCopies(span.a, [&](uint64_t begin, uint64_t end) {
      SetBits(span.a.write ? b.stored.data() : b.loaded.data(), begin >> kGranuleShift,
              (end - 1) >> kGranuleShift, false);
    });
  }
  b.bits = false, b.loads = {}, b.stores = {};
  ++b.serial;  // the lanes name spans gone
  b.by_site.fill(-1);
  // A batch whose step is over meets the shadow now, as the union of its bytes. One flushed
  // in its step (an access it could not take) is held instead, span by span, so that its
  // spans go on merging with the step's next accesses and a report covers all their bytes;
  // so is one of a core run apart, which logs each access by its instruction (cross_core.cc).
  const bool step_over = b.load_version != version_[kVecLoad] ||
                         b.store_version != version_[kVecStore];
  if (step_over && core_ < 0) {
    ApplyBatch(spans);
  } else {
    // Held, all its loads and then all its stores (the order sanitizer.h Batch keeps), after
    // the accesses held before it.
    for (const bool stores : {false, true}) {
      for (const HeldAccess& span : spans) {
        if (span.a.write != stores) continue;
        if (held_.full()) FlushAll();
        held_.Add(span);
      }
    }
  }
  spans.clear();
  if (b.spans.empty()) spans.swap(b.spans);  // keeps the capacity
  if (cells_.size() >= collect_at_) CollectCells();
}

namespace {

// Spans [first, last) with their copies' bytes joined where they meet: spans of one count and
// stride side by side become one wider span, copies that meet become one run, runs that meet
// one run. A byte may stay in two (applying one step twice changes nothing).
void JoinSpans(std::vector<Access>::iterator first, std::vector<Access>::iterator last,
               std::vector<Access>* out) {
  const auto by_shape = [](const Access& x, const Access& y) {
    return std::tie(x.count, x.stride, x.begin) < std::tie(y.count, y.stride, y.begin);
  };
  std::sort(first, last, by_shape);
  const size_t runs = out->size();
  for (auto it = first; it != last;) {
    Access a = *it;
    for (++it; it != last && it->count == a.count && it->stride == a.stride &&
               it->begin == a.end && (a.count == 1 || it->end - a.begin <= a.stride);
         ++it) {
      a.end = it->end;
    }
    if (a.count > 1 && a.end - a.begin == a.stride) {  // copies that meet: one run
      a.end = a.begin + uint64_t{a.count} * a.stride, a.count = 1, a.stride = 0;
    }
    out->push_back(a);
  }
  // The runs (count 1) among them, joined where they meet.
  auto split = std::stable_partition(out->begin() + runs, out->end(),
                                     [](const Access& a) { return a.count == 1; });
  std::sort(out->begin() + runs, split, by_shape);
  auto kept = out->begin() + runs;
  for (auto it = out->begin() + runs; it != split; ++it) {
    if (kept != out->begin() + runs && it->begin <= (kept - 1)->end) {
      (kept - 1)->end = std::max((kept - 1)->end, it->end);
    } else {
      *kept++ = *it;
    }
  }
  out->erase(kept, split);
}

}  // namespace

void Sanitizer::ApplyBatch(const std::vector<HeldAccess>& spans) {
  // Spans of one step (direction, clock, epoch, view and loads behind) go as one access, the
  // union of their bytes, under a batch record's site; all its loads, then all its stores
  // (the order sanitizer.h Batch keeps).
  struct Group {
    const HeldAccess* lead;
    uint32_t record;
    size_t first, last;  // its joined spans in joined_
  };
  std::vector<Group> groups;
  joined_.clear();
  uint64_t done = 0;  // bit per span (a batch has at most 64)
  for (const bool stores : {false, true}) {
    for (size_t i = 0; i < spans.size(); ++i) {
      const HeldAccess& lead = spans[i];
      if (lead.a.write != stores || done >> i & 1) continue;
      const uint32_t id = next_record_++;
      BatchRecord& record = records_[id];
      scratch_.clear();
      for (size_t j = i; j < spans.size(); ++j) {
        const HeldAccess& s = spans[j];
        if (done >> j & 1 || s.a.write != stores || s.clock != lead.clock ||
            s.time != lead.time || s.loads != lead.loads || s.seen != lead.seen) {
          continue;
        }
        done |= uint64_t{1} << j;
        record.spans.emplace_back(s.site, s.a);
        scratch_.push_back(s.a);
      }
      const size_t first = joined_.size();
      JoinSpans(scratch_.begin(), scratch_.end(), &joined_);
      groups.push_back({&lead, id, first, joined_.size()});
    }
  }
  // What was held before the batch meets the shadow first (its bytes may be the batch's).
  for (const Access& a : joined_) FlushOverlapping(a);
  for (const Group& g : groups) {
    const HeldAccess& lead = *g.lead;
    const bool write = lead.a.write;
    const Site site{this, g.record};
    StepMemo& memo = MemoOf(site, write);
    memo.Use(uint64_t{generation_ & 0xffff} << 48 | uint64_t{lead.time} << 16 |
             uint64_t(lead.clock) << 1 | write);
    Collector collect(*this, site);
    collect.Start(records_[g.record], lead.clock);
    Shadow& shadow = ShadowOf(lead.a.place);
    const Step step{write, lead.clock, lead.time, &lead.seen, site};
    for (size_t k = g.first; k < g.last; ++k) {
      const Access& a = joined_[k];
      shadow.Access(Span{a.begin, a.end, a.count, a.stride}, step, cells_, memo, collect);
    }
    collect.ReportRaces();
  }
}

}  // namespace pto::interp::check
