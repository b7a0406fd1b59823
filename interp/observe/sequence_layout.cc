// The sequences of the a2a3 layout and generation instructions (costs.def's PTO_VECTOR_SEQUENCE
// rows citing TTrans.hpp, TConcat.hpp, TTri.hpp, TCI.hpp): transposes, concatenation,
// triangles and index rows.
#include <algorithm>

#include "pto/interp/observe/sequence_builder.h"

namespace pto::interp::observe::shapes {

namespace {

// The set_va_reg_sb writes before a scatter_vnchwconv: two address registers of 8 each for
// the source and the destination, twice that for the b8 halves ([stub] 1 cycle each).
void SetAddressRegisters(bool b8, SequenceBuilder* b) {
  b->Scalar((b8 ? 8 : 4) * cost::kScalarCycles);
}

}  // namespace

// a2a3 TTrans (TTransOperation): a destination whose rows are not whole 16-row groups (32 for
// b8) is written element by element by the scalar unit; otherwise scatter_vnchwconv turns each
// 32-byte column block of the source into rows of the tmp tile, the full row groups as the
// instruction's repeats, the rows left over as one more instruction over all blocks, and one
// copy_ubuf_to_ubuf moves the tmp's rows into the destination.
void BlockTranspose(const SequenceShapeInput& in, const cost::VectorProfile& conv,
                    SequenceBuilder* b) {
  const uint64_t elem = std::max(1, in.elem_bytes);
  const bool b8 = elem == 1;
  const uint64_t group_rows = b8 ? 32 : 16;
  if (in.dst_tile_cols % group_rows != 0) {
    b->ScalarRoundTrip();
    b->Scalar(static_cast<double>(in.rows * in.cols) * cost::kScalarCycles);
    return;
  }
  const uint64_t block_elems = kBlockBytes / elem;
  const uint64_t blocks = (in.cols + block_elems - 1) / block_elems;
  const uint64_t full_groups = in.rows / group_rows;
  const uint64_t halves = b8 ? 4 : 1;  // TransB8Instr: four instructions of 16 addresses
  for (uint64_t block = 0; full_groups > 0 && block < blocks; ++block) {
    SetAddressRegisters(b8, b);
    b->Vector(conv, halves, full_groups, false);
  }
  if (in.rows % group_rows != 0) {
    SetAddressRegisters(b8, b);
    b->Vector(conv, halves, blocks, false);
  }
  b->Barrier();
  b->Copy(in.cols * BlockBytes(in.rows * elem));
}

// a2a3 TConcat: a copy a valid row of the first source into the destination; the second's
// rows are copied beside them when the first's columns end on a 32-byte block, else written
// by the scalar unit after V->S and MTE2->S flags.
void ConcatCopies(const SequenceShapeInput& in, const cost::VectorProfile&, SequenceBuilder* b) {
  const uint64_t first_bytes = in.cols * in.elem_bytes;
  for (uint64_t row = 0; row < in.rows; ++row) b->Copy(BlockBytes(first_bytes));
  if (first_bytes % kBlockBytes != 0) {
    b->ScalarRoundTrip();
    b->Scalar(static_cast<double>(in.rows * in.second_cols) * cost::kScalarCycles);
    return;
  }
  for (uint64_t row = 0; row < in.rows; ++row) b->Copy(BlockBytes(in.second_cols * in.elem_bytes));
}

// a2a3 TTri (TTril, TTriu): each valid row filled with zeros (ones for upper), then its ones
// (zeros) up to the diagonal, in count mode, a barrier after each; a row the diagonal does
// not reach (row + diagonal < 0) takes the first fill only. TTriu issues its second fill even
// when it covers no column.
void TriangleRows(const SequenceShapeInput& in, const cost::VectorProfile& dup,
                  SequenceBuilder* b) {
  const auto cols = static_cast<int64_t>(in.cols);
  for (uint64_t row = 0; row < in.rows; ++row) {
    b->Vector(dup, 1, RowRepeats(in), true);
    b->Barrier();
    const int64_t last = static_cast<int64_t>(row) + in.first_scalar;
    if (last < 0) continue;
    const int64_t fill = std::min(in.upper ? last : last + 1, cols);
    b->Vector(dup, 1, RepeatsOf(static_cast<uint64_t>(fill) * in.elem_bytes), true);
    b->Barrier();
  }
}

namespace {

// TCI_b32_repeat / TCI_b32_normal: 0..7 in eighths (8 vector_dup of 8 floats), summed into
// eight groups (vcgadd), scaled by 8 (vmuls), broadcast to blocks (vbrcb), added to the groups
// (vadd) and converted to i32 (vconv): 0..63; then a vadds of the start a 64-element repeat.
void Iota32(const SequenceShapeInput& in, const cost::VectorProfile& adds, SequenceBuilder* b) {
  const cost::ElemClass f32 = cost::ElemClass::kFloat;
  const uint64_t whole = in.cols / 64;
  b->Vector(Profile("Vdup", f32), 8, 1, true);
  b->Barrier();
  Steps({&Profile("Vcgadd", f32)}, 1, true, b);
  Steps({&Profile("Vmuls", f32)}, 1, true, b);
  Steps({&Profile("Vbrcb", f32)}, 1, false, b);
  const cost::VectorProfile& muls = Profile("Vmuls", in.elem_class);
  if (whole == 0) {  // one count-mode repeat over the valid columns
    Steps({&Profile("Vadd", f32), &Profile("Vconv", f32), &adds}, 1, true, b);
    if (in.descending) b->Vector(muls, 1, 1, true);
    return;
  }
  Steps({&Profile("Vadd", f32)}, 8, false, b);
  Steps({&Profile("Vconv", f32)}, 1, false, b);
  b->Vector(adds, whole, 1, false);
  b->Barrier();
  if (in.cols % 64 != 0) b->Vector(adds, 1, 1, true);
  b->Barrier();
  if (in.descending) b->Vector(muls, 1, RepeatsOf(in.cols * 4), true);
}

// TCI_b16_repeat / TCI_b16_normal: 0..15 as floats (16 vector_dup, two vcgadd), converted to
// f16, scaled by 16 (vmuls), broadcast (vbrcb), added to 8 blocks (8 vadd masked to 16
// elements) and converted to i16: 0..127; then a vadds of the start a 128-element repeat.
void Iota16(const SequenceShapeInput& in, const cost::VectorProfile& adds, SequenceBuilder* b) {
  const cost::ElemClass f32 = cost::ElemClass::kFloat, f16 = cost::ElemClass::kHalf;
  const uint64_t whole = in.cols / 128;
  b->Vector(Profile("Vdup", f32), 16, 1, true);
  b->Barrier();
  Steps({&Profile("Vcgadd", f32), &Profile("Vcgadd", f32), &Profile("Vconv", f32)}, 1, true, b);
  Steps({&Profile("Vmuls", f16)}, 1, true, b);
  Steps({&Profile("Vbrcb", f16)}, 1, false, b);
  b->Vector(Profile("Vadd", f16), 8, 1, true);
  b->Barrier();
  const cost::VectorProfile& muls = Profile("Vmuls", in.elem_class);
  if (whole == 0) {
    Steps({&Profile("Vconv", f16), &adds}, 1, true, b);
    if (in.descending) b->Vector(muls, 1, 1, true);
    return;
  }
  Steps({&Profile("Vconv", f16)}, 1, false, b);
  b->Vector(adds, whole, 1, false);
  b->Barrier();
  if (in.cols % 128 != 0) b->Vector(adds, 1, 1, true);
  b->Barrier();  // TCI_IMPL's, then TMULS of the tile by -1
  if (in.descending) b->Vector(muls, 1, RepeatsOf(in.cols * 2), in.cols % 128 != 0);
}

}  // namespace

// a2a3 TCI: without a tmp tile the scalar unit writes the row; with one, the vector sequence
// of its element size.
void IotaSeed(const SequenceShapeInput& in, const cost::VectorProfile& adds, SequenceBuilder* b) {
  if (!in.has_tmp) {
    b->Scalar(static_cast<double>(in.cols) * cost::kScalarCycles);
    return;
  }
  if (in.elem_bytes == 2) {
    Iota16(in, adds, b);
  } else {
    Iota32(in, adds, b);
  }
}

namespace {

bool IsFloat(cost::ElemClass c) {
  return c == cost::ElemClass::kFloat || c == cost::ElemClass::kHalf;
}

// \a calls calls of PowOp / PowSOp's BinInstr over \a repeats each: vabs (the tmp pass) and a
// barrier, vln, a barrier, vmul (vmuls by the scalar), a barrier, vexp; no barrier after it.
void PowerCalls(const SequenceShapeInput& in, const cost::VectorProfile& exp, bool abs,
                const char* mul, uint64_t calls, uint64_t repeats, bool masked,
                SequenceBuilder* b) {
  const cost::ElemClass c = in.elem_class;
  for (uint64_t call = 0; call < calls; ++call) {
    if (abs) Steps({&Profile("Vabs", c)}, repeats, masked, b);
    Steps({&Profile("Vln", c), &Profile(mul, c)}, repeats, masked, b);
    b->Vector(exp, 1, repeats, masked);
  }
}

// The scalar unit's part, between V->S and S->V flags: integer powers wholly, the special
// cases of float ones (SwitchPowFResult); a cycle an element (its squaring loop's length
// depends on the exponent: not modelled).
void PowerScalarPass(const SequenceShapeInput& in, SequenceBuilder* b) {
  b->ScalarRoundTrip();
  b->Scalar(static_cast<double>(in.rows * in.cols) * cost::kScalarCycles);
}

}  // namespace

// a2a3 TPow: floats run |a|^b into the tmp tile, then a^b into the destination, each by
// TBinOp's BinaryInstr for tiles of their own strides (a call a valid row over its whole
// repeats, 255 at most, then a masked call a 255 rows over the remainder), then the scalar
// pass; integers the scalar pass alone.
void PowerRows(const SequenceShapeInput& in, const cost::VectorProfile& exp, SequenceBuilder* b) {
  if (IsFloat(in.elem_class)) {
    const uint64_t per_repeat =
        static_cast<uint64_t>(cost::kRepeatBytes) / std::max(1, in.elem_bytes);
    const uint64_t whole = in.cols / per_repeat, max = 255;
    for (const bool abs : {true, false}) {
      PowerCalls(in, exp, abs, "Vmul", in.rows * (whole / max), max, false, b);
      PowerCalls(in, exp, abs, "Vmul", whole % max ? in.rows : 0, whole % max, false, b);
      if (in.cols % per_repeat == 0) continue;
      PowerCalls(in, exp, abs, "Vmul", in.rows / max, max, true, b);
      PowerCalls(in, exp, abs, "Vmul", in.rows % max ? 1 : 0, in.rows % max, true, b);
    }
  }
  PowerScalarPass(in, b);
}

// a2a3 TPowS: TPow's passes with vmuls, dispatched by TBinSInstr: a valid region as wide as
// the destination tile (or one row) as one line (one count-mode call when a row is ragged
// past a repeat or the line is over 255 repeats, else a call over the whole repeats and a
// masked one over the rest); else a call a valid row in count mode (the tile path's), or a
// call a 256-byte column block over the rows, the last masked.
void PowerScalar(const SequenceShapeInput& in, const cost::VectorProfile& exp, SequenceBuilder* b) {
  if (IsFloat(in.elem_class)) {
    const uint64_t per_repeat =
        static_cast<uint64_t>(cost::kRepeatBytes) / std::max(1, in.elem_bytes);
    const uint64_t elements = in.rows * in.cols, rest = in.cols % per_repeat;
    const bool one_line = in.rows == 1 || in.cols == in.dst_tile_cols;
    const bool count =
        (in.cols > per_repeat && rest != 0) || RepeatsOf(elements * in.elem_bytes) > 255;
    for (const bool abs : {true, false}) {
      if (one_line && count) {
        PowerCalls(in, exp, abs, "Vmuls", 1, RepeatsOf(elements * in.elem_bytes), true, b);
      } else if (one_line) {
        PowerCalls(in, exp, abs, "Vmuls", 1, elements / per_repeat, false, b);
        PowerCalls(in, exp, abs, "Vmuls", elements % per_repeat ? 1 : 0, 1, true, b);
      } else if (in.row_count_mode) {
        PowerCalls(in, exp, abs, "Vmuls", in.rows, RowRepeats(in), true, b);
      } else {
        PowerCalls(in, exp, abs, "Vmuls", in.cols / per_repeat, in.rows, false, b);
        PowerCalls(in, exp, abs, "Vmuls", rest ? 1 : 0, in.rows, true, b);
      }
    }
  }
  PowerScalarPass(in, b);
}

}  // namespace pto::interp::observe::shapes
