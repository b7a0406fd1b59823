#include "pto/interp/observe/launch_observers.h"

#include "pto/interp/check/sanitizer.h"

namespace pto::interp::observe {

namespace {

std::unique_ptr<check::StepPlans> PlansUnlessChecked(const Launch& launch,
                                                     const check::LaunchChecks* checks) {
  if (checks) return nullptr;
  return std::make_unique<check::StepPlans>(launch.program());
}

}  // namespace

LaunchObservers::LaunchObservers(const Launch& launch, const ObserverSet& set,
                                 const check::LaunchChecks* checks)
    : launch_(launch),
      set_(set),
      checks_(checks),
      own_plans_(PlansUnlessChecked(launch, checks)),
      plans_(checks ? checks->plans() : *own_plans_),
      implied_order_(set.costs && !check::HasExplicitSync(launch.program(), launch.entry())),
      trace_budget_(set.trace_limit),
      observers_(launch.block_count()) {}

void LaunchObservers::Attach(int b, Block& block) {
  const Program& program = launch_.program();
  observers_[b].clear();
  for (int c = 0; c < block.core_count(); ++c) {
    auto o = std::make_unique<CoreObservers>();
    if (set_.stats) {
      o->stats = std::make_unique<RunStats>(program.arch);
      o->all.Add(o->stats.get());
    }
    if (set_.trace) {
      o->trace = std::make_unique<TraceWriter>(program, b, block.core(c).Name(), &trace_budget_);
      o->all.Add(o->trace.get());
    }
    if (set_.costs) {
      o->costs = std::make_unique<CostRecorder>(implied_order_);
      o->all.Add(o->costs.get());
    }
    o->name = block.core(c).Name();
    check::CheckTool* checks = checks_ ? checks_->ToolOf(b, c) : nullptr;
    o->tool = std::make_unique<ObserveTool>(o->all, plans_, checks);
    block.core(c).tool = o->tool.get();
    observers_[b].push_back(std::move(o));
  }
}

bool LaunchObservers::WriteTrace(const TextSink& sink, bool* cut) const {
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

std::string LaunchObservers::Trace(bool* cut) const {
  std::string all;
  WriteTrace([&](const char* data, size_t size) { return all.append(data, size), true; }, cut);
  return all;
}

std::vector<std::vector<CoreCosts>> LaunchObservers::Costs() const {
  std::vector<std::vector<CoreCosts>> all;
  for (const auto& block : observers_) {
    auto& cores = all.emplace_back();
    for (const auto& core : block) {
      if (core->costs) cores.push_back({core->name, core->costs.get()});
    }
  }
  return all;
}

RunStats LaunchObservers::Stats() const {
  RunStats all(launch_.program().arch);
  for (const auto& block : observers_) {
    for (const auto& core : block) {
      if (core->stats) all.Merge(*core->stats);
    }
  }
  return all;
}

}  // namespace pto::interp::observe
