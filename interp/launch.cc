#include "pto/interp/launch.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <mutex>
#include <new>
#include <set>
#include <system_error>
#include <thread>

#include <sys/resource.h>
#include <unistd.h>

#include "pto/common/code_walk.h"
#include "pto/common/file_io.h"
#include "pto/common/isa/encoding.h"
#include "pto/common/strings.h"
#include "pto/interp/check/cross_core.h"

namespace pto::interp {

namespace {

// The first exception a thread caught (out of memory, or no room for the records), kept
// until every thread is joined and then rethrown as it was.
class FirstException {
 public:
  void Keep() {
    const std::lock_guard<std::mutex> lock(mutex_);
    if (!first_) first_ = std::current_exception();
  }
  void Rethrow() const {
    if (first_) std::rethrow_exception(first_);
  }

 private:
  std::mutex mutex_;
  std::exception_ptr first_;
};

// Copies the argument values into the parameter registers of \a exec.
void BindParams(const Function& fn, const Arguments& args, Core& core, Executor& exec) {
  for (size_t i = 0; i < fn.params.size(); ++i) {
    const Param& p = fn.params[i];
    switch (p.kind) {
      case ParamKind::kScalar:
        if (IsSubblockIndexParam(exec.program(), fn, i)) {
          exec.scalar(p.reg).i = core.info.subblock_idx;
        } else {
          exec.scalar(p.reg) = args.scalar_of_param[i];
        }
        break;
      case ParamKind::kPointer:
      case ParamKind::kMemref: {
        ViewState& v = exec.view(p.reg);
        v.buffer = args.buffer_of_param[i];
        const std::vector<int64_t>& shape = args.shape_of_param[i];
        v.rank = static_cast<int32_t>(shape.size());
        int64_t stride = 1;
        for (int d = v.rank - 1; d >= 0; --d) {
          v.shape[d] = shape[d];
          v.stride[d] = stride;
          stride *= shape[d];
        }
        break;
      }
      case ParamKind::kTile: {
        // Files hold the tile in logical row-major order, whatever its storage layout.
        const TileType& t = fn.tiles[p.reg].type;
        uint8_t* base = core.local.At(t.mem, exec.tile(p.reg).addr);
        const AlignedBytes& bytes = args.tile_bytes[i];
        const int size = DTypeSize(t.dtype);
        for (int64_t r = 0; r < t.rows; ++r) {
          for (int64_t c = 0; c < t.cols; ++c) {
            std::memcpy(base + t.ElementOffset(r, c) * size, &bytes[(r * t.cols + c) * size],
                        size);
          }
        }
        break;
      }
    }
  }
}

constexpr int kVectorCoresPerBlock = 2;

}  // namespace

bool UsesPipes(const Program& program) {
  return AnyInstruction(program, [](const Instr& in) { return GetOpInfo(in.op).is_pipe(); });
}

static bool HasCubeVectorPair(const Program& program) {
  for (const Function& f : program.functions) {
    if (f.kind == KernelKind::kCube && f.peer < program.functions.size() &&
        program.functions[f.peer].kind == KernelKind::kVector) {
      return true;
    }
  }
  return false;
}

bool NeedsCoresApart(const Program& program) {
  if (HasCubeVectorPair(program)) return true;
  // The tile layer's cross-core moves (tmov acc -> vec) are modelled on one core, so only a
  // VPTO kernel's sync.set/sync.wait split its block; pipes always do.
  return UsesPipes(program) ||
         (AnyInstruction(program, [](const Instr& in) {
            return in.op == Opcode::kSyncSet || in.op == Opcode::kSyncWait;
          }) &&
          AnyInstruction(program, [](const Instr& in) {
            return GetOpInfo(in.op).layer() == Layer::kRegister;
          }));
}

bool UsesComm(const Program& program) {
  return AnyInstruction(program, [](const Instr& in) {
    return GetOpInfo(in.op).is_comm() || in.op == Opcode::kSyncAll ||
           in.op == Opcode::kSetCrossBlock || in.op == Opcode::kWaitCrossBlock;
  });
}

bool IsSubblockIndexParam(const Program& program, const Function& fn, size_t i) {
  if (fn.kind != KernelKind::kVector || i + 1 != fn.params.size()) return false;
  const Param& p = fn.params[i];
  return p.kind == ParamKind::kScalar && IsInteger(p.dtype) &&
         program.String(p.name) == "__pypto_spmd_subblock_idx";
}

void Block::JoinSignals(SignalHub* hub) {
  signals_ = hub;
  for (auto& core : cores_) core->signals = hub;
}

Block::Block(const Program& program, const Function& fn, Arguments& args, const BlockInfo& info,
             uint64_t max_steps, bool apart) {
  if (!apart) {
    cores_.push_back(std::make_unique<Core>(program.arch, info, CoreKind::kWhole, nullptr,
                                            max_steps));
  } else {
    hub_ = std::make_unique<PipeHub>(1 + kVectorCoresPerBlock);
    BlockInfo cube = info;
    cube.subblock_idx = 0;
    cube.subblock_num = 1;
    cores_.push_back(std::make_unique<Core>(program.arch, cube, CoreKind::kCube, hub_.get(),
                                            max_steps));
    for (int v = 0; v < kVectorCoresPerBlock; ++v) {
      BlockInfo vec = info;
      vec.subblock_idx = v;
      vec.subblock_num = kVectorCoresPerBlock;
      cores_.push_back(std::make_unique<Core>(program.arch, vec, CoreKind::kVector, hub_.get(),
                                              max_steps));
    }
    for (auto& core : cores_) {
      for (size_t c = 0; c < cores_.size(); ++c) core->block_cores[c] = cores_[c].get();
    }
  }
  for (auto& core : cores_) {
    // A kernel of one kind runs on its cores; its peer (same parameters) on the others.
    const Function* run = &fn;
    bool other_kind = (core->kind == CoreKind::kCube && fn.kind == KernelKind::kVector) ||
                      (core->kind == CoreKind::kVector && fn.kind == KernelKind::kCube);
    if (other_kind) run = fn.peer == kNoFunction ? nullptr : &program.functions[fn.peer];
    if (!run) {
      execs_.push_back(nullptr);
      continue;
    }
    execs_.push_back(std::make_unique<Executor>(program, *run, *core, args.globals));
    BindParams(*run, args, *core, *execs_.back());
  }
}

bool Block::Run() {
  const int n = core_count();
  std::vector<char> ok(n, 1);
  FirstException out_of_memory;
  auto run_core = [&](int i) {
    try {
      if (execs_[i]) ok[i] = execs_[i]->Run();
    } catch (const std::bad_alloc&) {
      out_of_memory.Keep();  // rethrown below, once every core's thread is joined
      ok[i] = 0;
    }
    if (hub_) {
      if (!ok[i]) hub_->Abort();
      hub_->CoreDone();
    }
    if (signals_) {
      if (!ok[i]) signals_->Abort();
      signals_->CoreDone();
    }
  };
  std::vector<std::thread> threads;
  for (int i = 1; i < n; ++i) {
    try {
      threads.emplace_back(run_core, i);
    } catch (const std::exception& e) {  // refused (system_error) or out of memory (bad_alloc)
      // The cores wait for each other, so they cannot run one after another: stop the ones
      // started and say why.
      if (hub_) hub_->Abort();
      if (signals_) signals_->Abort();
      for (std::thread& t : threads) t.join();
      start_error_ = StrCat("the system refused a thread for core ", i, " of a block (", e.what(),
                            "); a block's ", n, " cores run at once");
      return false;
    }
  }
  run_core(0);
  for (std::thread& t : threads) t.join();
  out_of_memory.Rethrow();
  // Report a core that faulted in its own right, not one stopped because of it.
  for (int pass = 0; pass < 2 && failed_ < 0; ++pass) {
    for (int i = 0; i < n && failed_ < 0; ++i) {
      if (ok[i]) continue;
      if (pass == 1 || !cores_[i]->stopped) failed_ = i;
    }
  }
  return failed_ < 0;
}

Launch::Launch(const Program& program, const Function& fn, Arguments& args, int block_count,
               uint64_t max_steps, bool audit_accesses)
    : program_(program),
      fn_(fn),
      args_(args),
      max_steps_(max_steps),
      audit_accesses_(audit_accesses),
      apart_(NeedsCoresApart(program)) {
  blocks_.resize(block_count);
  sanitizers_.resize(block_count);
  if (UsesComm(program)) {
    int cores = 0;
    for (int b = 0; b < block_count; ++b) {
      MakeBlock(b);
      cores += blocks_[b]->core_count();
    }
    signals_ = std::make_unique<SignalHub>(cores);
    for (auto& block : blocks_) block->JoinSignals(signals_.get());
  }
}

Launch::~Launch() = default;

void Launch::CancelWith(const std::atomic<bool>* flag) {
  cancel_ = flag;
  for (auto& block : blocks_) {  // the blocks made up front (comm)
    if (!block) continue;
    for (int c = 0; c < block->core_count(); ++c) block->core(c).limits.CancelWith(flag);
  }
}

void Launch::SetArith(Arith arith) {
  arith_ = arith;
  for (auto& block : blocks_) {  // the blocks made up front (comm)
    if (!block) continue;
    for (int c = 0; c < block->core_count(); ++c) block->core(c).arith = arith;
  }
}

void Launch::MakeBlock(int b) {
  BlockInfo info;
  info.block_idx = b;
  info.block_num = block_count();
  blocks_[b] = std::make_unique<Block>(program_, fn_, args_, info, max_steps_, apart_);
  Block& block = *blocks_[b];
  for (int c = 0; c < block.core_count(); ++c) {
    block.core(c).limits.audit_accesses = audit_accesses_;
    block.core(c).limits.CancelWith(cancel_);
    block.core(c).arith = arith_;
  }
  AttachSanitizers(b);
  AttachObservers(b);
}

const check::StepPlans& Launch::Plans() {
  if (!step_plans_) step_plans_ = std::make_unique<check::StepPlans>(program_);
  return *step_plans_;
}

void Launch::EnableStats() {
  stats_on_ = true;
  EnableObservers();
}

void Launch::EnableTrace(int64_t limit) {
  trace_on_ = true;
  trace_budget_ = limit;
  EnableObservers();
}

void Launch::EnableCosts() {
  costs_on_ = true;
  EnableObservers();
}

void Launch::EnableObservers() {
  Plans();  // (before blocks are made on the run's threads)
  observers_.resize(blocks_.size());
  for (int b = 0; b < block_count(); ++b) AttachObservers(b);  // the blocks made up front
}

void Launch::AttachObservers(int b) {
  if (!(stats_on_ || trace_on_ || costs_on_) || !blocks_[b]) return;
  Block& block = *blocks_[b];
  const check::StepPlans& plans = Plans();
  const bool implied_order = costs_on_ && !check::HasExplicitSync(program_, fn_);
  observers_[b].clear();
  for (int c = 0; c < block.core_count(); ++c) {
    auto o = std::make_unique<CoreObservers>();
    if (stats_on_) {
      o->stats = std::make_unique<observe::RunStats>(program_.arch);
      o->all.Add(o->stats.get());
    }
    if (trace_on_) {
      o->trace = std::make_unique<observe::TraceWriter>(program_, b, block.core(c).Name(),
                                                        &trace_budget_);
      o->all.Add(o->trace.get());
    }
    if (costs_on_) {
      o->costs = std::make_unique<observe::CostRecorder>(implied_order);
      o->all.Add(o->costs.get());
    }
    o->name = block.core(c).Name();
    block.core(c).observer = &o->all;
    block.core(c).step_plans = &plans;
    observers_[b].push_back(std::move(o));
  }
}

bool Launch::WriteTrace(const observe::TextSink& sink, bool* cut) const {
  *cut = false;
  for (const auto& block : observers_) {
    for (const auto& core : block) {
      if (!core->trace) continue;
      if (!core->trace->ForEachPiece(sink)) return false;
      *cut |= core->trace->cut();
    }
  }
  return true;
}

std::string Launch::Trace(bool* cut) const {
  std::string all;
  WriteTrace([&](const char* data, size_t size) { return all.append(data, size), true; }, cut);
  return all;
}

std::vector<std::vector<observe::CoreCosts>> Launch::Costs() const {
  std::vector<std::vector<observe::CoreCosts>> all;
  for (const auto& block : observers_) {
    auto& cores = all.emplace_back();
    for (const auto& core : block) {
      if (core->costs) cores.push_back({core->name, core->costs.get()});
    }
  }
  return all;
}

observe::RunStats Launch::Stats() const {
  observe::RunStats all(program_.arch);
  for (const auto& block : observers_) {
    for (const auto& core : block) {
      if (core->stats) all.Merge(*core->stats);
    }
  }
  return all;
}

void Launch::AttachSanitizers(int b) {
  if (check_ == check::Level::kOff || !blocks_[b]) return;
  Block& block = *blocks_[b];
  sanitizers_[b].clear();
  for (int c = 0; c < block.core_count(); ++c) {
    const Executor* exec = block.exec(c);
    auto s = std::make_shared<check::Sanitizer>(program_, exec ? exec->function() : fn_, check_);
    const std::string core = block.core(c).Name();
    s->label = core.empty() ? StrCat("block ", b) : StrCat("block ", b, ", ", core);
    s->block = b;
    if (block.core_count() > 1 && core_order_modelled_) s->RunsApart(c);
    if (comm_ordered_) s->OrderedByComm(b, block_count());
    block.core(c).sanitizer = s;
    block.core(c).step_plans = step_plans_.get();
    s->TrackRegisters(step_plans_->register_slots());
    // Tile arguments are in on-chip memory before the kernel starts.
    for (size_t i = 0; exec && i < exec->function().params.size(); ++i) {
      const Param& p = exec->function().params[i];
      if (p.kind != ParamKind::kTile) continue;
      const TileType& t = exec->function().tiles[p.reg].type;
      const uint32_t addr = exec->tile(p.reg).addr;
      if (addr != kUnboundAddress) s->HostWrite(t.mem, addr, uint64_t{addr} + t.Bytes());
    }
    sanitizers_[b].push_back(std::move(s));
  }
}

void Launch::EnableChecks(check::Level level) {
  check_ = level;
  if (level != check::Level::kOff) {
    Plans();
    core_order_modelled_ = check::CoreOrderModelled(program_);
    // Blocks of one core each are ordered by their comm signals alone (a kernel with comm
    // whose cores run apart is refused before it runs).
    comm_ordered_ = block_count() > 1 && check::OrdersBlocks(program_) && !apart_;
  }
  for (int b = 0; b < block_count(); ++b) AttachSanitizers(b);  // blocks made up front (comm)
}

std::vector<std::string> Launch::BufferNames() const {
  std::vector<std::string> names;
  for (const GlobalBuffer& g : args_.globals) names.push_back(g.name);
  return names;
}

std::vector<std::string> Launch::CoresUnchecked() const {
  std::vector<std::string> notes;
  if (check_ == check::Level::kOff) return notes;
  // (Comm with cores run apart does not run: KernelRun refuses it.)
  if (apart_ && !core_order_modelled_) {
    notes.push_back("races between the cube and vector cores of a block were not checked: "
                    "tsync orders them, and its events come from outside the kernel");
  }
  return notes;
}

bool Launch::CoreLogCut() const {
  for (const auto& block : sanitizers_) {
    for (const auto& s : block) {
      if (s->log_cut()) return true;
    }
  }
  return false;
}

bool Launch::RacesUnchecked() const {
  for (const auto& block : sanitizers_) {
    for (const auto& s : block) {
      if (s->RacesUnchecked()) return true;
    }
  }
  return false;
}

std::vector<check::Finding> Launch::Findings() {
  std::vector<check::Finding> all;
  std::set<std::pair<std::string, std::pair<const void*, uint32_t>>> seen;
  std::vector<check::Sanitizer*> cores;
  for (auto& block : sanitizers_) {
    for (auto& s : block) {
      s->Finish();
      cores.push_back(s.get());
    }
  }
  check::FindCrossCoreRaces(program_, cores, BufferNames());
  for (auto& block : sanitizers_) {
    for (auto& s : block) {
      for (const check::Finding& f : s->findings()) {
        if (seen.insert({f.message, {f.at.function, f.at.pc}}).second) all.push_back(f);
      }
    }
  }
  // Misused synchronisation first: a missing wait or set is the cause of the races after it.
  std::stable_partition(all.begin(), all.end(),
                        [](const check::Finding& f) { return f.message.rfind("sync:", 0) == 0; });
  return all;
}

// After block \a b ran: its steps counted, its sanitizers' findings kept (and the races
// between its cores found), its memories freed unless it is block 0, faulted or signals.
void Launch::FinishBlock(int b, bool ok) {
  Block& block = *blocks_[b];
  uint64_t steps = 0;
  for (int c = 0; c < block.core_count(); ++c) steps += block.core(c).limits.steps;
  steps_ += steps;
  std::vector<check::Sanitizer*> cores;
  for (auto& s : sanitizers_[b]) {
    s->Finish();  // keeps the findings, frees the shadows
    cores.push_back(s.get());
  }
  // The cores of a block run apart log what they touch (AttachSanitizers).
  if (cores.size() > 1 && core_order_modelled_) check::FindBlockRaces(cores, BufferNames());
  if (ok && b != 0 && !signals_) blocks_[b].reset();
}

bool Launch::Run(int threads) {
  const int count = block_count();
  std::vector<char> ok(count, 0);
  std::atomic<int> next{0};
  FirstException out_of_memory;
  std::mutex start_mutex;  // guards start_error_
  auto worker = [&] {
    for (int b; (b = next.fetch_add(1)) < count;) {
      try {
        if (!blocks_[b]) MakeBlock(b);
        ok[b] = blocks_[b]->Run();
      } catch (const std::bad_alloc&) {
        out_of_memory.Keep();  // rethrown on the main thread, where ptorun reports it
        next = count;
        return;
      }
      Block& block = *blocks_[b];
      if (!block.start_error().empty()) {
        const std::lock_guard<std::mutex> lock(start_mutex);
        if (start_error_.empty()) start_error_ = block.start_error();
        next = count;
        return;
      }
      try {  // (merging a block's findings and touches allocates too)
        FinishBlock(b, ok[b]);
      } catch (const std::bad_alloc&) {
        out_of_memory.Keep();
        next = count;
        return;
      }
    }
  };
  // Blocks that signal each other must all run at once.
  if (signals_) threads = count;
  threads = std::max(1, std::min(threads, count));
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) {
    try {
      pool.emplace_back(worker);
    } catch (const std::exception& e) {  // refused (system_error) or out of memory (bad_alloc)
      if (!signals_) break;  // fewer threads: each takes the next block until none is left
      const std::lock_guard<std::mutex> lock(start_mutex);
      start_error_ = StrCat("the system refused a thread for block ", t, " (", e.what(),
                            "); blocks that signal each other run at once, ", count,
                            " threads");
      signals_->Abort();
      next = count;
      break;
    }
  }
  worker();
  for (std::thread& t : pool) t.join();
  out_of_memory.Rethrow();
  if (!start_error_.empty()) return false;
  for (int b = 0; b < count; ++b) {
    if (!ok[b]) {
      failed_ = b;
      return false;
    }
  }
  return true;
}

}  // namespace pto::interp
