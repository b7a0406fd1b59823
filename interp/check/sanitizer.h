// ptorun's sanitizer (--check): what the NPU would get wrong that a run in program order hides.
// Each pipe of a core (and each UB queue of a VPTO vector scope) keeps a vector clock of
// epochs: an access is stamped with its clock's epoch, and the synchronisation instructions
// carry clocks between pipes (set_flag -> wait_flag, barrier PIPE_ALL, buffer tokens,
// mem_bar); a clock starts a new epoch only when another has just seen it, so the accesses
// between two syncs share their cells. Every access to on-chip and global memory goes through a shadow of
// that memory, which reports two accesses on different pipes, one a write, that nothing orders
// (races), and reads of on-chip bytes nothing wrote; accesses are held back and merged before
// they reach it (held_accesses.h, and a vector scope's batch). Sync misuse is reported where it happens
// or when the kernel ends. Findings are collected and rendered after the run; the run itself
// is not changed. docs/semantics.md "Pipes and synchronisation" is the model.
#ifndef PTO_INTERP_CHECK_SANITIZER_H_
#define PTO_INTERP_CHECK_SANITIZER_H_

#include <array>
#include <bit>
#include <deque>
#include <map>
#include <memory>
#include <set>
#include <string_view>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "pto/common/arch.h"
#include "pto/common/diagnostics.h"
#include "pto/common/isa/operand_kinds.h"
#include "pto/common/isa/pipes.h"
#include "pto/common/program.h"
#include "pto/interp/check/far_clock.h"
#include "pto/interp/check/granule_bits.h"
#include "pto/interp/check/held_accesses.h"
#include "pto/interp/check/described_accesses.h"
#include "pto/interp/check/shadow.h"

namespace pto::interp::check {

/// How much --check looks at.
enum class Level : uint8_t {
  kOff,
  kAuto,    ///< races only in kernels with synchronisation of their own
  kStrict,  ///< races everywhere, as if every kernel were synchronised by hand
};

/// Which queue of its pipe an instruction's UB accesses go through: its pipe's, or inside a
/// VPTO vector scope the vector unit's load and store queues, or its scalar ones.
enum class Queue : uint8_t { kPipe, kVector, kScalar };

/// A finding, positioned at an instruction, with an optional note at another.
struct Finding {
  std::string message;
  Site at;
  std::string note;
  Site note_at;
  bool warning = false;  ///< reported, but the run is not wrong for it (Sanitizer::Warn)
};

class Sanitizer {
 public:
  /// A core running \a entry: in auto mode its races are checked when \a entry, or a
  /// function it calls, synchronises.
  Sanitizer(const Program& program, const Function& entry, Level level);

  /// --check=strict: what auto reports as a warning is an error.
  bool strict() const { return strict_; }
  /// A warning at \a site, once per site: what the NPU runs as written but looks like a bug.
  void Warn(Site site, std::string message);
  /// Whether races are checked (strict, or auto on a kernel with synchronisation).
  bool races() const { return races_; }
  /// Whether races went unchecked where they could have been: auto on a kernel with no
  /// synchronisation that touched memory from more than one pipe.
  bool RacesUnchecked() const { return !races_ && std::popcount(pipes_used_) > 1; }

