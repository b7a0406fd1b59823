#include "pto/interp/observe/run_stats.h"

#include <algorithm>
#include <cstdio>
#include <vector>

#include "pto/common/strings.h"
#include "pto/interp/observe/json_text.h"

namespace pto::interp::observe {

namespace {

// The pipes that move data between memories (MTE1, MTE2, MTE3, FIX), by pipe index.
bool MovesData(int pipe) {
  if (pipe < 0) return false;
  const Pipe p = kPipes[pipe];
  return p == Pipe::kMTE1 || p == Pipe::kMTE2 || p == Pipe::kMTE3 || p == Pipe::kFIX;
}

uint64_t Bytes(const Access& a) { return uint64_t{a.count} * (a.end - a.begin); }

std::string Padded(const std::string& s, size_t width) {
  return s.size() >= width ? s : s + std::string(width - s.size(), ' ');
}

std::string Right(uint64_t n, size_t width) {
  const std::string s = std::to_string(n);
  return s.size() >= width ? s : std::string(width - s.size(), ' ') + s;
}

}  // namespace

void RunStats::OnStep(const Step& step) {
  ++instructions_;
  ++by_opcode_[static_cast<size_t>(step.in->op)];
  const int pipe = step.plan->pipe;
  ++by_pipe_[pipe >= 0 ? pipe : kPipeCount];
  int from = 0, to = 0;
  bool read = false, wrote = false;
  uint64_t written = 0;
  for (const Access& a : step.accesses) {
    const int place = a.place.global ? kGlobal : static_cast<int>(a.place.mem);
    if (!a.place.global && a.place.owner < 0) {
      uint64_t& peak = peak_[static_cast<size_t>(a.place.mem)];
      peak = std::max(peak, a.end + uint64_t{a.count - 1} * a.stride);
    }
    if (a.write) {
      if (!wrote) to = place, wrote = true;
      written += Bytes(a);
    } else if (!read) {
      from = place, read = true;
    }
  }
  if (MovesData(pipe) && read && wrote) {
    Moved& m = moved_[{from, to}];
    m.bytes += written;
    ++m.instructions;
  }
}

void RunStats::Merge(const RunStats& other) {
  instructions_ += other.instructions_;
  for (size_t i = 0; i < by_opcode_.size(); ++i) by_opcode_[i] += other.by_opcode_[i];
  for (size_t i = 0; i < by_pipe_.size(); ++i) by_pipe_[i] += other.by_pipe_[i];
  for (const auto& [key, m] : other.moved_) {
    moved_[key].bytes += m.bytes;
    moved_[key].instructions += m.instructions;
  }
  for (size_t i = 0; i < peak_.size(); ++i) peak_[i] = std::max(peak_[i], other.peak_[i]);
}

std::string RunStats::Render() const {
  std::string out = StrCat("ptorun: stats: ", instructions_, " instructions executed\n");
  out += "  by pipe\n";
  for (int p = 0; p <= kPipeCount; ++p) {
    if (by_pipe_[p] == 0) continue;
    out += StrCat("    ", Padded(p < kPipeCount ? PipeName(kPipes[p]) : "(none)", 22),
                  Right(by_pipe_[p], 12), "\n");
  }
  // Most executed first; ties by name.
  std::vector<std::pair<uint64_t, std::string>> ops;
  for (int op = 0; op < kOpcodeCount; ++op) {
    if (by_opcode_[op] == 0) continue;
    ops.emplace_back(by_opcode_[op], std::string(GetOpInfo(static_cast<Opcode>(op)).listing_name()));
  }
  std::sort(ops.begin(), ops.end(), [](const auto& a, const auto& b) {
    return a.first != b.first ? a.first > b.first : a.second < b.second;
  });
  out += "  by opcode\n";
  for (const auto& [n, name] : ops) out += StrCat("    ", Padded(name, 22), Right(n, 12), "\n");
  const auto where = [](int place) {
    return place == kGlobal ? std::string("GM") : std::string(MemoryHardwareName(static_cast<Memory>(place)));
  };
  if (!moved_.empty()) {
    out += "  moved by MTE1, MTE2, MTE3 and FIX (bytes written)\n";
    for (const auto& [key, m] : moved_) {
      out += StrCat("    ", Padded(StrCat(where(key.first), " -> ", where(key.second)), 22),
                    Right(m.bytes, 12), " bytes in ", m.instructions,
                    m.instructions == 1 ? " instruction\n" : " instructions\n");
    }
  }
  bool any = false;
  for (int m = 0; m < kMemoryCount; ++m) {
    if (peak_[m] == 0) continue;
    if (!any) out += "  on-chip: the highest byte touched\n", any = true;
    const uint64_t capacity = MemoryCapacity(arch_, static_cast<Memory>(m));
    char percent[32] = "";
    if (capacity > 0) std::snprintf(percent, sizeof percent, " (%.1f%%)", 100.0 * peak_[m] / capacity);
    out += StrCat("    ", Padded(MemoryHardwareName(static_cast<Memory>(m)), 22),
                  Right(peak_[m], 12), " of ", capacity, " bytes", percent, "\n");
  }
  return out;
}

std::string RunStats::Json() const {
  const auto where = [](int place) {
    return place == kGlobal ? std::string("GM") : std::string(MemoryHardwareName(static_cast<Memory>(place)));
  };
  std::string out = StrCat("{\"instructions\": ", instructions_, ", \"by_pipe\": {");
  const char* sep = "";
  for (int p = 0; p <= kPipeCount; ++p) {
    if (by_pipe_[p] == 0) continue;
    out += StrCat(sep, Quoted(p < kPipeCount ? PipeName(kPipes[p]) : "none"), ": ", by_pipe_[p]);
    sep = ", ";
  }
  out += "}, \"by_opcode\": {";
  sep = "";
  for (int op = 0; op < kOpcodeCount; ++op) {
    if (by_opcode_[op] == 0) continue;
    out += StrCat(sep, Quoted(GetOpInfo(static_cast<Opcode>(op)).listing_name()), ": ",
                  by_opcode_[op]);
    sep = ", ";
  }
  out += "}, \"moved\": [";
  sep = "";
  for (const auto& [key, m] : moved_) {
    out += StrCat(sep, "{\"from\": ", Quoted(where(key.first)), ", \"to\": ", Quoted(where(key.second)),
                  ", \"bytes\": ", m.bytes, ", \"instructions\": ", m.instructions, "}");
    sep = ", ";
  }
  out += "], \"highest_byte\": {";
  sep = "";
  for (int m = 0; m < kMemoryCount; ++m) {
    if (peak_[m] == 0) continue;
    out += StrCat(sep, Quoted(MemoryHardwareName(static_cast<Memory>(m))), ": {\"touched\": ",
                  peak_[m], ", \"capacity\": ", MemoryCapacity(arch_, static_cast<Memory>(m)), "}");
    sep = ", ";
  }
  return out + "}}";
}

}  // namespace pto::interp::observe
