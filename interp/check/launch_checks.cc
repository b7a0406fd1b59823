#include "pto/interp/check/launch_checks.h"

#include <algorithm>
#include <set>
#include <utility>

#include "pto/common/strings.h"
#include "pto/interp/check/cross_core.h"

namespace pto::interp::check {

LaunchChecks::LaunchChecks(const Launch& launch, Level level)
    : launch_(launch),
      level_(level),
      plans_(launch.program()),
      core_order_modelled_(CoreOrderModelled(launch.program())),
      // Blocks of one core each are ordered by their comm signals alone (a kernel with comm
      // whose cores run apart is refused before it runs).
      comm_ordered_(launch.block_count() > 1 && OrdersBlocks(launch.program()) &&
                    !launch.cores_apart()),
      sanitizers_(launch.block_count()),
      tools_(launch.block_count()) {}

void LaunchChecks::Attach(int b, Block& block) {
  const Program& program = launch_.program();
  sanitizers_[b].clear();
  tools_[b].clear();
  for (int c = 0; c < block.core_count(); ++c) {
    const Executor* exec = block.exec(c);
    auto s = std::make_shared<Sanitizer>(program, exec ? exec->function() : launch_.entry(), level_);
    const std::string core = block.core(c).Name();
    s->label = core.empty() ? StrCat("block ", b) : StrCat("block ", b, ", ", core);
    s->block = b;
    if (block.core_count() > 1 && core_order_modelled_) s->RunsApart(c);
    if (comm_ordered_) s->OrderedByComm(b, launch_.block_count());
    s->TrackRegisters(plans_.register_slots());
    // Tile arguments are in on-chip memory before the kernel starts.
    for (size_t i = 0; exec && i < exec->function().params.size(); ++i) {
      const Param& p = exec->function().params[i];
      if (p.kind != ParamKind::kTile) continue;
      const TileType& t = exec->function().tiles[p.reg].type;
      const uint32_t addr = exec->tile(p.reg).addr;
      if (addr != kUnboundAddress) s->HostWrite(t.mem, addr, uint64_t{addr} + t.Bytes());
    }
    tools_[b].push_back(std::make_unique<CheckTool>(s, plans_));
    block.core(c).tool = tools_[b].back().get();
    sanitizers_[b].push_back(std::move(s));
  }
}

// The block's findings kept, its shadows freed, and the races between its cores found (the
// cores of a block run apart log what they touch).
void LaunchChecks::Finish(int b, Block& block, bool ok) {
  (void)block, (void)ok;
  std::vector<Sanitizer*> cores;
  for (auto& s : sanitizers_[b]) {
    s->Finish();
    cores.push_back(s.get());
  }
  if (cores.size() > 1 && core_order_modelled_) FindBlockRaces(cores, launch_.BufferNames());
  tools_[b].clear();  // (the sanitizers keep the findings)
}

CheckTool* LaunchChecks::ToolOf(int b, int c) const {
  return tools_[b].empty() ? nullptr : tools_[b][c].get();
}

std::vector<std::string> LaunchChecks::CoresUnchecked() const {
  std::vector<std::string> notes;
  // (Comm with cores run apart does not run: KernelRun refuses it.)
  if (launch_.cores_apart() && !core_order_modelled_) {
    notes.push_back("races between the cube and vector cores of a block were not checked: "
                    "tsync orders them, and its events come from outside the kernel");
  }
  return notes;
}

bool LaunchChecks::CoreLogCut() const {
  for (const auto& block : sanitizers_) {
    for (const auto& s : block) {
      if (s->log_cut()) return true;
    }
  }
  return false;
}

bool LaunchChecks::RacesUnchecked() const {
  for (const auto& block : sanitizers_) {
    for (const auto& s : block) {
      if (s->RacesUnchecked()) return true;
    }
  }
  return false;
}

std::vector<Finding> LaunchChecks::Findings() {
  std::vector<Finding> all;
  std::set<std::pair<std::string, std::pair<const void*, uint32_t>>> seen;
  std::vector<Sanitizer*> cores;
  for (auto& block : sanitizers_) {
    for (auto& s : block) {
      s->Finish();
      cores.push_back(s.get());
    }
  }
  FindCrossCoreRaces(launch_.program(), cores, launch_.BufferNames());
  for (auto& block : sanitizers_) {
    for (auto& s : block) {
      for (const Finding& f : s->findings()) {
        if (seen.insert({f.message, {f.at.function, f.at.pc}}).second) all.push_back(f);
      }
    }
  }
  // Misused synchronisation first: a missing wait or set is the cause of the races after it.
  std::stable_partition(all.begin(), all.end(),
                        [](const Finding& f) { return f.message.rfind("sync:", 0) == 0; });
  return all;
}

}  // namespace pto::interp::check
