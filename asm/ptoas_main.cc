// ptoas: assembles PTO source into bytecode.
#include <CLI/CLI.hpp>
#include <iostream>

#include "asm/assembler.h"
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

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"ptoas: assemble PTO assembly (.pto) into PTO bytecode (.ptobc)", "ptoas"};
  std::string input, output, arch_name;
  app.add_option("input", input, "PTO assembly file ('-' reads standard input)")->required();
  app.add_option("-o,--output", output, "bytecode file to write (default: INPUT with .ptobc)");
  app.add_option("--arch", arch_name,
                 "target architecture: a2a3 or a5 (default: the module's pto.target_arch, "
                 "else a2a3)");
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
  if (!pto::WriteFileAtomic(output, bytes.data(), bytes.size(), &err)) {
    std::cerr << "ptoas: error: " << err << "\n";
    return kExitInputError;
  }
  return kExitOk;
}
