#include "pto/interp/observe/profile_report.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>

#include "pto/common/isa/cost_table.h"
#include "pto/common/strings.h"
#include "pto/interp/observe/json_text.h"
#include "pto/interp/check/sanitizer.h"

namespace pto::interp::observe {

namespace {

struct Totals {
  uint64_t executed = 0, cycles = 0;
  std::array<uint64_t, kPipeCount> by_pipe{};
  void Add(const Totals& t) {
    executed += t.executed, cycles += t.cycles;
    for (int p = 0; p < kPipeCount; ++p) by_pipe[p] += t.by_pipe[p];
  }
  int pipe() const {
    return static_cast<int>(std::max_element(by_pipe.begin(), by_pipe.end()) - by_pipe.begin());
  }
};

// A source line and what ran there.
struct LineTotals {
  Totals totals;
  std::set<std::string> ops;
};

struct Tables {
  std::map<std::pair<std::string, int>, LineTotals> lines;  ///< by file, line ("", 0: none)
  std::map<std::string, Totals> ops;
  uint64_t placed = 0;  ///< every record's cycles
};

Tables Tabulate(const Program& program, const Estimate& e) {
  // Each instruction's totals by function and code offset (a run's records are many, its
  // instructions few).
  struct Site {
    Opcode op{};
    Totals totals;
  };
  std::vector<std::vector<Site>> sites(program.functions.size());
  for (size_t f = 0; f < sites.size(); ++f) sites[f].resize(program.functions[f].code.size());
  Tables t;
  for (size_t b = 0; b < e.blocks.size(); ++b) {
    for (size_t c = 0; c < e.blocks[b].size(); ++c) {
      const auto& records = e.blocks[b][c].recorder->records();
      const auto& placed = e.schedules[b].cores[c].placed;
      for (size_t r = 0; r < records.size(); ++r) {
        const CostRecord& rec = records[r];
        Site& site = sites[static_cast<size_t>(rec.function - program.functions.data())][rec.pc];
        site.op = rec.op;
        ++site.totals.executed;
        // its cycles on its pipe, and the scalar unit's cycle issuing it there (by_pipe: only
        // the former, so that a line's pipe is the one its instructions ran on)
        const uint32_t issue = placed[r].dispatched ? 1 : 0;
        site.totals.cycles += placed[r].cycles + issue;
        site.totals.by_pipe[placed[r].pipe] += placed[r].cycles;
        t.placed += placed[r].cycles + issue;
      }
    }
  }
  for (size_t f = 0; f < sites.size(); ++f) {
    for (uint32_t pc = 0; pc < sites[f].size(); ++pc) {
      const Site& site = sites[f][pc];
      if (site.totals.executed == 0) continue;
      std::string file;
      int line = 0, col = 0;
      if (!check::SitePosition(program, program.functions[f], pc, &file, &line, &col)) file.clear();
      const std::string op(GetOpInfo(site.op).listing_name());
      LineTotals& l = t.lines[{file, line}];
      l.totals.Add(site.totals);
      l.ops.insert(op);
      t.ops[op].Add(site.totals);
    }
  }
  return t;
}

std::string Padded(const std::string& s, size_t width) {
  return s.size() >= width ? s : s + std::string(width - s.size(), ' ');
}

std::string Right(const std::string& s, size_t width) {
  return s.size() >= width ? s : std::string(width - s.size(), ' ') + s;
}

std::string Percent(double part, double whole) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f%%", whole > 0 ? 100.0 * part / whole : 0.0);
  return buf;
}

std::string Micros(double cycles) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f us", cycles / cost::kClockHz * 1e6);
  return buf;
}

std::string Joined(const std::set<std::string>& names) {
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : " ") + n;
  return out;
}

std::string LineName(const std::pair<std::string, int>& key) {
  return key.first.empty() ? std::string("(no source line)") : StrCat(key.first, ":", key.second);
}

// The \a n largest of \a rows by cycles (ties by key), as the table lists them.
template <typename Map>
std::vector<typename Map::const_iterator> Top(const Map& rows, size_t n,
                                              uint64_t (*cycles)(const typename Map::mapped_type&)) {
  std::vector<typename Map::const_iterator> order;
  for (auto it = rows.begin(); it != rows.end(); ++it) order.push_back(it);
  std::stable_sort(order.begin(), order.end(),
                   [&](auto a, auto b) { return cycles(a->second) > cycles(b->second); });
  if (order.size() > n) order.resize(n);
  return order;
}

