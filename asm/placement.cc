#include "asm/placement.h"

#include <algorithm>

#include "common/strings.h"

namespace pto::assembler {

namespace {

struct Range {
  uint64_t begin;
  uint64_t end;
};

uint64_t AlignUp(uint64_t v) { return (v + kTileAlignment - 1) / kTileAlignment * kTileAlignment; }

}  // namespace

bool PlaceTiles(FunctionBuilder& fb) {
  Function& fn = fb.function();
  Context& ctx = fb.ctx();
  std::vector<Range> used[kMemoryCount];
  for (size_t i = 0; i < fn.tiles.size(); ++i) {
    if (fb.bindings()[i].static_address) {
      const TileReg& t = fn.tiles[i];
      used[static_cast<int>(t.type.mem)].push_back({t.addr, t.addr + t.type.Bytes()});
    }
  }
  bool ok = true;
  for (size_t i = 0; i < fn.tiles.size(); ++i) {
    const TileBinding& binding = fb.bindings()[i];
    if (binding.static_address || binding.runtime_address) continue;
    TileReg& t = fn.tiles[i];
    int mem = static_cast<int>(t.type.mem);
    std::vector<Range>& ranges = used[mem];
    std::sort(ranges.begin(), ranges.end(),
              [](const Range& a, const Range& b) { return a.begin < b.begin; });
    uint64_t bytes = t.type.Bytes();
    uint64_t candidate = 0;
    for (const Range& r : ranges) {
      if (candidate + bytes <= r.begin) break;
      candidate = std::max(candidate, AlignUp(r.end));
    }
    uint32_t capacity = MemoryCapacity(ctx.arch(), t.type.mem);
    if (bytes > capacity) {
      ctx.Error(binding.def, CheckTileAddress(t.type, ctx.arch(), 0));
      ok = false;
      continue;
    }
    if (candidate + bytes > capacity) {
      uint64_t total = bytes;
      for (const Range& r : ranges) total += r.end - r.begin;
      ctx.Error(binding.def, StrCat("no room for this tile (", bytes, " bytes) in ",
                                    MemoryHardwareName(t.type.mem), ": the function's tiles need ",
                                    total, " bytes, ", ArchName(ctx.arch()), " has ", capacity));
      ok = false;
      continue;
    }
    t.addr = static_cast<uint32_t>(candidate);
    ranges.push_back({candidate, candidate + bytes});
  }
  return ok;
}

}  // namespace pto::assembler
