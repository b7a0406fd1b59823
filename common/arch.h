// Target architectures and their on-chip memories.
#ifndef PTO_COMMON_ARCH_H_
#define PTO_COMMON_ARCH_H_

#include <cstdint>
#include <string_view>

namespace pto {

/// Target architecture. Values are part of the bytecode format.
enum class Arch : uint8_t {
  kA2A3 = 1,  ///< Ascend 910B/910C (Atlas A2/A3).
  kA5 = 2,    ///< Ascend 950.
};

/// On-chip memories a tile can live in (the tile's "loc"). Values are part of the bytecode.
enum class Memory : uint8_t {
  kVec = 0,      ///< UB, unified buffer.
  kMat = 1,      ///< L1.
  kLeft = 2,     ///< L0A.
  kRight = 3,    ///< L0B.
  kAcc = 4,      ///< L0C.
  kBias = 5,     ///< Bias table.
  kScaling = 6,  ///< Fixpipe scaling buffer.
};
constexpr int kMemoryCount = 7;

const char* ArchName(Arch arch);

/// Which of PTOAS's code generators a kernel was built with (ptoas --pto-backend). They compute
/// the same but where PTOAS v0.60's VPTO TileLib templates differ from pto-isa, the emitc
/// backend's implementation (docs/semantics.md, "PTOAS's backends"). Values are part of the
/// bytecode (its meta flags).
enum class Backend : uint8_t {
  kEmitC = 0,  ///< pto-isa's implementation of each instruction (PTOAS's default)
  kVpto = 1,   ///< PTOAS's VPTO TileLib templates (--pto-backend=vpto)
};
const char* BackendName(Backend backend);
/// Accepts "emitc" and "vpto". Returns false if unknown.
bool ParseBackend(std::string_view name, Backend* backend);
/// Accepts "a2a3", "a3", "a2" and "a5". Returns false if unknown.
bool ParseArch(std::string_view name, Arch* arch);

/// PTOAS spelling of a memory: "vec", "mat", "left", ...
const char* MemoryName(Memory mem);
/// Hardware name for messages: "UB", "L1", "L0A", ...
const char* MemoryHardwareName(Memory mem);
bool ParseMemory(std::string_view name, Memory* mem);
/// The short word of an on-chip memory in !pto.ptr<T, word>: "ub", "l1", "l0a", ...
const char* MemoryPointerWord(Memory mem);
/// An on-chip pointer's address space: its short word or its PTOAS name ("l1" or "mat"), as
/// PTOAS v0.60's pointer parser takes both.
bool ParsePointerSpace(std::string_view word, Memory* mem);

/// Capacity in bytes of \a mem on \a arch (isa.md 1.1).
uint32_t MemoryCapacity(Arch arch, Memory mem);

/// Every tile address must be a multiple of this many bytes.
constexpr uint32_t kTileAlignment = 32;

/// The alignment PTOAS v0.60 requires of a tile address written as a constant (and gives the
/// tiles it places): 512 bytes in L0A, L0B and L0C, kTileAlignment elsewhere. An address found
/// at run time (tassign of a computed value) need only be kTileAlignment-aligned, as pto-isa's
/// TASSIGN requires.
constexpr uint32_t ConstantAddressAlignment(Memory mem) {
  return mem == Memory::kLeft || mem == Memory::kRight || mem == Memory::kAcc ? 512
                                                                               : kTileAlignment;
}

}  // namespace pto

#endif  // PTO_COMMON_ARCH_H_
