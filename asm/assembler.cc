#include "pto/asm/assembler.h"

#include <algorithm>
#include <memory>
#include <optional>
#include <unordered_set>

#include "pto/asm/func_declaration.h"
#include "pto/asm/func_header.h"
#include "pto/asm/lowering/body_lowering.h"
#include "pto/asm/lowering/function_lowering.h"
#include "pto/asm/lowering/tileop_helper.h"
#include "pto/asm/linker.h"
#include "pto/asm/listing.h"
#include "pto/asm/module_scopes.h"
#include "pto/asm/pipe_contract.h"
#include "pto/asm/lowering/op_form.h"
#include "pto/asm/placement.h"
#include "pto/common/call_graph.h"
#include "pto/common/code_walk.h"
#include "pto/common/isa/encoding.h"
#include "pto/common/strings.h"
#include "pto/grammar/parse_driver.h"

namespace pto::assembler {

namespace {

// The module's architecture, if it names one: pto.target_arch = "a2a3" or "a5", or, as PTOAS
// v0.60 reads it, a "pto.device-spec" of an A5 part (Ascend950..., Ascend910_95...), which
// makes it A5 whatever pto.target_arch says; other device specs name none.
bool FindTargetArch(Context& ctx, StatementSpan top, Arch* arch) {
  bool found = false;
  for (const Statement& stmt : top) {
    if (!stmt.head.IsWord("module")) continue;
    for (const Item& item : stmt.items) {
      if (!item.Is(ItemKind::kAttrDict)) continue;
      std::map<std::string, Attribute> attrs;
      ReadAttributes(item, &attrs);
      auto spec = attrs.find("pto.device-spec");
      if (spec != attrs.end()) {
        ItemSpan v = spec->second.value;
        if (v.size() == 1 && v[0].Is(ItemKind::kString) &&
            (v[0].text.starts_with("Ascend950") || v[0].text.starts_with("Ascend910_95"))) {
          *arch = Arch::kA5;
          return true;
        }
      }
      auto it = attrs.find("pto.target_arch");
      if (it == attrs.end()) continue;
      ItemSpan v = it->second.value;
      if (v.size() == 1 && v[0].Is(ItemKind::kString) && ParseArch(v[0].text, arch)) {
        found = true;
        continue;
      }
      ctx.Error(it->second.range, StrCat("unknown pto.target_arch '", Spell(v),
                                         "' (expected \"a2a3\" or \"a5\")"));
    }
  }
  return found;
}

// Function bodies from an outline parse (grammar::ParseOutline): each is parsed when it is
// lowered, into one tree whose memory the next body reuses. A large file's tree never exists
// whole, so its memory is not touched fresh (slow on virtual machines) and stays in cache.
class BodyParser {
 public:
  BodyParser(const SourceFile& file, Diagnostics& diags, std::vector<grammar::SkippedBody> skipped)
      : file_(file), diags_(diags), skipped_(std::move(skipped)) {}

  /// The statements of function body \a region, or false on a syntax error.
  bool Parse(const Item& region, StatementSpan* body) {
    // The bodies were skipped in the order of the text.
    auto skipped = std::lower_bound(
        skipped_.begin(), skipped_.end(), region.range.begin,
        [](const grammar::SkippedBody& b, uint32_t begin) { return b.range.begin < begin; });
    if (skipped == skipped_.end() || skipped->range.begin != region.range.begin) {
      *body = region.body();  // not skipped (unusual text): the outline parse read it
      return true;
    }
    if (!grammar::ParseRegion(file_, *skipped, diags_, &tree_)) return false;
    parsed_.insert(region.range.begin);
    *body = tree_.statements();
    return true;
  }
  /// Parses the skipped bodies that were not lowered (an error stopped the lowering first):
  /// whether the whole file is free of syntax errors.
  bool ParseRest() {
    for (const grammar::SkippedBody& body : skipped_) {
      if (parsed_.count(body.range.begin)) continue;
      if (!grammar::ParseRegion(file_, body, diags_, &tree_)) return false;
    }
    return true;
  }

