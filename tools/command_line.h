// What ptoas and ptorun do alike: parse their command lines, and read the bytecode files they
// are given (verified, problems reported on standard error).
#ifndef PTO_TOOLS_COMMAND_LINE_H_
#define PTO_TOOLS_COMMAND_LINE_H_

#include <CLI/CLI.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "pto/common/program.h"

namespace pto {

/// The exit status of a command line the tool cannot take.
constexpr int kExitUsage = 2;

/// "TOOL VERSION (bytecode format N)", what --version prints.
std::string VersionText(const char* tool);

/// Parses \a argv into \a app's options. Returns the status to exit with now, after --help or
/// --version (printed; 0) or a usage error (reported; kExitUsage), or nothing to go on.
std::optional<int> ParseCommandLine(CLI::App& app, int argc, char** argv);

/// Runs \a tool_main(argc, argv); when memory runs out anywhere in it, reports
/// "TOOL: error: out of memory" and returns 1. Outputs are written last and atomically, so none
/// is left half-written, and a signal that stops the tool removes the temporary file of the
/// one being written (RemoveTemporaryOnSignals).
int MainCatchingOutOfMemory(const char* tool, int (*tool_main)(int, char**), int argc,
                            char** argv);

/// Checks the output files before any work is done: each can be written (ResolveOutput,
/// common/output_file.h), none is one of \a inputs and no two are one file (compared by device
/// and inode, so links and other spellings of a path are caught). Reports the first problem as
/// "TOOL: error: ..." and returns the status to exit with (1, or kExitUsage for an output that
/// would overwrite an input), or nothing to go on.
std::optional<int> CheckOutputs(const char* tool, const std::vector<std::string>& outputs,
                                const std::vector<std::string>& inputs);

/// Reads and verifies the bytecode file \a path into \a bytes and \a program. A file that cannot
/// be read is reported as "TOOL: error: ...", one that does not verify by its diagnostics.
bool ReadBytecodeFile(const char* tool, const std::string& path, std::vector<uint8_t>* bytes,
                      Program* program);

}  // namespace pto

#endif  // PTO_TOOLS_COMMAND_LINE_H_
