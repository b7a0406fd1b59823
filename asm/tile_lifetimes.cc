#include "pto/asm/tile_lifetimes.h"

#include <algorithm>
#include <numeric>
#include <utility>

#include "pto/common/code_walk.h"

namespace pto::assembler {

namespace {

// Union-find over tile registers: a tile bound at run time and the tiles it is made from.
class TileGroups {
 public:
  explicit TileGroups(size_t n) : parent_(n) { std::iota(parent_.begin(), parent_.end(), 0); }
  uint32_t Root(uint32_t t) {
    while (parent_[t] != t) t = parent_[t] = parent_[parent_[t]];
    return t;
  }
  void Join(uint32_t a, uint32_t b) { parent_[Root(a)] = Root(b); }

 private:
  std::vector<uint32_t> parent_;
};

void Extend(Lifetime* life, uint32_t begin, uint32_t end) {
  life->begin = std::min(life->begin, begin);
  life->end = std::max(life->end, end);
}

// The loops of the code: [target, jump] of every backward jump.
std::vector<std::pair<uint32_t, uint32_t>> Loops(const Function& fn) {
  std::vector<std::pair<uint32_t, uint32_t>> loops;
  for (const CodeSite& site : Instructions(fn.code)) {
    const OpInfo& info = GetOpInfo(site.in.op);
    for (int i = 0; i < info.num_operands() && i < static_cast<int>(site.in.count); ++i) {
      const uint32_t target = site.in.operands[i];
      if (info.operands[i].kind == OperandKind::kTarget && target <= site.pc) {
        loops.emplace_back(target, site.pc);
      }
    }
  }
  return loops;
}

}  // namespace

std::vector<Lifetime> TileLifetimes(const Program& program, FunctionBuilder& fb) {
  const Function& fn = fb.function();
  const size_t n = fn.tiles.size();
  std::vector<Lifetime> life(n);
  TileGroups groups(n);
  for (const CodeSite& site : Instructions(fn.code)) {
    std::vector<uint32_t> tiles;
    bool runtime = false;
    ForEachRegister(program, site.in, [&](const RegisterOperand& r) {
      if (r.cls != RegClass::kTile || r.reg >= n) return;
      tiles.push_back(r.reg);
      runtime |= fb.binding(r.reg).runtime_address;
      Extend(&life[r.reg], site.pc, site.pc);
      // Its address may flow anywhere (a UB pointer): it stays for the whole function.
      if (site.in.op == Opcode::kTileAddress) life[r.reg] = Lifetime::Whole();
    });
    for (size_t k = 1; runtime && k < tiles.size(); ++k) groups.Join(tiles[0], tiles[k]);
  }
  for (const Param& p : fn.params) {
    if (p.kind == ParamKind::kTile && p.reg < n) life[p.reg] = Lifetime::Whole();
  }
  std::vector<Lifetime> group(n);
  for (uint32_t t = 0; t < n; ++t) {
    if (life[t].begin <= life[t].end) Extend(&group[groups.Root(t)], life[t].begin, life[t].end);
  }
  const auto loops = Loops(fn);
  for (bool changed = true; changed;) {
    changed = false;
    for (Lifetime& g : group) {
      for (const auto& [begin, end] : loops) {
        if (g.begin > g.end || !g.Overlaps({begin, end})) continue;
        if (g.begin <= begin && g.end >= end) continue;
        Extend(&g, begin, end);
        changed = true;
      }
    }
  }
  for (uint32_t t = 0; t < n; ++t) life[t] = group[groups.Root(t)];
  return life;
}

}  // namespace pto::assembler
