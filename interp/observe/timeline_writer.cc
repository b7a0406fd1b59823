#include "pto/interp/observe/timeline_writer.h"

#include <charconv>
#include <cmath>
#include <vector>

#include "pto/common/isa/cost_table.h"
#include "pto/common/strings.h"
#include "pto/interp/check/sanitizer.h"
#include "pto/interp/observe/json_text.h"

namespace pto::interp::observe {

namespace {

// Trace timestamps are microseconds; a cycle is a fraction of one. Six decimals, written with
// integer arithmetic (printf's %f took a quarter of a large timeline's writing).
std::string Micros(uint64_t cycles) {
  const auto ps = static_cast<uint64_t>(std::llround(static_cast<double>(cycles) * 1e12 / cost::kClockHz));
  char buf[48];
  char* end = std::to_chars(buf, buf + 24, ps / 1000000).ptr;
  *end++ = '.';
  char frac[8];
  const char* fe = std::to_chars(frac, frac + 8, ps % 1000000).ptr;
  for (ptrdiff_t pad = 6 - (fe - frac); pad > 0; --pad) *end++ = '0';
  for (const char* f = frac; f < fe; ++f) *end++ = *f;
  return std::string(buf, end);
}

// A track: core c's pipe p.
int Track(size_t core, int pipe) { return static_cast<int>(core) * kPipeCount + pipe; }

// Whether a record gets a slice: it took cycles, an issue slot, or synchronised.
bool Shows(const CostRecord& rec, const Placed& at) {
  return at.cycles != 0 || at.dispatched || rec.sync != check::FlagEvent::Kind::kNone;
}

std::string CoreName(const CoreCosts& c) { return c.name.empty() ? std::string("core") : c.name; }

// Writes one estimate's events, a megabyte at a time to the sink.
class TimelineWriter {
 public:
  TimelineWriter(const Program& program, const Estimate& e, int64_t limit, const TextSink& sink)
      : program_(program), e_(e), limit_(limit), sink_(sink), labels_(program.functions.size()) {}

  bool Write(bool* cut) {
    out_ = StrCat("{\"displayTimeUnit\":\"ns\",\"otherData\":{\"clock_hz\":",
                  Number(cost::kClockHz), ",\"cycles\":", e_.cycles,
                  ",\"model\":\"docs/cost-model.md\"},\"traceEvents\":[\n");
    for (size_t b = 0; b < e_.blocks.size(); ++b) WriteBlock(b);
    out_ += "\n]}\n";
    *cut = cut_;
    return sunk_ && sink_(out_.data(), out_.size());
  }

 private:
  void Add(const std::string& event) {
    if (!first_) out_ += ",\n";
    out_ += event;
    first_ = false;
    constexpr size_t kFlushAt = size_t{1} << 20;
    if (out_.size() >= kFlushAt) {  // to the sink a megabyte at a time, never all at once
      sunk_ = sunk_ && sink_(out_.data(), out_.size());
      out_.clear();
    }
  }

  // Each instruction's name and source position, as slices show them, made once.
  const std::string& Label(const CostRecord& rec) {
    auto& of = labels_[static_cast<size_t>(rec.function - program_.functions.data())];
    if (of.empty()) of.resize(rec.function->code.size());
    std::string& l = of[rec.pc];
    if (l.empty()) {
      std::string file;
      int line = 0, col = 0;
      const bool known = check::SitePosition(program_, *rec.function, rec.pc, &file, &line, &col);
      l = StrCat("\"name\":", Quoted(GetOpInfo(rec.op).listing_name()),
                 known ? StrCat(",\"at\":", Quoted(StrCat(file, ":", line, ":", col))) : "");
    }
    return l;
  }

