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

std::string ParamShapeText(const Param& p) {
  std::string text;
  for (int64_t d : p.shape) text += (d == kDynamic ? std::string("?") : std::to_string(d)) + "x";
  return text + DTypeName(p.dtype);
}

std::string KernelVariantName(std::string_view base, KernelKind kind) {
  std::string name(base);
  name += kind == KernelKind::kCube ? "_mix_aic" : "_mix_aiv";
  return name;
}

std::string_view KernelVariantBase(const Program& program, const Function& f) {
  if (f.kind == KernelKind::kAny || f.peer >= program.functions.size()) return {};
  const Function& peer = program.functions[f.peer];
  if (peer.kind == KernelKind::kAny || peer.kind == f.kind) return {};
  if (peer.peer >= program.functions.size() || &program.functions[peer.peer] != &f) return {};
  const std::string_view name = program.String(f.name);
  constexpr size_t kSuffix = 8;  // "_mix_aic"
  if (name.size() <= kSuffix) return {};
  const std::string_view base = name.substr(0, name.size() - kSuffix);
  if (name != KernelVariantName(base, f.kind) ||
      program.String(peer.name) != KernelVariantName(base, peer.kind)) {
    return {};
  }
  return base;
}

}  // namespace pto
