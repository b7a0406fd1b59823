#include "pto/common/program.h"

namespace pto {

uint32_t Program::Intern(std::string_view text) {
  if (string_index_.size() != strings.size()) {
    string_index_.clear();
    for (uint32_t i = 0; i < strings.size(); ++i) string_index_.emplace(strings[i], i);
  }
  auto [it, inserted] =
      string_index_.emplace(std::string(text), static_cast<uint32_t>(strings.size()));
  if (inserted) strings.emplace_back(text);
  return it->second;
}

}  // namespace pto
