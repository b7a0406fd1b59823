// ptoas: assembles PTO source into objects, links objects and sources into executables, and
// prints bytecode back as text.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <iostream>
#include <memory>
#include <optional>

#include "pto/asm/assembler.h"
#include "pto/asm/disassembler.h"
#include "pto/asm/dump_header.h"
#include "pto/asm/linker.h"
#include "pto/asm/program_inputs.h"
#include "pto/common/bytecode.h"
#include "pto/common/file_io.h"
#include "pto/common/output_file.h"
#include "pto/tools/command_line.h"
#include "pto/tools/process_tuning.h"

namespace {

constexpr int kExitOk = 0;
constexpr int kExitInputError = 1;
using pto::kExitUsage;

std::string WithExtension(const std::string& input, const char* extension) {
  if (input == "-") return std::string("out") + extension;
  std::string base = input;
  size_t slash = base.find_last_of('/');
  size_t dot = base.find_last_of('.');
  if (dot != std::string::npos && (slash == std::string::npos || dot > slash)) base.resize(dot);
  return base + extension;
}

bool Fail(const std::string& message) {
  std::cerr << "ptoas: error: " << message << "\n";
  return false;
}

// ptoas -d / --dump-header: reads and verifies a bytecode file and prints it.
int Inspect(const std::string& input, const std::string& output, bool dump_header) {
  std::vector<uint8_t> bytes;
  pto::Program program;
  if (!pto::ReadBytecodeFile("ptoas", input, &bytes, &program)) return kExitInputError;
  std::string text = dump_header ? pto::assembler::DumpHeader(bytes, program, input)
                                 : pto::assembler::Disassemble(program, input);
  if (output.empty() || output == "-") {
    std::cout << text;
    return kExitOk;
  }
  std::string err;
  if (!pto::WriteOutputFile(output, text.data(), text.size(), &err)) {
    Fail(err);
    return kExitInputError;
  }
  return kExitOk;
}

// Reads one input and makes it a link unit (program_inputs.h). Diagnostics may point into
// \a sources, which must outlive them.
bool LoadInput(const std::string& input, const pto::assembler::AssembleOptions& options,
               bool alone, std::vector<std::unique_ptr<pto::SourceFile>>& sources,
               pto::Diagnostics& diags, pto::assembler::LinkUnit* unit) {
  // Read as text: a large source is then handed on without another copy.
  std::string text;
  std::string err;
  if (!pto::ReadFile(input, &text, &err)) return Fail(err);
  return pto::assembler::LoadUnit(input == "-" ? "<stdin>" : input, std::move(text), options,
                                  alone, sources, diags, unit);
}

// Verifies \a program as ptorun will, then writes it: nothing is written unless it loads.
bool Write(pto::Program program, const std::string& output) {
  std::vector<uint8_t> bytes = pto::WriteProgram(program);
  // Freed before the bytes are read back, so the copy the check builds reuses its memory
  // rather than fresh pages.
  program = pto::Program();
  pto::Program check;
  pto::Diagnostics diags;
  if (!pto::ReadProgram(bytes, output, &check, diags)) {
    diags.Render(std::cerr);
    return false;
  }
  std::string err;
  if (!pto::WriteOutputFile(output, bytes.data(), bytes.size(), &err)) return Fail(err);
  return true;
}

}  // namespace

