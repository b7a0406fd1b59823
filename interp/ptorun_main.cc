// ptorun: executes PTO bytecode on the CPU.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <limits>
#include <optional>
#include <thread>
#include <tuple>

#include "pto/interp/frontend/runner.h"
#include "pto/tools/command_line.h"
#include "pto/tools/process_tuning.h"

namespace {

constexpr int kExitError = 1;
using pto::kExitUsage;

/// --rtol and --atol: a finite number, at least 0 (CLI::NonNegativeNumber lets "nan" through,
/// which would put every element out of tolerance, and names a range of 300 digits).
const CLI::Validator kTolerance(
    [](std::string& text) -> std::string {
      char* end = nullptr;
      const double v = std::strtod(text.c_str(), &end);
      if (text.empty() || *end != '\0' || !(v >= 0) || std::isinf(v)) {
        return "expected a finite number at least 0, got '" + text + "'";
      }
      return "";
    },
    "NONNEGATIVE");

/// --max-steps and --trace-limit: a whole number from 1 to 2^63 - 1 (CLI11 alone would take a
/// larger one into the unsigned option, wrapped or saturated).
const CLI::Validator kCount(
    [](std::string& text) -> std::string {
      const bool digits = !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
      if (!digits) return "expected a whole number from 1 to 2^63 - 1, got '" + text + "'";
      const size_t first = text.find_first_not_of('0');
      const std::string value = first == std::string::npos ? "0" : text.substr(first);
      if (value == "0") return "expected at least 1, got '" + text + "'";
      const std::string max = "9223372036854775807";
      if (value.size() > max.size() || (value.size() == max.size() && value > max)) {
        return "expected at most 2^63 - 1 (" + max + "), got '" + text + "'";
      }
      return "";
    },
    "COUNT");

/// A file ptorun writes (--trace, --timeline, --profile=): named, and not "-", which would be a
/// file called "-" rather than standard output.
const CLI::Validator kOutputFile(
    [](std::string& text) -> std::string {
      if (text.empty()) return "expected a file name, got an empty one";
      if (text == "-") return "'-' would be a file named '-'; write /dev/stdout for standard output";
      return "";
    },
    "FILE");

}  // namespace

