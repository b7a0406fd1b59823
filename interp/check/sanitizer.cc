#include "pto/interp/check/sanitizer.h"

#include <algorithm>

#include "pto/common/call_graph.h"
#include "pto/common/code_walk.h"
#include "pto/common/strings.h"

namespace pto::interp::check {

namespace {

const char* PipeWord(int pipe) { return PipeName(kPipes[pipe]); }

const Function& FunctionOf(Site s) { return *static_cast<const Function*>(s.function); }

// A finding's message and its note.
using Text = std::pair<std::string, std::string>;

}  // namespace

bool HasExplicitSync(const Program& program, const Function& entry) {
  const std::vector<std::vector<uint32_t>> calls = CallsOf(program);
  std::vector<uint32_t> todo{static_cast<uint32_t>(&entry - program.functions.data())};
  std::vector<bool> seen(program.functions.size());
  while (!todo.empty()) {
    const uint32_t fi = todo.back();
    todo.pop_back();
    if (fi >= seen.size() || seen[fi]) continue;
    seen[fi] = true;
    for (uint32_t callee : calls[fi]) todo.push_back(callee);
    for (const CodeSite& site : Instructions(program.functions[fi].code)) {
      // Any flag, barrier, event or buffer token; cross-core signals and tsync order cores
      // and tile events, not a core's pipes.
      const Opcode op = site.in.op;
      if (GetOpInfo(op).family == Family::kSync && op != Opcode::kSyncSet &&
          op != Opcode::kSyncWait && op != Opcode::kTSyncOp) {
        return true;
      }
    }
  }
  return false;
}

bool SitePosition(const Program& program, const Function& f, uint32_t pc, std::string* file,
                  int* line, int* col) {
  bool found = false;
  for (const LineEntry& l : f.lines) {
    if (l.code_offset > pc) break;
    if (l.code_offset == pc) {
      *file = program.String(l.file);
      *line = static_cast<int>(l.line);
      *col = static_cast<int>(l.col);
      found = true;
    }
  }
  return found;
}

Sanitizer::Sanitizer(const Program& program, const Function& entry, Level level)
    : program_(program) {
  races_ = level == Level::kStrict || (level == Level::kAuto && HasExplicitSync(program, entry));
}

std::string Sanitizer::Name(Site s) const {
  std::string_view m = GetOpInfo(Decode(&FunctionOf(s).code[s.pc]).op).mnemonic;
  if (!m.empty() && m[0] == '%') m.remove_prefix(1);
  return std::string(m);
}

template <typename Make>
void Sanitizer::Report(const char* kind, Site at, Site other, Make&& make) {
  if (!reported_.insert({at.function, at.pc, other.function, other.pc, kind}).second) return;
  auto [message, note] = make();
  findings_.push_back({std::move(message), at, std::move(note), other});
}

Shadow& Sanitizer::ShadowOf(const Place& p) {
  std::unique_ptr<Shadow>& s = p.global ? global_[p.buffer] : local_[static_cast<int>(p.mem)];
  if (!s) s = std::make_unique<Shadow>();
  return *s;
}

void Sanitizer::Join(int pipe, const Clock& c) {
  for (int q = 0; q < kPipeCount; ++q) clock_[pipe][q] = std::max(clock_[pipe][q], c[q]);
}

void Sanitizer::Instruction(Site site, int pipe, const std::vector<Access>& accesses,
                            const char* what) {
  Clock& mine = clock_[pipe];
  const uint32_t time = ++mine[pipe];
  if (!accesses.empty()) pipes_used_ |= 1u << pipe;
  // Conflicts with one earlier instruction are reported once, over all the bytes they share.
  struct Found {
    Conflict c;
    bool write;
    std::string where;
  };
  std::vector<Found> found;
  for (int pass = 0; pass < 2; ++pass) {  // reads, then writes
    for (const Access& a : accesses) {
      if (a.write != (pass == 1)) continue;
      const std::string where = a.place.global
                                    ? StrCat("global buffer ", a.place.buffer)
                                    : std::string(MemoryHardwareName(a.place.mem));
      const auto conflict = [&](const Conflict& c) {
        if (!races_) return;
        const uint64_t lo = std::max(c.begin, a.begin), hi = std::min(c.end, a.end);
        for (Found& f : found) {
          if (f.c.site == c.site && f.c.earlier_write == c.earlier_write && f.c.pipe == c.pipe &&
              f.write == a.write && f.where == where) {
            f.c.begin = std::min(f.c.begin, lo), f.c.end = std::max(f.c.end, hi);
            return;
          }
        }
        found.push_back({{c.earlier_write, c.pipe, c.site, lo, hi}, a.write, where});
      };
      const auto unwritten = [&](uint64_t byte) {
        if (a.place.global || !a.exact) return;
        Report("uninitialised read", site, {}, [&] {
          const std::string element =
              a.elem_bytes > 0 && byte >= a.origin
                  ? StrCat(" (element ", (byte - a.origin) / a.elem_bytes, " of its storage)")
                  : "";
          return Text{StrCat("uninitialised read: ", what, " reads ",
                             a.operand.empty() ? "" : a.operand + ": ", where, " byte ", byte,
                             element, ", which nothing in this launch wrote (the NPU holds "
                             "whatever was there)"),
                      ""};
        });
      };
      ShadowOf(a.place).Access(a.begin, a.end, a.write, pipe, time, mine, site, conflict, unwritten);
    }
  }
  for (const Found& f : found) {
    const Conflict& c = f.c;
    const char* kind = f.write ? (c.earlier_write ? "WAW" : "WAR") : "RAW";
    Report(kind, site, c.site, [&] {
      return Text{
          StrCat("race: ", kind, " on ", f.where, " bytes [", c.begin, ", ", c.end, "): ", what,
                 " (", PipeWord(pipe), ") ", f.write ? "writes" : "reads", " bytes ",
                 Name(c.site), " (", PipeWord(c.pipe), ") ", c.earlier_write ? "wrote" : "read",
                 ", and nothing orders the two (a set_flag ", PipeWord(c.pipe), " -> ",
                 PipeWord(pipe), " with its wait_flag, or a barrier)"),
          StrCat("the ", c.earlier_write ? "write" : "read", " by ", Name(c.site), " is here")};
    });
  }
}

void Sanitizer::Misuse(Site site, std::string message) {
  Report("sync", site, {}, [&] { return Text{std::move(message), ""}; });
}

void Sanitizer::HostWrite(Memory mem, uint64_t begin, uint64_t end) {
  Clock all;
  all.fill(UINT32_MAX);
  ShadowOf(Place{false, mem, 0})
      .Access(begin, end, true, 0, 0, all, Site{}, [](const Conflict&) {}, [](uint64_t) {});
}

void Sanitizer::SetFlag(Site site, int src, int dst, int64_t id) {
  Flag& f = flags_[{src, dst, id}];
  if (f.waiting) {  // an earlier wait takes it: dst has been waiting for this set
    f.waiting = false;
    Join(dst, clock_[src]);
    return;
  }
  if (f.pending) {
    Report("sync", site, f.set_site, [&] {
      return Text{StrCat("sync: set_flag ", PipeWord(src), " -> ", PipeWord(dst), " event ", id,
                         " is set again before its wait_flag (undefined on the NPU: two sets "
                         "of one flag without a wait between them)"),
                  "the earlier set_flag is here"};
    });
  }
  f.pending = true;
  f.snapshot = clock_[src];
  f.set_site = site;
}

void Sanitizer::WaitFlag(Site site, int src, int dst, int64_t id) {
  Flag& f = flags_[{src, dst, id}];
  if (f.pending) {
    f.pending = false;
    Join(dst, f.snapshot);
    return;
  }
  f.waiting = true;
  f.wait_site = site;
}

void Sanitizer::BarrierAll() {
  Clock all{};
  for (const Clock& c : clock_) {
    for (int q = 0; q < kPipeCount; ++q) all[q] = std::max(all[q], c[q]);
  }
  clock_.fill(all);
}

void Sanitizer::ReleaseBuffer(Site, int pipe, int64_t id) {
  buffers_[id] = {clock_[pipe], true};
}

void Sanitizer::AcquireBuffer(Site, int pipe, int64_t id) {
  auto it = buffers_.find(id);
  if (it != buffers_.end() && it->second.second) Join(pipe, it->second.first);
}

void Sanitizer::Finish() {
  for (const auto& [key, f] : flags_) {
    // Named copies, not structured bindings: lambdas capture them.
    const int src = std::get<0>(key), dst = std::get<1>(key);
    const int64_t id = std::get<2>(key);
    if (f.pending) {
      Report("sync", f.set_site, {}, [&] {
        return Text{StrCat("sync: set_flag ", PipeWord(src), " -> ", PipeWord(dst), " event ", id,
                           " is still pending when the kernel ends: no wait_flag takes it"),
                    ""};
      });
    }
    if (f.waiting) {
      Report("sync", f.wait_site, {}, [&] {
        return Text{StrCat("sync: wait_flag ", PipeWord(src), " -> ", PipeWord(dst), " event ",
                           id, ": nothing sets this flag, so ", PipeWord(dst),
                           " would wait forever on the NPU (a hang)"),
                    ""};
      });
    }
  }
}

}  // namespace pto::interp::check
