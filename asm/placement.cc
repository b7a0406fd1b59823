#include "pto/asm/placement.h"

#include <algorithm>

#include "pto/asm/tile_lifetimes.h"

#include "pto/common/call_graph.h"
#include "pto/common/code_walk.h"
#include "pto/common/strings.h"

namespace pto::assembler {

namespace {

struct Range {
  uint64_t begin;
  uint64_t end;
  Lifetime life = Lifetime::Whole();  // when the bytes are in use
};

uint64_t AlignUp(uint64_t v, Memory mem) {
  const uint64_t a = ConstantAddressAlignment(mem);
  return (v + a - 1) / a * a;
}

// Whether operand \a index of \a in is a tmp tile that \a arch runs the instruction without.
bool IdleTmpUse(const Instr& in, int index, Arch arch) {
  const OpInfo& info = GetOpInfo(in.op);
  if (arch != Arch::kA5 || !(info.flags & kFlagTmpIdleA5) || index >= info.num_operands()) {
    return false;
  }
  const OperandSpec& spec = info.operands[index];
  return spec.kind == OperandKind::kTile && spec.optional && !spec.output;
}

// The tiles every use of which is an idle tmp (kFlagTmpIdleA5): PTOAS v0.60 gives them no
// memory, so they take none here. A tile nothing uses, or a parameter, is placed as usual.
std::vector<bool> IdleTmpTiles(const Program& program, const Function& fn, Arch arch) {
  std::vector<int> uses(fn.tiles.size(), 0), idle(fn.tiles.size(), 0);
  for (const CodeSite& site : Instructions(fn.code)) {
    ForEachRegister(program, site.in, [&](const RegisterOperand& r) {
      if (r.cls != RegClass::kTile || r.reg >= fn.tiles.size()) return;
      ++uses[r.reg];
      if (IdleTmpUse(site.in, r.index, arch)) ++idle[r.reg];
    });
  }
  // A tile parameter's storage receives its argument at launch: it needs its room.
  for (const Param& p : fn.params) {
    if (p.kind == ParamKind::kTile && p.reg < fn.tiles.size()) ++uses[p.reg];
  }
  std::vector<bool> out(fn.tiles.size());
  for (size_t i = 0; i < out.size(); ++i) out[i] = uses[i] > 0 && uses[i] == idle[i];
  return out;
}

class Placer {
 public:
  Placer(const Program& program, FunctionBuilder& fb, const MemoryExtent& base)
      : program_(program), fb_(fb), ctx_(fb.ctx()), base_(base) {}

  MemoryExtent Run();

 private:
  /// The lowest address at or above the base where \a bytes fit in \a mem beside every buffer
  /// in use during \a life, or false (reported when \a report).
  bool Place(Memory mem, uint64_t bytes, SourceRange def, const char* what, uint64_t* addr,
             Lifetime life = Lifetime::Whole(), bool report = true);
  /// Places the tiles no instruction binds; with \a lifetimes, tiles whose lifetimes do not
  /// overlap may share bytes. False if one did not fit (reported when \a report).
  bool PlaceTiles(const std::vector<Lifetime>* lifetimes, bool report);
  void Use(Memory mem, uint64_t begin, uint64_t end, Lifetime life = Lifetime::Whole()) {
    used_[static_cast<int>(mem)].push_back({begin, end, life});
  }

