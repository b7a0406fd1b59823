// ptorun._core: the toolchain as a Python extension. It assembles, links and loads programs
// as ptoas does (asm/program_inputs.h), verifies their bytecode as ptorun does, and runs them
// on numpy arrays and Python numbers (interp/frontend/kernel_run.h), releasing the GIL while a kernel
// runs. Policy (argument names, allocation, write-back, exceptions) is in ptorun/__init__.py.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <exception>
#include <memory>
#include <mutex>
#include <sstream>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

#include "pto/asm/disassembler.h"
#include "pto/asm/program_inputs.h"
#include "pto/common/arch.h"
#include "pto/common/bytecode.h"
#include "pto/interp/io/npy_format.h"
#include "pto/interp/frontend/kernel_run.h"
#include "pto/interp/observe/profile_report.h"
#include "pto/interp/observe/timeline_writer.h"

namespace py = pybind11;

namespace pto::python {
namespace {

const char* SeverityName(Severity s) {
  return s == Severity::kError ? "error" : s == Severity::kWarning ? "warning" : "note";
}

/// Diagnostics as (severity, file, line, column, message, offset) tuples: a binary error's
/// offset, else -1.
py::list DiagnosticTuples(const Diagnostics& diags) {
  py::list out;
  for (const Diagnostic& d : diags.all()) {
    std::string file = d.pos_name;
    int line = d.line, col = d.col;
    int64_t offset = -1;
    if (d.line <= 0 && d.file) {
      file = d.file->name();
      d.file->LineCol(d.range.begin, &line, &col);
    } else if (d.line <= 0 && !d.binary_name.empty()) {
      file = d.binary_name;
      offset = static_cast<int64_t>(d.binary_offset);
      line = col = 0;
    }
    out.append(py::make_tuple(SeverityName(d.severity), file, line, col, d.message, offset));
  }
  return out;
}

/// A verified executable and the sources it came from (run-time messages echo their lines).
struct Kernel {
  Program program;
  std::vector<std::unique_ptr<SourceFile>> sources;
  std::vector<uint8_t> bytecode;
  std::vector<const SourceFile*> source_list() const {
    std::vector<const SourceFile*> list;
    for (const auto& s : sources) list.push_back(s.get());
    return list;
  }
};

/// Why a call failed: its diagnostics, as data and as ptoas or ptorun would print them.
py::tuple Failure(const Diagnostics& diags, const char* tool,
                  const std::vector<const SourceFile*>& sources) {
  std::ostringstream text;
  diags.Render(text, tool, sources);
  return py::make_tuple(py::none(), DiagnosticTuples(diags), text.str());
}

/// Writes \a kernel's program as bytecode and reads it back verified, as ptoas's output and
/// ptorun's input are; the verified copy is the one that runs.
bool Verify(Kernel& kernel, const std::string& name, Diagnostics& diags) {
  kernel.bytecode = WriteProgram(kernel.program);
  Program verified;
  if (!ReadProgram(kernel.bytecode, name, &verified, diags)) return false;
  kernel.program = std::move(verified);
  return true;
}

/// (kernel, diagnostics, text): \a inputs are (name, contents) pairs, source text or
/// bytecode, assembled and linked as ptoas does; kernel is None on failure.
py::tuple Build(const std::vector<std::pair<std::string, py::bytes>>& inputs,
                const std::string& arch, const std::string& entry, const std::string& backend) {
  auto kernel = std::make_shared<Kernel>();
  Diagnostics diags;
  assembler::AssembleOptions options;
  if (!arch.empty()) {
    if (!ParseArch(arch, &options.arch)) {
      diags.Error("unknown architecture '" + arch + "' (expected a2a3 or a5)");
      return Failure(diags, "ptoas", {});
    }
    options.arch_given = true;
  }
  if (!backend.empty() && !ParseBackend(backend, &options.backend)) {
    diags.Error("unknown backend '" + backend + "' (expected emitc or vpto)");
    return Failure(diags, "ptoas", {});
  }
  options.entry = entry;
  std::vector<std::pair<std::string, std::string>> contents;
  for (const auto& [name, bytes] : inputs) contents.emplace_back(name, std::string(bytes));
  bool ok = true;
  {
    py::gil_scoped_release unlocked;
    std::vector<assembler::LinkUnit> units(contents.size());
    for (size_t i = 0; i < contents.size(); ++i) {
      ok &= assembler::LoadUnit(contents[i].first, std::move(contents[i].second), options,
                                contents.size() == 1, kernel->sources, diags, &units[i]);
    }
    ok = ok && assembler::MakeExecutable(std::move(units), entry, &kernel->program, diags);
    if (ok && kernel->program.is_object) {
      diags.Error(contents[0].first + " is an object; link it with the sources it needs");
      ok = false;
    }
    ok = ok && Verify(*kernel, contents.empty() ? "" : contents[0].first, diags);
  }
  if (!ok) return Failure(diags, "ptoas", kernel->source_list());
  std::ostringstream warnings;
  diags.Render(warnings, "ptoas", kernel->source_list());
  return py::make_tuple(kernel, DiagnosticTuples(diags), warnings.str());
}

/// The parameters of \a kernel's function \a entry ("" for its entry), as (name, kind, dtype,
/// shape, numpy type string) tuples.
py::list Params(const Kernel& kernel, const std::string& entry) {
  interp::KernelRun run(kernel.program);
  Diagnostics diags;
  if (!run.SelectEntry(entry, diags)) throw py::value_error(diags.ToString());
  const Function& fn = run.function();
  py::list out;
  for (const Param& p : fn.params) {
    const char* kind = p.kind == ParamKind::kPointer  ? "pointer"
                       : p.kind == ParamKind::kMemref ? "memref"
                       : p.kind == ParamKind::kTile   ? "tile"
                                                      : "scalar";
    DType dtype = p.dtype;
    std::vector<int64_t> shape = p.shape;
    if (p.kind == ParamKind::kTile) {
      const TileType& t = fn.tiles[p.reg].type;
      dtype = t.dtype;
      shape = {t.rows, t.cols};
    }
    out.append(py::make_tuple(kernel.program.String(p.name), kind, DTypeName(dtype), shape,
                              interp::NpyDescrOf(dtype)));
  }
  return out;
}

/// One finished (or failed) run and what it left, kept while Python reads it.
class RunOutcome {
 public:
  RunOutcome(std::shared_ptr<Kernel> kernel) : kernel_(std::move(kernel)), run_(kernel_->program) {}

