// ptorun's sanitizer (--check): what the NPU would get wrong that a run in program order hides.
// Each pipe of a core keeps a vector clock; an instruction on pipe p ticks p's clock, and the
// synchronisation instructions carry clocks between pipes (set_flag -> wait_flag, barrier
// PIPE_ALL, buffer tokens). Every access to on-chip and global memory goes through a shadow of
// that memory, which reports two accesses on different pipes, one a write, that nothing orders
// (races), and reads of on-chip bytes nothing wrote. Sync misuse is reported where it happens
// or when the kernel ends. Findings are collected and rendered after the run; the run itself
// is not changed. docs/semantics.md "Pipes and synchronisation" is the model.
#ifndef PTO_INTERP_CHECK_SANITIZER_H_
#define PTO_INTERP_CHECK_SANITIZER_H_

#include <array>
#include <bit>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "pto/common/arch.h"
#include "pto/common/diagnostics.h"
#include "pto/common/isa/pipes.h"
#include "pto/common/program.h"
#include "pto/interp/check/shadow.h"

namespace pto::interp::check {

/// How much --check looks at.
enum class Level : uint8_t {
  kOff,
  kAuto,    ///< races only in kernels with synchronisation of their own
  kStrict,  ///< races everywhere, as if every kernel were synchronised by hand
};

/// Where an access lands: an on-chip memory of the core, or global buffer \a buffer.
struct Place {
  bool global = false;
  Memory mem = Memory::kVec;
  int buffer = 0;
};

/// One access of the instruction being checked.
struct Access {
  Place place;
  uint64_t begin = 0, end = 0;
  bool write = false;
  bool exact = true;  ///< the bytes are exactly those touched (not an over-approximation)
  std::string operand;  ///< what the instruction names it ("%a", "the source")
  uint64_t origin = 0;  ///< the operand's first byte and element size, to name elements
  int elem_bytes = 0;
};

/// A finding, positioned at an instruction, with an optional note at another.
struct Finding {
  std::string message;
  Site at;
  std::string note;
  Site note_at;
};

class Sanitizer {
 public:
  /// A core running \a entry: in auto mode its races are checked when \a entry, or a
  /// function it calls, synchronises.
  Sanitizer(const Program& program, const Function& entry, Level level);

  /// Whether races are checked (strict, or auto on a kernel with synchronisation).
  bool races() const { return races_; }
  /// Whether races went unchecked where they could have been: auto on a kernel with no
  /// synchronisation that touched memory from more than one pipe.
  bool RacesUnchecked() const { return !races_ && std::popcount(pipes_used_) > 1; }

  /// The instruction at \a site, on pipe \a pipe, touches \a accesses: the reads are checked
  /// first, then the writes; then the pipe's clock ticks.
  void Instruction(Site site, int pipe, const std::vector<Access>& accesses, const char* what);
  /// The synchronisation instructions (their pipes and ids decoded by the caller).
  void SetFlag(Site site, int src, int dst, int64_t id);
  void WaitFlag(Site site, int src, int dst, int64_t id);
  /// barrier(PIPE_ALL), and instructions that order everything (tpush, tpop, comm).
  void BarrierAll();
  void ReleaseBuffer(Site site, int pipe, int64_t id);
  void AcquireBuffer(Site site, int pipe, int64_t id);
  /// Bytes [begin, end) of \a mem that the host filled before the kernel starts (tile
  /// arguments): written, before everything.
  void HostWrite(Memory mem, uint64_t begin, uint64_t end);
  /// A synchronisation instruction that cannot work where it is.
  void Misuse(Site site, std::string message);
  /// The kernel ended: flags set and never waited for, waits never satisfied.
  void Finish();

  const std::vector<Finding>& findings() const { return findings_; }

 private:
  using Clock = std::array<uint32_t, kPipeCount>;
  struct Flag {
    bool pending = false;
    Clock snapshot{};
    Site set_site;
    bool waiting = false;  ///< a wait came first: it takes the next set
    Site wait_site;
  };
  Shadow& ShadowOf(const Place& p);
  /// Adds the finding make() gives as {message, note}, once per (at, other, kind): the text
  /// is made only for a new one.
  template <typename Make>
  void Report(const char* kind, Site at, Site other, Make&& make);
  void Join(int pipe, const Clock& c);
  std::string Name(Site s) const;

  const Program& program_;
  bool races_ = false;
  unsigned pipes_used_ = 0;  ///< pipes with memory accesses (bit per pipe index)
  std::array<Clock, kPipeCount> clock_{};
  std::map<std::tuple<int, int, int64_t>, Flag> flags_;
  std::map<int64_t, std::pair<Clock, bool>> buffers_;  ///< token id -> clock, released
  std::array<std::unique_ptr<Shadow>, kMemoryCount> local_;
  std::map<int, std::unique_ptr<Shadow>> global_;
  std::vector<Finding> findings_;
  std::set<std::tuple<const void*, uint32_t, const void*, uint32_t, std::string_view>> reported_;
};

/// Whether \a entry or a function it calls synchronises its pipes itself (any set_flag,
/// wait_flag, barrier, event or buffer token): what --check=auto decides races by.
bool HasExplicitSync(const Program& program, const Function& entry);

/// The source position of instruction \a pc of \a f; false if it has none.
bool SitePosition(const Program& program, const Function& f, uint32_t pc, std::string* file,
                  int* line, int* col);

}  // namespace pto::interp::check

#endif  // PTO_INTERP_CHECK_SANITIZER_H_
