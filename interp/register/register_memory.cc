#include "pto/interp/register/register_memory.h"

#include "pto/common/strings.h"
#include "pto/interp/vm/tools.h"

namespace pto::interp::reg {

namespace {

// An access of \a use as a memory event (vm/tools.h). An update is recorded once, as a write: a
// write is flagged against every unordered earlier read and write, which covers what its read
// would be flagged against. exact is false for it as for a plain read: the layer's reads are
// not checked for initialisation (LocalBytesIn), and an update's read is one.
void Record(Executor& ex, Place place, int64_t begin, int64_t bytes, Use use) {
  Access a = BytesAccess(place, begin, bytes, use != Use::kRead, use == Use::kWrite);
  // A global update is an atomic one (SIMT atomics, fixpipe's atomic writes): those of two
  // cores to the same bytes do not race.
  a.atomic = place.global && use == Use::kUpdate;
  RecordAccess(ex.core(), a);
}

}  // namespace

bool LocalBytes(Executor& ex, Memory mem, int64_t addr, int64_t bytes, int64_t align, Use use,
                const char* what, uint8_t** out) {
  return LocalBytesIn(ex, ex.local(), mem, addr, bytes, align, use, what, out);
}

LocalMemory& CoreMemories(Executor& ex, Memory mem, int64_t subblock) {
  Core& core = ex.core();
  if (!core.block_cores[0]) return core.local;
  if (mem != Memory::kVec) return core.block_cores[0]->local;
  if (core.kind == CoreKind::kVector) return core.local;
  return core.block_cores[1 + subblock]->local;
}

bool LocalBytesIn(Executor& ex, LocalMemory& where, Memory mem, int64_t addr, int64_t bytes,
                  int64_t align, Use use, const char* what, uint8_t** out) {
  const int64_t capacity = MemoryCapacity(ex.program().arch, mem);
  if (addr < 0 || bytes < 0 || addr > capacity - bytes) {
    return ex.Fault(StrCat(what, " ", MemoryHardwareName(mem), " bytes [", addr, ", ",
                           Address(addr, bytes), "), outside the ", capacity / 1024, " KiB of ",
                           MemoryHardwareName(mem)));
  }
  if (align > 1 && addr % align != 0) {
    return ex.Fault(StrCat(what, " ", MemoryHardwareName(mem), " address ", addr,
                           ", which is not ", align, "-byte aligned"));
  }
  *out = where.At(mem, static_cast<uint32_t>(addr));
  if (ex.core().recording) [[unlikely]] {
    // The register layer's reads are not checked for initialisation: a vector load takes a
    // whole register whose unused lanes may hold anything.
    if (&where == &ex.local()) {
      Record(ex, Place{.mem = mem}, addr, bytes, use);
    } else {
      const auto& cores = ex.core().block_cores;
      for (int c = 0; c < static_cast<int>(cores.size()); ++c) {
        if (cores[c] && &cores[c]->local == &where) {
          // Another core's memory (a cube-side copy into a vector core's UB).
          RecordAccess(ex.core(), BytesAccess({.mem = mem, .owner = c}, addr, bytes,
                                              use != Use::kRead, false));
        }
      }
    }
  }
  return true;
}

bool GlobalBytes(Executor& ex, uint32_t view, int64_t byte, int64_t bytes, Use use,
                 const char* what, uint8_t** out) {
  const ViewState* v;
  if (!ex.View(view, &v)) return false;
  GlobalBuffer& buf = ex.globals()[v->buffer];
  const int64_t start = Address(byte, v->offset, DTypeSize(ex.function().views[view].dtype));
  const int64_t size = static_cast<int64_t>(buf.bytes.size());
  if (start < 0 || bytes < 0 || start > size - bytes) {
    return ex.Fault(StrCat(what, " bytes [", start, ", ", Address(start, bytes), ") of ", buf.name,
                           ", which holds ", size, " bytes"));
  }
  *out = buf.bytes.data() + start;
  if (ex.core().recording) [[unlikely]] {
    Record(ex, Place{.global = true, .buffer = v->buffer}, start, bytes, use);
  }
  return true;
}

}  // namespace pto::interp::reg