namespace {

// What the command line fills in: the run's request and the options read as text first.
struct CommandLine {
  CLI::App app{"ptorun: run PTO bytecode (.ptobc) on the CPU", "ptorun"};
  std::string program_path;
  pto::interp::RunRequest request;
  std::vector<std::string> outs, expects;
  std::string check = "auto";
  std::string arith = "npu";
};

// The program, its arguments and what the run writes or compares afterwards.
CLI::Option* DeclareInputsAndOutputs(CommandLine& cl) {
  CLI::App& app = cl.app;
  pto::interp::RunRequest& request = cl.request;
  app.add_option("program", cl.program_path, "bytecode file from ptoas")->required();
  app.add_option("args", request.args,
                 "one per kernel parameter: for pointers and tiles a file of raw little-endian "
                 "elements, a .npy file (its type and shape checked) or zeros:N; for scalars a "
                 "literal");
  app.add_option("--entry", request.entry, "function to run (default: the program's entry)");
  // Each --out and --expect takes one value, so that a kernel argument after it stays one.
  app.add_option("--out", cl.outs,
                 "I=FILE or NAME=FILE: after the run, write parameter I's global buffer "
                 "(1-based) or the named parameter or tile to FILE (numpy's .npy format, with "
                 "the output's shape, if FILE ends in .npy)")
      ->allow_extra_args(false);
  CLI::Option* expect =
      app.add_option("--expect", cl.expects,
                     "I=GOLDEN or NAME=GOLDEN: after the run, compare the output with GOLDEN (a "
                     ".npy file of any numeric type, or raw elements of the output's type): "
                     "print the largest errors and the first elements out of tolerance, and "
                     "exit 1 if any is")
          ->allow_extra_args(false);
  app.add_option("--rtol", request.rtol,
                 "relative tolerance of --expect: |got - want| <= atol + rtol * |want| "
                 "(default by element type: f32 1e-5, f16 1e-3, bf16 1e-2; integers 0)")
      ->check(kTolerance)
      ->needs(expect);
  app.add_option("--atol", request.atol,
                 "absolute tolerance of --expect (default by element type: f32 1e-8, f16 and "
                 "bf16 1e-5; integers 0)")
      ->check(kTolerance)
      ->needs(expect);
  return expect;
}

// How the run goes: steps, blocks and threads. Returns --threads, which --audit-accesses
// excludes.
CLI::Option* DeclareExecution(CommandLine& cl) {
  CLI::App& app = cl.app;
  pto::interp::RunOptions& options = cl.request.options;
  // Ranges are checked as signed numbers, so that "-5" is refused, not wrapped.
  constexpr int kMaxCount = std::numeric_limits<int>::max();
  app.add_option("--max-steps", options.max_steps,
                 "stop a loop once the run has executed this many instructions (at least 1)")
      ->check(kCount)
      ->capture_default_str();
  app.add_option("--blocks", options.blocks,
                 "run the kernel on this many blocks (get_block_idx 0..N-1), each with its own "
                 "on-chip memories, all sharing global memory (at least 1)")
      ->check(CLI::Range(1, kMaxCount))
      ->capture_default_str();
  options.threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  return app.add_option("--threads", options.threads,
                        "blocks run in parallel on this many threads, at least 1 (the results "
                        "do not depend on it)")
      ->check(CLI::Range(1, kMaxCount))
      ->capture_default_str();
}

// What the run reports about itself; the options --audit-accesses excludes.
std::vector<CLI::Option*> DeclareObservers(CommandLine& cl) {
  CLI::App& app = cl.app;
  pto::interp::RunRequest& request = cl.request;
  app.add_flag("--time", request.report_time,
               "print how long the kernel ran (microseconds, inputs already loaded) and how "
               "many instructions it executed");
  CLI::Option* stats = app.add_flag("--stats", request.stats,
               "after the run, print the instructions executed by pipe and by opcode, the bytes "
               "the data-movement pipes moved from one memory to another, and the highest "
               "on-chip byte each memory was touched at");
  CLI::Option* trace = app.add_option(
      "--trace", request.trace,
      "write one JSON record per executed instruction to FILE (docs/observe.md gives the "
      "fields): its block, core, pipe, opcode, source line and operands")
      ->check(kOutputFile);
  app.add_option("--trace-limit", request.options.trace_limit,
                 "the most records --trace writes (at least 1); past it the run goes on and a "
                 "note says the trace was cut")
      ->check(kCount)
      ->capture_default_str();
  // --profile takes its file only as --profile=FILE.csv: a value of its own would swallow the
  // next argument of the kernel ("--profile x.bin"). The command line below spells the file
  // --profile-csv FILE (hidden).
  CLI::Option* profile = app.add_flag(
      "--profile", request.profile,
      "after the run, print the estimated NPU cycles (docs/cost-model.md): per block, each "
      "pipe's busy cycles and utilisation, the pipe that bounds the kernel, the source lines "
      "and instructions that cost most, and the host time per instruction family; "
      "--profile=FILE.csv also writes the per-line table");
  CLI::Option* profile_csv =
      app.add_option("--profile-csv", request.profile_csv)->group("")->check(kOutputFile);
  CLI::Option* timeline = app.add_option(
      "--timeline", request.timeline,
      "write the estimate as a Chrome trace to FILE.json (open it in Perfetto or "
      "chrome://tracing): a track per block, core and pipe, a slice per instruction, an arrow "
      "from each set_flag to its wait_flag, UB and L1 bytes as counters")
      ->check(kOutputFile);
  return {stats, trace, profile, profile_csv, timeline};
}

// The checks and the arithmetic, and the self-check that excludes the parallel and observed runs.
void DeclareChecks(CommandLine& cl, const std::vector<CLI::Option*>& not_with_audit) {
  CLI::App& app = cl.app;
  CLI::Option* audit = app.add_flag(
      "--audit-accesses", cl.request.options.audit_accesses,
      "a self-check of ptorun, for its tests: run each tile instruction against the "
      "description of what it reads and writes, and fault where they differ (slow; blocks "
      "run one at a time)");
  for (CLI::Option* option : not_with_audit) audit->excludes(option);
  app.add_option("--check", cl.check,
                 "find what the NPU would get wrong: races between pipes, synchronisation "
                 "misuse, reads of on-chip memory nothing wrote. auto (default): races only in "
                 "kernels that synchronise themselves; strict: in every kernel; off")
      ->check(CLI::IsMember({"auto", "strict", "off"}));
  app.add_option("--arith", cl.arith,
                 "how instructions round. npu (default): as the NPU's instruction sequences "
                 "do, each step rounded to its type (docs/semantics.md); exact: each result "
                 "rounded once from the exact value, to tell an algorithm's error from the "
                 "NPU's rounding")
      ->check(CLI::IsMember({"npu", "exact"}));
}

// "--profile=FILE" as "--profile-csv FILE" (before any "--"); an empty FILE is an error.
std::optional<int> SpellProfileFile(std::vector<std::string>* words) {
  for (size_t i = 1; i < words->size(); ++i) {
    if ((*words)[i] == "--") break;
    if ((*words)[i].rfind("--profile=", 0) != 0) continue;
    const std::string file = (*words)[i].substr(10);
    if (file.empty()) {
      std::cerr << "ptorun: error: --profile= needs a file: --profile=FILE.csv\n";
      return kExitUsage;
    }
    (*words)[i] = "--profile-csv";
    words->insert(words->begin() + static_cast<std::ptrdiff_t>(++i), file);
  }
  return std::nullopt;
}

// The options read as text, into the request: the modes and the --out / --expect pairs.
std::optional<int> ApplyChoices(CommandLine& cl) {
  pto::interp::RunRequest& request = cl.request;
  request.profile |= !request.profile_csv.empty();
  request.options.check = cl.check == "off"      ? pto::interp::check::Level::kOff
                          : cl.check == "strict" ? pto::interp::check::Level::kStrict
                                                 : pto::interp::check::Level::kAuto;
  request.options.arith =
      cl.arith == "exact" ? pto::interp::Arith::kExact : pto::interp::Arith::kNpu;
  for (const auto& [option, list, target] :
       {std::tuple{"--out", &cl.outs, &request.outs}, {"--expect", &cl.expects, &request.expects}}) {
    for (const std::string& item : *list) {
      size_t eq = item.find('=');
      if (eq == std::string::npos || eq == 0 || eq + 1 == item.size()) {
        std::cerr << "ptorun: error: " << option << " needs I=FILE or NAME=FILE, got '" << item
                  << "'\n";
        return kExitUsage;
      }
      target->emplace_back(item.substr(0, eq), item.substr(eq + 1));
    }
  }
  return std::nullopt;
}

// Before the run, so that it is not wasted on an output that cannot be written.
std::optional<int> CheckFiles(const CommandLine& cl) {
  const pto::interp::RunRequest& request = cl.request;
  std::vector<std::string> files, inputs = request.args;
  for (const auto& out : request.outs) files.push_back(out.second);
  if (!request.trace.empty()) files.push_back(request.trace);
  if (!request.profile_csv.empty()) files.push_back(request.profile_csv);
  if (!request.timeline.empty()) files.push_back(request.timeline);
  inputs.push_back(cl.program_path);
  for (const auto& golden : request.expects) inputs.push_back(golden.second);
  return pto::CheckOutputs("ptorun", files, inputs);
}

// What the run reads or allocates up front: the program, argument files and zero-filled
// buffers (counted at 4 bytes an element; the types are not known yet).
void ReserveHeap(const CommandLine& cl) {
  uint64_t input_bytes =
      pto::TotalFileBytes(cl.request.args) + pto::TotalFileBytes({cl.program_path});
  for (const std::string& arg : cl.request.args) {
    if (arg.rfind("zeros:", 0) == 0) input_bytes += 4 * std::strtoull(arg.c_str() + 6, nullptr, 10);
  }
  pto::UseHugePagesForHeap(input_bytes);
}

int LoadAndRun(const CommandLine& cl) {
  std::vector<uint8_t> bytes;
  pto::Program program;
  if (!pto::ReadBytecodeFile("ptorun", cl.program_path, &bytes, &program)) return kExitError;
  if (program.is_object) {
    std::cerr << "ptorun: error: " << cl.program_path << " is an object (ptoas -c); link it "
              << "into an executable first: ptoas " << cl.program_path << " ... -o PROG.ptobc\n";
    return kExitError;
  }
  return pto::interp::Run(program, cl.request, std::cerr);
}

}  // namespace

static int ToolMain(int argc, char** argv) {
  CommandLine cl;
  DeclareInputsAndOutputs(cl);
  CLI::Option* threads = DeclareExecution(cl);
  std::vector<CLI::Option*> not_with_audit = DeclareObservers(cl);
  not_with_audit.insert(not_with_audit.begin(), threads);
  DeclareChecks(cl, not_with_audit);
  cl.app.set_version_flag("--version", pto::VersionText("ptorun"));
  std::vector<std::string> words(argv, argv + argc);
  if (std::optional<int> exit = SpellProfileFile(&words)) return *exit;
  std::vector<char*> args;
  for (std::string& w : words) args.push_back(w.data());
  if (std::optional<int> exit =
          pto::ParseCommandLine(cl.app, static_cast<int>(args.size()), args.data())) {
    return *exit;
  }
  if (std::optional<int> exit = ApplyChoices(cl)) return *exit;
  if (std::optional<int> exit = CheckFiles(cl)) return *exit;
  ReserveHeap(cl);
  return LoadAndRun(cl);
}

int main(int argc, char** argv) {
  return pto::MainCatchingOutOfMemory("ptorun", ToolMain, argc, argv);
}
