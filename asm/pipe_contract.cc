#include "pto/asm/pipe_contract.h"

#include <map>
#include <set>
#include <string>

#include "pto/common/isa/fixpipe_epilogue.h"
#include "pto/common/strings.h"

namespace pto::assembler {

namespace {

using Kind = PipeUseFact::Kind;
using Source = PipeBufferSource::Kind;

bool IsTransfer(const PipeUseFact& u) {
  return u.kind == Kind::kAlloc || u.kind == Kind::kPush || u.kind == Kind::kPop ||
         u.kind == Kind::kFree;
}

const char* UseName(const PipeUseFact& u) {
  switch (u.kind) {
    case Kind::kAlloc: return u.c2v ? "talloc_to_aiv" : "talloc_to_aic";
    case Kind::kPush: return u.c2v ? "tpush_to_aiv" : "tpush_to_aic";
    case Kind::kPop: return u.c2v ? "tpop_from_aic" : "tpop_from_aiv";
    case Kind::kFree: return u.c2v ? "tfree_from_aic" : "tfree_from_aiv";
    case Kind::kSetQuantScalar: return "set_quant_scalar";
    case Kind::kSetQuantVector: return "set_quant_vector";
  }
  return "";
}

uint32_t SlotCount(const PipeInitFact& init) {
  return init.slot_num ? init.slot_num : (init.dir_mask == 3 ? 4 : 8);
}

// The rules of one transfer against its set-up: its direction, GM FIFO entries and odd splits.
void CheckTransferAgainstInit(Context& ctx, Arch arch, const PipeUseFact& u,
                              const PipeInitFact& init) {
  if (!(init.dir_mask & (u.c2v ? 1u : 2u))) {
    ctx.Error(u.where, StrCat(UseName(u), " on pipe ", u.id, ", which was set up with dir_mask = ",
                              init.dir_mask, ": it needs dir_mask ", u.c2v ? "1" : "2", " or 3"));
    return;
  }
  if (u.global_entry) {
    if (!init.gm_slot_tensor) {
      ctx.Error(u.where, StrCat(UseName(u), " moves a GM FIFO entry, so pipe ", u.id,
                                " needs a gm_slot_tensor"));
      return;
    }
    bool same = u.entry_dtype == init.slot_dtype && u.entry_shape.size() == init.slot_shape.size();
    for (size_t d = 0; same && d < u.entry_shape.size(); ++d) {
      same = u.entry_shape[d] == kDynamic || init.slot_shape[d] == kDynamic ||
             u.entry_shape[d] == init.slot_shape[d];
    }
    if (!same) {
      ctx.Error(u.where, StrCat(UseName(u), "'s GM FIFO entry must have the element type and "
                                "shape of pipe ", u.id, "'s gm_slot_tensor"));
    }
    return;
  }
  if (u.split >= 3) {
    const bool gm_backed = init.gm_slot_tensor || (arch != Arch::kA5 && init.gm_slot_buffer);
    if (init.dir_mask != 1 || !gm_backed || init.c2v.kind == Source::kNone) {
      ctx.Error(u.where, StrCat(UseName(u), " splits odd (split = ", u.split, ") only on a "
                                "one-way cube -> vector pipe backed by GM slots with a "
                                "c2v_consumer_buf"));
    }
  }
}

// The fixpipe's rules on a transfer of a pipe with acc_push_epilogue.
void CheckFixpipeTransfer(Context& ctx, const FunctionPipes& f, size_t at,
                          const PipeInitFact& init) {
  const PipeUseFact& u = f.facts->uses[at];
  if (u.split != 0) {
    ctx.Error(u.where, StrCat(UseName(u), " on pipe ", u.id, ", which has an acc_push_epilogue: "
                              "the fixpipe pushes whole tiles, split = 0"));
    return;
  }
  if (u.kind != Kind::kPush) return;
  const fixpipe::EpilogueQuant* q = fixpipe::QuantOfCode(init.epilogue->quant);
  if (!u.has_tile || u.tile.mem != Memory::kAcc) {
    ctx.Error(u.where, StrCat("tpush_to_aiv on a pipe with acc_push_epilogue sends an acc tile"));
    return;
  }
  if (q && !fixpipe::ReadsSource(*q, u.tile.dtype)) {
    ctx.Error(u.where, StrCat("acc_push_epilogue's quant ", q->name, " reads ",
                              q->source == DType::kInvalid ? "f32 or i32" : DTypeName(q->source),
                              " accumulators, but this tile holds ", DTypeName(u.tile.dtype)));
    return;
  }
  if (!q || q->params == fixpipe::Params::kNone) return;
  const Kind wanted =
      q->params == fixpipe::Params::kScalar ? Kind::kSetQuantScalar : Kind::kSetQuantVector;
  for (size_t i = at; i-- > 0;) {
    const PipeUseFact& s = f.facts->uses[i];
    if (s.kind == wanted && s.id == u.id && s.block == u.block) return;
  }
  ctx.Error(u.where, StrCat("acc_push_epilogue's quant ", q->name, " reads its ",
                            wanted == Kind::kSetQuantScalar ? "scale" : "parameters",
                            " from a pto.", wanted == Kind::kSetQuantScalar ? "set_quant_scalar"
                                                                            : "set_quant_vector",
                            " with id = ", u.id, " earlier in the same block"));
}

// set_quant_scalar / set_quant_vector: pipe id must quantise with that kind of parameters.
void CheckSetQuant(Context& ctx, const FunctionPipes& f, const PipeUseFact& u) {
  int init = -1;
  for (size_t i = 0; i < f.facts->inits.size(); ++i) {
    if (f.facts->inits[i].id == u.id) init = static_cast<int>(i);
  }
  if (init < 0) {
    ctx.Error(u.where, StrCat(UseName(u), " sets the quantisation of pipe ", u.id, ", which @",
                              f.name, " does not set up"));
    return;
  }
  const PipeInitFact& pipe = f.facts->inits[init];
  const fixpipe::EpilogueQuant* q =
      pipe.epilogue ? fixpipe::QuantOfCode(pipe.epilogue->quant) : nullptr;
  const auto wanted =
      u.kind == Kind::kSetQuantScalar ? fixpipe::Params::kScalar : fixpipe::Params::kVector;
  if (!q || q->params != wanted) {
    ctx.Error(u.where, StrCat(UseName(u), ": pipe ", u.id, " has ",
                              q ? StrCat("quant ", q->name) : std::string("no acc_push_epilogue"),
                              ", which takes no ",
                              wanted == fixpipe::Params::kScalar ? "scalar" : "per-channel",
                              " quantisation parameters"));
  }
}

// The rules within one function: ids set up once, the 16 hardware flags each function's pipes
// share (two for a one-way pipe, four both ways), and each use against its set-up.
void CheckFunction(Context& ctx, Arch arch, const FunctionPipes& f) {
  std::set<uint32_t> ids;
  uint32_t flags = 0;
  for (const PipeInitFact& init : f.facts->inits) {
    flags += init.dir_mask == 3 ? 4 : 2;
    if (flags > 16) {
      ctx.Error(init.def, StrCat("the pipes of @", f.name, " need ", flags, " of the 16 hardware "
                                 "flag ids (two for a one-way pipe, four for dir_mask = 3)"));
      return;
    }
    if (init.internal) continue;
    if (!ids.insert(init.id).second) {
      ctx.Error(init.def, StrCat("@", f.name, " sets up pipe ", init.id, " twice: a pipe's id is "
                                 "unique among its function's set-ups"));
    }
  }
  for (size_t at = 0; at < f.facts->uses.size(); ++at) {
    const PipeUseFact& u = f.facts->uses[at];
    if (!IsTransfer(u)) {
      CheckSetQuant(ctx, f, u);
      continue;
    }
    const int init = InitOf(ctx, f, u, /*report=*/true);
    if (init < 0) continue;
    const PipeInitFact& pipe = f.facts->inits[init];
    CheckTransferAgainstInit(ctx, arch, u, pipe);
    if (pipe.epilogue) CheckFixpipeTransfer(ctx, f, at, pipe);
  }
}

// ---- The two functions of a pipe ----------------------------------------------------------

// A set-up among the module's: its function and index there.
struct InitRef {
  size_t function;
  size_t init;
  bool operator<(const InitRef& o) const {
    return function != o.function ? function < o.function : init < o.init;
  }
};

// What a set-up's transfers do with split: 0 nothing, 1 split = 0 only, 2 split != 0 only,
// 3 both.
int SplitUsage(Context& ctx, const FunctionPipes& f, size_t init) {
  int usage = 0;
  for (const PipeUseFact& u : f.facts->uses) {
    if (IsTransfer(u) && InitOf(ctx, f, u, /*report=*/false) == static_cast<int>(init)) {
      usage |= u.split == 0 ? 1 : 2;
    }
  }
  return usage;
}

class PeerCheck {
 public:
  PeerCheck(Context& ctx, const std::vector<FunctionPipes>& functions)
      : ctx_(ctx), functions_(functions) {}

