#include "pto/tools/command_line.h"

#include <iostream>
#include <new>

#include "pto/common/bytecode.h"
#include "pto/common/diagnostics.h"
#include "pto/common/file_io.h"

namespace pto {

std::optional<int> ParseCommandLine(CLI::App& app, int argc, char** argv) {
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
  return std::nullopt;
}

int MainCatchingOutOfMemory(const char* tool, int (*tool_main)(int, char**), int argc,
                            char** argv) {
  try {
    return tool_main(argc, argv);
  } catch (const std::bad_alloc&) {
    std::cerr << tool << ": error: out of memory\n";
    return 1;
  }
}

bool ReadBytecodeFile(const char* tool, const std::string& path, std::vector<uint8_t>* bytes,
                      Program* program) {
  std::string err;
  if (!ReadFile(path, bytes, &err)) {
    std::cerr << tool << ": error: " << err << "\n";
    return false;
  }
  Diagnostics diags;
  if (!ReadProgram(*bytes, path, program, diags)) {
    diags.Render(std::cerr);
    return false;
  }
  return true;
}

}  // namespace pto