namespace {

// What the command line asks for.
struct Request {
  std::vector<std::string> inputs;
  std::string output, arch_name, entry, level, backend = "emitc";
  bool compile_only = false, disassemble = false, dump_header = false;
  const CLI::Option* pto_arch = nullptr;  ///< given: the module's target_arch wins
};

// The options and their exclusions: an object has no entry; -d and --dump-header print a file
// as it is.
void DeclareOptions(CLI::App& app, Request& r) {
  app.add_option("inputs", r.inputs,
                 "PTO assembly files ('-' reads standard input) and objects (.ptoo) to link "
                 "into one executable")
      ->required();
  app.add_option("-o,--output", r.output,
                 "file to write (default: the first input with .ptobc, or .ptoo with -c)");
  CLI::Option* compile = app.add_flag("-c,--compile", r.compile_only,
               "assemble one source file into a relocatable object (.ptoo) instead of an "
               "executable; its declared functions are resolved when it is linked");
  CLI::Option* arch = app.add_option("--arch", r.arch_name,
                 "target architecture: a2a3 or a5 (default: the module's pto.target_arch, "
                 "else a2a3)");
  r.pto_arch = app.add_option("--pto-arch", r.arch_name,
                 "PTOAS's spelling of --arch (a2, a3 or a5), with its precedence: the "
                 "module's pto.target_arch or A5 pto.device-spec first")
      ->excludes(arch);
  CLI::Option* level = app.add_option("--pto-level", r.level,
                 "PTOAS's build level: level1 or level2 plan every tile's address (an addr in "
                 "the source is an error), level3 takes them from the source (a tile without "
                 "one is an error); any case, as PTOAS reads it; default: both, ptoas places "
                 "the tiles that have none")
      ->transform(CLI::IsMember({"level1", "level2", "level3"}, CLI::ignore_case));
  CLI::Option* backend = app.add_option("--pto-backend", r.backend,
                 "PTOAS's code generator the kernel is built with, whose results ptorun gives: "
                 "emitc (default: pto-isa's implementation of each instruction) or vpto "
                 "(PTOAS's VPTO templates, where they compute differently; docs/semantics.md)")
      ->check(CLI::IsMember({"emitc", "vpto"}));
  CLI::Option* entry = app.add_option("--entry", r.entry,
                 "the executable's entry function (default: the pto.entry function, else the "
                 "only public one)");
  CLI::Option* disassemble = app.add_flag("-d,--disassemble", r.disassemble,
               "print the bytecode file INPUT as a listing that ptoas assembles back into the "
               "same bytes (to -o FILE, else standard output)");
  CLI::Option* dump = app.add_flag("--dump-header", r.dump_header,
               "print the sections, functions, registers and line table of the bytecode file "
               "INPUT");
  compile->excludes(entry);
  for (CLI::Option* inspect : {disassemble, dump}) {
    inspect->excludes(compile)->excludes(arch)->excludes(entry)->excludes(level)->excludes(backend);
  }
  disassemble->excludes(dump);
}

// The assembler's options from the request; an exit status if the request is refused.
std::optional<int> AssemblerOptions(const Request& r, pto::assembler::AssembleOptions* options) {
  if (!r.arch_name.empty()) {
    if (!pto::ParseArch(r.arch_name, &options->arch)) {
      Fail("unknown architecture '" + r.arch_name + "' (expected a2a3 or a5)");
      return kExitUsage;
    }
    options->arch_given = true;
    options->module_arch_first = r.pto_arch->count() > 0;
  }
  options->entry = r.entry;
  (void)pto::ParseBackend(r.backend, &options->backend);  // checked by CLI11
  if (!r.level.empty()) {
    options->address_mode = r.level == "level3" ? pto::assembler::AddressMode::kManual
                                                : pto::assembler::AddressMode::kPlanned;
  }
  if ((r.disassemble || r.dump_header || r.compile_only) && r.inputs.size() != 1) {
    Fail(std::string(r.compile_only ? "-c" : r.disassemble ? "-d" : "--dump-header") +
         " takes one input, got " + std::to_string(r.inputs.size()));
    return kExitUsage;
  }
  return std::nullopt;
}

// Assembles and links the inputs into \a output (an object with -c).
int Build(const Request& r, const pto::assembler::AssembleOptions& options) {
  pto::UseHugePagesForHeap(pto::TotalFileBytes(r.inputs));
  std::vector<std::unique_ptr<pto::SourceFile>> sources;
  pto::Diagnostics diags;
  std::vector<pto::assembler::LinkUnit> units(r.inputs.size());
  bool ok = true;
  for (size_t i = 0; i < r.inputs.size(); ++i) {
    ok &= LoadInput(r.inputs[i], options, r.inputs.size() == 1, sources, diags, &units[i]);
  }
  pto::Program program;
  if (ok && r.compile_only) {
    program = std::move(units[0].program);
    if (!program.is_object) ok = Fail(r.inputs[0] + " is the listing of an executable, not source");
  } else if (ok) {
    ok = pto::assembler::MakeExecutable(std::move(units), r.entry, &program, diags);
  }
  diags.Render(std::cerr, "ptoas");
  if (!ok) return kExitInputError;
  return Write(std::move(program), r.output) ? kExitOk : kExitInputError;
}

}  // namespace

static int ToolMain(int argc, char** argv) {
  CLI::App app{"ptoas: assemble and link PTO assembly (.pto) into PTO bytecode", "ptoas"};
  Request r;
  DeclareOptions(app, r);
  app.set_version_flag("--version", pto::VersionText("ptoas"));
  if (std::optional<int> exit = pto::ParseCommandLine(app, argc, argv)) return *exit;
  pto::assembler::AssembleOptions options;
  if (std::optional<int> exit = AssemblerOptions(r, &options)) return *exit;
  // -d and --dump-header print to standard output unless given a file.
  const bool inspect = r.disassemble || r.dump_header;
  if (!inspect && r.output.empty()) {
    r.output = WithExtension(r.inputs[0], r.compile_only ? ".ptoo" : ".ptobc");
  }
  const bool to_stdout = inspect && (r.output.empty() || r.output == "-");
  if (!to_stdout) {  // checked before any work is done
    if (std::optional<int> exit = pto::CheckOutputs("ptoas", {r.output}, r.inputs)) return *exit;
  }
  if (inspect) return Inspect(r.inputs[0], r.output, r.dump_header);
  return Build(r, options);
}

int main(int argc, char** argv) {
  return pto::MainCatchingOutOfMemory("ptoas", ToolMain, argc, argv);
}
