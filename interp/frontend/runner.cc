#include "pto/interp/frontend/runner.h"

#include <cstdio>

#include "pto/common/diagnostics.h"
#include "pto/common/output_file.h"
#include "pto/common/strings.h"
#include "pto/interp/io/expect.h"
#include "pto/interp/io/npy_format.h"
#include "pto/interp/observe/profile_report.h"
#include "pto/interp/observe/timeline_writer.h"

namespace pto::interp {

namespace {

constexpr char kTool[] = "ptorun";

bool EndsWith(const std::string& s, const char* suffix) {
  const size_t n = std::char_traits<char>::length(suffix);
  return s.size() >= n && s.compare(s.size() - n, n, suffix) == 0;
}

/// A sink writing to the output file's descriptor (WriteOutputFileWith's body).
observe::TextSink ToDescriptor(int fd) {
  return [fd](const char* data, size_t size) { return WriteAllTo(fd, data, size); };
}

/// An output to write or compare: what it names, and for --expect its golden.
struct Wanted {
  int handle;
  std::string which;
  std::string file;
  Golden golden;
};

class Runner {
 public:
  Runner(const Program& program, std::ostream& err) : program_(program), run_(program), err_(err) {}

  int Run(const RunRequest& request);

 private:
  /// Prints what diags_ holds and empties it; false if it held an error.
  bool Flush() {
    diags_.Render(err_, kTool);
    const bool ok = !diags_.has_errors();
    diags_ = Diagnostics();
    return ok;
  }
  bool Error(const std::string& message) {
    err_ << kTool << ": error: " << message << "\n";
    return false;
  }
  /// Resolves --out and --expect, and reads the goldens (before the run, so that it is not
  /// wasted on a golden that cannot be read).
  bool PrepareOutputs(const RunRequest& request);
  bool WriteOutputs();
  /// Compares each --expect; false if one is out of tolerance.
  bool CheckExpectations(const RunRequest& request);
  /// Writes the launch's trace to request.trace; false (reported) when it cannot.
  bool WriteTrace(const RunRequest& request);
  /// --profile and --timeline: the cycle estimate, printed and written.
  bool ReportEstimate(const RunRequest& request);

