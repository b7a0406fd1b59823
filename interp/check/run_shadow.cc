// The shadow of a global buffer: sorted runs of bytes with one cell. A kernel reads and writes
// its buffers in long runs (rows of a tile, bursts of a DMA), so a buffer of megabytes holds a
// handful of runs and an access meets one or two. A buffer touched in many scattered pieces
// (a gather, a scatter) turns into granules once its runs get many.
#include <iterator>
#include <map>

#include "pto/interp/check/granule_shadow.h"

namespace pto::interp::check {

namespace {

class RunShadow final : public Shadow {
 public:
  using Shadow::Access;
  void Access(const Span& span, const Step& step, CellTable& cells, StepMemo& memo,
              AccessSink& sink) override {
    if (dense_) return dense_->Access(span, step, cells, memo, sink);
    if (span.begin >= span.end) return;
    {
      Transition t(step, cells, memo, sink);
      for (uint32_t i = 0; i < span.count; ++i) {
        const uint64_t off = uint64_t{i} * span.stride;
        Run(span.begin + off, span.end + off, t);
      }
    }
    if (runs_.size() > kMaxRuns) ToGranules();
  }

  void ForEachRun(const std::function<void(uint64_t, uint64_t, uint32_t)>& f) const override {
    if (dense_) return dense_->ForEachRun(f);
    for (const auto& [begin, r] : runs_) f(begin, r.end, r.id);
  }
  void MarkUsed(std::vector<bool>* used) const override {
    if (dense_) return dense_->MarkUsed(used);
    for (const auto& [begin, r] : runs_) {
      if (r.id >= used->size()) used->resize(r.id + 1);
      (*used)[r.id] = true;
    }
  }
  void Renumber(const std::vector<uint32_t>& remap) override {
    if (dense_) return dense_->Renumber(remap);
    for (auto& [begin, r] : runs_) r.id = remap[r.id];
    // Cells that compacted into one may leave neighbours equal: they stay apart, harmlessly.
  }

 private:
  static constexpr size_t kMaxRuns = size_t{1} << 15;
  struct Piece {
    uint64_t end;
    uint32_t id;
  };
  using Runs = std::map<uint64_t, Piece>;

  // The run that starts at \a at, splitting the one \a at falls inside.
  Runs::iterator SplitAt(uint64_t at) {
    auto it = runs_.upper_bound(at);
    if (it == runs_.begin()) return it;
    auto prev = std::prev(it);
    if (prev->first == at) return prev;
    if (prev->second.end <= at) return it;
    const Piece tail{prev->second.end, prev->second.id};
    prev->second.end = at;
    return runs_.emplace_hint(it, at, tail);
  }

  void Run(uint64_t begin, uint64_t end, Transition& t) {
    auto it = SplitAt(begin);
    SplitAt(end);
    it = runs_.lower_bound(begin);
    for (uint64_t at = begin; at < end;) {
      if (it == runs_.end() || it->first > at) {  // untouched bytes (cell 0) up to the next run
        const uint64_t stop = it == runs_.end() ? end : std::min(end, it->first);
        it = std::next(runs_.emplace_hint(it, at, Piece{stop, t.Apply(0, at, stop)}));
        at = stop;
        continue;
      }
      it->second.id = t.Apply(it->second.id, at, it->second.end);
      at = it->second.end;
      ++it;
    }
    // Rejoin neighbours with one cell, from the run before the access to the one after it.
    auto first = runs_.lower_bound(begin);
    if (first != runs_.begin()) --first;
    for (auto a = first; a != runs_.end() && a->first <= end;) {
      auto b = std::next(a);
      if (b != runs_.end() && b->first == a->second.end && b->second.id == a->second.id) {
        a->second.end = b->second.end;
        runs_.erase(b);
      } else {
        a = b;
      }
    }
  }

  void ToGranules() {
    dense_ = std::make_unique<GranuleShadow>();
    for (const auto& [begin, r] : runs_) dense_->Set(begin, r.end, r.id);
    runs_.clear();
  }

  Runs runs_;
  std::unique_ptr<GranuleShadow> dense_;
};

}  // namespace

std::unique_ptr<Shadow> MakeRunShadow() { return std::make_unique<RunShadow>(); }

}  // namespace pto::interp::check