  void Run();

 private:
  const PipeInitFact& Init(const InitRef& r) const { return functions_[r.function].facts->inits[r.init]; }
  // The peer keys of a set-up: (owner function, buffer name, direction) of each consumer
  // buffer it takes from a reserve_buffer or an import, or (id, dir_mask) for a pipe of GM
  // slots only.
  std::vector<std::string> Keys(const InitRef& r) const;
  void CheckComponent(const std::vector<InitRef>& inits, bool by_buffer);
  void CheckSplitUsage(const std::vector<InitRef>& inits);

  Context& ctx_;
  const std::vector<FunctionPipes>& functions_;
};

std::vector<std::string> PeerCheck::Keys(const InitRef& r) const {
  const PipeInitFact& init = Init(r);
  std::vector<std::string> keys;
  const PipeBufferSource* buffers[2] = {&init.c2v, &init.v2c};
  for (int d = 0; d < 2; ++d) {
    const PipeBufferSource& b = *buffers[d];
    if (b.kind == Source::kReserve) keys.push_back(StrCat(functions_[r.function].name, "/", b.name, "/", d));
    if (b.kind == Source::kImport) {
      const std::string& owner = functions_[r.function].peer.empty() ? b.peer
                                                                       : functions_[r.function].peer;
      keys.push_back(StrCat(owner, "/", b.name, "/", d));
    }
  }
  if (keys.empty() && init.gm_slot_tensor && init.c2v.kind == Source::kNone &&
      init.v2c.kind == Source::kNone) {
    keys.push_back(StrCat("gm slots/", init.id, "/", init.dir_mask));
  }
  return keys;
}

void PeerCheck::Run() {
  // Union the set-ups that share a key into components.
  std::map<std::string, std::vector<InitRef>> by_key;
  for (size_t f = 0; f < functions_.size(); ++f) {
    for (size_t i = 0; i < functions_[f].facts->inits.size(); ++i) {
      for (const std::string& key : Keys({f, i})) by_key[key].push_back({f, i});
    }
  }
  std::map<InitRef, InitRef> parent;
  auto find = [&](InitRef r) {
    while (parent.count(r) && !(parent[r].function == r.function && parent[r].init == r.init)) r = parent[r];
    return r;
  };
  for (auto& [key, refs] : by_key) {
    for (const InitRef& r : refs) {
      if (!parent.count(r)) parent[r] = r;
      const InitRef a = find(refs[0]), b = find(r);
      if (a < b || b < a) parent[b] = a;
    }
  }
  std::map<InitRef, std::vector<InitRef>> components;
  for (const auto& [r, p] : parent) components[find(r)].push_back(r);
  for (const auto& [root, inits] : components) {
    const bool by_buffer = Init(root).c2v.kind == Source::kReserve || Init(root).c2v.kind == Source::kImport ||
                           Init(root).v2c.kind == Source::kReserve || Init(root).v2c.kind == Source::kImport;
    CheckComponent(inits, by_buffer);
  }
}

// The set-ups of one pipe: one in each of two functions, alike, with one split usage.
void PeerCheck::CheckComponent(const std::vector<InitRef>& inits, bool by_buffer) {
  const PipeInitFact& first = Init(inits[0]);
  if (by_buffer && (inits.size() != 2 || inits[0].function == inits[1].function)) {
    ctx_.Error(first.def, StrCat("pipe ", first.id, " of @", functions_[inits[0].function].name,
                                 " needs exactly one peer set-up in the function on the other "
                                 "side of its consumer buffers (found ", inits.size() - 1,
                                 " set-up", inits.size() == 2 ? "" : "s",
                                 inits.size() == 2 ? " in the same function" : "", ")"));
    return;
  }
  if (inits.size() == 2) {
    const PipeInitFact& second = Init(inits[1]);
    if (first.dir_mask != second.dir_mask || first.slot_size != second.slot_size ||
        SlotCount(first) != SlotCount(second) || first.local_slot_num != second.local_slot_num) {
      ctx_.Error(second.def, StrCat("pipe ", second.id, " is set up unlike its peer in @",
                                    functions_[inits[0].function].name, ": dir_mask, slot_size, "
                                    "slot_num and local_slot_num must match"));
      return;
    }
  }
  CheckSplitUsage(inits);
}

// nosplit, written or implied by the transfers (all split = 0, or none), is one for the pipe.
void PeerCheck::CheckSplitUsage(const std::vector<InitRef>& inits) {
  std::optional<bool> written, used;
  for (const InitRef& r : inits) {
    const PipeInitFact& init = Init(r);
    const int usage = SplitUsage(ctx_, functions_[r.function], r.init);
    if (usage == 3) {
      ctx_.Error(init.def, StrCat("pipe ", init.id, " of @", functions_[r.function].name,
                                  " mixes split = 0 with split = 1, 2, 3 or 4"));
      return;
    }
    if (init.nosplit && written && *written != *init.nosplit) {
      ctx_.Error(init.def, StrCat("pipe ", init.id, " is written nosplit = ",
                                  *init.nosplit ? "true" : "false", " here and the opposite in "
                                  "its peer"));
      return;
    }
    if (init.nosplit) written = init.nosplit;
    if (usage && used && *used != (usage == 1)) {
      ctx_.Error(init.def, StrCat("pipe ", init.id, " of @", functions_[r.function].name,
                                  " is used with split ", usage == 1 ? "= 0" : "!= 0",
                                  " here and the opposite in its peer"));
      return;
    }
    if (usage) used = usage == 1;
  }
  if (!written || !used || *written == *used) return;
  for (const InitRef& r : inits) {
    const PipeInitFact& init = Init(r);
    if (!init.nosplit || *init.nosplit == *used) continue;
    ctx_.Error(init.def, StrCat("pipe ", init.id, " is written nosplit = ",
                                *init.nosplit ? "true" : "false", ", but its transfers use split ",
                                *used ? "= 0" : "= 1, 2, 3 or 4"));
    return;
  }
}

}  // namespace

int InitOf(Context& ctx, const FunctionPipes& f, const PipeUseFact& u, bool report) {
  if (u.init >= 0) return u.init;
  int found = -1;
  for (size_t i = 0; i < f.facts->inits.size(); ++i) {
    if (f.facts->inits[i].id == u.id) found = static_cast<int>(i);
  }
  if (found < 0 && report) {
    ctx.Error(u.where, StrCat(UseName(u), " uses pipe ", u.id, ", which @", f.name,
                              " does not set up (aic_initialize_pipe / aiv_initialize_pipe "
                              "with id = ", u.id, " in the same function)"));
  }
  return found;
}

void CheckPipeContracts(Context& ctx, const Program& program,
                        const std::vector<FunctionBuilder*>& builders) {
  std::vector<FunctionPipes> functions;
  for (FunctionBuilder* fb : builders) {
    const PipeFacts& facts = fb->pipe_facts();
    if (facts.inits.empty() && facts.uses.empty()) continue;
    const uint32_t index = static_cast<uint32_t>(&fb->function() - program.functions.data());
    const uint32_t peer = fb->function().peer;
    functions.push_back({&facts, index, std::string(program.String(fb->function().name)),
                         peer < program.functions.size()
                             ? std::string(program.String(program.functions[peer].name))
                             : std::string()});
  }
  // The rules read the resolved imports: after an error (a bad import), they would only
  // repeat it.
  const int errors = ctx.diags().error_count();
  if (functions.empty() || errors) return;
  for (const FunctionPipes& f : functions) CheckFunction(ctx, program.arch, f);
  if (ctx.diags().error_count() != errors) return;  // the peers' rules assume sound functions
  PeerCheck(ctx, functions).Run();
  if (ctx.diags().error_count() != errors) return;
  CheckFixpipePeers(ctx, functions);
}

}  // namespace pto::assembler