  /// "ok", "checked" (findings), "argument" (bad arguments), "refused" or "fault".
  std::string status;
  Diagnostics diags;
  double seconds = 0;
  int findings = 0;

  void Start(const std::string& entry, const py::list& values, const py::list& descrs,
             const interp::RunOptions& options) {
    if (!run_.SelectEntry(entry, diags)) {
      status = "argument";
      return;
    }
    std::vector<interp::ArgumentValue> args;
    std::vector<py::buffer_info> buffers;  // keeps the arrays' memory described while read
    for (size_t i = 0; i < values.size(); ++i) {
      py::handle v = values[i];
      interp::ArgumentValue a;
      if (py::isinstance<py::array>(v)) {
        py::array array = py::reinterpret_borrow<py::array>(v);
        a.kind = interp::ArgumentValue::Kind::kArray;
        a.array.data = static_cast<const uint8_t*>(array.data());
        a.array.bytes = static_cast<size_t>(array.nbytes());
        a.array.descr = descrs[i].cast<std::string>();
        for (py::ssize_t d = 0; d < array.ndim(); ++d) a.array.shape.push_back(array.shape(d));
      } else if (py::isinstance<py::bool_>(v)) {
        a.kind = interp::ArgumentValue::Kind::kBool;
        a.boolean = v.cast<bool>();
      } else if (py::isinstance<py::int_>(v)) {
        const py::int_ n = py::reinterpret_borrow<py::int_>(v);
        if (n >= py::int_(0) && n > py::int_(INT64_MAX)) {
          a.kind = interp::ArgumentValue::Kind::kUnsigned;
          a.unsigned_integer = n.cast<uint64_t>();
        } else {
          a.kind = interp::ArgumentValue::Kind::kInteger;
          a.integer = n.cast<int64_t>();
        }
      } else if (py::isinstance<py::str>(v)) {  // an int past 64 bits, for a float parameter
        a.kind = interp::ArgumentValue::Kind::kText;
        a.text = v.cast<std::string>();
      } else {
        a.kind = interp::ArgumentValue::Kind::kFloat;
        a.real = v.cast<double>();
      }
      args.push_back(std::move(a));
    }
    if (!run_.Bind(args, diags)) {
      status = "argument";
      return;
    }
    if (!run_.Prepare(options, diags)) {
      status = "refused";
      return;
    }
    launched_ = true;
    const bool ran = ExecuteInterruptibly();
    if (!ran) {
      run_.ReportFault(diags);
      status = "fault";
      return;
    }
    findings = run_.ReportFindings(diags);
    status = findings ? "checked" : "ok";
  }