 private:
  const SourceFile& file_;
  Diagnostics& diags_;
  std::vector<grammar::SkippedBody> skipped_;
  std::unordered_set<uint32_t> parsed_;  ///< Begin offsets of the bodies parsed so far.
  grammar::SyntaxTree tree_;
};

class ModuleLowering final : public FunctionOutliner {
 public:
  /// With \a bodies, the function bodies in the tree are empty and \a bodies parses them.
  /// \a backend: of functions no module's pto.backend names (ptoas --pto-backend).
  ModuleLowering(Context& ctx, Program& program, Backend backend, BodyParser* bodies = nullptr)
      : ctx_(ctx), program_(program), backend_(backend), bodies_(bodies) {
    ctx_.set_outliner(this);
  }
  ~ModuleLowering() override { ctx_.set_outliner(nullptr); }

  /// False if a body did not parse (with \a bodies only).
  bool Run(StatementSpan top);
  FunctionBuilder* NewFunction(const Function& parent, SourceRange where) override;

 private:
  /// A function being built: its statement, builder and lowering state.
  struct Pending {
    const Statement* stmt;
    KernelKind scope = KernelKind::kAny;  ///< Of its kind submodule (asm/module_scopes.h).
    const Item* body;
    const Item* name = nullptr;  ///< Its @symbol, once declared.
    bool is_kernel = false;      ///< Carries pto.kernel.
    bool tileop_helper = false;  ///< Carries pto.tileop.helper (asm/lowering/tileop_helper.h).
    std::unique_ptr<FunctionBuilder> builder;
    std::unique_ptr<BodyLowering> lowering;
  };

  void Declare(const Statement& stmt, Pending* pending);
  void LowerLooseStatements(const std::vector<const Statement*>& loose);
  std::vector<Pending> DeclareFunctions(const std::vector<FuncSite>& funcs);
  bool LowerBody(Pending& p);
  void FinishModule(std::vector<FunctionBuilder*> builders);
  int64_t ClaimSlot(std::string_view fn_name, const Item& name, bool is_private, Pending* pending,
                    std::optional<Function>* declared);
  /// Ends the synchronous form's @main with a return if it does not (a func.func body must
  /// end with one: BodyLowering::LowerFunctionBody); \a where is for a limit's message.
  void Finish(FunctionBuilder& fb, SourceRange where);
  /// Reports the call that closes a cycle of calls, if there is one (common/call_graph.h).
  void CheckRecursion(const std::vector<FunctionBuilder*>& builders);
  /// Fills in every pto.import_reserved_buffer from the buffers its peer function reserves.
  void ResolveImports(const std::vector<FunctionBuilder*>& builders);

