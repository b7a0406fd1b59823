// Types as the assembler understands them: scalars, tiles, global pointers and views, and
// opaque types it only carries (events, pipes).
#ifndef PTO_ASM_TYPE_PARSER_H_
#define PTO_ASM_TYPE_PARSER_H_

#include <cstdint>
#include <string>
#include <vector>

#include "pto/asm/context.h"
#include "pto/common/dtype.h"
#include "pto/common/program.h"
#include "pto/common/tile_type.h"

namespace pto::assembler {

enum class TypeKind {
  kInvalid,
  kScalar,         ///< index, i1..i64, ui8..ui64, f16, bf16, f32, f64.
  kTile,           ///< !pto.tile<...>, !pto.tile_buf<...>.
  kMultiTile,      ///< !pto.multi_tile_buf<...>: \a count slots of the tile type \a tile.
  kPointer,        ///< !pto.ptr<T>.
  kTensorView,     ///< !pto.tensor_view<d0x...xT>.
  kPartitionView,  ///< !pto.partition_tensor_view<d0x...xT>.
  kMemref,         ///< memref<RxCxT>, !pto.memref<RxCxT>: a synchronous-form global argument.
  kLocalArray,     ///< !pto.local_array<NxT>: a core-local array of scalars.
  kVReg,           ///< !pto.vreg<NxT>: a vector register (N x sizeof(T) = 256 bytes).
  kMask,           ///< !pto.mask<b8|b16|b32>: a mask register; granule says which.
  kAlign,          ///< !pto.align: an unaligned load or store stream's state.
  kLVec,           ///< !pto.vmi.vreg<LxT>: a VMI logical vector of \a lanes elements.
  kLMask,          ///< !pto.vmi.mask<LxG>: a VMI logical mask of \a lanes predicates.
  kHandle,         ///< !pto.pipe, !pto.async_session, ...: known when assembled (HandleKind).
  kOpaque,         ///< Anything else: kept as text.
};

/// The handles of PTOAS v0.60 that name assembly-time things, not data: a pipe made by
/// initialize_l2l_pipe / initialize_l2g2l_pipe, and the async DMA session, event and prefetch
/// context of the comm ops (ptorun completes each transfer when its instruction runs).
enum class HandleKind : uint8_t { kPipe, kAsyncSession, kAsyncEvent, kPrefetchContext };

struct Type {
  TypeKind kind = TypeKind::kInvalid;
  HandleKind handle = HandleKind::kPipe;  ///< kHandle.
  DType dtype = DType::kInvalid;  ///< Scalar type, or element type of tiles and views.
  TileType tile;                  ///< kTile.
  std::vector<int64_t> shape;     ///< Views and memrefs; kDynamic for '?'.
  std::string text;               ///< Spelling, for messages.
  /// kPointer: where it points. GM pointers are views; the others (ub, l1, l0a, ...) are
  /// byte addresses in that on-chip memory, held in an i64 scalar register.
  bool local = false;
  Memory mem = Memory::kVec;
  uint8_t granule = 0;  ///< kMask: bytes per predicate lane (1, 2, 4); kLMask: also 0 (pred).
  int32_t lanes = 0;    ///< kLVec, kLMask: the logical lane count L.
  uint8_t lvec_flags = 0;  ///< kLVec: LVecFlags (common/program.h).
  int32_t count = 0;    ///< kMultiTile: its slots.
  /// A packed SIMT pair (vector<2xf16>, !pto.hif8x2, micro-isa 17): its element type; the
  /// value is a scalar of its bits (dtype ui16, ui32 or ui64), element 0 in the low bits. For a
  /// pointer, the same of its element.
  DType packed = DType::kInvalid;

  /// A pointer into an on-chip memory (!pto.ptr<T, ub>).
  bool IsLocalPointer() const { return kind == TypeKind::kPointer && local; }

  bool IsTile() const { return kind == TypeKind::kTile; }
  bool IsScalar() const { return kind == TypeKind::kScalar; }
  bool IsView() const {
    return (kind == TypeKind::kPointer && !local) || kind == TypeKind::kTensorView ||
           kind == TypeKind::kPartitionView || kind == TypeKind::kMemref;
  }
};

/// The slots a multi_tile_buf may have (PTOAS v0.60's verifier).
constexpr int64_t kMinMultiTileSlots = 2, kMaxMultiTileSlots = 16;

Type ScalarType(DType dtype);

/// The elements of a local array type (the product of its static sizes).
int64_t LocalArrayElements(const Type& type);

/// Parses the type term at the start of \a items; sets \a consumed to the number of items
/// used. Reports malformed PTO types and returns false; unknown types become kOpaque.
bool ParseType(Context& ctx, ItemSpan items, Type* type, size_t* consumed);
/// Parses \a items as exactly one type.
bool ParseWholeType(Context& ctx, ItemSpan items, Type* type);

/// An operation's type signature: "T", "T, U", "T -> U", "(T, U) -> V", "(T) -> (U, V)".
struct Signature {
  std::vector<Type> inputs;
  std::vector<SourceRange> input_ranges;
  std::vector<Type> results;
  std::vector<SourceRange> result_ranges;
  bool has_arrow = false;
};
bool ParseSignature(Context& ctx, ItemSpan items, Signature* signature);

/// Splits "16x16xf32", "?x32", "4xi16" into dimensions (kDynamic for '?') and an optional
/// element type. Returns false if malformed.
bool ParseDims(std::string_view text, std::vector<int64_t>* dims, DType* dtype);
/// !pto.vmi.vreg<LxT> and !pto.vmi.mask<LxG> (asm/vmi_type_parser.cc): the parameters in
/// \a group.
bool ParseLVecType(Context& ctx, const Item& group, Type* type);
/// The spelling of a VMI register's type, which ParseType reads back: "!pto.vmi.vreg<64xsi32>",
/// "!pto.vmi.mask<64xpred>".
std::string LVecTypeText(const LVecReg& reg);
std::string LMaskTypeText(const LMaskReg& reg);
/// The spelling of a vector or mask register's type: "!pto.vreg<64xf32>", "!pto.mask<b32>".
std::string VRegTypeText(const VRegReg& reg);
std::string MaskTypeText(const MaskReg& reg);
bool ParseLMaskType(Context& ctx, const Item& group, Type* type);

}  // namespace pto::assembler

#endif  // PTO_ASM_TYPE_PARSER_H_
