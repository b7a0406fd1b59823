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

static int ToolMain(int argc, char** argv) {
  CLI::App app{"ptoas: assemble and link PTO assembly (.pto) into PTO bytecode", "ptoas"};
  std::vector<std::string> inputs;
  std::string output, arch_name, entry, level, backend = "emitc";
  bool compile_only = false, disassemble = false, dump_header = false;
  app.add_option("inputs", inputs,
                 "PTO assembly files ('-' reads standard input) and objects (.ptoo) to link "
                 "into one executable")
      ->required();
  app.add_option("-o,--output", output,
                 "file to write (default: the first input with .ptobc, or .ptoo with -c)");
  CLI::Option* compile = app.add_flag("-c,--compile", compile_only,
               "assemble one source file into a relocatable object (.ptoo) instead of an "
               "executable; its declared functions are resolved when it is linked");
  CLI::Option* arch = app.add_option("--arch", arch_name,
                 "target architecture: a2a3 or a5 (default: the module's pto.target_arch, "
                 "else a2a3)");
  CLI::Option* pto_arch = app.add_option("--pto-arch", arch_name,
                 "PTOAS's spelling of --arch (a2, a3 or a5), with its precedence: the "
                 "module's pto.target_arch or A5 pto.device-spec first")
      ->excludes(arch);
  CLI::Option* level_option = app.add_option("--pto-level", level,
                 "PTOAS's build level: level1 or level2 plan every tile's address (an addr in "
                 "the source is an error), level3 takes them from the source (a tile without "
                 "one is an error); any case, as PTOAS reads it; default: both, ptoas places "
                 "the tiles that have none")
      ->transform(CLI::IsMember({"level1", "level2", "level3"}, CLI::ignore_case));
  CLI::Option* backend_option = app.add_option("--pto-backend", backend,
                 "PTOAS's code generator the kernel is built with, whose results ptorun gives: "
                 "emitc (default: pto-isa's implementation of each instruction) or vpto "
                 "(PTOAS's VPTO templates, where they compute differently; docs/semantics.md)")
      ->check(CLI::IsMember({"emitc", "vpto"}));
  CLI::Option* entry_option = app.add_option("--entry", entry,
                 "the executable's entry function (default: the pto.entry function, else the "
                 "only public one)");
  CLI::Option* disassemble_option = app.add_flag("-d,--disassemble", disassemble,
               "print the bytecode file INPUT as a listing that ptoas assembles back into the "
               "same bytes (to -o FILE, else standard output)");
  CLI::Option* dump_option = app.add_flag("--dump-header", dump_header,
               "print the sections, functions, registers and line table of the bytecode file "
               "INPUT");
  // Options a mode would ignore are refused with it: an object has no entry; -d and
  // --dump-header print a file as it is.
  compile->excludes(entry_option);
  for (CLI::Option* inspect : {disassemble_option, dump_option}) {
    inspect->excludes(compile)->excludes(arch)->excludes(entry_option)->excludes(level_option)
        ->excludes(backend_option);
  }
  disassemble_option->excludes(dump_option);
  app.set_version_flag("--version", pto::VersionText("ptoas"));
  if (std::optional<int> exit = pto::ParseCommandLine(app, argc, argv)) return *exit;

  pto::assembler::AssembleOptions options;
  if (!arch_name.empty()) {
    if (!pto::ParseArch(arch_name, &options.arch)) {
      Fail("unknown architecture '" + arch_name + "' (expected a2a3 or a5)");
      return kExitUsage;
    }
    options.arch_given = true;
    options.module_arch_first = pto_arch->count() > 0;
  }
  options.entry = entry;
  (void)pto::ParseBackend(backend, &options.backend);  // checked by CLI11
  if (!level.empty()) {
    options.address_mode = level == "level3" ? pto::assembler::AddressMode::kManual
                                             : pto::assembler::AddressMode::kPlanned;
  }
  if (disassemble || dump_header || compile_only) {
    if (inputs.size() != 1) {
      Fail(std::string(compile_only ? "-c" : disassemble ? "-d" : "--dump-header") +
           " takes one input, got " + std::to_string(inputs.size()));
      return kExitUsage;
    }
  }
  // -d and --dump-header print to standard output unless given a file.
  const bool inspect = disassemble || dump_header;
  if (!inspect && output.empty()) {
    output = WithExtension(inputs[0], compile_only ? ".ptoo" : ".ptobc");
  }
  const bool to_stdout = inspect && (output.empty() || output == "-");
  if (!to_stdout) {  // checked before any work is done
    if (std::optional<int> exit = pto::CheckOutputs("ptoas", {output}, inputs)) return *exit;
  }
  if (inspect) return Inspect(inputs[0], output, dump_header);

  pto::UseHugePagesForHeap(pto::TotalFileBytes(inputs));
  std::vector<std::unique_ptr<pto::SourceFile>> sources;
  pto::Diagnostics diags;
  std::vector<pto::assembler::LinkUnit> units(inputs.size());
  bool ok = true;
  for (size_t i = 0; i < inputs.size(); ++i) {
    ok &= LoadInput(inputs[i], options, inputs.size() == 1, sources, diags, &units[i]);
  }
  pto::Program program;
  if (ok && compile_only) {
    program = std::move(units[0].program);
    if (!program.is_object) ok = Fail(inputs[0] + " is the listing of an executable, not source");
  } else if (ok) {
    ok = pto::assembler::MakeExecutable(std::move(units), entry, &program, diags);
  }
  diags.Render(std::cerr, "ptoas");
  if (!ok) return kExitInputError;
  return Write(std::move(program), output) ? kExitOk : kExitInputError;
}

int main(int argc, char** argv) {
  return pto::MainCatchingOutOfMemory("ptoas", ToolMain, argc, argv);
}