  Context& ctx_;
  Program& program_;
  Backend backend_;
  BodyParser* bodies_;
  std::unique_ptr<FunctionBuilder> main_builder_;  ///< The synchronous form's implicit @main.
  std::vector<std::unique_ptr<FunctionBuilder>> outlined_;  ///< NewFunction's
  uint32_t outlined_count_ = 0;
};

FunctionBuilder* ModuleLowering::NewFunction(const Function& parent, SourceRange where) {
  // Builders keep references into program_.functions, whose room Run reserved for every
  // pto.section.simt the file spells.
  if (program_.functions.size() == program_.functions.capacity()) {
    ctx_.Error(where, "no room for another outlined function (internal limit)");
    return nullptr;
  }
  const auto index = static_cast<uint32_t>(program_.functions.size());
  std::string name;
  do {
    name = StrCat(program_.String(parent.name), "_simt_", outlined_count_++);
  } while (!ctx_.DeclareOwnedFunction(name, index));
  program_.functions.emplace_back();
  Function& fn = program_.functions.back();
  fn.name = ctx_.InternName(program_, name, where);
  fn.kind = parent.kind;
  fn.backend = parent.backend;
  fn.is_public = false;
  fn.simt_entry = true;
  int line, col;
  ctx_.file().LineCol(where.begin, &line, &col);
  fn.def_file = parent.def_file;
  fn.def_line = static_cast<uint32_t>(line);
  fn.def_col = static_cast<uint32_t>(col);
  outlined_.push_back(std::make_unique<FunctionBuilder>(ctx_, program_, fn));
  return outlined_.back().get();
}

// How many pto.section.simt the file spells: each may become a function.
size_t SimtSectionsSpelled(const std::string& text) {
  size_t count = 0;
  for (size_t at = 0; (at = text.find("pto.section.simt", at)) != std::string::npos; ++at) ++count;
  return count;
}

void ModuleLowering::ResolveImports(const std::vector<FunctionBuilder*>& builders) {
  std::vector<FunctionBuilder*> builder_of(program_.functions.size(), nullptr);
  for (FunctionBuilder* fb : builders) builder_of[&fb->function() - program_.functions.data()] = fb;
  for (FunctionBuilder* fb : builders) {
    Function& fn = fb->function();
    for (const BufferImport& import : fb->imports()) {
      // The peer is of the other kind: in a container, a name of both submodules names the
      // other's function.
      ctx_.set_scope(fn.kind == KernelKind::kCube     ? KernelKind::kVector
                     : fn.kind == KernelKind::kVector ? KernelKind::kCube
                                                      : KernelKind::kAny);
      const int64_t found_index = ctx_.FunctionIndex(import.peer);
      ctx_.set_scope(KernelKind::kAny);
      const FunctionBuilder* peer = found_index < 0 ? nullptr : builder_of[found_index];
      const uint32_t peer_index = found_index < 0 ? 0 : static_cast<uint32_t>(found_index);
      if (!peer) {
        ctx_.Error(import.def, StrCat("peer_func @", import.peer, " is not a function of this module"));
        continue;
      }
      const BufferReservation* found = nullptr;
      for (const BufferReservation& r : const_cast<FunctionBuilder*>(peer)->reservations()) {
        if (r.name == import.name) found = &r;
      }
      if (!found) {
        ctx_.Error(import.def, StrCat("@", import.peer, " reserves no buffer named \"",
                                      import.name, "\" (pto.reserve_buffer {name = ...})"));
        continue;
      }
      fn.consts[import.const_index].bits = found->addr;
      const Function& other = program_.functions[peer_index];
      bool pair = (fn.kind == KernelKind::kCube && other.kind == KernelKind::kVector) ||
                  (fn.kind == KernelKind::kVector && other.kind == KernelKind::kCube);
      if (!pair) {
        ctx_.Error(import.def, StrCat("a pipe joins a cube function and a vector function; mark "
                                      "@", program_.String(fn.name), " and @", import.peer,
                                      " with pto.kernel_kind = #pto.kernel_kind<cube> and "
                                      "<vector>"));
        continue;
      }
      if (fn.peer != kNoFunction && fn.peer != peer_index) {
        ctx_.Error(import.def, StrCat("@", program_.String(fn.name), " already exchanges tiles "
                                      "with @", program_.String(program_.functions[fn.peer].name),
                                      "; a function has one peer"));
        continue;
      }
      fn.peer = peer_index;
      Function& back = program_.functions[peer_index];
      if (back.peer == kNoFunction) back.peer = static_cast<uint32_t>(&fn - program_.functions.data());
    }
  }
}

void ModuleLowering::CheckRecursion(const std::vector<FunctionBuilder*>& builders) {
  const std::vector<CallEdge> cycle = FindCallCycle(CallsOf(program_));
  if (cycle.empty()) return;
  const CallEdge& closing = cycle.back();
  for (FunctionBuilder* fb : builders) {
    if (&fb->function() == &program_.functions[closing.caller] &&
        closing.index < fb->call_sites().size()) {
      ctx_.Error(fb->call_sites()[closing.index], CallCycleMessage(program_, cycle));
      return;
    }
  }
}

void ModuleLowering::Finish(FunctionBuilder& fb, SourceRange where) {
  Function& fn = fb.function();
  bool ends_in_return = false;
  for (const CodeSite& site : Instructions(fn.code)) ends_in_return = site.in.op == Opcode::kReturn;
  if (ends_in_return) return;
  if (fn.code.size() + 1 > ctx_.limits().code_words) {
    ctx_.LimitError(StrCat("@", program_.String(fn.name), " code"), where,
                    TooManyCodeWords(program_.String(fn.name), ctx_.limits().code_words));
  }
  pto::Emit(&fn.code, Opcode::kReturn, {});
}

// func.func [private] @name(%a: T, ...) [attributes {...}] { ... }: makes the function and
// its parameters, so calls can be checked before any body is lowered.
void ModuleLowering::Declare(const Statement& stmt, Pending* pending) {
  FuncHeader header;
  ReadFuncHeader(ctx_, stmt, &header);  // what it reports still leaves the name to declare
  if (!header.name) return;
  const Item& name = *header.name;
  pending->body = header.body;
  const FuncMarks marks = ReadFuncMarks(ctx_, header, pending->scope);
  pending->is_kernel = marks.is_kernel;
  pending->tileop_helper = marks.tileop_helper;
  if (marks.is_entry && !header.results.empty()) {  // PTOAS v0.60 refuses entries with results
    ctx_.Error(header.results_range, StrCat("@", name.text,
                                            " is marked pto.entry, which must "
                                            "return nothing; it returns a value"));
  }
  if (marks.tileop_helper && !header.results.empty()) {
    ctx_.Error(header.results_range, "tileop helpers must not return values; write results "
                                     "through mutable Tile parameters");
    pending->body = nullptr;  // its body is not lowered: its return would fail again
  }
  pending->name = &name;
  // In a container, a name both kinds' submodules define names a function of each.
  const std::string_view fn_name = ctx_.ScopedName(name.text, pending->scope);
  std::vector<DType> results;
  std::vector<Type> memory_results;
  if (!ReadFuncResults(ctx_, header, &results, &memory_results)) return;
  std::optional<Function> declared;
  const int64_t slot = ClaimSlot(fn_name, name, header.is_private, pending, &declared);
  if (slot < 0) return;
  Function& fn = program_.functions[slot];
  fn.name = ctx_.InternName(program_, fn_name, name.range);
  fn.results = results;
  fn.kind = marks.kind;
  fn.is_public = !header.is_private;
  fn.marked_entry = marks.is_entry;
  fn.simt_entry = marks.simt_entry;
  // A function without a body is a declaration: defined by another file, joined by the linker.
  fn.defined = pending->body != nullptr;
  int line, col;
  ctx_.file().LineCol(stmt.head.range.begin, &line, &col);
  fn.def_file = ctx_.InternName(program_, ctx_.file().name(), stmt.head.range);
  fn.def_line = static_cast<uint32_t>(line);
  fn.def_col = static_cast<uint32_t>(col);
  pending->builder = std::make_unique<FunctionBuilder>(ctx_, program_, fn);
  pending->lowering = std::make_unique<BodyLowering>(*pending->builder);
  if (!memory_results.empty()) {
    std::vector<std::string> spellings;
    for (const Type& t : memory_results) spellings.push_back(t.text);
    ctx_.SetMemoryResults(slot, std::move(spellings));
    pending->builder->set_memory_results(std::move(memory_results));
  }
  DeclareFuncParams(ctx_, header, marks.tileop_helper, *pending->builder);
  if (declared && !SameSignature(*declared, fn)) {
    ctx_.Error(name, StrCat("@", name.text, " is declared at line ", declared->def_line,
                            " with other parameter or result types"));
  }
}

// A declaration (func.func private @f(...) without a body) and the definition of the same
// function in one file, as nested modules of different backends write them, are one function:
// the slot of \a fn_name in the program (a new one, or the declaration's, moved into
// \a declared to compare with), or -1 when there is nothing to declare (reported, or a
// declaration after the definition).
int64_t ModuleLowering::ClaimSlot(std::string_view fn_name, const Item& name, bool is_private,
                                  Pending* pending, std::optional<Function>* declared) {
  int64_t slot = static_cast<int64_t>(program_.functions.size());
  if (!ctx_.DeclareFunction(fn_name, static_cast<uint32_t>(slot))) {
    const int64_t prior = ctx_.FunctionIndex(fn_name);
    const bool prior_defined = program_.functions[prior].defined;
    if (!prior_defined && pending->body) {
      *declared = std::move(program_.functions[prior]);
      program_.functions[prior] = Function();
      slot = prior;
    } else if (prior_defined && !pending->body && is_private) {
      return -1;  // declared again after its definition
    } else {
      ctx_.Error(name, StrCat("function @", fn_name, " is defined twice"));
      pending->body = nullptr;
      return -1;
    }
  } else {
    program_.functions.emplace_back();
  }
  if (program_.functions.size() > ctx_.limits().functions) {
    ctx_.LimitError("functions", name.range, TooManyFunctions(ctx_.limits().functions));
  }
  return slot;
}

// Statements outside any function (the synchronous form): the body of a function "main".
void ModuleLowering::LowerLooseStatements(const std::vector<const Statement*>& loose) {
  program_.functions.emplace_back();
  Function& fn = program_.functions.back();
  fn.name = program_.Intern("main");
  fn.backend = backend_;
  (void)ctx_.DeclareFunction("main", 0);
  main_builder_ = std::make_unique<FunctionBuilder>(ctx_, program_, fn);
  BodyLowering lowering(*main_builder_);
  std::vector<Statement> body;
  for (const Statement* s : loose) body.push_back(*s);
  lowering.LowerAll(body);
  Finish(*main_builder_, SourceRange{});
}

// Every func.func declared (its slot, name, parameters and marks) before any body is lowered,
// so that calls reach functions defined later; a kernel's two variants paired.
std::vector<ModuleLowering::Pending> ModuleLowering::DeclareFunctions(
    const std::vector<FuncSite>& funcs) {
  std::vector<Pending> pending(funcs.size());
  std::vector<ScopedFunction> scoped;
  for (size_t i = 0; i < funcs.size(); ++i) {
    pending[i].stmt = funcs[i].stmt;
    pending[i].scope = funcs[i].scope;
    Declare(*funcs[i].stmt, &pending[i]);
    if (!pending[i].builder) continue;
    pending[i].builder->function().backend = funcs[i].backend.value_or(backend_);
    const auto index = static_cast<uint32_t>(&pending[i].builder->function() - program_.functions.data());
    scoped.push_back({pending[i].scope, pending[i].name, pending[i].is_kernel, index});
  }
  PairVariants(ctx_, program_, scoped);
  return pending;
}

// One function's body, in its submodule's scope (its calls name that submodule's functions
// first); false if an outline parse could not read it.
bool ModuleLowering::LowerBody(Pending& p) {
  StatementSpan body = p.body->body();
  if (bodies_ && !bodies_->Parse(*p.body, &body)) return false;
  ctx_.set_scope(p.scope);
  KernelKind helper_kind;
  if (!p.tileop_helper) {
    p.lowering->LowerFunctionBody(body, p.body->range);
  } else if (CheckTileOpHelper(ctx_, body, p.name->range, &helper_kind)) {
    if (helper_kind == KernelKind::kVector && ctx_.arch() == Arch::kA2A3 &&
        !HelperNamedElsewhere(ctx_.file(), p.name->range)) {
      ctx_.Warning(p.name->range, "this vector tileop helper is never called: its register-layer "
                                  "(VPTO) body, which a2a3 does not have, is not assembled");
      body = body.last(body.empty() ? 0 : 1);  // its return alone
    }
    LowerTileOpHelperBody(*p.lowering, body, p.body->range, helper_kind);
  }
  ctx_.set_scope(KernelKind::kAny);
  p.lowering.reset();
  p.builder->ForgetNames();
  return true;
}

// After every body: the outlined functions finished, then the checks and the placement that
// need the whole module.
void ModuleLowering::FinishModule(std::vector<FunctionBuilder*> builders) {
  for (const auto& fb : outlined_) {
    Finish(*fb, SourceRange{});
    fb->ForgetNames();
    builders.push_back(fb.get());
  }
  CheckRecursion(builders);
  PlaceModule(program_, builders);
  ResolveImports(builders);
  CheckPipeContracts(ctx_, program_, builders);
  if (program_.functions.empty()) {
    ctx_.Error(SourceRange{0, 0}, "the file defines no function and no instructions");
  }
}

bool ModuleLowering::Run(StatementSpan top) {
  std::vector<FuncSite> funcs;
  std::vector<const Statement*> loose;
  CollectModule(ctx_, top, &funcs, &loose);
  if (IsListing(top)) {
    if (bodies_) return false;  // a listing reads its functions whole
    if (!loose.empty()) {
      ctx_.Error(loose[0]->head, "a listing holds only func.func bodies");
      return true;
    }
    std::vector<const Statement*> stmts;
    for (const FuncSite& site : funcs) stmts.push_back(site.stmt);
    LowerListing(ctx_, program_, top, stmts);
    return true;
  }
  ScopeNames(ctx_, &funcs);
  if (!loose.empty() && !funcs.empty()) {
    ctx_.Error(loose[0]->head, "instructions outside any function; put them in a func.func "
                               "or write the whole file in the synchronous form");
    return true;
  }
  // Builders keep references into program_.functions: it must not grow past this.
  program_.functions.reserve(funcs.size() + 1 + SimtSectionsSpelled(ctx_.file().text()));
  if (!loose.empty()) LowerLooseStatements(loose);
  std::vector<Pending> pending = DeclareFunctions(funcs);
  std::vector<FunctionBuilder*> builders;
  if (main_builder_) builders.push_back(main_builder_.get());
  for (Pending& p : pending) {
    if (!p.body || !p.lowering) continue;
    if (!LowerBody(p)) return false;
    builders.push_back(p.builder.get());
  }
  FinishModule(std::move(builders));
  return true;
}

// Assembles \a file from \a tree (see AssembleUnit); with \a bodies, from an outline parse.
// False if a function body did not parse, with \a bodies only.
bool Lower(const SourceFile& file, const AssembleOptions& options, StatementSpan top,
           BodyParser* bodies, Program* program, Diagnostics& diags) {
  *program = Program();
  program->is_object = true;
  Context probe(file, diags, Arch::kA2A3);
  Arch arch = Arch::kA2A3;
  bool module_arch = FindTargetArch(probe, top, &arch);
  if (options.arch_given && !(module_arch && options.module_arch_first)) arch = options.arch;
  program->arch = arch;
  Context ctx(file, diags, arch, options.limits);
  ctx.set_address_mode(options.address_mode);
  std::vector<Statement> body;
  // Aliases are named first, so that a use before the definition is said to be one; each is
  // then read, used or not, with the aliases before it (MLIR parses each where it is).
  std::vector<const Statement*> aliases;
  for (const Statement& stmt : top) {
    if (!stmt.head.Is(ItemKind::kBang)) {
      body.push_back(stmt);
    } else if (stmt.items.size() >= 2 && stmt.items[0].IsPunct("=")) {
      if (ctx.TypeAlias(stmt.head.text)) {
        ctx.Error(stmt.head, StrCat("type alias '!", stmt.head.text, "' is defined twice"));
        continue;
      }
      ctx.DefineTypeAlias(stmt.head.text, {nullptr, stmt.range, /*broken=*/true});
      aliases.push_back(&stmt);
    } else {
      ctx.Error(stmt.head, "expected a type alias '!name = TYPE'");
    }
  }
  for (const Statement* alias : aliases) {
    Type type;
    if (!ParseWholeType(ctx, ItemSpan(alias->items).subspan(1), &type)) continue;
    ctx.DefineTypeAlias(alias->head.text, {std::make_shared<const Type>(std::move(type)),
                                           alias->range, /*broken=*/false});
  }
  if (!ModuleLowering(ctx, *program, options.backend, bodies).Run(body)) return false;
  return !bodies || bodies->ParseRest();
}

}  // namespace

// Most files parse without errors: the outline parse then lowers each function as its body is
// parsed. On any syntax error, what that attempt reported is dropped and the file is parsed
// whole, so the messages are those of the whole-file parse, and no lowering happens.
bool AssembleUnit(const SourceFile& file, const AssembleOptions& options, Program* program,
                  Diagnostics& diags) {
  Diagnostics::Mark start = diags.Checkpoint();
  {
    grammar::SyntaxTree outline;
    std::vector<grammar::SkippedBody> skipped;
    if (grammar::ParseOutline(file, diags, &outline, &skipped)) {
      BodyParser bodies(file, diags, std::move(skipped));
      if (Lower(file, options, outline.statements(), &bodies, program, diags)) {
        return diags.error_count() == start.errors;
      }
    }
  }
  diags.Rollback(start);
  grammar::SyntaxTree tree;
  if (!grammar::Parse(file, diags, &tree)) return false;
  (void)Lower(file, options, tree.statements(), nullptr, program, diags);  // true: no outline
  return diags.error_count() == start.errors;
}

bool Assemble(const SourceFile& file, const AssembleOptions& options, Program* program,
              Diagnostics& diags) {
  std::vector<LinkUnit> units(1);
  if (!AssembleUnit(file, options, &units[0].program, diags)) return false;
  if (!units[0].program.is_object) {  // a listing of an executable: already linked
    *program = std::move(units[0].program);
    return true;
  }
  units[0].name = file.name();
  LinkOptions link;
  link.entry = options.entry;
  link.limits = options.limits;
  return Link(std::move(units), link, program, diags);
}

}  // namespace pto::assembler
