#include "pto/asm/linker.h"

#include <algorithm>
#include <map>

#include "pto/asm/type_parser.h"
#include "pto/common/call_graph.h"
#include "pto/common/code_walk.h"
#include "pto/common/isa/encoding.h"
#include "pto/common/strings.h"

namespace pto::assembler {

std::string FunctionSignature(const Function& f) {
  std::string s = "(";
  for (size_t i = 0; i < f.params.size(); ++i) {
    const Param& param = f.params[i];
    s += i ? ", " : "";
    switch (param.kind) {
      case ParamKind::kPointer:
        s += StrCat("!pto.ptr<", DTypeName(param.dtype), ">");
        break;
      case ParamKind::kTile:
        s += f.tiles[param.reg].type.ToString();
        break;
      case ParamKind::kMemref: {
        std::string dims;
        for (int64_t d : param.shape) dims += StrCat(d, "x");
        s += StrCat("memref<", dims, DTypeName(param.dtype), ">");
        break;
      }
      case ParamKind::kScalar:
        s += DTypeName(param.dtype);
        break;
      case ParamKind::kLVec:
        s += LVecTypeText(f.lvecs[param.reg]);
        break;
      case ParamKind::kLMask:
        s += LMaskTypeText(f.lmasks[param.reg]);
        break;
      case ParamKind::kVReg:
        s += VRegTypeText(f.vregs[param.reg]);
        break;
      case ParamKind::kMask:
        s += MaskTypeText(f.masks[param.reg]);
        break;
    }
  }
  s += ") -> (";
  for (size_t i = 0; i < f.results.size(); ++i) s += StrCat(i ? ", " : "", DTypeName(f.results[i]));
  return s + ")";
}

bool SameFunctionSignature(const Function& a, const Function& b) {
  if (a.params.size() != b.params.size() || a.results != b.results) return false;
  for (size_t i = 0; i < a.params.size(); ++i) {
    const Param& x = a.params[i];
    const Param& y = b.params[i];
    if (x.kind != y.kind || x.dtype != y.dtype || x.shape != y.shape) return false;
    if (x.kind == ParamKind::kTile && a.tiles[x.reg].type != b.tiles[y.reg].type) return false;
    if (x.kind == ParamKind::kLVec && LVecTypeText(a.lvecs[x.reg]) != LVecTypeText(b.lvecs[y.reg])) {
      return false;
    }
    if (x.kind == ParamKind::kLMask && a.lmasks[x.reg].lanes != b.lmasks[y.reg].lanes) return false;
    if (x.kind == ParamKind::kVReg && a.vregs[x.reg].dtype != b.vregs[y.reg].dtype) return false;
    if (x.kind == ParamKind::kMask && a.masks[x.reg].granule != b.masks[y.reg].granule)
      return false;
  }
  return true;
}

namespace {

class Linker {
 public:
  Linker(std::vector<LinkUnit>& units, const LinkOptions& options, Program* out,
         Diagnostics& diags)
      : units_(units), options_(options), out_(*out), diags_(diags) {}

  bool Run();

 private:
  struct Ref {
    size_t unit;
    uint32_t fn;
  };
  const Function& Fn(Ref r) const { return units_[r.unit].program.functions[r.fn]; }
  std::string Name(Ref r) const { return units_[r.unit].program.String(Fn(r).name); }
  /// A message at the func.func of \a r (or naming its input when the position is unknown).
  void At(Severity severity, Ref r, std::string message);
  bool CheckArch();
  void CollectPublic();
  void ResolveDeclarations();
  void Copy(Ref r);
  /// Reports a call of the linked program that closes a cycle of calls (common/call_graph.h).
  void CheckRecursion();
  void ChooseEntry();
  /// The public functions that could be the entry: of several, those no other one calls.
  std::vector<uint32_t> UncalledPublics(std::vector<uint32_t> publics) const;
  /// "@a, @b" of \a fns.
  std::string NameList(const std::vector<uint32_t>& fns) const;
  /// Reports several entry points \a chosen (found as \a what).
  void TooManyEntries(const std::vector<uint32_t>& chosen, const std::string& what);

