// pto-semantics-table: checks that docs/semantics.md's table "The NPU's arithmetic" says, for
// every instruction of the instruction table (opcodes.def), what ptorun computes on each
// architecture: each opcode is named, in backquotes, in the first cell of some row, and every
// name there is an instruction (so a renamed or removed one is noticed).
//
//   pto-semantics-table --check docs/semantics.md
#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "pto/common/file_io.h"
#include "pto/common/isa/opcode.h"

namespace pto {
namespace {

constexpr const char* kSection = "## The NPU's arithmetic";

// The table rows of the section: lines starting with '|' until the next "## " heading.
std::vector<std::pair<int, std::string>> SectionRows(const std::string& text) {
  std::vector<std::pair<int, std::string>> rows;
  bool inside = false;
  int line_no = 0;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(start, end - start);
    start = end + 1;
    ++line_no;
    if (line.rfind("## ", 0) == 0) inside = line.rfind(kSection, 0) == 0;
    else if (inside && !line.empty() && line[0] == '|') rows.emplace_back(line_no, line);
  }
  return rows;
}

// The backquoted words of a row's first cell, without a structural opcode's '%'.
std::vector<std::string> FirstCellNames(const std::string& row) {
  std::vector<std::string> names;
  size_t cell_end = row.find('|', 1);
  std::string cell = row.substr(1, cell_end == std::string::npos ? std::string::npos : cell_end - 1);
  for (size_t open = cell.find('`'); open != std::string::npos; open = cell.find('`', open)) {
    size_t close = cell.find('`', open + 1);
    if (close == std::string::npos) break;
    std::string name = cell.substr(open + 1, close - open - 1);
    if (!name.empty() && name[0] == '%') name.erase(0, 1);
    names.push_back(name);
    open = close + 1;
  }
  return names;
}

int Check(const char* path) {
  std::string text, error;
  if (!ReadFile(path, &text, &error)) {
    std::fprintf(stderr, "pto-semantics-table: %s\n", error.c_str());
    return 1;
  }
  // Overloads (tgather's forms, data_move's) share a name: a row naming it covers them all.
  std::map<std::string, std::vector<Opcode>, std::less<>> by_name;
  for (int code = 0; code < kOpcodeCount; ++code) {
    const OpInfo& info = GetOpInfo(static_cast<Opcode>(code));
    by_name[std::string(info.listing_name())].push_back(info.opcode);
  }
  std::vector<bool> named(kOpcodeCount, false);
  int problems = 0;
  for (const auto& [line_no, row] : SectionRows(text)) {
    for (const std::string& name : FirstCellNames(row)) {
      auto found = by_name.find(name);
      if (found != by_name.end()) {
        for (Opcode op : found->second) named[static_cast<int>(op)] = true;
      } else {
        std::fprintf(stderr, "%s:%d: error: `%s` is not an instruction of opcodes.def\n", path,
                     line_no, name.c_str());
        ++problems;
      }
    }
  }
  for (int code = 0; code < kOpcodeCount; ++code) {
    if (named[code]) continue;
    const OpInfo& info = GetOpInfo(static_cast<Opcode>(code));
    std::fprintf(stderr, "%s: error: no row of \"%s\" names `%s`\n", path, kSection + 3,
                 std::string(info.listing_name()).c_str());
    ++problems;
  }
  return problems == 0 ? 0 : 1;
}

}  // namespace
}  // namespace pto

int main(int argc, char** argv) {
  if (argc != 3 || std::strcmp(argv[1], "--check") != 0) {
    std::fprintf(stderr, "usage: pto-semantics-table --check docs/semantics.md\n");
    return 2;
  }
  return pto::Check(argv[2]);
}
