#include "pto/common/call_graph.h"

#include <utility>

#include "pto/common/code_walk.h"
#include "pto/common/isa/encoding.h"

namespace pto {

std::vector<CallEdge> FindCallCycle(const std::vector<std::vector<uint32_t>>& calls) {
  enum State : uint8_t { kNew, kActive, kDone };
  std::vector<State> state(calls.size(), kNew);
  std::vector<std::pair<uint32_t, size_t>> stack;  // (function, next call to follow)
  for (uint32_t root = 0; root < calls.size(); ++root) {
    if (state[root] != kNew) continue;
    stack.push_back({root, 0});
    state[root] = kActive;
    while (!stack.empty()) {
      auto& [fn, next] = stack.back();
      if (next == calls[fn].size()) {
        state[fn] = kDone;
        stack.pop_back();
        continue;
      }
      const uint32_t callee = calls[fn][next++];
      if (state[callee] == kActive) {
        size_t first = 0;
        while (stack[first].first != callee) ++first;
        std::vector<CallEdge> cycle;
        for (size_t i = first; i < stack.size(); ++i) {
          cycle.push_back({stack[i].first, stack[i].second - 1});
        }
        return cycle;
      }
      if (state[callee] == kNew) {
        state[callee] = kActive;
        stack.push_back({callee, 0});
      }
    }
  }
  return {};
}

std::vector<std::vector<uint32_t>> CallsOf(const Program& program) {
  std::vector<std::vector<uint32_t>> calls(program.functions.size());
  for (size_t f = 0; f < program.functions.size(); ++f) {
    for (const CodeSite& site : Instructions(program.functions[f].code)) {
      if (site.in.op == Opcode::kCall) calls[f].push_back(site.in.operands[0]);
    }
  }
  return calls;
}

}  // namespace pto
