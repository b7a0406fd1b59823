// ptoas: assembles PTO source into bytecode.
#include <CLI/CLI.hpp>
#include <iostream>

#include "asm/assembler.h"
#include "asm/disassembler.h"
#include "common/bytecode.h"
#include "common/file_io.h"

namespace {

constexpr int kExitOk = 0;
constexpr int kExitInputError = 1;
constexpr int kExitUsage = 2;

std::string DefaultOutput(const std::string& input) {
  if (input == "-") return "out.ptobc";
  std::string base = input;
  size_t slash = base.find_last_of('/');
  size_t dot = base.find_last_of('.');
  if (dot != std::string::npos && (slash == std::string::npos || dot > slash)) base.resize(dot);
  return base + ".ptobc";
}

// ptoas -d / --dump-header: reads and verifies a bytecode file and prints it.
int Inspect(const std::string& input, const std::string& output, bool dump_header) {
  std::vector<uint8_t> bytes;
  std::string err;
  if (!pto::ReadFile(input, &bytes, &err)) {
    std::cerr << "ptoas: error: " << err << "\n";
    return kExitInputError;
  }
  pto::Diagnostics diags;
  pto::Program program;
  if (!pto::ReadProgram(bytes, input, &program, diags)) {
    diags.Render(std::cerr);
    return kExitInputError;
  }
  std::string text = dump_header ? pto::assembler::DumpHeader(bytes, program, input)
                                 : pto::assembler::Disassemble(program, input);
  if (output.empty() || output == "-") {
    std::cout << text;
    return kExitOk;
  }
  if (!pto::WriteFileAtomic(output, text.data(), text.size(), &err)) {
    std::cerr << "ptoas: error: " << err << "\n";
    return kExitInputError;
  }
  return kExitOk;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"ptoas: assemble PTO assembly (.pto) into PTO bytecode (.ptobc)", "ptoas"};
  std::string input, output, arch_name;
  bool disassemble = false, dump_header = false;
  std::string entry;
  app.add_option("input", input, "PTO assembly file ('-' reads standard input)")->required();
  app.add_option("-o,--output", output, "bytecode file to write (default: INPUT with .ptobc)");
  app.add_option("--arch", arch_name,
                 "target architecture: a2a3 or a5 (default: the module's pto.target_arch, "
                 "else a2a3)");
  app.add_option("--entry", entry,
                 "the executable's entry function (default: the pto.entry function, else the "
                 "only public one)");
  app.add_flag("-d,--disassemble", disassemble,
               "print the bytecode file INPUT as a listing that ptoas assembles back into the "
               "same bytes (to -o FILE, else standard output)");
  app.add_flag("--dump-header", dump_header,
               "print the sections, functions, registers and line table of the bytecode file "
               "INPUT");
  app.set_version_flag("--version", "ptoas 0.1.0");
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return kExitUsage;
  }

  pto::assembler::AssembleOptions options;
  if (!arch_name.empty()) {
    if (!pto::ParseArch(arch_name, &options.arch)) {
      std::cerr << "ptoas: error: unknown architecture '" << arch_name
                << "' (expected a2a3 or a5)\n";
      return kExitUsage;
    }
    options.arch_given = true;
  }
  options.entry = entry;
  if (disassemble || dump_header) return Inspect(input, output, dump_header);
  if (output.empty()) output = DefaultOutput(input);

  std::string text, err;
  if (!pto::ReadFile(input, &text, &err)) {
    std::cerr << "ptoas: error: " << err << "\n";
    return kExitInputError;
  }
  pto::SourceFile file(input == "-" ? "<stdin>" : input, std::move(text));
  pto::Diagnostics diags;
  pto::Program program;
  bool ok = pto::assembler::Assemble(file, options, &program, diags);
  diags.Render(std::cerr);
  if (!ok) return kExitInputError;

  std::vector<uint8_t> bytes = pto::WriteProgram(program);
  // What ptorun will check, checked before anything is written: a listing can describe a
  // program no source would produce.
  pto::Program check;
  pto::Diagnostics check_diags;
  if (!pto::ReadProgram(bytes, output, &check, check_diags)) {
    check_diags.Render(std::cerr);
    return kExitInputError;
  }
  if (!pto::WriteFileAtomic(output, bytes.data(), bytes.size(), &err)) {
    std::cerr << "ptoas: error: " << err << "\n";
    return kExitInputError;
  }
  return kExitOk;
}
