#include "pto/common/arch.h"

namespace pto {

namespace {

struct MemoryInfo {
  const char* name;
  const char* pointer_word;  ///< !pto.ptr<T, word>'s short spelling
  const char* hardware;
  uint32_t a2a3_bytes;
  uint32_t a5_bytes;
};

constexpr MemoryInfo kMemories[kMemoryCount] = {
    {"vec", "ub", "UB", 192 * 1024, 256 * 1024},
    {"mat", "l1", "L1", 512 * 1024, 512 * 1024},
    {"left", "l0a", "L0A", 64 * 1024, 64 * 1024},
    {"right", "l0b", "L0B", 64 * 1024, 64 * 1024},
    {"acc", "l0c", "L0C", 128 * 1024, 256 * 1024},
    {"bias", "bt", "bias table", 1024, 4 * 1024},
    // PTOAS v0.60 plans the scaling memory as large as UB (192 KB, 248 KB) and takes scaling
    // tiles beyond the fixpipe buffer's 2 KB / 4 KB (pto-isa); we follow PTOAS.
    {"scaling", "fb", "scaling buffer", 192 * 1024, 248 * 1024},
};

}  // namespace

const char* ArchName(Arch arch) { return arch == Arch::kA5 ? "a5" : "a2a3"; }

const char* BackendName(Backend backend) { return backend == Backend::kVpto ? "vpto" : "emitc"; }

bool ParseBackend(std::string_view name, Backend* backend) {
  if (name != "emitc" && name != "vpto") return false;
  *backend = name == "vpto" ? Backend::kVpto : Backend::kEmitC;
  return true;
}

bool ParseArch(std::string_view name, Arch* arch) {
  if (name == "a2a3" || name == "a3" || name == "a2") {
    *arch = Arch::kA2A3;
    return true;
  }
  if (name == "a5") {
    *arch = Arch::kA5;
    return true;
  }
  return false;
}

const char* MemoryName(Memory mem) { return kMemories[static_cast<int>(mem)].name; }

const char* MemoryHardwareName(Memory mem) { return kMemories[static_cast<int>(mem)].hardware; }

const char* MemoryPointerWord(Memory mem) { return kMemories[static_cast<int>(mem)].pointer_word; }

bool ParsePointerSpace(std::string_view word, Memory* mem) {
  for (int i = 0; i < kMemoryCount; ++i) {
    if (word == kMemories[i].pointer_word || word == kMemories[i].name) {
      *mem = static_cast<Memory>(i);
      return true;
    }
  }
  return false;
}

bool ParseMemory(std::string_view name, Memory* mem) {
  for (int i = 0; i < kMemoryCount; ++i) {
    if (name == kMemories[i].name) {
      *mem = static_cast<Memory>(i);
      return true;
    }
  }
  return false;
}

uint32_t MemoryCapacity(Arch arch, Memory mem) {
  const MemoryInfo& info = kMemories[static_cast<int>(mem)];
  return arch == Arch::kA5 ? info.a5_bytes : info.a2a3_bytes;
}

}  // namespace pto
