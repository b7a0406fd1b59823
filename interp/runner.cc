#include "pto/interp/runner.h"

#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

#include "pto/common/diagnostics.h"
#include "pto/common/output_file.h"
#include "pto/common/strings.h"
#include "pto/interp/launch.h"
#include "pto/interp/observe/profile_report.h"
#include "pto/interp/observe/timeline_writer.h"

namespace pto::interp {

namespace {

// Comm kernels run every block on a thread of its own; more would only exhaust the machine.
constexpr int kMaxCommBlocks = 256;

/// What an output request refers to.
struct OutputTarget {
  int buffer = -1;      ///< A global buffer, or
  int tile_reg = -1;    ///< a tile register of the entry function.
  std::string file;
};

class Runner {
 public:
  Runner(const Program& program, std::ostream& err) : program_(program), err_(err) {}

  int Run(const RunRequest& request);

 private:
  bool Error(const std::string& message) {
    err_ << "ptorun: error: " << message << "\n";
    return false;
  }
  bool SelectEntry(const std::string& name);
  bool CheckPeer();
  bool ResolveOutputs(const std::vector<std::pair<std::string, std::string>>& outs);
  bool WriteOutputs();
  void ReportFault();
  /// Prints the sanitizer's findings; how many errors there were.
  int ReportFindings(const RunRequest& request);
  /// Writes the launch's trace to request.trace; false (reported) when it cannot.
  bool WriteTrace(const RunRequest& request);
  /// --profile and --timeline: the cycle estimate, printed and written.
  bool ReportEstimate(const RunRequest& request);
  std::string ParamName(size_t i) const;

