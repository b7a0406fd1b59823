// Builds one bytecode function: the SSA value table, register allocation, constants, code and
// the line table.
#ifndef PTO_ASM_FUNCTION_BUILDER_H_
#define PTO_ASM_FUNCTION_BUILDER_H_

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "pto/asm/context.h"
#include "pto/asm/pipe_facts.h"
#include "pto/asm/type_parser.h"
#include "pto/common/isa/opcode.h"
#include "pto/common/program.h"

namespace pto::assembler {

/// Which register file a value lives in: one of the register classes
/// (common/isa/register_classes.def), or a value the assembler keeps without a register.
enum class ValueClass {
  kNone,
#define PTO_REG_CLASS(Name, ...) k##Name,
#include "pto/common/isa/register_classes.def"
#undef PTO_REG_CLASS
  kLocalArray,  ///< reg is the function's local-array slot, not a register.
  kConfig,      ///< A !pto.fmatrix_config: reg indexes FunctionBuilder::fmatrix_configs().
  kEvent,       ///< A !pto.event parameter: no storage (every instruction has finished).
  kMultiTile,   ///< A !pto.multi_tile_buf: reg is the tile register of its slots' storage.
  kHandle,      ///< A pipe, async session, async event or prefetch context (type.handle): known
                ///< when assembled; for a pipe, reg indexes pipe_facts().inits.
};

/// The value class of registers of class \a c.
constexpr ValueClass ValueClassOf(RegClass c) {
  switch (c) {
#define PTO_REG_CLASS(Name, ...) \
  case RegClass::k##Name:        \
    return ValueClass::k##Name;
#include "pto/common/isa/register_classes.def"
#undef PTO_REG_CLASS
    case RegClass::kNone:
      break;
  }
  return ValueClass::kNone;
}

/// The settings a !pto.fmatrix_config holds, by attribute name (asm/lowering/img2col_lowering.cc); they
/// are known at assembly time and become the immediates of the instructions that use them.
using FmatrixConfig = std::map<std::string, uint32_t, std::less<>>;

/// An SSA value of the source.
struct Value {
  Type type;
  ValueClass cls = ValueClass::kNone;
  uint32_t reg = 0;
  bool is_const = false;  ///< Scalar with a value known at assembly time.
  int64_t int_value = 0;
  double real_value = 0;
  /// A UB pointer (!pto.ptr<T, ub>) whose byte address is known at assembly time (castptr of a
  /// constant, addptr of such a pointer and a constant), for static alignment checks; else -1.
  int64_t local_address = -1;
  SourceRange def;

  /// The constant as a double (integers converted).
  double ConstAsDouble() const { return IsFloat(type.dtype) ? real_value : int_value; }
};

/// The scalar register type of a pointer into an on-chip memory (!pto.ptr<T, ub>): its byte
/// address.
constexpr DType kLocalPointerDType = DType::kI64;

/// How a tile register gets its address, for placement.
struct TileBinding {
  SourceRange def;
  bool static_address = false;  ///< Address fixed at assembly time (tassign/alloc_tile addr).
  bool runtime_address = false;  ///< Some instruction binds it at run time.
  /// The storage of a multi-buffer tile: alloc_multi_tile's valid_row / valid_col registers,
  /// which every slot multi_tile_get takes has (kNoOperand: the slot type's own).
  uint32_t slot_valid[2] = {kNoOperand, kNoOperand};
  /// A tile that is another's bytes (a subview, treshape or bitcast of it): the tile it comes
  /// from in the end, and where in that tile's bytes it lies when known (for no-alias checks).
  uint32_t root = kNoOperand;
  bool range_known = false;
  uint64_t root_offset = 0, bytes = 0;
};

/// A pto.reserve_buffer: bytes of one memory set aside for a pipe's slots. Its address is the
/// value of the scalar constant whose ConstInit is function().consts[const_index].
struct BufferReservation {
  std::string name;
  Memory mem = Memory::kVec;
  uint32_t size = 0;
  bool automatic = true;  ///< Placed by the assembler; otherwise at \a addr.
  uint32_t addr = 0;
  size_t const_index = 0;
  SourceRange def;
};

/// A pto.import_reserved_buffer: the address of a buffer another function reserves, filled in
/// once every function is placed.
struct BufferImport {
  std::string name;
  std::string peer;  ///< The reserving function, without '@'.
  size_t const_index = 0;
  SourceRange def;
};

class FunctionBuilder {
 public:
  FunctionBuilder(Context& ctx, Program& program, Function& function);