  /// Runs the kernel on a thread of its own while this one, the GIL released, looks every
  /// 20 ms for a signal Python has to handle (Ctrl-C): its handler's exception (KeyboardInterrupt)
  /// stops the run and is raised here, with no output written back. What the run throws (out
  /// of memory) is thrown here, as when the run was on this thread.
  bool ExecuteInterruptibly() {
    std::atomic<bool> cancel{false};
    std::mutex mutex;
    std::condition_variable finished;
    bool done = false, ran = false;
    std::exception_ptr thrown;
    std::thread worker;
    try {
      worker = std::thread([&] {
        bool ok = false;
        std::exception_ptr error;
        try {
          ok = run_.Execute(&seconds, &cancel);
        } catch (...) {
          error = std::current_exception();
        }
        const std::lock_guard<std::mutex> lock(mutex);
        ran = ok;
        thrown = error;
        done = true;
        finished.notify_one();
      });
    } catch (const std::system_error&) {  // no thread to spare: run here, not interruptible
      py::gil_scoped_release unlocked;
      return run_.Execute(&seconds);
    }
    bool interrupted = false;
    for (;;) {
      {
        py::gil_scoped_release unlocked;
        std::unique_lock<std::mutex> lock(mutex);
        if (finished.wait_for(lock, std::chrono::milliseconds(20), [&] { return done; })) break;
      }
      if (!interrupted && PyErr_CheckSignals() != 0) {
        interrupted = true;  // the exception stays set until the run has stopped
        cancel = true;
      }
    }
    worker.join();
    if (interrupted) throw py::error_already_set();
    if (thrown) std::rethrow_exception(thrown);
    return ran;
  }

  py::tuple Messages() const {
    std::ostringstream text;
    diags.Render(text, "ptorun", kernel_->source_list());
    return py::make_tuple(DiagnosticTuples(diags), text.str());
  }

  /// Copies parameter \a i's elements (a pointer's, memref's or tile's) into \a target, a
  /// C-contiguous array of as many bytes; false if they differ in size.
  bool CopyParam(size_t i, py::array target) {
    Launched();
    interp::OutputElements out;
    pto::Diagnostics ignored;
    if (!run_.Output(run_.ParamOutput(i), &out, ignored) ||
        static_cast<size_t>(target.nbytes()) != out.bytes) {
      return false;
    }
    std::memcpy(target.mutable_data(), out.data, out.bytes);
    return true;
  }

  /// A tile of the function, or a memory parameter, by name: (numpy type string, shape,
  /// bytes, PTO element type); raises ValueError if there is none.
  py::tuple Output(const std::string& name) const {
    Launched();
    pto::Diagnostics problems;
    const int handle = run_.FindOutput(name, "output", problems);
    interp::OutputElements out;
    if (handle < 0 || !run_.Output(handle, &out, problems)) {
      throw py::value_error(problems.ToString());
    }
    return py::make_tuple(interp::NpyDescrOf(out.dtype), out.shape,
                          py::bytes(reinterpret_cast<const char*>(out.data), out.bytes),
                          DTypeName(out.dtype));
  }

