#include "pto/interp/frontend/kernel_run.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>

#include "pto/common/strings.h"

namespace pto::interp {

namespace {

// Comm kernels run every block on a thread of its own; more would only exhaust the machine.
constexpr int kMaxCommBlocks = 256;

}  // namespace

KernelRun::~KernelRun() = default;

std::string KernelRun::ParamName(size_t i) const {
  return StrCat("%", program_.String(fn_->params[i].name));
}

bool KernelRun::SelectEntry(const std::string& name, Diagnostics& diags) {
  fn_ = nullptr;
  if (name.empty()) fn_ = &program_.functions[program_.entry];
  for (const Function& f : program_.functions) {
    if (!fn_ && program_.String(f.name) == name) fn_ = &f;
  }
  // A kernel's two variants in VPTO's container form: the cube one, its peer beside it.
  for (const Function& f : program_.functions) {
    if (!fn_ && f.kind == KernelKind::kCube && KernelVariantBase(program_, f) == name) fn_ = &f;
  }
  if (!fn_) {
    std::string names;
    for (const Function& f : program_.functions) names += " @" + program_.String(f.name);
    diags.Error(StrCat("no function @", name, " (the program has:", names, ")"));
    return false;
  }
  return CheckPeer(diags);
}

// A cube (or vector) kernel that uses pipes runs with its peer on the other cores, on the same
// arguments.
bool KernelRun::CheckPeer(Diagnostics& diags) {
  if (fn_->kind == KernelKind::kAny || !NeedsCoresApart(program_)) return true;
  const std::string name = program_.String(fn_->name);
  const bool cube = fn_->kind == KernelKind::kCube;
  if (fn_->peer == kNoFunction) {
    diags.Error(StrCat("@", name, " runs on the ", cube ? "cube" : "vector",
                       " core of a program with pipes, but no ", cube ? "vector" : "cube",
                       " function is paired with it (pto.import_reserved_buffer {peer_func = "
                       "@...}); run the function that calls both, or pair them"));
    return false;
  }
  const Function& peer = program_.functions[fn_->peer];
  // The vector side may take PyPTO's subblock index last, which its cube peer does not.
  const Function& vector = cube ? peer : *fn_;
  const size_t shared = std::min(peer.params.size(), fn_->params.size());
  bool same = peer.params.size() == fn_->params.size() ||
              (vector.params.size() == shared + 1 &&
               IsSubblockIndexParam(program_, vector, shared));
  for (size_t i = 0; same && i < shared; ++i) {
    same = peer.params[i].kind == fn_->params[i].kind &&
           peer.params[i].dtype == fn_->params[i].dtype &&
           peer.params[i].shape == fn_->params[i].shape;
  }
  if (!same) {
    diags.Error(StrCat("@", name, " and its peer @", program_.String(peer.name),
                       " run side by side on the same arguments, so they must take the same "
                       "parameters"));
    return false;
  }
  return true;
}

bool KernelRun::Bind(const std::vector<ArgumentValue>& args, Diagnostics& diags) {
  return ReadArguments(program_, *fn_, args, &args_, diags);
}

bool KernelRun::Prepare(const RunOptions& options, Diagnostics& diags) {
  options_ = options;
  if (options.blocks < 1) {
    diags.Error(StrCat(options.spelling.blocks, options.blocks, ": must be at least 1"));
    return false;
  }
  if (UsesComm(program_) && NeedsCoresApart(program_)) {
    diags.Error("a kernel with both signals between blocks (tnotify, twait, syncall, "
                "cross-block flags) and cube/vector cores run apart (pipes, cross-core flags or "
                "kernel variants) is not supported: a wait on one could not see a deadlock on "
                "the other");
    return false;
  }
  if (UsesComm(program_) && options.blocks > kMaxCommBlocks) {
    diags.Error(StrCat("a kernel with comm instructions or barriers between blocks runs all "
                       "its blocks at once, one thread each; ", options.spelling.blocks,
                       options.blocks,
                       " is more than the ", kMaxCommBlocks, " allowed"));
    return false;
  }
  launch_ = std::make_unique<Launch>(program_, *fn_, args_, options.blocks, options.max_steps,
                                     options.audit_accesses);
  // The sanitizer's tools first: the observers' tool runs their checked steps.
  if (!options.audit_accesses && options.check != check::Level::kOff) {
    checks_ = std::make_unique<check::LaunchChecks>(*launch_, options.check);
    launch_->AddTool(checks_.get());
  }
  if (options.stats || options.trace || options.costs) {
    const observe::ObserverSet set{options.stats, options.trace, options.trace_limit, options.costs};
    observers_ = std::make_unique<observe::LaunchObservers>(*launch_, set, checks_.get());
    launch_->AddTool(observers_.get());
  }
  launch_->SetArith(options.arith);
  return true;
}

bool KernelRun::Execute(double* seconds, const std::atomic<bool>* cancel) {
  launch_->CancelWith(cancel);
  const auto start = std::chrono::steady_clock::now();
  const bool ran = launch_->Run(options_.audit_accesses ? 1 : options_.threads);
  if (seconds) {
    *seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  return ran;
}

void KernelRun::ReportFault(Diagnostics& diags) const {
  if (!launch_->start_error().empty()) {
    diags.Error(launch_->start_error());
    return;
  }
  Block& block = launch_->block(launch_->failed_block());
  const Executor& exec = *block.exec(block.failed_core());
  std::string message = exec.fault();
  std::string core = block.core(block.failed_core()).Name();
  if (!core.empty()) message = StrCat(core, ": ", message);
  if (launch_->block_count() > 1) message = StrCat("block ", launch_->failed_block(), ": ", message);
  std::string file;
  int line = 0, col = 0;
  if (!exec.FaultPosition(&file, &line, &col)) {
    diags.Error(message);
  } else {
    // As a diagnostic at a named file's line: the source line echoed, with a caret.
    diags.At(Severity::kError, file, line, col, message);
  }
  if (exec.StoppedAtStepLimit()) {
    diags.At(Severity::kNote, "", 0, 0,
             StrCat("raise the limit with ", options_.spelling.max_steps));
  }
}

int KernelRun::ReportFindings(Diagnostics& diags) const {
  if (!checks_) return 0;
  const std::vector<check::Finding> findings = checks_->Findings();
  const auto at = [&](Severity severity, check::Site site, const std::string& message) {
    std::string file;
    int line = 0, col = 0;
    const auto& f = *static_cast<const Function*>(site.function);
    if (check::SitePosition(program_, f, site.pc, &file, &line, &col)) {
      diags.At(severity, file, line, col, message);
    } else {
      diags.At(severity, "", 0, 0, message);
    }
  };
  int errors = 0;
  for (const check::Finding& f : findings) {
    at(f.warning ? Severity::kWarning : Severity::kError, f.at, f.message);
    if (!f.note.empty()) at(Severity::kNote, f.note_at, f.note);
    errors += !f.warning;
  }
  for (const std::string& note : checks_->CoresUnchecked()) diags.At(Severity::kNote, "", 0, 0, note);
  if (checks_->CoreLogCut()) {
    diags.At(Severity::kNote, "", 0, 0,
             "a core logged more accesses than the check between the cores of a block keeps "
             "(4M runs of bytes); its later ones were not compared with the other cores'");
  }
  if (checks_->RacesUnchecked()) {
    diags.At(Severity::kNote, "", 0, 0,
             StrCat("this kernel has no synchronisation of its own, so races between its pipes "
                    "were not checked (a compiler inserts it; ", options_.spelling.strict_check,
                    " checks the kernel as written)"));
  }
  return errors;
}

int KernelRun::ParamOutput(size_t i) const { return static_cast<int>(i); }

int KernelRun::FindOutput(const std::string& which, const std::string& option,
                          Diagnostics& diags) const {
  const std::string name = !which.empty() && which[0] == '%' ? which.substr(1) : which;
  char* end = nullptr;
  const long index = std::strtol(which.c_str(), &end, 10);
  int param = -1;
  if (!which.empty() && *end == '\0') {
    if (index < 1 || static_cast<size_t>(index) > fn_->params.size()) {
      diags.Error(StrCat(option, " ", which, ": there is no parameter ", index, " (@",
                         program_.String(fn_->name), " has ", fn_->params.size(), ")"));
      return -1;
    }
    param = static_cast<int>(index - 1);
  } else {
    for (size_t i = 0; i < fn_->params.size(); ++i) {
      if (program_.String(fn_->params[i].name) == name) param = static_cast<int>(i);
    }
  }
  if (param >= 0) {
    if (fn_->params[param].kind == ParamKind::kScalar) {
      diags.Error(StrCat(option, " ", which, ": ", ParamName(param), " is a scalar, not memory"));
      return -1;
    }
    return param;
  }
  for (size_t t = 0; t < fn_->tiles.size(); ++t) {
    if (program_.String(fn_->tiles[t].name) == name) {
      return static_cast<int>(fn_->params.size() + t);
    }
  }
  diags.Error(StrCat(option, " ", which, ": no parameter or tile named %", name, " in @",
                     program_.String(fn_->name)));
  return -1;
}

// The tile register output \a handle names (a tile parameter's, or a tile's), or -1 for a
// parameter's global buffer.
int KernelRun::TileRegOf(int handle) const {
  const size_t params = fn_->params.size();
  if (static_cast<size_t>(handle) >= params) return static_cast<int>(handle - params);
  const Param& p = fn_->params[handle];
  return p.kind == ParamKind::kTile ? static_cast<int>(p.reg) : -1;
}

int64_t KernelRun::OutputElementCount(int handle) const {
  const int reg = TileRegOf(handle);
  if (reg < 0) return args_.globals[args_.buffer_of_param[handle]].elements();
  const TileType& t = fn_->tiles[reg].type;
  return int64_t{t.rows} * t.cols;
}

bool KernelRun::Output(int handle, OutputElements* out, Diagnostics& diags) const {
  const size_t params = fn_->params.size();
  const int tile_reg = TileRegOf(handle);
  *out = OutputElements();
  if (static_cast<size_t>(handle) < params) {
    const Param& p = fn_->params[handle];
    out->param = handle;
    out->name = ParamName(handle);
    if (tile_reg < 0) {
      // Global buffers are read where the kernel left them (a copy of a large output cost
      // more than the kernel).
      const GlobalBuffer& global = args_.globals[args_.buffer_of_param[handle]];
      out->dtype = global.dtype;
      out->data = global.bytes.data();
      out->bytes = global.bytes.size();
      out->shape = p.kind == ParamKind::kMemref ? args_.shape_of_param[handle]
                                                : std::vector<int64_t>{global.elements()};
      return true;
    }
  } else {
    out->name = StrCat("%", program_.String(fn_->tiles[tile_reg].name));
  }
  // Tiles live in each block's own memory; block 0's (first core's) are read.
  Block& block = launch_->block(0);
  const TileReg& reg = fn_->tiles[tile_reg];
  const TileType& t = reg.type;
  const TileState& s = block.exec(0)->tile(tile_reg);
  if (s.addr == kUnboundAddress) {
    diags.Error(StrCat(out->name, " was never bound to an address, so it holds nothing"));
    return false;
  }
  const uint8_t* base = block.core(0).local.At(t.mem, s.addr);
  const int size = DTypeSize(t.dtype);
  out->copy.resize(t.Bytes());
  for (int64_t r = 0; r < t.rows; ++r) {
    for (int64_t c = 0; c < t.cols; ++c) {
      std::memcpy(&out->copy[(r * t.cols + c) * size], base + t.ElementOffset(r, c) * size, size);
    }
  }
  out->dtype = t.dtype;
  out->shape = {t.rows, t.cols};
  out->data = out->copy.data();
  out->bytes = out->copy.size();
  return true;
}

}  // namespace pto::interp
