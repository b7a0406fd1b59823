// The in-memory form of a bytecode program: what the assembler builds, the writer serialises,
// the reader rebuilds and the interpreter runs. docs/bytecode.md describes the file layout.
#ifndef PTO_COMMON_PROGRAM_H_
#define PTO_COMMON_PROGRAM_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "pto/common/arch.h"
#include "pto/common/dtype.h"
#include "pto/common/isa/operand_kinds.h"
#include "pto/common/tile_type.h"

namespace pto {

/// What a function parameter is. Values are part of the bytecode format.
enum class ParamKind : uint8_t {
  kPointer = 1,  ///< !pto.ptr<T>: a global buffer, held in a view register.
  kScalar = 2,   ///< index, iN, fN: a scalar register.
  kTile = 3,     ///< Synchronous-form .arg tile: the tile register, filled from a file.
  kMemref = 4,   ///< Synchronous-form .arg memref<RxCxT>: a 2-D global buffer in a view register.
  kLVec = 5,     ///< !pto.vmi.vreg<LxT> of a private function: a VMI vector register, copied.
  kLMask = 6,    ///< !pto.vmi.mask<LxG> of a private function: a VMI mask register, copied.
  kVReg = 7,     ///< !pto.vreg<NxT> of a called function: a vector register, copied.
  kMask = 8,     ///< !pto.mask<bG> of a called function: a mask register, copied.
};
/// The largest ParamKind value (the bytecode reader's range check).
constexpr uint8_t kLastParamKind = 8;

/// The register file a parameter of kind \a k is passed in.
constexpr RegClass ParamRegClass(ParamKind k) {
  switch (k) {
    case ParamKind::kScalar:
      return RegClass::kScalar;
    case ParamKind::kTile:
      return RegClass::kTile;
    case ParamKind::kPointer:
    case ParamKind::kMemref:
      return RegClass::kView;
    case ParamKind::kLVec:
      return RegClass::kLVec;
    case ParamKind::kLMask:
      return RegClass::kLMask;
    case ParamKind::kVReg:
      return RegClass::kVReg;
    case ParamKind::kMask:
      return RegClass::kMask;
  }
  return RegClass::kNone;
}

struct Param {
  ParamKind kind = ParamKind::kScalar;
  DType dtype = DType::kInvalid;  ///< Element type (pointer, memref) or scalar type.
  uint32_t reg = 0;               ///< Register of the class the kind implies.
  uint32_t name = 0;              ///< String index of the source name ("arg0", "src").
  std::vector<int64_t> shape;     ///< Memref only: static shape, outermost first.
};

/// Limits of a function's core-local scalar arrays (pto.declare_local_array).
constexpr uint32_t kMaxLocalArrays = 4096;
constexpr uint32_t kMaxLocalArrayElements = 1u << 20;

/// Address of a tile register that no instruction has bound yet.
constexpr uint32_t kUnboundAddress = 0xffffffffu;

/// A tile register: its static type and its state when the function starts.
struct TileReg {
  TileType type;
  uint32_t addr = kUnboundAddress;  ///< Byte address in the tile's memory.
  int32_t valid_rows = 0;           ///< Initial valid shape (the type's, when static).
  int32_t valid_cols = 0;
  uint32_t name = 0;
};

struct ViewReg {
  DType dtype = DType::kInvalid;  ///< Element type of the global memory it points into.
  uint32_t name = 0;
};

/// How a VMI element type is spelled, where the DType alone does not say: a signless integer
/// (i32, not si32 or ui32), or a bf16 pair (!pto.bf16x2, stored as a u32).
enum LVecFlags : uint8_t {
  kLVecSignless = 1,
  kLVecBf16Pair = 2,
};
/// The lanes a VMI register may hold (PTOAS accepts any positive count in its internal IR;
/// the public surface names 1 to 256) and the bytes it may span.
constexpr int kMaxLogicalLanes = 4096;
constexpr int kMaxLogicalBytes = 16384;

/// A VMI logical vector (!pto.vmi.vreg<LxT>): \a lanes elements of \a dtype.
struct LVecReg {
  DType dtype = DType::kInvalid;
  uint8_t flags = 0;  ///< LVecFlags
  uint16_t lanes = 0;
  uint32_t name = 0;
  int Bytes() const { return lanes * DTypeSize(dtype); }
};

/// A VMI logical mask (!pto.vmi.mask<LxG>): one predicate per lane. \a granule is the bytes
/// a lane's element has when the type says so (b8, b16, b32), else 0 (pred).
struct LMaskReg {
  uint16_t lanes = 0;
  uint8_t granule = 0;
  uint32_t name = 0;
};

/// A vector register (VPTO !pto.vreg<NxT>): 256 bytes holding N elements of \a dtype.
struct VRegReg {
  DType dtype = DType::kInvalid;
  uint32_t name = 0;
};

/// A mask register (!pto.mask<bG>): one predicate bit per vector byte; a lane of G bits owns
/// G/8 bits and its lowest one decides. \a granule is G/8: 1, 2 or 4.
struct MaskReg {
  uint8_t granule = 1;
  uint32_t name = 0;
};

/// An align register (!pto.align): the buffered bytes of an unaligned load or store stream.
struct AlignReg {
  uint32_t name = 0;
};

/// The bytes of a vector register and the bits of a mask register.
constexpr int kVectorBytes = 256;

/// A scalar register that holds a constant from the start of the function.
struct ConstInit {
  uint32_t reg = 0;
  uint64_t bits = 0;  ///< int64 two's complement for integer registers, double bits for floats.
};

/// Maps the instruction starting at \a code_offset to its source position.
struct LineEntry {
  uint32_t code_offset = 0;
  uint32_t file = 0;  ///< String index of the source file name.
  uint32_t line = 0;
  uint32_t col = 0;
};

/// Which core a function runs on (`pto.kernel_kind`). Values are part of the bytecode format.
enum class KernelKind : uint8_t {
  kAny = 0,     ///< No kind given: runs wherever it is called.
  kCube = 1,    ///< The cube core (AIC).
  kVector = 2,  ///< The vector cores (AIV).
};

/// No function: Function::peer of a function without a partner.
constexpr uint32_t kNoFunction = 0xffffffffu;

struct Function {
  uint32_t name = 0;
  KernelKind kind = KernelKind::kAny;
  /// Visible to other files when linking (func.func without `private`).
  bool is_public = true;
  /// Has a body. In objects, a function without one is an import (`func.func private @f(...)`
  /// with no body); executables define every function.
  bool defined = true;
  /// Carries `pto.entry`: the linker makes it the program's entry.
  bool marked_entry = false;
  /// Carries `pto.simt_entry`: a call runs it once per workitem of the launch (interp/register/
  /// simt_launch.cc).
  bool simt_entry = false;
  /// The PTOAS backend its module is built for (pto.backend, else ptoas --pto-backend): how its
  /// instructions compute where PTOAS's backends differ (docs/semantics.md).
  Backend backend = Backend::kEmitC;
  /// Where the func.func is written (string index of the file, 1-based line and column; line
  /// 0 when unknown), for link errors.
  uint32_t def_file = 0;
  uint32_t def_line = 0;
  uint32_t def_col = 0;
  /// The function of the other core kind that runs beside this one on the same arguments: the
  /// one it exchanges tiles with through pipes (named by pto.import_reserved_buffer's
  /// peer_func) or its other variant (KernelVariantName); else kNoFunction.
  uint32_t peer = kNoFunction;
  std::vector<Param> params;
  std::vector<DType> results;  ///< Types of the scalar values the function returns.
  // The register files (common/isa/register_classes.def): scalar_regs holds the type of each
  // scalar register, tiles and views the description of each tile and view register.
#define PTO_REG_CLASS(Name, Noun, Record, Field, Prefix, RecordBytes) std::vector<Record> Field;
#include "pto/common/isa/register_classes.def"
#undef PTO_REG_CLASS
  std::vector<ConstInit> consts;
  std::vector<uint32_t> code;  ///< Instruction words; see common/isa/encoding.h.
  std::vector<LineEntry> lines;