  /// The instruction at \a site, on pipe \a pipe, touches \a accesses: the reads are checked
  /// first, then the writes.
  /// In a vector scope, \a loads_behind is the vector-load epoch (+1; 0 for none) its source
  /// registers' values come from: its stores wait for those loads (a data dependence orders
  /// them without a mem_bar).
  /// \a recorded: the accesses were recorded as it ran (register and repeat layers), not
  /// taken from a tile instruction's access description.
  /// One recorded access of a vector scope's vector queues usually joins the scope's batch
  /// here (vector_batch.cc).
  void Instruction(Site site, int pipe, Queue queue, const std::vector<Access>& accesses,
                   bool recorded, uint32_t loads_behind = 0) {
    if (accesses.empty()) return;
    pipes_used_ |= 1u << pipe;
    if (queue == Queue::kVector && recorded && accesses.size() == 1) {
      const Access& a = accesses[0];
      if (Batched(site, a.write ? kVecStore : kVecLoad, loads_behind, a)) return;
    }
    Unbatched(site, pipe, queue, accesses, recorded, loads_behind);
  }
  /// The checked lane's shortcut (check_tool.cc) for an instruction's one recorded access
  /// \a a in a vector scope: true when it continues, in the same step, the
  /// batch span the instruction grew last and breaks no order (what Batched would find, in a
  /// few compares); false: take Instruction.
  bool ContinueSpan(Site site, const Access& a, uint32_t loads_behind) {
    Batch& b = batch_;
    if (site.pc >= b.lanes.size()) return false;
    // The lane's serials: the batch's spans, and the clocks' views, are what they were
    // when Batched took its latest (its pipe is in pipes_used_ since, and the batch unbroken).
    const Batch::Lane& lane = b.lanes[site.pc];
    if (lane.serial != b.serial || lane.clocks != clock_serial_ ||
        lane.function != site.function || a.count != 1 || a.atomic || a.place.global ||
        a.place.mem != Memory::kVec || a.place.owner >= 0 || a.end <= a.begin) {
      return false;
    }
    Batch::Head& h = b.heads[lane.head];
    if (h.write != a.write || h.loads != loads_behind) return false;
    // The two growths GrowSpan allows that a loop repeats (the next bytes, the next copy),
    // tested here in line: calling CoversSpan and GrowSpan cost the stream 2.5% more.
    const bool run = h.count == 1 && a.begin == h.end;
    if (!run && !(h.count > 1 && h.count != UINT32_MAX && a.end - a.begin == h.end - h.begin &&
                  a.begin == h.begin + uint64_t{h.count} * h.stride)) {
      return false;
    }
    const bool checked = !a.write || loads_behind < LoadEpoch();  // (Batched)
    if (!b.bits) {
      const Batch::Hull& other = a.write ? b.loads : b.stores;
      if (checked && a.begin < other.end && other.begin < a.end) return false;
      Batch::Hull& own = a.write ? b.stores : b.loads;
      own.begin = std::min(own.begin, a.begin), own.end = std::max(own.end, a.end);
    } else {
      const uint64_t first = a.begin >> kGranuleShift, last = (a.end - 1) >> kGranuleShift;
      if (last >= b.granules) return false;
      if (checked && AnyBit(a.write ? b.loaded.data() : b.stored.data(), first, last)) return false;
      SetBits(a.write ? b.stored.data() : b.loaded.data(), first, last, true);
    }
    if (run) {
      h.end = a.end;
    } else {
      ++h.count;
    }
    return true;
  }
  /// The vector-load epoch (+1) a vector load now would have.
  uint32_t LoadEpoch() const { return Epoch(kVecLoad) + 1; }
  /// Tracks the load epochs of \a slots registers (StepPlans::register_slots).
  void TrackRegisters(uint32_t slots) { loads_behind_.assign(slots, 0); }
  /// The load epochs the registers hold values of (0: none), by slot (PlanReg::slot).
  uint32_t* LoadsBehind() { return loads_behind_.data(); }
  /// The synchronisation instructions (their pipes and ids decoded by the caller).
  void SetFlag(Site site, int src, int dst, int64_t id);
  void WaitFlag(Site site, int src, int dst, int64_t id);
  /// sync.set / sync.wait of cross-core flag \a id on one core running the whole block (its
  /// cube and vector halves): a set on \a pipe orders it before the pipe of a wait that takes
  /// the set. Sets nobody waits for are the absent cores' (a second vector core's ids).
  void SignalSet(int pipe, int64_t id);
  void SignalWait(int pipe, int64_t id);
  /// The block's cores run apart and this is core \a core of it (far_clock.h): its clocks keep
  /// what they have seen of the other cores, and its global accesses are logged.
  void RunsApart(int core);
  /// A cross-core set (sync.set, tpush, tfree) on \a pipe: what it carries to the core that
  /// takes it; \a pipe's later accesses are not ordered by it.
  Release CrossRelease(int pipe);
  /// A cross-core wait (sync.wait, tpop, a tpush into a freed slot) on \a pipe took \a r.
  void CrossAcquire(int pipe, const Release& r);
  /// The launch's blocks are ordered by comm signals, and this is core \a core of its \a cores
  /// (far_clock.h CommClock): its global accesses are logged with its comm epoch.
  void OrderedByComm(int core, int cores);
  /// A tnotify: what it releases into its signal words; later accesses are not ordered by it.
  const CommClock& CommRelease();
  /// A twait, or a ttest that came out true, acquired \a c from its signal words.
  void CommAcquire(const CommClock& c);
  /// barrier(PIPE_ALL), and instructions that order everything (tpush, tpop, comm).
  void BarrierAll();
  void ReleaseBuffer(Site site, int pipe, int64_t id);
  void AcquireBuffer(Site site, int pipe, int64_t id);
  /// A VPTO vector scope starts or ends: its queues start after what the vector pipe has
  /// seen, and the pipe after it has seen all the scope did.
  void VectorScope(bool begin);
  /// mem_bar \a barrier ("VST_VLD", ...): the prior queues it names before the later ones.
  void MemBar(std::string_view barrier);
  /// Bytes [begin, end) of \a mem that the host filled before the kernel starts (tile
  /// arguments): written, before everything.
  void HostWrite(Memory mem, uint64_t begin, uint64_t end);
  /// A synchronisation instruction that cannot work where it is.
  void Misuse(Site site, std::string message);
  /// The kernel ended: flags set and never waited for, waits never satisfied. Frees the
  /// shadows, keeping what touches() says; once only.
  void Finish();