// Each pipe's busy cycles, against the time the cores that have it ran.
struct PipeTotals {
  std::array<uint64_t, kPipeCount> busy{};
  uint64_t span = 0, unmatched = 0;
  int bound = 0;  ///< the busiest pipe
};

PipeTotals SumPipes(const Estimate& e) {
  PipeTotals t;
  for (const BlockSchedule& s : e.schedules) {
    t.unmatched += s.unmatched_waits;
    for (const CoreSchedule& c : s.cores) {
      t.span += c.end;
      for (int p = 0; p < kPipeCount; ++p) t.busy[p] += c.busy[p];
    }
  }
  for (int p = 0; p < kPipeCount; ++p) {
    if (t.busy[p] > t.busy[t.bound]) t.bound = p;
  }
  return t;
}

}  // namespace

Estimate EstimateRun(std::vector<std::vector<CoreCosts>> blocks) {
  Estimate e;
  e.blocks = std::move(blocks);
  e.launch = static_cast<uint64_t>(cost::kLaunchCycles);
  for (const auto& cores : e.blocks) {
    std::vector<const CostRecorder*> recorders;
    for (const CoreCosts& c : cores) recorders.push_back(c.recorder);
    e.schedules.push_back(ScheduleBlock(recorders));
    e.cycles = std::max(e.cycles, e.schedules.back().end);
  }
  return e;
}

std::string RenderProfile(const Program& program, const Estimate& e) {
  std::string out = StrCat("ptorun: profile: an estimated ", e.total(), " cycles (",
                           Micros(static_cast<double>(e.total())), " at ", cost::kClockHz / 1e9,
                           " GHz): the launch ", e.launch, ", then the kernel ", e.cycles,
                           " (docs/cost-model.md)\n");
  if (e.schedules.size() > 1) {
    out += "  by block\n";
    for (size_t b = 0; b < e.schedules.size() && b < 8; ++b) {
      out += StrCat("    block ", Padded(std::to_string(b), 14), Right(std::to_string(e.schedules[b].end), 12),
                    " cycles\n");
    }
    if (e.schedules.size() > 8) out += StrCat("    ... ", e.schedules.size() - 8, " more blocks\n");
  }
  const PipeTotals pipes = SumPipes(e);
  const auto& busy = pipes.busy;
  const uint64_t unmatched = pipes.unmatched;
  out += "  pipe                  busy cycles  utilisation\n";
  for (int p = 0; p < kPipeCount; ++p) {
    if (busy[p] == 0) continue;
    out += StrCat("    ", Padded(PipeName(kPipes[p]), 18), Right(std::to_string(busy[p]), 13),
                  Right(Percent(static_cast<double>(busy[p]), static_cast<double>(pipes.span)), 13), "\n");
  }
  out += StrCat("  bound by ", PipeName(kPipes[pipes.bound]), "\n");
  const Tables t = Tabulate(program, e);
  const double placed = static_cast<double>(t.placed);
  out += "  top source lines by estimated cycles\n";
  for (auto it : Top(t.lines, 10, +[](const LineTotals& l) { return l.totals.cycles; })) {
    const Totals& l = it->second.totals;
    out += StrCat("    ", Padded(LineName(it->first), 28), Right(std::to_string(l.cycles), 12),
                  Right(Percent(static_cast<double>(l.cycles), placed), 8), "  ",
                  PipeName(kPipes[l.pipe()]), "  ", Joined(it->second.ops), "\n");
  }
  out += "  top instructions by estimated cycles\n";
  for (auto it : Top(t.ops, 10, +[](const Totals& o) { return o.cycles; })) {
    out += StrCat("    ", Padded(it->first, 28), Right(std::to_string(it->second.cycles), 12),
                  Right(Percent(static_cast<double>(it->second.cycles), placed), 8), "  ",
                  it->second.executed, it->second.executed == 1 ? " run\n" : " runs\n");
  }
  // Host time: what the run itself took on this machine, by instruction family.
  struct Host {
    uint64_t instructions = 0;
    double ns = 0;
  };
  std::array<Host, kFamilyCount> host{};
  for (const auto& cores : e.blocks) {
    for (const CoreCosts& c : cores) {
      const double ns_per_tick = c.recorder->ns_per_tick();
      for (int f = 0; f < kFamilyCount; ++f) {
        host[f].instructions += c.recorder->host_time()[f].instructions;
        host[f].ns += static_cast<double>(c.recorder->host_time()[f].ticks) * ns_per_tick;
      }
    }
  }
  std::vector<int> families;
  for (int f = 0; f < kFamilyCount; ++f) {
    if (host[f].instructions > 0) families.push_back(f);
  }
  std::stable_sort(families.begin(), families.end(),
                   [&](int a, int b) { return host[a].ns > host[b].ns; });
  out += "  host time by instruction family (this machine, the profiler's own work included)\n";
  for (const int f : families) {
    char line[96];
    std::snprintf(line, sizeof line, "%12.1f us  %10.1f ns each", host[f].ns / 1e3,
                  host[f].ns / static_cast<double>(host[f].instructions));
    out += StrCat("    ", Padded(FamilyName(static_cast<Family>(f)), 18),
                  Right(std::to_string(host[f].instructions), 10), line, "\n");
  }
  if (unmatched > 0) {
    out += StrCat("  note: ", unmatched, unmatched == 1 ? " wait" : " waits",
                  " found no set to wait for and was taken as already set\n");
  }
  return out;
}