  uint64_t steps() const { return Launched().steps(); }
  std::string StatsJson() const {
    const interp::observe::LaunchObservers* o = Observed();
    return o ? o->Stats().Json() : interp::observe::RunStats(kernel_->program.arch).Json();
  }
  py::tuple Trace() const {
    const interp::observe::LaunchObservers* o = Observed();
    bool cut = false;
    std::string text = o ? o->Trace(&cut) : std::string();
    return py::make_tuple(py::bytes(text), cut);
  }
  /// (profile JSON, timeline JSON, timeline cut).
  py::tuple Estimate(int64_t timeline_limit) const {
    const interp::observe::LaunchObservers* o = Observed();
    const interp::observe::Estimate e =
        interp::observe::EstimateRun(o ? o->Costs() : std::vector<std::vector<interp::observe::CoreCosts>>{});
    bool cut = false;
    std::string timeline = interp::observe::TimelineJson(kernel_->program, e, timeline_limit, &cut);
    return py::make_tuple(interp::observe::ProfileJson(kernel_->program, e), py::bytes(timeline),
                          cut);
  }

 private:
  const interp::Launch& Launched() const {
    if (!launched_) throw std::logic_error("the kernel did not run");
    return run_.launch();
  }
  /// The run's observers (null when none was asked for).
  const interp::observe::LaunchObservers* Observed() const {
    Launched();
    return run_.observers();
  }

  std::shared_ptr<Kernel> kernel_;
  interp::KernelRun run_;
  bool launched_ = false;
};

std::shared_ptr<RunOutcome> Run(std::shared_ptr<Kernel> kernel, const std::string& entry,
                                const py::list& values, const py::list& descrs, int blocks,
                                int threads, int64_t max_steps, const std::string& check,
                                bool stats, bool trace, int64_t trace_limit, bool costs,
                                const std::string& arith) {
  interp::RunOptions options;
  options.blocks = blocks;
  options.threads = threads;
  options.max_steps = static_cast<uint64_t>(max_steps);
  options.check = check == "off"      ? interp::check::Level::kOff
                  : check == "strict" ? interp::check::Level::kStrict
                                      : interp::check::Level::kAuto;
  options.stats = stats;
  options.trace = trace;
  options.trace_limit = trace_limit;
  options.costs = costs;
  options.arith = arith == "exact" ? interp::Arith::kExact : interp::Arith::kNpu;
  options.spelling.blocks = "blocks=";
  options.spelling.max_steps = "max_steps=N";
  options.spelling.strict_check = "check=\"strict\"";
  auto outcome = std::make_shared<RunOutcome>(std::move(kernel));
  outcome->Start(entry, values, descrs, options);
  return outcome;
}

}  // namespace
}  // namespace pto::python

PYBIND11_MODULE(_core, m) {
  using namespace pto::python;
  m.doc() = "ptorun's C++ core (use the ptorun package, not this module)";
  m.attr("FORMAT_VERSION") = pto::kFormatVersion;
  m.attr("VERSION") = PTO_VERSION;
  py::class_<Kernel, std::shared_ptr<Kernel>>(m, "Kernel")
      .def("params", &Params)
      .def_property_readonly("arch", [](const Kernel& k) { return pto::ArchName(k.program.arch); })
      .def_property_readonly("entry", [](const Kernel& k) {
        return k.program.String(k.program.functions[k.program.entry].name);
      })
      .def_property_readonly("functions", [](const Kernel& k) {
        std::vector<std::string> names;
        for (const pto::Function& f : k.program.functions) names.push_back(k.program.String(f.name));
        return names;
      })
      .def_property_readonly("bytecode", [](const Kernel& k) {
        return py::bytes(reinterpret_cast<const char*>(k.bytecode.data()), k.bytecode.size());
      })
      .def("listing", [](const Kernel& k, const std::string& name) {
        return pto::assembler::Disassemble(k.program, name);
      });
  py::class_<RunOutcome, std::shared_ptr<RunOutcome>>(m, "RunOutcome")
      .def_readonly("status", &RunOutcome::status)
      .def_readonly("seconds", &RunOutcome::seconds)
      .def_readonly("findings", &RunOutcome::findings)
      .def("diagnostics", &RunOutcome::Messages)
      .def("copy_param", &RunOutcome::CopyParam)
      .def("output", &RunOutcome::Output)
      .def("steps", &RunOutcome::steps)
      .def("stats_json", &RunOutcome::StatsJson)
      .def("trace", &RunOutcome::Trace)
      .def("estimate", &RunOutcome::Estimate);
  m.def("build", &Build, "assemble and link (name, contents) inputs");
  m.def("run", &Run);
}