  const std::vector<Finding>& findings() const { return findings_; }
  /// The global buffers this core touched, by buffer: each run of bytes with whether this
  /// core wrote it and the instruction that did (or read it). After Finish.
  struct Touch {
    uint64_t begin, end;
    bool wrote;
    Site site;
    bool atomic;  ///< the write was an atomic update
  };
  const std::map<int, std::vector<Touch>>& touches() const { return touches_; }
  /// A core run apart: its logged accesses (Logs) by LogKey, in the order they were applied,
  /// and the far clocks they name; whether the log stopped at its cap (kMaxLogged).
  const std::map<int, std::vector<Logged>>& logged() const { return logged_; }
  const std::vector<FarClock>& fars() const { return fars_; }
  bool log_cut() const { return log_cut_; }
  /// The comm clocks logged accesses name (OrderedByComm), and this core's index (-1: none).
  const std::vector<CommClock>& comm_seens() const { return comm_seens_; }
  int comm_core() const { return comm_core_; }
  /// Frees the log (FindBlockRaces or FindCrossCoreRaces has compared it).
  void DropLog() {
    logged_.clear();
    std::vector<FarClock>().swap(fars_);
    std::vector<CommClock>().swap(comm_seens_);
  }
  /// The block core this is when its block runs apart (0 the cube, 1 + k vector core k), or -1.
  int core() const { return core_; }
  /// Which core this is, for reports of races between cores ("block 3, vector core 1").
  std::string label;
  int block = 0;  ///< the block's index in its launch
  /// Adds a finding made outside (races between cores), once per (at, other, kind).
  void AddFinding(const char* kind, Site at, Site other, std::string message, std::string note);
  /// "tstore" for the instruction at \a s.
  std::string Name(Site s) const;
  /// The tile instructions' evaluated accesses and repeats, per site (described_accesses.h).
  TileStepMemo& tile_steps() { return tile_steps_; }
  /// Changes whenever anything an access could meet or report changes: a cell of a shadow,
  /// a clock, a new finding, the cells renumbered. An instruction that runs again with the
  /// accesses of its last run, at the serial that run left, changes nothing and finds nothing
  /// new (a write's cell is its own again, a read adds the reader it holds; a finding already
  /// made is made once), so it need not reach the shadow (described_accesses.h).
  uint64_t StateSerial() const {
    return cells_.moves + clock_serial_ + reported_.size() + generation_;
  }
  /// Findings made so far (each once).
  size_t Reported() const { return reported_.size(); }
  /// Nothing waits to be applied before an access (held accesses, a batch) and no access is
  /// logged (cores run apart, blocks ordered by comm): the state is the shadows and clocks.
  bool Settled() const {
    return held_.empty() && batch_.spans.empty() && core_ < 0 && comm_core_ < 0;
  }

