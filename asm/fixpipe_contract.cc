// The fixpipe contract of a cube -> vector pipe with acc_push_epilogue (PTOAS v0.60's frontend
// verifier): both set-ups carry the same epilogue; the consumer's pops agree on one tile type,
// whose element type the quant mode writes, whose layout the epilogue's says and which fits a
// slot; the producer's acc tiles are what the mode reads.
#include <string>

#include "pto/asm/pipe_contract.h"
#include "pto/common/isa/fixpipe_epilogue.h"
#include "pto/common/strings.h"

namespace pto::assembler {

namespace {

using Kind = PipeUseFact::Kind;
using Source = PipeBufferSource::Kind;

// A set-up of the module: its function and its index there.
struct InitAt {
  const FunctionPipes* function = nullptr;
  size_t init = 0;
  const PipeInitFact& fact() const { return function->facts->inits[init]; }
};

std::string EpilogueText(const FixpipeEpilogue& e) {
  const fixpipe::EpilogueQuant* q = fixpipe::QuantOfCode(e.quant);
  return StrCat("layout = ", fixpipe::kLayouts[e.layout], ", quant = ",
                q ? q->name : std::string_view("?"), ", relu = ", fixpipe::kRelus[e.relu]);
}

// Both set-ups carry the same epilogue; reported at \a here (a difference only when
// \a differences: the producer's side reports it, once).
void CheckSameEpilogue(Context& ctx, const InitAt& here, const InitAt& peer, bool differences) {
  const PipeInitFact& a = here.fact();
  const PipeInitFact& b = peer.fact();
  if (!b.epilogue) {
    ctx.Error(a.epilogue_range, StrCat("pipe ", a.id, " has an acc_push_epilogue, but its peer "
                                       "set-up in @", peer.function->name, " has none: both "
                                       "ends of a fixpipe pipe carry it"));
  } else if (differences && !(*a.epilogue == *b.epilogue)) {
    ctx.Error(a.epilogue_range, StrCat("pipe ", a.id, "'s acc_push_epilogue <",
                                       EpilogueText(*a.epilogue), "> differs from its peer's in @",
                                       peer.function->name, " <", EpilogueText(*b.epilogue), ">"));
  }
}

// The set-ups of \a functions that \a match accepts, as InitAt.
template <typename Match>
std::vector<InitAt> FindInits(const std::vector<FunctionPipes>& functions, Match match) {
  std::vector<InitAt> found;
  for (const FunctionPipes& f : functions) {
    for (size_t i = 0; i < f.facts->inits.size(); ++i) {
      if (match(f, f.facts->inits[i])) found.push_back({&f, i});
    }
  }
  return found;
}

// The uses of kind \a kind of set-up \a at.
std::vector<const PipeUseFact*> UsesOf(Context& ctx, const InitAt& at, Kind kind) {
  std::vector<const PipeUseFact*> uses;
  for (const PipeUseFact& u : at.function->facts->uses) {
    if (u.kind == kind && InitOf(ctx, *at.function, u, false) == static_cast<int>(at.init)) {
      uses.push_back(&u);
    }
  }
  return uses;
}

bool LayoutFits(uint32_t layout, const TileType& t) {
  if (t.mem != Memory::kVec) return false;
  switch (layout) {
    case 0: return t.blayout == BLayout::kRowMajor && t.slayout == SLayout::kNoneBox;  // nz2nd
    case 1: return t.blayout == BLayout::kColMajor && t.slayout == SLayout::kNoneBox;  // nz2dn
    default: return t.blayout == BLayout::kColMajor && t.slayout == SLayout::kRowMajor;  // nz2nz
  }
}

// The consumer's pops of a fixpipe pipe against the epilogue; the tile they agree on.
bool CheckPops(Context& ctx, const InitAt& consumer, TileType* tile) {
  const PipeInitFact& init = consumer.fact();
  const std::vector<const PipeUseFact*> pops = UsesOf(ctx, consumer, Kind::kPop);
  if (pops.empty() || !pops[0]->has_tile) {
    ctx.Error(init.def, StrCat("pipe ", init.id, " has an acc_push_epilogue but @",
                               consumer.function->name, " pops no tile from it: the pop's tile "
                               "type is the pipe's entry type"));
    return false;
  }
  for (const PipeUseFact* p : pops) {
    if (!p->has_tile || p->tile != pops[0]->tile || p->signless_byte != pops[0]->signless_byte) {
      ctx.Error(p->where, StrCat("the pops of fixpipe pipe ", init.id, " must all give one tile "
                                 "type, ", pops[0]->tile.ToString()));
      return false;
    }
  }
  *tile = pops[0]->tile;
  const fixpipe::EpilogueQuant* q = fixpipe::QuantOfCode(init.epilogue->quant);
  const bool byte = q->result == fixpipe::Result::kByte || q->result == fixpipe::Result::kSignedByte;
  const bool type_ok = q->result == fixpipe::Result::kSame
                           ? tile->dtype == DType::kF32 || tile->dtype == DType::kI32
                           : fixpipe::WritesResult(*q, DType::kInvalid, tile->dtype) &&
                                 !(byte && pops[0]->signless_byte);
  if (!type_ok) {
    ctx.Error(pops[0]->where, StrCat("acc_push_epilogue's quant ", q->name, " cannot write ",
                                     pops[0]->signless_byte ? "signless i8" : DTypeName(tile->dtype),
                                     byte ? " (write si8 or ui8 explicitly; _vec modes si8)" : ""));
    return false;
  }
  if (!LayoutFits(init.epilogue->layout, *tile)) {
    ctx.Error(pops[0]->where, StrCat("acc_push_epilogue's layout ",
                                     fixpipe::kLayouts[init.epilogue->layout], " writes a vec tile ",
                                     init.epilogue->layout == 0   ? "row_major"
                                     : init.epilogue->layout == 1 ? "col_major"
                                                                  : "col_major with slayout row_major",
                                     ", not ", tile->ToString()));
    return false;
  }
  return true;
}

// The consumer's side: a reserved buffer, one producer importing it, the same epilogue, the
// pops, the slot size, and the producer's pushes.
void CheckConsumer(Context& ctx, const std::vector<FunctionPipes>& functions,
                   const InitAt& consumer) {
  const PipeInitFact& init = consumer.fact();
  if (init.c2v.kind != Source::kReserve) {
    ctx.Error(init.def, "the vector side of a fixpipe pipe takes its c2v_consumer_buf from its "
                        "own pto.reserve_buffer");
    return;
  }
  const std::vector<InitAt> producers = FindInits(functions, [&](const FunctionPipes& f,
                                                                 const PipeInitFact& i) {
    return i.cube && i.c2v.kind == Source::kImport && i.c2v.name == init.c2v.name &&
           f.peer == consumer.function->name && &f != consumer.function;
  });
  if (producers.size() != 1) {
    ctx.Error(init.def, StrCat("fixpipe pipe ", init.id, " needs exactly one cube set-up "
                               "importing \"", init.c2v.name, "\" from @",
                               consumer.function->name, ", found ", producers.size()));
    return;
  }
  const int errors = ctx.diags().error_count();
  CheckSameEpilogue(ctx, consumer, producers[0], /*differences=*/false);
  TileType tile;
  if (ctx.diags().error_count() != errors || !CheckPops(ctx, consumer, &tile)) return;
  for (const InitAt& side : {consumer, producers[0]}) {
    if (side.fact().slot_size < tile.Bytes()) {
      ctx.Error(side.fact().def, StrCat("fixpipe pipe ", init.id, "'s slot_size ",
                                        side.fact().slot_size, " is less than the ", tile.Bytes(),
                                        " bytes of the entry its consumer pops (",
                                        tile.ToString(), ")"));
      return;
    }
  }
  const fixpipe::EpilogueQuant* q = fixpipe::QuantOfCode(init.epilogue->quant);
  for (const PipeUseFact* push : UsesOf(ctx, producers[0], Kind::kPush)) {
    if (push->has_tile && !(fixpipe::ReadsSource(*q, push->tile.dtype) &&
                            fixpipe::WritesResult(*q, push->tile.dtype, tile.dtype))) {
      ctx.Error(push->where, StrCat("acc_push_epilogue's quant ", q->name, " cannot turn this ",
                                    DTypeName(push->tile.dtype), " tile into the ",
                                    DTypeName(tile.dtype), " entries @", consumer.function->name,
                                    " pops"));
      return;
    }
  }
}

// The producer's side: its buffer imported from the consumer, whose set-up carries the same
// epilogue.
void CheckProducer(Context& ctx, const std::vector<FunctionPipes>& functions,
                   const InitAt& producer) {
  const PipeInitFact& init = producer.fact();
  const std::vector<InitAt> consumers = FindInits(functions, [&](const FunctionPipes& f,
                                                                 const PipeInitFact& i) {
    return init.c2v.kind == Source::kImport && !i.cube && f.name == producer.function->peer &&
           i.c2v.kind == Source::kReserve && i.c2v.name == init.c2v.name;
  });
  if (consumers.size() != 1) {
    ctx.Error(init.def, StrCat("fixpipe pipe ", init.id, " needs exactly one vector set-up "
                               "whose c2v_consumer_buf is the buffer it imports",
                               init.c2v.kind == Source::kImport
                                   ? StrCat(" (\"", init.c2v.name, "\" of @", init.c2v.peer, ")")
                                   : std::string(" (from pto.import_reserved_buffer)"),
                               ", found ", consumers.size()));
    return;
  }
  CheckSameEpilogue(ctx, producer, consumers[0], /*differences=*/true);
}

}  // namespace

void CheckFixpipePeers(Context& ctx, const std::vector<FunctionPipes>& functions) {
  for (const FunctionPipes& f : functions) {
    for (size_t i = 0; i < f.facts->inits.size(); ++i) {
      const PipeInitFact& init = f.facts->inits[i];
      if (!init.epilogue) continue;
      if (init.cube) {
        CheckProducer(ctx, functions, {&f, i});
      } else {
        CheckConsumer(ctx, functions, {&f, i});
      }
    }
  }
}

}  // namespace pto::assembler