  const Program& program_;
  KernelRun run_;
  std::ostream& err_;
  Diagnostics diags_;
  std::vector<Wanted> outs_, expects_;
};

bool Runner::PrepareOutputs(const RunRequest& request) {
  for (const auto& [which, file] : request.outs) {
    const int handle = run_.FindOutput(which, "--out", diags_);
    if (handle >= 0) outs_.push_back({handle, which, file, {}});
  }
  for (const auto& [which, file] : request.expects) {
    const int handle = run_.FindOutput(which, "--expect", diags_);
    if (handle < 0) continue;
    const Function& fn = run_.function();
    const size_t params = fn.params.size();
    const DType dtype = static_cast<size_t>(handle) < params
                            ? (fn.params[handle].kind == ParamKind::kTile
                                   ? fn.tiles[fn.params[handle].reg].type.dtype
                                   : fn.params[handle].dtype)
                            : fn.tiles[handle - params].type.dtype;
    Wanted w{handle, which, file, {}};
    std::string err;
    if (!ReadGolden(file, dtype, run_.OutputElementCount(handle), &w.golden, &err)) {
      diags_.Error(StrCat("--expect ", which, ": ", err));
      continue;
    }
    expects_.push_back(std::move(w));
  }
  return Flush();
}

bool Runner::WriteOutputs() {
  std::string err;
  for (const Wanted& out : outs_) {
    OutputElements elements;
    if (!run_.Output(out.handle, &elements, diags_)) {
      diags_ = Diagnostics();
      return Error(StrCat("cannot write ", out.file, ": ", elements.name,
                          " was never bound to an address"));
    }
    std::vector<OutputPart> parts;
    std::string header;
    if (EndsWith(out.file, ".npy")) {
      header = MakeNpyHeader(NpyDescrOf(elements.dtype), elements.shape);
      parts.push_back({header.data(), header.size()});
    }
    parts.push_back({elements.data, elements.bytes});
    if (!WriteOutputFile(out.file, parts, &err)) return Error(err);
  }
  return true;
}

bool Runner::CheckExpectations(const RunRequest& request) {
  bool ok = true;
  for (const Wanted& w : expects_) {
    OutputElements got;
    if (!run_.Output(w.handle, &got, diags_)) {
      ok = Flush();
      continue;
    }
    const int64_t count = static_cast<int64_t>(got.bytes / DTypeSize(got.dtype));
    if (static_cast<int64_t>(w.golden.values.size()) != count) {
      ok = Error(StrCat("expect ", got.name, ": ", w.golden.file, " holds ",
                        w.golden.values.size(), " values but ", got.name, " has ", count));
      continue;
    }
    // A golden of several dimensions is the output's shape, where the output has one.
    const std::vector<int64_t>& want_shape = w.golden.shape;
    if (got.shape.size() >= 2 && want_shape.size() >= 2 && want_shape != got.shape) {
      ok = Error(StrCat("expect ", got.name, ": ", w.golden.file, " has shape ",
                        NpyShapeText(want_shape), " but ", got.name, " is ",
                        NpyShapeText(got.shape)));
      continue;
    }
    Tolerance tol = DefaultTolerance(got.dtype);
    if (request.rtol) tol.rtol = *request.rtol;
    if (request.atol) tol.atol = *request.atol;
    const Comparison c = Compare(got.data, got.dtype, w.golden, tol);
    // A pointer's elements have no shape of their own: a 2-D golden gives them its rows.
    const std::vector<int64_t>& shape = got.shape.size() >= 2 ? got.shape : w.golden.shape;
    err_ << RenderComparison(got.name, got.dtype, shape, c, tol);
    ok &= c.bad == 0;
  }
  return ok;
}

int Runner::Run(const RunRequest& request) {
  if (!run_.SelectEntry(request.entry, diags_)) return Flush(), 1;
  std::vector<ArgumentValue> args;
  for (const std::string& arg : request.args) args.push_back(ArgumentValue::Text(arg));
  if (!run_.Bind(args, diags_)) return Flush(), 1;
  RunOptions options = request.options;
  options.stats = request.stats;
  options.trace = !request.trace.empty();
  options.costs = request.profile || !request.timeline.empty();
  if (!run_.Prepare(options, diags_)) return Flush(), 1;
  if (!PrepareOutputs(request)) return 1;
  double seconds = 0;
  const bool ran = run_.Execute(&seconds);
  // The trace is written even after a fault: its last records lead up to it.
  if (!request.trace.empty() && !WriteTrace(request)) return 1;
  if (!ran) {
    run_.ReportFault(diags_);
    Flush();
    return 1;
  }
  if (request.report_time) {
    char us[32];
    std::snprintf(us, sizeof us, "%.1f", seconds * 1e6);
    err_ << kTool << ": ran in " << us << " us, " << run_.launch().steps() << " instructions\n";
  }
  if (request.stats) err_ << run_.observers()->Stats().Render();
  if ((request.profile || !request.timeline.empty()) && !ReportEstimate(request)) return 1;
  const int findings = run_.ReportFindings(diags_);
  Flush();
  const bool written = WriteOutputs();
  const bool expected = CheckExpectations(request);
  return written && expected && findings == 0 ? 0 : 1;
}

bool Runner::ReportEstimate(const RunRequest& request) {
  const observe::Estimate e = observe::EstimateRun(run_.observers()->Costs());
  std::string error;
  const int64_t limit = request.options.trace_limit;
  if (!request.timeline.empty()) {
    bool cut = false;
    const auto body = [&](int fd) {
      return observe::WriteTimelineJson(program_, e, limit, &cut, ToDescriptor(fd));
    };
    if (!WriteOutputFileWith(request.timeline, body, &error)) return Error(error);
    if (cut) {
      err_ << kTool << ": note: the timeline stopped at " << limit
           << " slices (--trace-limit); the estimate covers the whole run\n";
    }
  }
  if (!request.profile_csv.empty()) {
    const std::string csv = observe::ProfileCsv(program_, e);
    if (!WriteOutputFile(request.profile_csv, csv.data(), csv.size(), &error)) return Error(error);
  }
  if (request.profile) err_ << observe::RenderProfile(program_, e);
  return true;
}

bool Runner::WriteTrace(const RunRequest& request) {
  bool cut = false;
  std::string error;
  // Streamed from the cores' records (spilled to temporary files), never one string.
  const auto body = [&](int fd) { return run_.observers()->WriteTrace(ToDescriptor(fd), &cut); };
  if (!WriteOutputFileWith(request.trace, body, &error)) return Error(error);
  if (cut) {
    err_ << kTool << ": note: the trace stopped at " << request.options.trace_limit
         << " records (--trace-limit); the run went on\n";
  }
  return true;
}

}  // namespace

int Run(const Program& program, const RunRequest& request, std::ostream& err) {
  return Runner(program, err).Run(request);
}

}  // namespace pto::interp