 private:
  struct Flag {
    bool pending = false;
    Clock snapshot{};
    FarClock far{};
    Site set_site;
    bool waiting = false;  ///< a wait came first: it takes the next set
    Site wait_site;
  };
  class Collector;
  Shadow& ShadowOf(const Place& p);
  /// Adds the finding make() gives as {message, note}, once per (at, other, kind): the text
  /// is made only for a new one.
  template <typename Make>
  void Report(const char* kind, Site at, Site other, Make&& make);
  void Join(int clock, const Clock& c);
  /// Join, and what \a far saw of the other cores of the block.
  void Join(int clock, const Clock& c, const FarClock& far);
  void JoinFar(int clock, const FarClock& far);
  /// The index in fars_ of what clock \a c has seen of the other cores (made on first use).
  uint32_t FarId(int c);
  /// FarId for access \a a on clock \a c when it is logged; 0 otherwise.
  uint32_t FarFor(const Access& a, int c) { return core_ >= 0 && Logs(a.place) ? FarId(c) : 0; }
  /// The index in comm_seens_ of what this core has seen of the others (made on first use).
  uint32_t CommSeenId();
  /// Whether accesses to \a p are logged: those to global memory, and to the on-chip memories
  /// the other cores reach (a vector core's UB, the cube core's L1), of a core run apart.
  bool Logs(const Place& p) const {
    if (comm_core_ >= 0 && p.global) return true;
    if (core_ < 0) return false;
    return p.global || p.owner >= 0 || (p.mem == (core_ == 0 ? Memory::kMat : Memory::kVec));
  }
  /// Others have seen clock \a c up to now: its later accesses start a new epoch.
  void Snapshot(int c);
  /// Clock \a later has seen all clock \a earlier has done and seen so far.
  void See(int later, int earlier);
  uint32_t Epoch(int c) const { return clock_[c][c]; }
  StepMemo& MemoOf(Site site, bool write);
  /// Access \a a on \a clock now, its values coming from loads \a loads_behind (Instruction).
  HeldAccess Stamp(Site site, int clock, uint32_t loads_behind, const Access& a);
  /// Holds back \a a, access \a index of its instruction (held_accesses.h): it waits until
  /// something else touches its bytes or the kernel ends, and the clocks that move meanwhile
  /// change nothing.
  void Defer(Site site, uint32_t index, int clock, uint32_t loads_behind, const Access& a);
  /// Logs access \a d of a core run apart or ordered by comm (logged()).
  void Log(const HeldAccess& d);
  /// Applies, in order, the held accesses up to the last that may touch \a a's bytes.
  void FlushOverlapping(const Access& a);
  void FlushAll();
  /// Applies access \a d to its shadow; what it finds goes to \a collect.
  void Apply(const HeldAccess& d, Collector& collect);
  /// Applies \a d and reports what it finds at its instruction.
  void ApplyAndReport(const HeldAccess& d);
  void ReportRace(Site site, const Conflict& c, bool write, int clock, const Place& place);
  /// "%a" for tile register \a tile of the function at \a site; "" for none.
  std::string TileName(Site site, int tile) const;
  void CollectCells();
  std::map<int, std::vector<Touch>> GlobalTouches() const;

