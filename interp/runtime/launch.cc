#include "pto/interp/runtime/launch.h"

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
#include "pto/interp/vm/run_layout.h"

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
      case ParamKind::kLVec:
      case ParamKind::kLMask:
      case ParamKind::kVReg:
      case ParamKind::kMask:
        break;  // ReadArguments refuses an entry with these
    }
  }
}

constexpr int kVectorCoresPerBlock = 2;

}  // namespace

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
  // An exception must not leave a core's thread (it would end the process): out of memory,
  // in the core or in telling the others it is done (a deadlock report allocates), is kept
  // and rethrown below, once every core's thread is joined.
  auto run_core = [&](int i) {
    try {
      if (execs_[i]) ok[i] = execs_[i]->Run();
    } catch (const std::bad_alloc&) {
      out_of_memory.Keep();
      ok[i] = 0;
    }
    try {
      if (hub_) {
        if (!ok[i]) hub_->Abort();
        hub_->CoreDone();
      }
      if (signals_) {
        if (!ok[i]) signals_->Abort();
        signals_->CoreDone();
      }
    } catch (const std::bad_alloc&) {
      out_of_memory.Keep();
      if (hub_) hub_->Abort();  // wakes every waiting core, which then gives up
      if (signals_) signals_->Abort();
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
  AttachTools(b);
}

void Launch::AttachTools(int b) {
  for (LaunchTool* tool : tools_) tool->Attach(b, *blocks_[b]);
}

void Launch::AddTool(LaunchTool* tool) {
  tools_.push_back(tool);
  for (int b = 0; b < block_count(); ++b) {  // the blocks made up front (comm)
    if (blocks_[b]) tool->Attach(b, *blocks_[b]);
  }
}

std::vector<std::string> Launch::BufferNames() const {
  std::vector<std::string> names;
  for (const GlobalBuffer& g : args_.globals) names.push_back(g.name);
  return names;
}

// After block \a b ran: its steps counted, its tools told (the sanitizers keep their findings),
// its memories freed unless it is block 0, faulted or signals.
void Launch::FinishBlock(int b, bool ok) {
  Block& block = *blocks_[b];
  uint64_t steps = 0;
  for (int c = 0; c < block.core_count(); ++c) steps += block.core(c).limits.steps;
  steps_ += steps;
  for (LaunchTool* tool : tools_) tool->Finish(b, block, ok);
  for (int c = 0; c < block.core_count(); ++c) block.core(c).tool = nullptr;
  if (ok && b != 0 && !signals_) blocks_[b].reset();
}

bool Launch::Run(int threads) {
  const int count = block_count();
  std::vector<char> ok(count, 0);
  std::atomic<int> next{0};
  FirstException out_of_memory;
  std::mutex start_mutex;  // guards start_error_
  // Runs blocks until none is left. Anything it allocates may fail: running a block, merging
  // its findings, keeping a block's start error. An exception must not leave a pool thread
  // (it would end the process), so out of memory is kept and rethrown on the main thread.
  auto run_blocks = [&] {
    for (int b; (b = next.fetch_add(1)) < count;) {
      if (!blocks_[b]) MakeBlock(b);
      ok[b] = blocks_[b]->Run();
      Block& block = *blocks_[b];
      if (!block.start_error().empty()) {
        const std::lock_guard<std::mutex> lock(start_mutex);
        if (start_error_.empty()) start_error_ = block.start_error();
        next = count;
        return;
      }
      FinishBlock(b, ok[b]);
    }
  };
  auto worker = [&] {
    try {
      run_blocks();
    } catch (const std::bad_alloc&) {
      out_of_memory.Keep();  // rethrown on the main thread, where ptorun reports it
      next = count;
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