  const Program& program_;
  std::ostream& err_;
  const Function* fn_ = nullptr;
  Arguments args_;
  std::unique_ptr<Launch> launch_;
  std::vector<OutputTarget> outputs_;
};

std::string Runner::ParamName(size_t i) const {
  return StrCat("%", program_.String(fn_->params[i].name));
}

bool Runner::SelectEntry(const std::string& name) {
  if (name.empty()) fn_ = &program_.functions[program_.entry];
  for (const Function& f : program_.functions) {
    if (!fn_ && program_.String(f.name) == name) fn_ = &f;
  }
  // A kernel's two variants in VPTO's container form: the cube one, its peer beside it.
  for (const Function& f : program_.functions) {
    if (!fn_ && f.kind == KernelKind::kCube && KernelVariantBase(program_, f) == name) fn_ = &f;
  }
  if (!fn_) {
    std::string names;
    for (const Function& f : program_.functions) names += " @" + program_.String(f.name);
    return Error(StrCat("no function @", name, " (the program has:", names, ")"));
  }
  return CheckPeer();
}

// A cube (or vector) kernel that uses pipes runs with its peer on the other cores, on the same
// arguments.
bool Runner::CheckPeer() {
  if (fn_->kind == KernelKind::kAny || !NeedsCoresApart(program_)) return true;
  const std::string name = program_.String(fn_->name);
  const char* other = fn_->kind == KernelKind::kCube ? "vector" : "cube";
  if (fn_->peer == kNoFunction) {
    return Error(StrCat("@", name, " runs on the ", other == std::string("vector") ? "cube" : "vector",
                        " core of a program with pipes, but no ", other, " function is paired "
                        "with it (pto.import_reserved_buffer {peer_func = @...}); run the "
                        "function that calls both, or pair them"));
  }
  const Function& peer = program_.functions[fn_->peer];
  bool same = peer.params.size() == fn_->params.size();
  for (size_t i = 0; same && i < peer.params.size(); ++i) {
    same = peer.params[i].kind == fn_->params[i].kind &&
           peer.params[i].dtype == fn_->params[i].dtype &&
           peer.params[i].shape == fn_->params[i].shape;
  }
  if (!same) {
    return Error(StrCat("@", name, " and its peer @", program_.String(peer.name),
                        " run side by side on the same arguments, so they must take the same "
                        "parameters"));
  }
  return true;
}

bool Runner::ResolveOutputs(const std::vector<std::pair<std::string, std::string>>& outs) {
  bool ok = true;  // report every bad --out
  for (const auto& [which, file] : outs) {
    OutputTarget target;
    target.file = file;
    std::string name = which[0] == '%' ? which.substr(1) : which;
    char* end = nullptr;
    long index = std::strtol(which.c_str(), &end, 10);
    int param = -1;
    if (!which.empty() && *end == '\0') {
      if (index < 1 || static_cast<size_t>(index) > fn_->params.size()) {
        ok = Error(StrCat("--out ", which, ": there is no parameter ", index, " (@",
                          program_.String(fn_->name), " has ", fn_->params.size(), ")"));
        continue;
      }
      param = static_cast<int>(index - 1);
    } else {
      for (size_t i = 0; i < fn_->params.size(); ++i) {
        if (program_.String(fn_->params[i].name) == name) param = static_cast<int>(i);
      }
    }
    if (param >= 0) {
      const Param& p = fn_->params[param];
      if (p.kind == ParamKind::kScalar) {
        ok = Error(StrCat("--out ", which, ": ", ParamName(param), " is a scalar, not memory"));
        continue;
      }
      if (p.kind == ParamKind::kTile) {
        target.tile_reg = static_cast<int>(p.reg);
      } else {
        target.buffer = args_.buffer_of_param[param];
      }
    } else {
      for (size_t t = 0; t < fn_->tiles.size(); ++t) {
        if (program_.String(fn_->tiles[t].name) == name) target.tile_reg = static_cast<int>(t);
      }
      if (target.tile_reg < 0) {
        ok = Error(StrCat("--out ", which, ": no parameter or tile named %", name, " in @",
                          program_.String(fn_->name)));
        continue;
      }
    }
    outputs_.push_back(target);
  }
  return ok;
}

bool Runner::WriteOutputs() {
  std::string err;
  for (const OutputTarget& out : outputs_) {
    if (out.buffer >= 0) {
      // Global buffers are written from where the kernel left them (a copy of a large
      // output cost more than the kernel).
      const AlignedBytes& global = args_.globals[out.buffer].bytes;
      if (!WriteOutputFile(out.file, global.data(), global.size(), &err)) return Error(err);
      continue;
    }
    // Tiles live in each block's own memory; block 0's (first core's) are written.
    Block& block = launch_->block(0);
    const TileReg& reg = fn_->tiles[out.tile_reg];
    const TileType& t = reg.type;
    const TileState& s = block.exec(0)->tile(out.tile_reg);
    if (s.addr == kUnboundAddress) {
      return Error(StrCat("cannot write ", out.file, ": %", program_.String(reg.name),
                          " was never bound to an address"));
    }
    const uint8_t* base = block.core(0).local.At(t.mem, s.addr);
    const int size = DTypeSize(t.dtype);
    std::vector<uint8_t> bytes(t.Bytes());
    for (int64_t r = 0; r < t.rows; ++r) {
      for (int64_t c = 0; c < t.cols; ++c) {
        std::memcpy(&bytes[(r * t.cols + c) * size], base + t.ElementOffset(r, c) * size, size);
      }
    }
    if (!WriteOutputFile(out.file, bytes.data(), bytes.size(), &err)) return Error(err);
  }
  return true;
}

void Runner::ReportFault() {
  Block& block = launch_->block(launch_->failed_block());
  const Executor& exec = *block.exec(block.failed_core());
  std::string message = exec.fault();
  std::string core = block.core(block.failed_core()).Name();
  if (!core.empty()) message = StrCat(core, ": ", message);
  if (launch_->block_count() > 1) message = StrCat("block ", launch_->failed_block(), ": ", message);
  std::string file;
  int line = 0, col = 0;
  if (!exec.FaultPosition(&file, &line, &col)) {
    Error(message);
    return;
  }
  // As a diagnostic at a named file's line: the source line echoed, with a caret.
  Diagnostics diags;
  diags.At(Severity::kError, file, line, col, message);
  diags.Render(err_);
}

int Runner::Run(const RunRequest& request) {
  if (!SelectEntry(request.entry) || !ReadArguments(program_, *fn_, request.args, &args_, err_)) {
    return 1;
  }
  if (request.blocks < 1) {
    Error(StrCat("--blocks must be at least 1, got ", request.blocks));
    return 1;
  }
  if (UsesComm(program_) && NeedsCoresApart(program_)) {
    Error("a kernel with both comm signals (tnotify, twait) and cube/vector cores run apart "
          "(pipes, cross-core flags or kernel variants) is not supported: a wait on one could "
          "not see a deadlock on the other");
    return 1;
  }
  if (UsesComm(program_) && request.blocks > kMaxCommBlocks) {
    Error(StrCat("a kernel with comm instructions runs all its blocks at once, one thread each; "
                 "--blocks ", request.blocks, " is more than the ", kMaxCommBlocks, " allowed"));
    return 1;
  }
  launch_ = std::make_unique<Launch>(program_, *fn_, args_, request.blocks, request.max_steps,
                                     request.audit_accesses);
  if (!ResolveOutputs(request.outs)) return 1;
  launch_->EnableChecks(request.audit_accesses ? check::Level::kOff : request.check);
  if (request.stats) launch_->EnableStats();
  if (!request.trace.empty()) launch_->EnableTrace(request.trace_limit);
  if (request.profile || !request.timeline.empty()) launch_->EnableCosts();
  const auto start = std::chrono::steady_clock::now();
  const bool ran = launch_->Run(request.audit_accesses ? 1 : request.threads);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  // The trace is written even after a fault: its last records lead up to it.
  if (!request.trace.empty() && !WriteTrace(request)) return 1;
  if (!ran) {
    ReportFault();
    return 1;
  }
  if (request.report_time) {
    const uint64_t steps = launch_->steps();
    char us[32];
    std::snprintf(us, sizeof us, "%.1f", seconds * 1e6);
    err_ << "ptorun: ran in " << us << " us, " << steps << " instructions\n";
  }
  if (request.stats) err_ << launch_->Stats().Render();
  if ((request.profile || !request.timeline.empty()) && !ReportEstimate(request)) return 1;
  const int findings = ReportFindings(request);
  return WriteOutputs() && findings == 0 ? 0 : 1;
}

bool Runner::ReportEstimate(const RunRequest& request) {
  const observe::Estimate e = observe::EstimateRun(launch_->Costs());
  std::string error;
  if (!request.timeline.empty()) {
    bool cut = false;
    const std::string json = observe::TimelineJson(program_, e, request.trace_limit, &cut);
    if (!WriteOutputFile(request.timeline, json.data(), json.size(), &error)) {
      err_ << "ptorun: error: " << error << "\n";
      return false;
    }
    if (cut) {
      err_ << "ptorun: note: the timeline stopped at " << request.trace_limit
           << " slices (--trace-limit); the estimate covers the whole run\n";
    }
  }
  if (!request.profile_csv.empty()) {
    const std::string csv = observe::ProfileCsv(program_, e);
    if (!WriteOutputFile(request.profile_csv, csv.data(), csv.size(), &error)) {
      err_ << "ptorun: error: " << error << "\n";
      return false;
    }
  }
  if (request.profile) err_ << observe::RenderProfile(program_, e);
  return true;
}

bool Runner::WriteTrace(const RunRequest& request) {
  bool cut = false;
  const std::string text = launch_->Trace(&cut);
  std::string error;
  if (!WriteOutputFile(request.trace, text.data(), text.size(), &error)) {
    err_ << "ptorun: error: " << error << "\n";
    return false;
  }
  if (cut) {
    err_ << "ptorun: note: the trace stopped at " << request.trace_limit
         << " records (--trace-limit); the run went on\n";
  }
  return true;
}

int Runner::ReportFindings(const RunRequest& request) {
  if (request.audit_accesses || request.check == check::Level::kOff) return 0;
  const std::vector<check::Finding> findings = launch_->Findings();
  Diagnostics diags;
  const auto at = [&](Severity severity, check::Site site, const std::string& message) {
    std::string file;
    int line = 0, col = 0;
    const auto& f = *static_cast<const Function*>(site.function);
    if (check::SitePosition(program_, f, site.pc, &file, &line, &col)) {
      diags.At(severity, file, line, col, message);
    } else {
      diags.At(severity, "", 0, 0, message);
    }
  };
  for (const check::Finding& f : findings) {
    at(Severity::kError, f.at, f.message);
    if (!f.note.empty()) at(Severity::kNote, f.note_at, f.note);
  }
  diags.Render(err_);
  err_ << launch_->CoresUnchecked();
  if (launch_->CoreLogCut()) {
    err_ << "ptorun: note: a core logged more accesses than the check between the cores of a "
            "block keeps (4M runs of bytes); its later ones were not compared with the other "
            "cores'\n";
  }
  if (launch_->RacesUnchecked()) {
    err_ << "ptorun: note: this kernel has no synchronisation of its own, so races between its "
            "pipes were not checked (a compiler inserts it; --check=strict checks the kernel "
            "as written)\n";
  }
  return static_cast<int>(findings.size());
}

}  // namespace

int Run(const Program& program, const RunRequest& request, std::ostream& err) {
  return Runner(program, err).Run(request);
}

}  // namespace pto::interp
