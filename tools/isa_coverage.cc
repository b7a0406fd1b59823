// pto-isa-coverage: writes docs/isa-coverage.md from the instruction table (opcodes.def), the
// ISA catalogue (catalogue.txt) and the test programs that use each instruction.
//
//   pto-isa-coverage --root SOURCE_DIR --out FILE      write the report
//   pto-isa-coverage --root SOURCE_DIR --check FILE    exit 1 if FILE differs from the report
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "pto/asm/assembler.h"
#include "pto/common/code_walk.h"
#include "pto/common/file_io.h"
#include "pto/common/output_file.h"
#include "pto/common/isa/opcode.h"
#include "pto/common/isa/pipes.h"
#include "pto/common/strings.h"

namespace fs = std::filesystem;

namespace pto {
namespace {

struct CatalogueEntry {
  std::string isa_name;
  std::string mnemonic;
};
struct CatalogueGroup {
  std::string title;
  std::vector<CatalogueEntry> entries;
};

bool ReadText(const fs::path& path, std::string* text) {
  std::string error;
  if (ReadFile(path.string(), text, &error)) return true;
  std::fprintf(stderr, "pto-isa-coverage: %s\n", error.c_str());
  return false;
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

std::vector<CatalogueGroup> ParseCatalogue(const std::string& text) {
  std::vector<CatalogueGroup> groups;
  for (const std::string& line : Lines(text)) {
    if (line.empty() || (line[0] == '#' && line.rfind("## ", 0) != 0)) continue;
    if (line.rfind("## ", 0) == 0) {
      groups.push_back({line.substr(3), {}});
      continue;
    }
    size_t space = line.rfind(' ');
    if (space == std::string::npos || groups.empty()) continue;
    groups.back().entries.push_back({line.substr(0, space), line.substr(space + 1)});
  }
  return groups;
}

// The instructions a program spells, by opcode: identifiers not preceded by a sigil, with an
// optional "pto." prefix, that name an instruction (a mnemonic's first row). Comments are skipped.
std::set<Opcode> OpcodesSpelled(const std::string& text) {
  std::set<Opcode> used;
  for (const std::string& line : Lines(text)) {
    size_t comment = line.find("//");
    std::string code = line.substr(0, comment);
    for (size_t i = 0; i < code.size();) {
      char c = code[i];
      if (!(std::isalpha(static_cast<unsigned char>(c)) || c == '_')) {
        ++i;
        continue;
      }
      size_t end = i;
      while (end < code.size() && (std::isalnum(static_cast<unsigned char>(code[end])) ||
                                   code[end] == '_' || code[end] == '.')) {
        ++end;
      }
      char before = i > 0 ? code[i - 1] : ' ';
      std::string_view word(code.data() + i, end - i);
      i = end;
      if (before == '%' || before == '@' || before == '#' || before == '!') continue;
      if (word.substr(0, 4) == "pto.") word.remove_prefix(4);
      if (const OpInfo* info = LookupMnemonic(word)) used.insert(info->opcode);
    }
  }
  return used;
}

// The rows a program uses: the instructions the assembler lowers it to, so that a mnemonic of
// several rows (forms, sizes) credits the one written. A program that does not assemble (an
// error test, a file of a multi-file case) is read for its spellings instead.
std::set<Opcode> OpcodesUsed(const fs::path& path, const std::string& text) {
  const SourceFile file(path.filename().string(), text);
  assembler::AssembleOptions options;
  options.module_arch_first = true;
  Program program;
  Diagnostics diags;
  if (!assembler::AssembleUnit(file, options, &program, diags)) return OpcodesSpelled(text);
  std::set<Opcode> used;
  for (const Function& f : program.functions) {
    for (const CodeSite& site : Instructions(f.code)) used.insert(site.in.op);
  }
  return used;
}

struct TestIndex {
  std::map<Opcode, std::vector<std::string>> by_opcode;

  void AddProgram(const std::string& label, const fs::path& path, const std::string& text) {
    for (Opcode op : OpcodesUsed(path, text)) {
      auto& names = by_opcode[op];
      if (names.empty() || names.back() != label) names.push_back(label);
    }
  }
};

std::vector<fs::path> SortedEntries(const fs::path& dir) {
  std::vector<fs::path> paths;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec)) paths.push_back(entry.path());
  std::sort(paths.begin(), paths.end());
  return paths;
}

// Samples and golden cases are directories of programs (samples/<sample>/,
// tests/golden/<family>/<case>/, labelled golden:<family>/<case>); error and parse tests are
// files.
bool IndexTests(const fs::path& root, TestIndex* index) {
  struct Kind {
    const char* dir;
    const char* label;
    int depth;  // directory levels from dir down to a case's programs; 0: dir holds the programs
  };
  const Kind kinds[] = {{"samples", "sample", 1},
                        {"tests/golden", "golden", 2},
                        {"tests/errors", "error", 0},
                        {"tests/parse", "parse", 0}};
  auto add = [&](const Kind& kind, const std::string& name, const fs::path& program) {
    std::string text;
    if (!ReadText(program, &text)) return false;
    index->AddProgram(StrCat(kind.label, ":", name), program, text);
    return true;
  };
  for (const Kind& kind : kinds) {
    for (const fs::path& entry : SortedEntries(root / kind.dir)) {
      if (kind.depth == 0) {
        if (entry.extension() == ".pto" && !add(kind, entry.stem().string(), entry)) return false;
        continue;
      }
      std::vector<fs::path> cases = {entry};
      if (kind.depth == 2) cases = SortedEntries(entry);
      for (const fs::path& case_dir : cases) {
        std::string name = case_dir.filename().string();
        if (kind.depth == 2) name = StrCat(entry.filename().string(), "/", name);
        for (const fs::path& p : SortedEntries(case_dir)) {
          if (p.extension() == ".pto" && !add(kind, name, p)) return false;
        }
      }
    }
  }
  return true;
}

// The pipe the instruction runs on (common/isa/pipes.h): "MTE2", or "by tiles" where its
// tiles' memories decide.
std::string PipeCell(const OpInfo& info) {
  const Pipe p = TablePipe(info.opcode);
  if (p == Pipe::kOperands) return "by tiles";
  return std::string(PipeName(p) + 5);  // without "PIPE_"
}

std::string OperandSummary(const OpInfo& info) {
  std::string outs, ins, attrs;
  for (const OperandSpec& spec : info.operands) {
    if (!spec.attr.empty()) {
      if (spec.attr[0] != '%') attrs += StrCat(attrs.empty() ? "" : ", ", spec.attr);
      continue;
    }
    std::string word = GetKindInfo(spec.kind).short_name;
    if (spec.optional) word = StrCat("[", word, "]");
    std::string& list = spec.output ? outs : ins;
    list += StrCat(list.empty() ? "" : ", ", word);
  }
  if (info.variadic) ins += ins.empty() ? "..." : ", ...";
  std::string text = StrCat(outs.empty() ? "-" : outs, " &larr; ", ins.empty() ? "-" : ins);
  if (!attrs.empty()) text += StrCat("; attrs: ", attrs);
  return text;
}

std::string Spellings(const OpInfo& info) {
  std::string text = StrCat("`", info.mnemonic, "`, `pto.", info.mnemonic, "`");
  for (std::string_view alt : AlternateSpellings(info.opcode)) {
    text += StrCat(", `pto.", alt, "`");
  }
  return text;
}

std::string TypesOn(const OpInfo& info, Arch arch) {
  DTypeMask mask = info.types(arch);
  if (mask) return DTypeMaskNames(mask);
  // Settings instructions (tsethf32mode, tsetfmatrix, ...) exist on both and take no tiles.
  for (const OperandSpec& spec : info.operands) {
    if (spec.kind == OperandKind::kTile) return "not available";
  }
  return "(no tiles)";
}

std::string TestList(const std::vector<std::string>* tests) {
  if (!tests || tests->empty()) return "**none**";
  const size_t kShown = 6;
  std::string text;
  for (size_t i = 0; i < tests->size() && i < kShown; ++i) {
    text += StrCat(i ? ", " : "", (*tests)[i]);
  }
  if (tests->size() > kShown) text += StrCat(" (+", tests->size() - kShown, " more)");
  return text;
}

const std::vector<std::string>* TestsOf(const TestIndex& index, Opcode op) {
  auto it = index.by_opcode.find(op);
  return it == index.by_opcode.end() ? nullptr : &it->second;
}

// The catalogue's groups, a table each; counts what is implemented and run by a golden test,
// and the opcodes listed.
struct CatalogueTables {
  int total = 0, implemented = 0, golden = 0;
  std::set<Opcode> listed;
  std::string text;
};

CatalogueTables CatalogueSections(const std::vector<CatalogueGroup>& groups, const TestIndex& index) {
  CatalogueTables t;
  for (const CatalogueGroup& group : groups) {
    t.text += StrCat("\n## ", group.title, "\n\n",
                     "| Instruction | Spellings | Operands (outs &larr; ins) | Pipe | a2a3 | a5 | Tests |\n",
                     "|---|---|---|---|---|---|---|\n");
    for (const CatalogueEntry& entry : group.entries) {
      ++t.total;
      const OpInfo* info = LookupMnemonic(entry.mnemonic);
      if (!info) {
        t.text += StrCat("| ", entry.isa_name, " | `", entry.mnemonic,
                         "` | **not implemented** | | | | |\n");
        continue;
      }
      ++t.implemented;
      t.listed.insert(info->opcode);
      const auto* tests = TestsOf(index, info->opcode);
      bool has_golden = tests && std::any_of(tests->begin(), tests->end(), [](const auto& test) {
                          return test.rfind("golden:", 0) == 0 || test.rfind("sample:", 0) == 0;
                        });
      t.golden += has_golden;
      t.text += StrCat("| ", entry.isa_name, " | ", Spellings(*info), " | ", OperandSummary(*info),
                       " | ", PipeCell(*info), " | ", TypesOn(*info, Arch::kA2A3), " | ",
                       TypesOn(*info, Arch::kA5), " | ", TestList(tests), " |\n");
    }
  }
  return t;
}

// Tile instructions of the table that the catalogue does not list.
std::string OtherTileRows(const std::set<Opcode>& listed, const TestIndex& index) {
  std::string rows;
  for (int i = 0; i < kOpcodeCount; ++i) {
    const OpInfo& info = GetOpInfo(static_cast<Opcode>(i));
    if (!info.has_spelling() || !info.is_tile_op() || listed.count(info.opcode)) continue;
    rows += StrCat("| ", Spellings(info), " | ", OperandSummary(info), " | ", PipeCell(info),
                   " | ", TypesOn(info, Arch::kA2A3), " | ", TypesOn(info, Arch::kA5), " | ",
                   TestList(TestsOf(index, info.opcode)), " |\n");
  }
  return rows;
}

// A layer below the tiles, every row of it with its family, on the layer's one architecture.
std::string LayerRows(Layer layer, Arch arch, const TestIndex& index) {
  std::string rows;
  for (int i = 0; i < kOpcodeCount; ++i) {
    const OpInfo& info = GetOpInfo(static_cast<Opcode>(i));
    if (!info.has_spelling() || info.layer() != layer) continue;
    rows += StrCat("| `pto.", info.mnemonic, "` | ", FamilyName(info.family), " | ",
                   OperandSummary(info), " | ", PipeCell(info), " | ", TypesOn(info, arch),
                   " | ", TestList(TestsOf(index, info.opcode)), " |\n");
  }
  return rows;
}

std::string ReportHead(const CatalogueTables& t) {
  return StrCat(
      "# PTO instruction coverage\n\n"
      "Generated by the build (`pto-isa-coverage`) from the instruction table "
      "`common/isa/opcodes.def`,\nthe ISA catalogue `common/isa/catalogue.txt` and the test "
      "programs; do not edit by hand.\nAfter changing any of them: "
      "`cmake --build build --target update-isa-coverage`\n(the test `isa-coverage-current` "
      "fails until this file matches).\n\n",
      t.implemented, " of the ", t.total, " catalogue instructions are implemented; ", t.golden,
      " of them run in golden tests\n(numpy references) or samples. Spellings: the bare "
      "mnemonic is the synchronous form, `pto.` the\nSSA and DPS forms (`ins(...) outs(...)`). "
      "Element types are those of the instruction's primary tile;\n`--arch` selects the "
      "column. Tests: `golden:` and `sample:` run and compare with numpy, `error:`\nchecks "
      "diagnostics, `parse:` only assembles. A test is credited with the rows it assembles to,\nso "
      "each form of a mnemonic has its own; one that does not assemble, by its spellings.\n");
}

std::string Report(const std::vector<CatalogueGroup>& groups, const TestIndex& index) {
  const CatalogueTables catalogue = CatalogueSections(groups, index);
  const std::string others = OtherTileRows(catalogue.listed, index);
  const std::string registers = LayerRows(Layer::kRegister, Arch::kA5, index);
  const std::string vmi = LayerRows(Layer::kVmi, Arch::kA5, index);
  const std::string repeats = LayerRows(Layer::kRepeat, Arch::kA2A3, index);
  std::string tail;
  if (!others.empty()) {
    tail = StrCat("\n## Other tile instructions in the table\n\n",
                  "| Spellings | Operands (outs &larr; ins) | Pipe | a2a3 | a5 | Tests |\n",
                  "|---|---|---|---|---|---|\n", others);
  }
  if (!registers.empty()) {
    tail += StrCat("\n## Register layer (VPTO micro-instructions, a5)\n\n",
                   "| Spelling | Family | Operands (outs &larr; ins) | Pipe | a5 | Tests |\n",
                   "|---|---|---|---|---|---|\n", registers);
  }
  if (!vmi.empty()) {
    tail += StrCat("\n## VMI layer (pto.vmi logical vectors, a5)\n\n",
                   "| Spelling | Family | Operands (outs &larr; ins) | Pipe | a5 | Tests |\n",
                   "|---|---|---|---|---|---|\n", vmi);
  }
  if (!repeats.empty()) {
    tail += StrCat("\n## Repeat layer (A2/A3 vector instructions with mask, repeat and strides)\n\n",
                   "| Spelling | Family | Operands (outs &larr; ins) | Pipe | a2a3 | Tests |\n",
                   "|---|---|---|---|---|---|\n", repeats);
  }
  return ReportHead(catalogue) + catalogue.text + tail;
}

int Main(int argc, char** argv) {
  std::string root, out, check;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!std::strcmp(argv[i], "--root")) root = argv[i + 1];
    else if (!std::strcmp(argv[i], "--out")) out = argv[i + 1];
    else if (!std::strcmp(argv[i], "--check")) check = argv[i + 1];
  }
  if (root.empty() || out.empty() == check.empty()) {
    std::fprintf(stderr, "usage: pto-isa-coverage --root DIR (--out FILE | --check FILE)\n");
    return 2;
  }
  std::string catalogue;
  if (!ReadText(fs::path(root) / "common/isa/catalogue.txt", &catalogue)) return 1;
  TestIndex index;
  if (!IndexTests(root, &index)) return 1;
  std::string report = Report(ParseCatalogue(catalogue), index);
  if (!check.empty()) {
    std::string current;
    if (!ReadText(check, &current)) return 1;
    if (current == report) return 0;
    std::fprintf(stderr,
                 "%s is out of date with the instruction table or the tests; regenerate it: "
                 "cmake --build build --target update-isa-coverage\n",
                 check.c_str());
    return 1;
  }
  std::string error;
  if (!WriteOutputFile(out, report.data(), report.size(), &error)) {
    std::fprintf(stderr, "pto-isa-coverage: %s\n", error.c_str());
    return 1;
  }
  return 0;
}

}  // namespace
}  // namespace pto

int main(int argc, char** argv) { return pto::Main(argc, argv); }
