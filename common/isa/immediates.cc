#include "pto/common/isa/immediates.h"

#include "pto/common/isa/attributes.h"
#include "pto/common/isa/scalar_rules.h"
#include "pto/common/isa/sync_enums.h"
#include "pto/common/program.h"
#include "pto/common/strings.h"

namespace pto {

namespace {

struct NumberRow {
  std::string_view attr;
  ImmediateRange range;
};

// Immediates that hold numbers, by attribute name: what the NPU's register field or the
// bytecode format allows.
constexpr NumberRow kNumbers[] = {
    {"%order", {0, 1}},     // scalar-first form of a tile-scalar instruction
    {"unsigned", {0, 1}},   // a loop compares unsigned
    {"id", {0, 63}},        // pipe, flag and buffer ids
    {"which", {0, 3}},      // block index, block count, subblock index, subblock count
    {"dim", {0, 1}},        // a tile's valid rows (0) or columns (1)
    // tpush/tpop: whole tile, halves by rows, halves by columns, and the odd forms of the two
    // (the first vector core takes the larger half)
    {"split", {0, 4}},
    {"kind", {1, 2}},       // a section's core: 1 cube, 2 vector
    {"dir_mask", {1, 3}},   // pipe directions: 1 cube to vector, 2 vector to cube, 3 both
    {"slot_size", {1, 1u << 20}},
    {"slot_num", {1, 64, 0}},  // 0: the default count
    {"local_slot_num", {1, 64, 0}},
    {"slot", {0, kMaxLocalArrays - 1}},  // a function's local array
    {"count", {1, kMaxLocalArrayElements}},
    {"layout", {0, 2}},  // a tensor view's layout: 0 nd, 1 dn, 2 nz
    // Im2col: the widths of the FMATRIX and IMG2COL register fields.
    {"kernel_h", {0, 511}},
    {"kernel_w", {0, 511}},
    {"stride_h", {0, 255}},
    {"stride_w", {0, 255}},
    {"dilation_h", {0, 255}},
    {"dilation_w", {0, 255}},
    {"pad_top", {0, 255}},
    {"pad_bottom", {0, 255}},
    {"pad_left", {0, 255}},
    {"pad_right", {0, 255}},
    {"repeat_time", {0, 255}},
    {"repeat_mode", {0, 1}},
    {"pad_bits", {0, 0xffffffffu}},  // the pad value: an i32, or an f32's bits
    {"pad_float", {0, 1}},
    {"offset", {0, 31}},  // pgenv_b16/b32: the slice of the vector register's bits (b16: 0 to 15)
    {"%dtype1", {0, kDTypeCount - 1}},  // a VPTO sort's score type: operand 1's pointee
    {"from", {0, kDTypeCount - 1}},     // SIMT convert: the element types it converts between
    {"to", {0, kDTypeCount - 1}},
    {"elem_bytes", {1, 8}},
    {"packed_op", {0, 2}},  // %packed_binary: 0 add, 1 sub, 2 mul
    // The repeat layer: its pointers' element type, and how its mask words read
    // (repeat_rules.cc).
    {"%elem_type", {0, kDTypeCount - 1}},
    {"%mask_form", {0, 3}},  // VPTO: the element size of the pointer an offset counts in
    // The cube rows of the register layer (common/isa/cube_flags.h).
    {"types", {0, 0xffffffffu}},
    {"flags", {0, 0x3ffffu}},
    {"quant", {0, 36}},
    // The fixpipe epilogue of a pipe (pipe_epilogue): its layout (0 nz2nd, 1 nz2dn, 2 nz2nz),
    // quant (the @quant codes above, 0 no_convert) and relu (0 no_relu, 1 normal_relu).
    {"fix_layout", {0, 2}},
    {"relu", {0, 1}},
};

ImmediateRange Codes(uint32_t count) { return {0, count - 1}; }

}  // namespace

ImmediateRange RangeOfImmediate(const OpInfo& info, std::string_view attr) {
  if (attr == "predicate") {
    return Codes(info.opcode == Opcode::kCmpI ? kIntPredicateCount : kFloatPredicateCount);
  }
  if (info.family == Family::kSync && attr != "id") {
    return Codes(SyncEnumCount(SyncAttrKind(info.opcode, attr)));
  }
  if (const AttrInfo* named = FindAttr(attr)) return Codes(named->count);
  // tgather's compare form numbers the picked elements from an i32 offset (its bits).
  if (info.opcode == Opcode::kTGatherCmp && attr == "offset") return {0, 0xffffffffu};
  return RangeOfNumber(attr);
}

ImmediateRange RangeOfNumber(std::string_view attr) {
  for (const NumberRow& row : kNumbers) {
    if (row.attr == attr) return row.range;
  }
  return {};
}

std::string CubeTypesProblem(uint32_t types) {
  for (int i = 0; i < 4; ++i) {
    const uint32_t code = (types >> (8 * i)) & 0xff;
    if (code == 0 && i >= 2) continue;
    if (code < kDTypeCount && IsMemoryDType(static_cast<DType>(code))) continue;
    return StrCat("types byte ", i, " is ", code, ", not ",
                  i >= 2 ? "0 or " : "", "an element type memory holds");
  }
  return "";
}

std::string ImmediateRangeError(std::string_view attr, uint32_t value, const ImmediateRange& r) {
  if (attr.substr(0, 1) == "%") attr.remove_prefix(1);
  return StrCat(attr, " ", value, " is out of range (", r.min, " to ", r.max, ")");
}

}  // namespace pto