  /// The number of registers of class \a c (0 for RegClass::kNone).
  size_t RegisterCount(RegClass c) const {
    switch (c) {
#define PTO_REG_CLASS(Name, Noun, Record, Field, Prefix, RecordBytes) \
  case RegClass::k##Name:                                       \
    return Field.size();
#include "pto/common/isa/register_classes.def"
#undef PTO_REG_CLASS
      case RegClass::kNone:
        break;
    }
    return 0;
  }
};

/// Calls use(index) for every string index \a f holds (a reference, so callers may rewrite
/// them), in file order: its name and source file, its parameters' names, its registers'
/// names, its line table's files.
template <typename FunctionT, typename Use>
void ForEachStringIndex(FunctionT& f, Use&& use) {
  use(f.name);
  use(f.def_file);
  for (auto& p : f.params) use(p.name);
  auto record_name = [&](auto& record) {
    if constexpr (requires { record.name; }) use(record.name);
  };
#define PTO_REG_CLASS(Name, Noun, Record, Field, Prefix, RecordBytes) \
  for (auto& record : f.Field) record_name(record);
#include "pto/common/isa/register_classes.def"
#undef PTO_REG_CLASS
  for (auto& l : f.lines) use(l.file);
}

struct Program {
  Arch arch = Arch::kA2A3;
  /// A relocatable object (`ptoas -c`): it may declare functions it does not define, and its
  /// call operands and peer fields index its own function table until linked.
  bool is_object = false;
  uint32_t entry = 0;  ///< Index of the entry function (executables).
  std::vector<std::string> strings;
  std::vector<Function> functions;

  /// Index of \a text in the string pool, adding it if new.
  uint32_t Intern(std::string_view text);
  const std::string& String(uint32_t index) const { return strings[index]; }

 private:
  std::unordered_map<std::string, uint32_t> string_index_;
};

/// The name of kernel \a base's variant of kind \a kind in VPTO's container form:
/// NAME_mix_aic (cube) or NAME_mix_aiv (vector), as the hardware names a mixed kernel's halves.
std::string KernelVariantName(std::string_view base, KernelKind kind);
/// A memref parameter's shape and element type as MLIR writes them: "?x16xf32".
std::string ParamShapeText(const Param& p);
/// NAME if \a f is a variant of kernel NAME (named KernelVariantName(NAME, f.kind), its peer the
/// other variant), else empty: what --entry NAME picks.
std::string_view KernelVariantBase(const Program& program, const Function& f);

}  // namespace pto

#endif  // PTO_COMMON_PROGRAM_H_
