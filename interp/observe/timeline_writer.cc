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

std::string CoreName(const CoreCosts& c) { return c.name.empty() ? std::string("core") : c.name; }

}  // namespace

std::string TimelineJson(const Program& program, const Estimate& e, int64_t limit, bool* cut) {
  std::string all;
  WriteTimelineJson(program, e, limit, cut,
                    [&](const char* data, size_t size) { return all.append(data, size), true; });
  return all;
}

bool WriteTimelineJson(const Program& program, const Estimate& e, int64_t limit, bool* cut,
                       const TextSink& sink) {
  *cut = false;
  std::string out = StrCat("{\"displayTimeUnit\":\"ns\",\"otherData\":{\"clock_hz\":",
                           Number(cost::kClockHz), ",\"cycles\":", e.cycles,
                           ",\"model\":\"docs/cost-model.md\"},\"traceEvents\":[\n");
  bool first = true, sunk = true;
  constexpr size_t kFlushAt = size_t{1} << 20;
  const auto add = [&](const std::string& event) {
    if (!first) out += ",\n";
    out += event;
    first = false;
    if (out.size() >= kFlushAt) {  // to the sink a megabyte at a time, never all at once
      sunk = sunk && sink(out.data(), out.size());
      out.clear();
    }
  };
  // Each instruction's name and source position, as slices show them, made once.
  std::vector<std::vector<std::string>> labels(program.functions.size());
  const auto label = [&](const CostRecord& rec) -> const std::string& {
    auto& of = labels[static_cast<size_t>(rec.function - program.functions.data())];
    if (of.empty()) of.resize(rec.function->code.size());
    std::string& l = of[rec.pc];
    if (l.empty()) {
      std::string file;
      int line = 0, col = 0;
      const bool known = check::SitePosition(program, *rec.function, rec.pc, &file, &line, &col);
      l = StrCat("\"name\":", Quoted(GetOpInfo(rec.op).listing_name()),
                 known ? StrCat(",\"at\":", Quoted(StrCat(file, ":", line, ":", col))) : "");
    }
    return l;
  };
  int64_t slices = 0;
  uint64_t flow_id = 0;
  for (size_t b = 0; b < e.blocks.size(); ++b) {
    const auto& cores = e.blocks[b];
    const BlockSchedule& s = e.schedules[b];
    add(StrCat("{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":", b,
               ",\"args\":{\"name\":", Quoted(StrCat("block ", b)), "}}"));
    // Which of each core's records made it into the file (the limit may stop them).
    std::vector<std::vector<bool>> shown(cores.size());
    for (size_t c = 0; c < cores.size(); ++c) {
      const CoreSchedule& cs = s.cores[c];
      for (int p = 0; p < kPipeCount; ++p) {
        if (cs.busy[p] == 0 && p != 0) continue;
        add(StrCat("{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":", b, ",\"tid\":", Track(c, p),
                   ",\"args\":{\"name\":", Quoted(StrCat(CoreName(cores[c]), " ", PipeName(kPipes[p]))),
                   "}}"));
        add(StrCat("{\"ph\":\"M\",\"name\":\"thread_sort_index\",\"pid\":", b, ",\"tid\":",
                   Track(c, p), ",\"args\":{\"sort_index\":", Track(c, p), "}}"));
      }
      const auto& records = cores[c].recorder->records();
      shown[c].assign(records.size(), false);
      for (size_t r = 0; r < records.size(); ++r) {
        const Placed& at = cs.placed[r];
        if (at.cycles == 0 && !at.dispatched && records[r].sync == check::FlagEvent::Kind::kNone) {
          continue;
        }
        if (slices >= limit) {
          *cut = true;
          break;
        }
        ++slices;
        shown[c][r] = true;
        add(StrCat("{\"ph\":\"X\",", label(records[r]), ",\"cat\":\"", PipeName(kPipes[at.pipe]),
                   "\",\"pid\":", b, ",\"tid\":", Track(c, at.pipe), ",\"ts\":",
                   Micros(at.start), ",\"dur\":", Micros(at.cycles), ",\"args\":{\"cycles\":",
                   at.cycles, ",\"start\":", at.start, at.dispatched ? ",\"issue\":1" : "", "}}"));
      }
      // UB and L1 bytes touched so far, as counters.
      for (const Footprint& f : cores[c].recorder->footprints()) {
        if (f.record >= records.size() || !shown[c][f.record]) continue;
        const Placed& at = cs.placed[f.record];
        add(StrCat("{\"ph\":\"C\",\"name\":",
                   Quoted(StrCat(CoreName(cores[c]), " ", MemoryHardwareName(f.mem), " bytes")),
                   ",\"pid\":", b, ",\"ts\":", Micros(at.start), ",\"args\":{\"bytes\":", f.bytes,
                   "}}"));
      }
    }
    // An arrow from each set to the wait it released: a flow from the set's slice to the
    // wait's.
    for (const SyncArrow& a : s.arrows) {
      if (!shown[a.from_core][a.from] || !shown[a.to_core][a.to]) continue;
      const Placed& from = s.cores[a.from_core].placed[a.from];
      const Placed& to = s.cores[a.to_core].placed[a.to];
      const uint64_t id = ++flow_id;
      add(StrCat("{\"ph\":\"s\",\"name\":\"sync\",\"cat\":\"sync\",\"id\":", id, ",\"pid\":", b,
                 ",\"tid\":", Track(a.from_core, from.pipe), ",\"ts\":", Micros(from.start), "}"));
      add(StrCat("{\"ph\":\"f\",\"bp\":\"e\",\"name\":\"sync\",\"cat\":\"sync\",\"id\":", id,
                 ",\"pid\":", b, ",\"tid\":", Track(a.to_core, to.pipe), ",\"ts\":",
                 Micros(to.start), "}"));
    }
  }
  out += "\n]}\n";
  return sunk && sink(out.data(), out.size());
}

}  // namespace pto::interp::observe
