// The one seam between the VM and the tools that watch a run: the sanitizer (interp/check/)
// and the observers (interp/observe/) implement StepTool and link against the VM, never the
// reverse. The VM knows a tool only through this interface: which instructions it wants to
// run itself (step hooks), and what memory they touched (memory events, one access record
// each). docs/architecture.md "Adding a tool" says how a new one plugs in.
#ifndef PTO_INTERP_VM_TOOLS_H_
#define PTO_INTERP_VM_TOOLS_H_

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "pto/common/isa/encoding.h"
#include "pto/common/program.h"
#include "pto/interp/vm/core.h"
#include "pto/interp/vm/memory_access.h"

namespace pto::interp {

class Executor;

/// What watches one core (Core::tool). The dispatch loop runs an instruction itself where
/// Watched says 0, and hands it to Step otherwise.
class StepTool {
 public:
  virtual ~StepTool() = default;
  /// One byte per code offset of \a fn (a function of the running program): nonzero where
  /// Step must run the instruction there. Asked when a frame of \a fn starts.
  virtual const uint8_t* Watched(const Function& fn) const = 0;
  /// Runs \a in in \a ex (Executor::Execute) with the tool's work around it; false on a fault.
  virtual bool Step(Executor& ex, const Instr& in) = 0;
  /// Something the NPU runs as written but that is likely a bug, at code offset \a pc of \a fn
  /// (Executor::Suspect): true if the run goes on (reported as a warning, or not at all),
  /// false if it is a fault.
  virtual bool Suspect(const Function& fn, uint32_t pc, std::string message) = 0;
};

/// Memory events: while a tool records the accesses of the instruction it runs
/// (Core::recording), the register and repeat layers' checked memory accesses report each one
/// here (the tile layer's come from its access descriptions instead). Empty accesses are not
/// recorded.
inline void RecordAccess(Core& core, const Access& a) {
  if (a.end > a.begin && a.count > 0) core.recording->push_back(a);
}

/// Takes back the last access recorded (a masked store then records its lanes).
inline void DropLastAccess(Core& core) {
  if (!core.recording->empty()) core.recording->pop_back();
}

/// How deep a core is in VPTO vector scopes, for the tools that act at a scope's ends. Scopes
/// nest at run time when a function called inside one opens its own (an inferred scope): only
/// the outermost one's start and end count.
class VectorScopeDepth {
 public:
  bool inside() const { return depth_ > 0; }
  /// A scope's start (\a begin) or end; whether it is the outermost scope's.
  bool Step(bool begin) {
    depth_ = begin ? depth_ + 1 : std::max(0, depth_ - 1);
    return depth_ == (begin ? 1 : 0);
  }

 private:
  int depth_ = 0;
};

}  // namespace pto::interp

#endif  // PTO_INTERP_VM_TOOLS_H_