  const Program& program_;
  bool races_ = false;
  unsigned pipes_used_ = 0;  ///< pipes with memory accesses (bit per pipe index)
  /// What each clock has seen of every clock; clock_[c][c] is c's own epoch (no other clock
  /// knows more of c than c itself).
  std::array<Clock, kClockCount> clock_{};
  /// Changes whenever a clock's row changes (Join, Snapshot): a held-back access made at the
  /// same version was made with the same view.
  std::array<uint32_t, kClockCount> version_{};
  uint32_t clock_serial_ = 0;  ///< changes with every version_ (ContinueSpan)
  int core_ = -1;
  /// What each clock has seen of the other cores of the block (RunsApart), the snapshots of it
  /// that logged accesses name (0: nothing seen), and each clock's current one (kNoFar: none yet).
  std::array<FarClock, kClockCount> far_{};
  static constexpr uint32_t kNoFar = ~0u;
  std::array<uint32_t, kClockCount> far_id_{};
  std::vector<FarClock> fars_{FarClock{}};
  static constexpr size_t kMaxLogged = size_t{1} << 22;
  /// OrderedByComm: this core in the launch, its comm epoch, what it has seen of the others,
  /// the snapshots of that logged accesses name and the current one's index, and the last
  /// release.
  int comm_core_ = -1;
  uint32_t comm_epoch_ = 1;
  CommClock comm_clock_, comm_release_;
  std::vector<CommClock> comm_seens_;
  uint32_t comm_seen_id_ = kNoFar;
  std::map<int, std::vector<Logged>> logged_;
  size_t logged_count_ = 0;
  bool log_cut_ = false;
  std::map<std::tuple<int, int, int64_t>, Flag> flags_;
  struct Token {
    Clock clock{};
    FarClock far{};
  };
  std::map<int64_t, Token> buffers_;  ///< released buffer tokens by id: what released them
  struct Signal {
    std::deque<Clock> sets;    ///< sets not yet taken, oldest first
    std::deque<int> waiting;   ///< pipes whose waits came first: they take the next sets
  };
  std::map<int64_t, Signal> signals_;
  CellTable cells_;
  size_t collect_at_ = size_t{1} << 12;  ///< cells_ size that triggers CollectCells
  uint32_t generation_ = 0;              ///< CollectCells runs so far (memo keys)
  struct SiteMemo {
    Site site;
    bool write = false;
    StepMemo memo;
  };
  std::vector<SiteMemo> memos_;  ///< direct-mapped by site
  HeldAccesses held_;
  TileStepMemo tile_steps_;
  /// A VPTO vector scope's vector loads and stores of UB between two changes of its queues'
  /// clocks (vector_batch.cc): each instruction's bytes merged into its span, with a bit per
  /// 32-byte granule of UB loaded and stored. No granule in a batch was loaded after it was
  /// stored, nor stored by a store that does not depend on the batch's loads after it was
  /// loaded, so applying all its loads and then all its stores finds what program order would.
  struct Batch {
    static constexpr size_t kMaxSpans = 64;
    /// What Batched reads of a span, in one cache line: its instruction and step, and its
    /// bytes as they grow (FlushBatch writes them back into its stamp in spans).
    struct Head {
      const void* function;
      uint32_t pc;
      uint32_t count;
      uint64_t begin, end, stride;
      uint32_t loads;
      int8_t clock;
      bool write;
    };
    std::vector<Head> heads;
    std::vector<HeldAccess> spans;  ///< their stamps (Stamp), by the heads' order
    std::array<int16_t, 4 * kMaxSpans> by_site;  ///< (site, load or store)'s span, or -1 (SpanSlot)
    std::vector<uint64_t> loaded, stored;  ///< a bit per 32-byte granule of UB
    /// The hulls of its loads' and its stores' bytes; the bits are set (bits) only once an
    /// access that could break the order meets the other's hull (MarkBits).
    struct Hull {
      uint64_t begin = ~uint64_t{0}, end = 0;
    };
    Hull loads, stores;
    bool bits = false;
    /// Each instruction's latest span (ContinueSpan), by code offset, valid while the batch
    /// keeps its serial (FlushBatch starts a new one).
    struct Lane {
      const void* function = nullptr;
      uint32_t serial = 0, clocks = 0;  ///< Batch::serial, and Sanitizer::clock_serial_
      int16_t head = -1;
    };
    std::vector<Lane> lanes;
    uint32_t serial = 1;
    uint64_t granules = 0;  ///< UB's, once the bits are made (Rebatch)
    /// The queues' versions it was made at (none at first: the first access makes the bits).
    uint32_t load_version = ~0u, store_version = ~0u;
    bool broken = false;  ///< an access at these versions broke its order (Batched)
    Batch() { by_site.fill(-1); }
  };
  Batch batch_;
  /// Takes vector access \a a (on \a clock, loads \a loads_behind behind) into the batch;
  /// false when it would break the batch's order (then FlushBatch and check it one by one).
  bool Batched(Site site, int clock, uint32_t loads_behind, const Access& a);
  /// Instruction for accesses the batch did not take (at least one).
  void Unbatched(Site site, int pipe, Queue queue, const std::vector<Access>& accesses,
                 bool recorded, uint32_t loads_behind);
  /// The batch's start at new clock versions: the old one flushed, the bits made.
  [[gnu::noinline]] void Rebatch();
  /// The slot of by_site for the span of \a site's loads or stores: its latest, or an empty
  /// slot (-1).
  int16_t& SpanSlot(Site site, bool write);
  /// Starts a span for \a a in the batch (it has room), kept in \a slot (SpanSlot).
  [[gnu::noinline]] void NewSpan(int16_t& slot, Site site, int clock, uint32_t loads_behind,
                                 const Access& a);
  void FlushBatch();
  /// Sets the batch's bits for the spans it holds (Batch::bits).
  [[gnu::noinline]] void MarkBits();
  /// A flushed batch's spans of one direction and step. Their bytes meet the shadow as one
  /// access (ApplyBatch), under the site {this, id}, which the cells keep; reports name the
  /// spans again (ForSpansOf, Collector).
  struct BatchRecord {
    std::vector<std::pair<Site, Access>> spans;
  };
  std::unordered_map<uint32_t, BatchRecord> records_;  ///< by id; the cells' ones (CollectCells)
  uint32_t next_record_ = 0;
  std::vector<Access> scratch_, joined_;  ///< ApplyBatch's spans, and them joined
  /// Applies \a spans (a flushed batch) to the shadow: per step, the union of their bytes.
  void ApplyBatch(const std::vector<HeldAccess>& spans);
  /// Calls f(site, b, e) for \a site, or for each span of the batch record it names, with the
  /// hull [b, e) of its bytes in [lo, hi).
  template <typename F>
  void ForSpansOf(Site site, uint64_t lo, uint64_t hi, F&& f) const {
    if (site.function != this) return f(site, lo, hi);
    const auto r = records_.find(site.pc);
    if (r == records_.end()) return;
    for (const auto& [at, a] : r->second.spans) {
      uint64_t b, e;
      if (ClipAccess(a, lo, hi, &b, &e)) f(at, b, e);
    }
  }
  std::vector<uint32_t> loads_behind_;  ///< by register slot (LoadsBehind)
  std::array<std::unique_ptr<Shadow>, kMemoryCount> local_;
  std::map<int, std::unique_ptr<Shadow>> global_;
  std::vector<Finding> findings_;
  bool strict_ = false;
  bool finished_ = false;
  std::map<int, std::vector<Touch>> touches_;
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