std::string ProfileCsv(const Program& program, const Estimate& e) {
  const Tables t = Tabulate(program, e);
  std::string out = "file,line,pipe,instructions,executed,cycles,percent\n";
  for (const auto& [key, l] : t.lines) {
    char percent[32];
    std::snprintf(percent, sizeof percent, "%.2f",
                  t.placed > 0 ? 100.0 * static_cast<double>(l.totals.cycles) / static_cast<double>(t.placed) : 0.0);
    std::string file = key.first;
    if (file.find_first_of(",\"") != std::string::npos) {
      std::string q = "\"";
      for (const char c : file) q += c == '"' ? std::string("\"\"") : std::string(1, c);
      file = q + "\"";
    }
    out += StrCat(file, ",", key.second, ",", PipeName(kPipes[l.totals.pipe()]), ",",
                  Joined(l.ops), ",", l.totals.executed, ",", l.totals.cycles, ",", percent, "\n");
  }
  return out;
}

std::string ProfileJson(const Program& program, const Estimate& e) {
  const PipeTotals pipes = SumPipes(e);
  std::string out = StrCat("{\"cycles\": ", e.total(), ", \"launch_cycles\": ", e.launch,
                           ", \"kernel_cycles\": ", e.cycles,
                           ", \"clock_hz\": ", Number(cost::kClockHz), ", \"blocks\": [");
  for (size_t b = 0; b < e.schedules.size(); ++b) out += StrCat(b ? ", " : "", e.schedules[b].end);
  out += "], \"pipes\": {";
  const char* sep = "";
  for (int p = 0; p < kPipeCount; ++p) {
    if (pipes.busy[p] == 0) continue;
    const double utilisation =
        pipes.span ? static_cast<double>(pipes.busy[p]) / static_cast<double>(pipes.span) : 0.0;
    out += StrCat(sep, Quoted(PipeName(kPipes[p])), ": {\"busy\": ", pipes.busy[p],
                  ", \"utilisation\": ", Number(utilisation), "}");
    sep = ", ";
  }
  out += StrCat("}, \"bound\": ", Quoted(PipeName(kPipes[pipes.bound])),
                ", \"unmatched_waits\": ", pipes.unmatched, ", \"lines\": [");
  const Tables t = Tabulate(program, e);
  sep = "";
  for (const auto& [key, l] : t.lines) {
    std::string ops = "[";
    for (const std::string& op : l.ops) ops += StrCat(ops.size() > 1 ? ", " : "", Quoted(op));
    out += StrCat(sep, "{\"file\": ", Quoted(key.first), ", \"line\": ", key.second,
                  ", \"pipe\": ", Quoted(PipeName(kPipes[l.totals.pipe()])),
                  ", \"instructions\": ", ops, "], \"executed\": ", l.totals.executed,
                  ", \"cycles\": ", l.totals.cycles, "}");
    sep = ", ";
  }
  return out + "]}";
}

}  // namespace pto::interp::observe
