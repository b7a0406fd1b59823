// What the sanitizer's shadows find for one access, gathered and reported at the right
// instructions (sanitizer.cc, vector_batch.cc).
#ifndef PTO_INTERP_CHECK_COLLECTOR_H_
#define PTO_INTERP_CHECK_COLLECTOR_H_

#include <string>
#include <utility>
#include <vector>

#include "pto/common/strings.h"
#include "pto/interp/check/sanitizer.h"

namespace pto::interp::check {

/// A finding's message and its note.
using Text = std::pair<std::string, std::string>;

/// "global buffer 2", or the memory's name.
inline std::string WhereOf(const Place& p) {
  return p.global ? StrCat("global buffer ", p.buffer) : std::string(MemoryHardwareName(p.mem));
}

template <typename Make>
void Sanitizer::Report(const char* kind, Site at, Site other, Make&& make) {
  if (!reported_.insert({at.function, at.pc, other.function, other.pc, kind}).second) return;
  auto [message, note] = make();
  findings_.push_back({std::move(message), at, std::move(note), other});
}

// What the shadow finds for one access of an instruction: conflicts gathered by earlier
// instruction (reported once, over all the bytes they share), never-written reads reported.
// The union of a flushed batch's spans is one access whose findings are its spans' (Start
// with a BatchRecord), and an earlier access of a batch record stands for its spans.
class Sanitizer::Collector final : public AccessSink {
 public:
  struct Found {
    Site at;
    Conflict c;
    bool write;
    int clock;
    Place place;
  };
  Collector(Sanitizer& s, Site site) : s_(s), site_(site) {}
  void Start(const Access& a, int clock) { a_ = &a, record_ = nullptr, clock_ = clock; }
  void Start(const BatchRecord& r, int clock) {
    a_ = nullptr, record_ = &r, clock_ = clock;
    first_unwritten_.assign(r.spans.size(), ~uint64_t{0});
  }
  void OnConflict(const Conflict& c) override {
    if (!s_.races_) return;
    s_.ForSpansOf(c.site, c.begin, c.end, [&](Site earlier, uint64_t lo, uint64_t hi) {
      ForMine(lo, hi, [&](Site at, const Access& a, uint64_t b, uint64_t e) {
        Add(at, a, {c.earlier_write, c.clock, earlier, b, e});
      });
    });
  }
  void OnUnwritten(uint64_t begin, uint64_t end) override {
    if (a_) {
      uint64_t b, e;
      if (ClipAccess(*a_, begin, end, &b, &e)) Unwritten(site_, *a_, b);
      return;
    }
    // A batch's spans meet the shadow in joined pieces, not in address order: each span's
    // lowest never-written byte is kept and reported at the end.
    for (size_t i = 0; i < record_->spans.size(); ++i) {
      uint64_t b, e;
      if (ClipAccess(record_->spans[i].second, begin, end, &b, &e)) {
        first_unwritten_[i] = std::min(first_unwritten_[i], b);
      }
    }
  }
  std::vector<Found> found;
  /// Reports what was found: the never-written reads of a batch's spans, and the races, one
  /// per pair of instructions.
  void ReportRaces() {
    for (size_t i = 0; i < first_unwritten_.size(); ++i) {
      if (first_unwritten_[i] == ~uint64_t{0}) continue;
      const auto& [at, a] = record_->spans[i];
      Unwritten(at, a, first_unwritten_[i]);
    }
    for (const Found& f : found) s_.ReportRace(f.at, f.c, f.write, f.clock, f.place);
  }

 private:
  // Calls f(site, access, b, e) for the access (or each span of the batch record) being
  // applied that has bytes in [lo, hi): [b, e) is the hull of those.
  template <typename F>
  void ForMine(uint64_t lo, uint64_t hi, F&& f) const {
    if (a_) {
      uint64_t b, e;
      if (ClipAccess(*a_, lo, hi, &b, &e)) f(site_, *a_, b, e);
      return;
    }
    for (const auto& [site, a] : record_->spans) {
      uint64_t b, e;
      if (ClipAccess(a, lo, hi, &b, &e)) f(site, a, b, e);
    }
  }
  void Add(Site at, const Access& a, const Conflict& c) {
    for (Found& f : found) {
      if (f.at == at && f.c.site == c.site && f.c.earlier_write == c.earlier_write &&
          f.c.clock == c.clock && f.write == a.write && f.place == a.place) {
        f.c.begin = std::min(f.c.begin, c.begin), f.c.end = std::max(f.c.end, c.end);
        return;
      }
    }
    found.push_back({at, c, a.write, clock_, a.place});
  }
  void Unwritten(Site at, const Access& a, uint64_t byte) {
    if (a.place.global || !a.exact) return;
    s_.Report("uninitialised read", at, {}, [&] {
      const std::string element =
          a.elem_bytes > 0 && byte >= a.origin
              ? StrCat(" (element ", (byte - a.origin) / a.elem_bytes, " of its storage)")
              : "";
      const std::string operand = s_.TileName(at, a.tile);
      return Text{StrCat("uninitialised read: ", s_.Name(at), " reads ",
                         operand.empty() ? "" : operand + ": ", WhereOf(a.place), " byte ", byte,
                         element, ", which nothing in this launch wrote (the NPU holds "
                         "whatever was there)"),
                  ""};
    });
  }

  Sanitizer& s_;
  Site site_;
  const Access* a_ = nullptr;
  const BatchRecord* record_ = nullptr;
  std::vector<uint64_t> first_unwritten_;  ///< by the record's span (~0: none)
  int clock_ = 0;
};

}  // namespace pto::interp::check

#endif  // PTO_INTERP_CHECK_COLLECTOR_H_