  Context& ctx() { return ctx_; }
  Program& program() { return program_; }
  Function& function() { return function_; }

  /// The statement being lowered: where a register, code or local-array limit crossed by what
  /// it makes is reported (asm/format_limits.h).
  SourceRange statement() const { return statement_; }
  void set_statement(SourceRange range) { statement_ = range; }

  /// Defines %name (result \a index of a multi-result op, or -1). Reports redefinitions.
  bool Define(const Item& name, Value value, int index = -1);
  /// The value \a item refers to (%name or %name#N); reports undefined names.
  const Value* Lookup(const Item& item);
  /// Marks %name as the result of a statement that failed: later uses fail without another
  /// message (the first error is the one to fix).
  void Poison(const Item& name);
  /// Lookup without reporting.
  const Value* Find(std::string_view name, int index) const;
  /// Names defined between PushScope and PopScope (a region's body) are gone after PopScope.
  /// Each scope is a block of its own (block()).
  void PushScope() {
    scopes_.emplace_back();
    blocks_.push_back(++block_count_);
  }
  void PopScope();
  /// The region block being lowered: 0 for the function body, a number of its own for each
  /// region body (PTOAS's rules that ask for two statements in one block).
  uint32_t block() const { return blocks_.empty() ? 0 : blocks_.back(); }

  uint32_t NewScalar(DType dtype);
  /// A new scalar register of type \a dtype, as a value.
  Value NewScalarValue(DType dtype);
  uint32_t NewTile(const TileType& type, std::string_view name, SourceRange def);
  uint32_t NewView(DType dtype, std::string_view name);
  /// Register-layer registers (VPTO): a vector of \a dtype lanes, a mask of \a granule bytes
  /// per lane, an align register.
  uint32_t NewVReg(DType dtype, std::string_view name);
  /// A VMI logical vector or mask register of \a type (kLVec, kLMask).
  uint32_t NewLVec(const Type& type, std::string_view name);
  uint32_t NewLMask(const Type& type, std::string_view name);
  uint32_t NewMask(uint8_t granule, std::string_view name);
  uint32_t NewAlign(std::string_view name);
  /// The next local-array slot of the function.
  uint32_t NewLocalArray();
  /// A register holding the constant; equal constants share one register.
  uint32_t IntConstant(DType dtype, int64_t value);
  uint32_t FloatConstant(DType dtype, double value);
  /// A register of its own holding a constant that is filled in later (through
  /// function().consts[*const_index]).
  uint32_t LateConstant(DType dtype, size_t* const_index);
  /// A constant scalar value (not bound to any name).
  Value ConstantValue(DType dtype, int64_t int_value, double real_value);