  std::vector<LinkUnit>& units_;
  const LinkOptions& options_;
  Program& out_;
  Diagnostics& diags_;
  std::map<std::string, Ref> public_;
  std::vector<std::vector<uint32_t>> final_;  ///< Per unit: function -> index in out_.
  std::vector<Ref> source_;                   ///< Per function of out_: where it comes from.
  bool ok_ = true;
  bool strings_reported_ = false;
};

void Linker::At(Severity severity, Ref r, std::string message) {
  const Program& p = units_[r.unit].program;
  const Function& f = Fn(r);
  if (severity == Severity::kError) ok_ = false;
  if (f.def_line > 0) {
    diags_.At(severity, p.String(f.def_file), static_cast<int>(f.def_line),
              static_cast<int>(f.def_col), std::move(message));
  } else {
    diags_.At(severity, units_[r.unit].name, 1, 1, std::move(message));
  }
}

bool Linker::CheckArch() {
  for (size_t u = 1; u < units_.size(); ++u) {
    if (units_[u].program.arch != units_[0].program.arch) {
      diags_.Error(StrCat("architecture mismatch: ", units_[u].name, " is built for ",
                          ArchName(units_[u].program.arch), " but ", units_[0].name, " for ",
                          ArchName(units_[0].program.arch)));
      ok_ = false;
    }
  }
  return ok_;
}

void Linker::CollectPublic() {
  final_.resize(units_.size());
  for (size_t u = 0; u < units_.size(); ++u) {
    const Program& p = units_[u].program;
    final_[u].assign(p.functions.size(), kNoFunction);
    for (uint32_t i = 0; i < p.functions.size(); ++i) {
      const Function& f = p.functions[i];
      if (!f.defined) continue;
      final_[u][i] = static_cast<uint32_t>(out_.functions.size());
      out_.functions.emplace_back();
      source_.push_back({u, i});
      if (out_.functions.size() == options_.limits.functions + size_t{1}) {
        At(Severity::kError, {u, i}, TooManyFunctions(options_.limits.functions));
      }
      if (!f.is_public) continue;
      Ref r{u, i};
      auto [it, inserted] = public_.emplace(Name(r), r);
      if (!inserted) {
        At(Severity::kError, r, StrCat("duplicate definition of @", Name(r)));
        At(Severity::kNote, it->second, "first defined here");
      }
    }
  }
}

void Linker::ResolveDeclarations() {
  for (size_t u = 0; u < units_.size(); ++u) {
    const Program& p = units_[u].program;
    for (uint32_t i = 0; i < p.functions.size(); ++i) {
      const Function& f = p.functions[i];
      if (f.defined) continue;
      Ref decl{u, i};
      auto it = public_.find(Name(decl));
      if (it == public_.end()) {
        At(Severity::kError, decl, StrCat("undefined symbol @", Name(decl), ": declared here, "
                                          "but no input defines it as a public function"));
        continue;
      }
      const Function& def = Fn(it->second);
      if (!SameFunctionSignature(f, def)) {
        At(Severity::kError, decl,
           StrCat("@", Name(decl), " is declared as ", FunctionSignature(f)));
        At(Severity::kNote, it->second,
           StrCat("but defined as ", FunctionSignature(def)));
        continue;
      }
      if (f.kind != KernelKind::kAny && f.kind != def.kind) {
        At(Severity::kError, decl, StrCat("@", Name(decl), " is declared for another kind of "
                                          "core than its definition"));
        At(Severity::kNote, it->second, "defined here");
        continue;
      }
      final_[u][i] = final_[it->second.unit][it->second.fn];
    }
  }
}

// Moves a definition into out_: its strings re-interned, its calls and peer rewritten.
void Linker::Copy(Ref r) {
  Program& p = units_[r.unit].program;
  Function f = std::move(p.functions[r.fn]);
  ForEachStringIndex(f, [&](uint32_t& index) { index = out_.Intern(p.String(index)); });
  if (f.peer != kNoFunction) f.peer = final_[r.unit][f.peer];
  for (const CodeSite& site : Instructions(f.code)) {
    if (site.in.op == Opcode::kCall) {
      uint32_t& callee = f.code[site.pc + 1];
      callee = final_[r.unit][callee];
    }
  }
  out_.functions[final_[r.unit][r.fn]] = std::move(f);
  if (out_.strings.size() > options_.limits.strings && !strings_reported_) {
    strings_reported_ = true;
    At(Severity::kError, r, TooManyStrings(options_.limits.strings));
  }
}

void Linker::CheckRecursion() {
  const std::vector<CallEdge> cycle = FindCallCycle(CallsOf(out_));
  if (cycle.empty()) return;
  // At the closing call's line (the line table), else at its function.
  const CallEdge& closing = cycle.back();
  const Function& f = out_.functions[closing.caller];
  size_t calls = 0;
  for (const CodeSite& site : Instructions(f.code)) {
    if (site.in.op != Opcode::kCall || calls++ != closing.index) continue;
    for (const LineEntry& l : f.lines) {
      if (l.code_offset != site.pc) continue;
      ok_ = false;
      diags_.At(Severity::kError, out_.String(l.file), static_cast<int>(l.line),
                static_cast<int>(l.col), CallCycleMessage(out_, cycle));
      return;
    }
  }
  At(Severity::kError, source_[closing.caller], CallCycleMessage(out_, cycle));
}

std::vector<uint32_t> Linker::UncalledPublics(std::vector<uint32_t> publics) const {
  if (publics.size() <= 1) return publics;
  std::vector<bool> called(out_.functions.size());
  const std::vector<std::vector<uint32_t>> calls = CallsOf(out_);
  for (size_t f = 0; f < calls.size(); ++f) {
    for (uint32_t callee : calls[f]) {
      if (callee != f) called[callee] = true;
    }
  }
  std::vector<uint32_t> uncalled;
  for (uint32_t i : publics) {
    if (!called[i]) uncalled.push_back(i);
  }
  return uncalled.empty() ? publics : uncalled;
}

std::string Linker::NameList(const std::vector<uint32_t>& fns) const {
  std::string s;
  for (uint32_t i : fns) s += StrCat(s.empty() ? "" : ", ", "@", out_.String(out_.functions[i].name));
  return s;
}

void Linker::TooManyEntries(const std::vector<uint32_t>& chosen, const std::string& what) {
  // A few are named and pointed at; thousands on one line would bury the advice.
  constexpr size_t kShown = 3;
  std::vector<uint32_t> shown(chosen.begin(),
                              chosen.begin() + static_cast<std::ptrdiff_t>(
                                                   std::min(chosen.size(), kShown)));
  std::string more = chosen.size() > kShown ? StrCat(" and ", chosen.size() - kShown, " more")
                                            : std::string();
  At(Severity::kError, source_[chosen[1]],
     StrCat(chosen.size(), " entry points (", what, "): ", NameList(shown), more,
            "; pass --entry NAME", what == "pto.entry" ? "" : " or mark one with pto.entry"));
  for (uint32_t i : shown) {
    if (i == chosen[1]) continue;  // the error's own position
    At(Severity::kNote, source_[i], StrCat("@", out_.String(out_.functions[i].name), " is one"));
  }
  ok_ = false;
}

void Linker::ChooseEntry() {
  std::vector<uint32_t> marked, publics, named;
  for (uint32_t i = 0; i < out_.functions.size(); ++i) {
    const Function& f = out_.functions[i];
    if (f.marked_entry) marked.push_back(i);
    // A SIMT entry runs per workitem of a launch, never as the program's entry.
    if (f.is_public && !f.simt_entry) publics.push_back(i);
    // --entry NAME names a function, or a kernel's two variants in VPTO's container form.
    if (!options_.entry.empty() &&
        (out_.String(f.name) == options_.entry || KernelVariantBase(out_, f) == options_.entry)) {
      named.push_back(i);
    }
  }
  publics = UncalledPublics(std::move(publics));
  std::vector<uint32_t> chosen;
  std::string what;
  if (!options_.entry.empty()) {
    chosen = named;
    what = StrCat("--entry ", options_.entry);
    if (named.empty()) {
      diags_.Error(StrCat("no function @", options_.entry, " to use as the entry (functions: ",
                          NameList(publics), ")"));
      ok_ = false;
      return;
    }
  } else if (!marked.empty()) {
    chosen = marked;
    what = "pto.entry";
  } else {
    chosen = publics;
    what = "public function";
    if (publics.empty()) {
      diags_.Error("no entry point: no input defines a public function (mark one with "
                   "pto.entry or pass --entry)");
      ok_ = false;
      return;
    }
  }
  // A kernel's two variants are one entry, the cube variant (its peer runs beside it).
  const std::vector<uint32_t> candidates = chosen;
  std::erase_if(chosen, [&](uint32_t i) {
    const Function& f = out_.functions[i];
    return f.kind == KernelKind::kVector && !KernelVariantBase(out_, f).empty() &&
           std::find(candidates.begin(), candidates.end(), f.peer) != candidates.end();
  });
  if (chosen.size() > 1) return TooManyEntries(chosen, what);
  out_.entry = chosen[0];
}

bool Linker::Run() {
  out_ = Program();
  if (units_.empty()) {
    diags_.Error("nothing to link");
    return false;
  }
  if (!CheckArch()) return false;
  out_.arch = units_[0].program.arch;
  CollectPublic();
  ResolveDeclarations();
  if (!ok_) return false;
  for (size_t u = 0; u < units_.size(); ++u) {
    const Program& p = units_[u].program;
    for (uint32_t i = 0; i < p.functions.size(); ++i) {
      if (p.functions[i].defined) Copy({u, i});
    }
  }
  CheckRecursion();
  ChooseEntry();
  return ok_;
}

}  // namespace

bool Link(std::vector<LinkUnit>&& units, const LinkOptions& options, Program* out,
          Diagnostics& diags) {
  return Linker(units, options, out, diags).Run();
}

}  // namespace pto::assembler
