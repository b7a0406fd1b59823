#include "pto/asm/program_inputs.h"

#include <algorithm>
#include <utility>

#include "pto/common/bytecode.h"

namespace pto::assembler {

bool LoadUnit(const std::string& name, std::string contents, const AssembleOptions& options,
              bool alone, std::vector<std::unique_ptr<SourceFile>>& sources, Diagnostics& diags,
              LinkUnit* unit) {
  unit->name = name;
  constexpr size_t kMagicBytes = 16;
  if (LooksLikeBytecode(std::vector<uint8_t>(
          contents.begin(), contents.begin() + static_cast<std::ptrdiff_t>(
                                                   std::min(contents.size(), kMagicBytes))))) {
    std::vector<uint8_t> bytes(contents.begin(), contents.end());
    if (!ReadProgram(bytes, name, &unit->program, diags)) return false;
    if (!unit->program.is_object && !alone) {
      diags.Error(name + " is an executable; link objects (ptoas -c) and sources");
      return false;
    }
    return true;
  }
  sources.push_back(std::make_unique<SourceFile>(name, std::move(contents)));
  if (!AssembleUnit(*sources.back(), options, &unit->program, diags)) return false;
  if (!unit->program.is_object && !alone) {
    diags.Error(name + " is the listing of an executable; only objects and sources link");
    return false;
  }
  return true;
}

bool MakeExecutable(std::vector<LinkUnit>&& units, const std::string& entry, Program* out,
                    Diagnostics& diags) {
  if (units.size() == 1 && !units[0].program.is_object) {
    *out = std::move(units[0].program);  // an executable (or its listing) as it is
    return true;
  }
  LinkOptions link;
  link.entry = entry;
  return Link(std::move(units), link, out, diags);
}

}  // namespace pto::assembler