  /// Appends an instruction; \a where becomes its line-table position. Returns its offset.
  uint32_t Emit(Opcode op, std::vector<uint32_t> operands, SourceRange where);
  /// Records that tile \a reg is bytes of tile \a src: \a bytes of them from \a offset (unknown
  /// when \a offset is null).
  void DeriveTile(uint32_t reg, uint32_t src, const uint64_t* offset, uint64_t bytes);
  /// Whether tiles \a a and \a b are known, overlapping bytes of one tile (its \a root).
  bool SharedBytes(uint32_t a, uint32_t b, uint32_t* root) const;
  std::string AliasProblem(uint32_t a, uint32_t b) const;
  /// Refuses an instruction of kFlagOperandsNoAlias two of whose tiles overlap (AliasProblem).
  void CheckNoAlias(Opcode op, const std::vector<uint32_t>& operands, SourceRange where);
  /// Code offset the next instruction will get.
  uint32_t Here() const { return static_cast<uint32_t>(function_.code.size()); }
  /// Sets operand \a index of the instruction at \a at (for jump targets known later).
  void Patch(uint32_t at, int index, uint32_t value) { function_.code[at + 1 + index] = value; }
  /// Copies \a src into the register of \a dst (scalar, tile or view alike).
  void EmitMove(const Value& dst, const Value& src, SourceRange where);
  /// Defines %name as a new tile of \a type whose address an instruction sets at run time
  /// (declare_tile, tpop, windows); it is never placed. False if %name is taken.
  bool DefineUnplacedTile(const Item& name, const Type& type, Value* out);
  /// A fresh register of \a v's class and type, returned as a value.
  Value NewRegisterLike(const Value& v, std::string_view name, SourceRange def);

  /// Vector scopes (pto.vecscope) open around the statement being lowered, and the source
  /// range of the innermost strict one (pto.strict_vecscope: values defined outside it may
  /// not be used in it), empty when there is none.
  int vector_scopes = 0;
  SourceRange strict_scope;
  /// The kind of the innermost pto.section.cube / .vector around the statement, or kAny.
  KernelKind section = KernelKind::kAny;
  /// Builds the SIMT function a pto.section.simt region became (asm/lowering/simt_section.cc).
  bool outlined_simt = false;

  /// Frees the names and constants of a lowered body: placement and linking need neither, and
  /// the memory then serves the next function instead of the heap growing into fresh pages.
  void ForgetNames();

  TileBinding& binding(uint32_t tile_reg) { return bindings_[tile_reg]; }
  const std::vector<TileBinding>& bindings() const { return bindings_; }
  std::vector<BufferReservation>& reservations() { return reservations_; }
  std::vector<BufferImport>& imports() { return imports_; }
  std::vector<FmatrixConfig>& fmatrix_configs() { return fmatrix_configs_; }
  /// The function's pipe set-ups and uses, for the rules checked once it is lowered.
  PipeFacts& pipe_facts() { return pipe_facts_; }
  /// Where each %call of the code is written, in code order (for the check of call cycles).
  std::vector<SourceRange>& call_sites() { return call_sites_; }
  /// The tiles and views the function hands back (its return checks them and emits a plain
  /// return: they are its caller's memory, or views of it).
  const std::vector<Type>& memory_results() const { return memory_results_; }
  void set_memory_results(std::vector<Type> types) { memory_results_ = std::move(types); }

 private:
  Context& ctx_;
  Program& program_;
  Function& function_;
  uint32_t file_name_;
  SourceRange statement_;
  /// Reports (once) a register file of class \a cls grown to \a count registers past the limit.
  void CountRegisters(RegClass cls, size_t count);
  /// The function's name, for messages.
  std::string_view name() const;
  /// Looks names up by string_view, without building a string per use.
  struct NameHash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>()(s); }
  };
  std::unordered_map<std::string, Value, NameHash, std::equal_to<>> values_;
  std::vector<std::vector<std::string>> scopes_;  ///< Keys defined in each open region.
  std::map<std::pair<DType, uint64_t>, uint32_t> constants_;
  std::vector<TileBinding> bindings_;
  std::vector<BufferReservation> reservations_;
  std::vector<BufferImport> imports_;
  std::vector<FmatrixConfig> fmatrix_configs_;
  PipeFacts pipe_facts_;
  std::vector<uint32_t> blocks_;  ///< The region blocks open around the statement.
  uint32_t block_count_ = 0;
  std::vector<SourceRange> call_sites_;
  std::vector<Type> memory_results_;
  uint32_t local_arrays_ = 0;
  std::set<std::string, std::less<>> poisoned_;
};

}  // namespace pto::assembler

#endif  // PTO_ASM_FUNCTION_BUILDER_H_