  const Program& program_;
  FunctionBuilder& fb_;
  Context& ctx_;
  const MemoryExtent& base_;
  std::vector<Range> used_[kMemoryCount];
};

bool Placer::Place(Memory mem, uint64_t bytes, SourceRange def, const char* what,
                   uint64_t* addr, Lifetime life, bool report) {
  std::vector<Range>& ranges = used_[static_cast<int>(mem)];
  std::sort(ranges.begin(), ranges.end(),
            [](const Range& a, const Range& b) { return a.begin < b.begin; });
  uint64_t candidate = AlignUp(base_[static_cast<int>(mem)], mem);
  for (const Range& r : ranges) {
    if (r.end <= candidate || !r.life.Overlaps(life)) continue;
    if (candidate + bytes <= r.begin) break;
    candidate = std::max(candidate, AlignUp(r.end, mem));
  }
  uint32_t capacity = MemoryCapacity(ctx_.arch(), mem);
  if (candidate + bytes > capacity) {
    if (!report) return false;
    uint64_t total = bytes;
    for (const Range& r : ranges) total += r.end - r.begin;
    std::string callers;
    if (base_[static_cast<int>(mem)] > 0) {
      callers = StrCat(" (above the ", base_[static_cast<int>(mem)],
                       " bytes its callers' buffers use)");
    }
    ctx_.Error(def, StrCat("no room for this ", what, " (", bytes, " bytes) in ",
                           MemoryHardwareName(mem), callers, ": the function's tiles need ", total,
                           " bytes, ", ArchName(ctx_.arch()), " has ", capacity));
    return false;
  }
  *addr = candidate;
  Use(mem, candidate, candidate + bytes, life);
  return true;
}

bool Placer::PlaceTiles(const std::vector<Lifetime>* lifetimes, bool report) {
  Function& fn = fb_.function();
  const std::vector<bool> idle = IdleTmpTiles(program_, fn, ctx_.arch());
  bool ok = true;
  for (size_t i = 0; i < fn.tiles.size(); ++i) {
    const TileBinding& binding = fb_.bindings()[i];
    if (binding.static_address || binding.runtime_address) continue;
    TileReg& t = fn.tiles[i];
    if (idle[i]) {  // never touched: any address will do, the base's takes no room
      t.addr = static_cast<uint32_t>(AlignUp(base_[static_cast<int>(t.type.mem)], t.type.mem));
      continue;
    }
    uint32_t bytes = t.type.Bytes();
    if (bytes > MemoryCapacity(ctx_.arch(), t.type.mem)) {
      if (report) ctx_.Error(binding.def, CheckTileAddress(t.type, ctx_.arch(), 0));
      ok = false;
      continue;
    }
    uint64_t addr = 0;
    const Lifetime life = lifetimes ? (*lifetimes)[i] : Lifetime::Whole();
    if (Place(t.type.mem, bytes, binding.def, "tile", &addr, life, report)) {
      t.addr = static_cast<uint32_t>(addr);
    } else {
      ok = false;
    }
  }
  return ok;
}

MemoryExtent Placer::Run() {
  Function& fn = fb_.function();
  for (size_t i = 0; i < fn.tiles.size(); ++i) {
    if (fb_.bindings()[i].static_address) {
      const TileReg& t = fn.tiles[i];
      Use(t.type.mem, t.addr, t.addr + t.type.Bytes());
    }
  }
  for (const BufferReservation& r : fb_.reservations()) {
    if (!r.automatic) Use(r.mem, r.addr, r.addr + r.size);
  }
  // Pipe buffers first: they live as long as the function.
  for (BufferReservation& r : fb_.reservations()) {
    if (!r.automatic) continue;
    uint64_t addr = 0;
    if (Place(r.mem, r.size, r.def, "pipe buffer", &addr)) {
      r.addr = static_cast<uint32_t>(addr);
      fn.consts[r.const_index].bits = addr;
    }
  }
  // Each tile its own bytes when they fit, so that the sanitizer sees every tile's reads
  // before its writes; else PTOAS's reuse of the bytes of tiles no longer in use.
  std::vector<Range> before[kMemoryCount];
  for (int m = 0; m < kMemoryCount; ++m) before[m] = used_[m];
  if (!PlaceTiles(nullptr, false)) {
    for (int m = 0; m < kMemoryCount; ++m) used_[m] = before[m];
    const std::vector<Lifetime> lifetimes = TileLifetimes(program_, fb_);
    PlaceTiles(&lifetimes, true);
  }
  MemoryExtent extent{};
  for (int m = 0; m < kMemoryCount; ++m) {
    extent[m] = base_[m];
    for (const Range& r : used_[m]) {
      extent[m] = std::max(extent[m], AlignUp(r.end, static_cast<Memory>(m)));
    }
  }
  return extent;
}

}  // namespace

MemoryExtent PlaceFunction(const Program& program, FunctionBuilder& fb, const MemoryExtent& base) {
  return Placer(program, fb, base).Run();
}

void PlaceModule(Program& program, const std::vector<FunctionBuilder*>& builders) {
  const size_t n = program.functions.size();
  std::vector<FunctionBuilder*> by_index(n, nullptr);
  for (FunctionBuilder* fb : builders) by_index[&fb->function() - program.functions.data()] = fb;
  std::vector<std::vector<uint32_t>> callees = CallsOf(program);
  std::vector<int> pending_callers(n, 0);
  for (size_t f = 0; f < n; ++f) {
    if (!by_index[f]) {
      callees[f].clear();  // not placed here
      continue;
    }
    for (uint32_t c : callees[f]) {
      if (c < n) ++pending_callers[c];
    }
  }
  // Callers before callees (Kahn's order); functions on a call cycle, which the verifier
  // rejects anyway, are placed last from their bases so far.
  std::vector<MemoryExtent> base(n, MemoryExtent{});
  std::vector<bool> placed(n, false);
  std::vector<size_t> ready;
  for (size_t f = 0; f < n; ++f) {
    if (pending_callers[f] == 0) ready.push_back(f);
  }
  auto place = [&](size_t f) {
    placed[f] = true;
    if (!by_index[f]) return;
    MemoryExtent extent = PlaceFunction(program, *by_index[f], base[f]);
    for (uint32_t c : callees[f]) {
      if (c >= n) continue;
      for (int m = 0; m < kMemoryCount; ++m) base[c][m] = std::max(base[c][m], extent[m]);
      if (--pending_callers[c] == 0) ready.push_back(c);
    }
  };
  while (!ready.empty()) {
    size_t f = ready.back();
    ready.pop_back();
    place(f);
  }
  for (size_t f = 0; f < n; ++f) {
    if (!placed[f]) place(f);
  }
}

}  // namespace pto::assembler
