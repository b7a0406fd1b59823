#include "pto/tools/command_line.h"

#include <iostream>
#include <new>

#include "pto/common/bytecode.h"
#include "pto/common/diagnostics.h"
#include "pto/common/file_io.h"
#include "pto/common/no_room.h"
#include "pto/common/output_file.h"

namespace pto {

std::string VersionText(const char* tool) {
  return std::string(tool) + " " + PTO_VERSION + " (bytecode format " +
         std::to_string(kFormatVersion) + ")";
}

std::optional<int> ParseCommandLine(CLI::App& app, int argc, char** argv) {
  // "TOOL: error: ..." as every other message of the tools, and where to look for more.
  const std::string tool = app.get_name();
  app.failure_message([tool](const CLI::App*, const CLI::Error& e) {
    return tool + ": error: " + e.what() + "\n" + tool + ": see '" + tool + " --help'\n";
  });
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
  RemoveTemporaryOnSignals();
  try {
    return tool_main(argc, argv);
  } catch (const NoRoom& e) {
    std::cerr << tool << ": error: " << e.what() << "\n";
    return 1;
  } catch (const std::bad_alloc&) {
    std::cerr << tool << ": error: out of memory\n";
    return 1;
  }
}

std::optional<int> CheckOutputs(const char* tool, const std::vector<std::string>& outputs,
                                const std::vector<std::string>& inputs) {
  constexpr int kExitError = 1;
  for (size_t o = 0; o < outputs.size(); ++o) {
    OutputTarget target;
    std::string err;
    if (!ResolveOutput(outputs[o], &target, &err)) {
      std::cerr << tool << ": error: " << err << "\n";
      return kExitError;
    }
    // Only a regular file is clobbered: a device or FIFO both read and written is the user's
    // business (and standard input, "-", is checked as the file behind it).
    std::optional<FileId> id = RegularFileId(outputs[o]);
    for (const std::string& input : inputs) {
      if (id && RegularFileId(input) == id) {
        std::cerr << tool << ": error: the output " << outputs[o] << " is "
                  << (input == "-" ? std::string("standard input") : "the input " + input)
                  << "; writing it would destroy the input\n";
        return kExitUsage;
      }
    }
    // Two outputs of one file, existing or not made yet: one write would replace the other.
    const std::optional<std::string> key = OutputFileKey(outputs[o]);
    for (size_t p = 0; key && p < o; ++p) {
      if (OutputFileKey(outputs[p]) == key) {
        std::cerr << tool << ": error: the outputs " << outputs[p] << " and " << outputs[o]
                  << " are the same file; one would overwrite the other\n";
        return kExitUsage;
      }
    }
  }
  return std::nullopt;
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