  void WriteBlock(size_t b) {
    const auto& cores = e_.blocks[b];
    const BlockSchedule& s = e_.schedules[b];
    Add(StrCat("{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":", b,
               ",\"args\":{\"name\":", Quoted(StrCat("block ", b)), "}}"));
    // Each core's first record the limit kept out of the file (all shown before it).
    std::vector<size_t> cut_at(cores.size());
    const auto shown = [&](size_t c, size_t r) {
      return r < cut_at[c] && Shows(cores[c].recorder->records()[r], s.cores[c].placed[r]);
    };
    for (size_t c = 0; c < cores.size(); ++c) {
      cut_at[c] = WriteCore(b, c);
      // UB and L1 bytes touched so far, as counters.
      const auto& footprints = cores[c].recorder->footprints();
      for (size_t i = 0; i < footprints.size(); ++i) {
        const Footprint& f = footprints[i];
        if (!shown(c, f.record)) continue;
        Add(StrCat("{\"ph\":\"C\",\"name\":",
                   Quoted(StrCat(CoreName(cores[c]), " ", MemoryHardwareName(f.mem), " bytes")),
                   ",\"pid\":", b, ",\"ts\":", Micros(s.cores[c].placed[f.record].start),
                   ",\"args\":{\"bytes\":", f.bytes, "}}"));
      }
    }
    // An arrow from each set to the wait it released: a flow from the set's slice to the
    // wait's.
    for (size_t i = 0; i < s.arrows.size(); ++i) {
      const SyncArrow& a = s.arrows[i];
      if (!shown(a.from_core, a.from) || !shown(a.to_core, a.to)) continue;
      const Placed& from = s.cores[a.from_core].placed[a.from];
      const Placed& to = s.cores[a.to_core].placed[a.to];
      const uint64_t id = ++flow_id_;
      Add(StrCat("{\"ph\":\"s\",\"name\":\"sync\",\"cat\":\"sync\",\"id\":", id, ",\"pid\":", b,
                 ",\"tid\":", Track(a.from_core, from.pipe), ",\"ts\":", Micros(from.start), "}"));
      Add(StrCat("{\"ph\":\"f\",\"bp\":\"e\",\"name\":\"sync\",\"cat\":\"sync\",\"id\":", id,
                 ",\"pid\":", b, ",\"tid\":", Track(a.to_core, to.pipe), ",\"ts\":",
                 Micros(to.start), "}"));
    }
  }

  // Core \a c's tracks and slices; returns its first record the limit left out (or its
  // record count).
  size_t WriteCore(size_t b, size_t c) {
    const CoreCosts& core = e_.blocks[b][c];
    const CoreSchedule& cs = e_.schedules[b].cores[c];
    for (int p = 0; p < kPipeCount; ++p) {
      if (cs.busy[p] == 0 && p != 0) continue;
      Add(StrCat("{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":", b, ",\"tid\":", Track(c, p),
                 ",\"args\":{\"name\":", Quoted(StrCat(CoreName(core), " ", PipeName(kPipes[p]))),
                 "}}"));
      Add(StrCat("{\"ph\":\"M\",\"name\":\"thread_sort_index\",\"pid\":", b, ",\"tid\":",
                 Track(c, p), ",\"args\":{\"sort_index\":", Track(c, p), "}}"));
    }
    const auto& records = core.recorder->records();
    for (size_t r = 0; r < records.size(); ++r) {
      const Placed& at = cs.placed[r];
      if (!Shows(records[r], at)) continue;
      if (slices_ >= limit_) {
        cut_ = true;
        return r;
      }
      ++slices_;
      Add(StrCat("{\"ph\":\"X\",", Label(records[r]), ",\"cat\":\"", PipeName(kPipes[at.pipe]),
                 "\",\"pid\":", b, ",\"tid\":", Track(c, at.pipe), ",\"ts\":", Micros(at.start),
                 ",\"dur\":", Micros(at.cycles), ",\"args\":{\"cycles\":", at.cycles,
                 ",\"start\":", at.start, at.dispatched ? ",\"issue\":1" : "", "}}"));
    }
    return records.size();
  }

  const Program& program_;
  const Estimate& e_;
  const int64_t limit_;
  const TextSink& sink_;
  std::vector<std::vector<std::string>> labels_;  ///< by function and code offset
  std::string out_;
  bool first_ = true, sunk_ = true, cut_ = false;
  int64_t slices_ = 0;
  uint64_t flow_id_ = 0;
};

}  // namespace

std::string TimelineJson(const Program& program, const Estimate& e, int64_t limit, bool* cut) {
  std::string all;
  WriteTimelineJson(program, e, limit, cut,
                    [&](const char* data, size_t size) { return all.append(data, size), true; });
  return all;
}

bool WriteTimelineJson(const Program& program, const Estimate& e, int64_t limit, bool* cut,
                       const TextSink& sink) {
  return TimelineWriter(program, e, limit, sink).Write(cut);
}

}  // namespace pto::interp::observe
