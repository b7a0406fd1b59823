// Operand rules of the im2col family: timg2col reads a feature map from an L1 tile in the NZ
// layout (whose bytes are NC1HWC0) and writes L0A in the layout each architecture's cube reads.
// The widths of the NPU's register fields are the immediates' ranges (common/isa/immediates.cc).
#include "pto/common/isa/rule_checker.h"
#include "pto/common/strings.h"

namespace pto {

namespace {

// Operand positions of timg2col (opcodes.def).
enum Img2colOperand {
  kDst = 0,
  kSrc = 1,
  kPosM = 2,
  kPosK = 3,
};

}  // namespace

void RuleChecker::CheckImg2col() {
  if (info_.opcode == Opcode::kTSetImg2colRpt) {
    for (int i = 3; arch_ == Arch::kA2A3 && i < 5; ++i) {
      if (types_[i].known_value && types_[i].value != 0) {
        Fail(i, StrCat("tset_img2col_rpt: ", info_.operands[i].attr, " is a field of the a5 "
                       "repeat register; a2a3 has none (got ", types_[i].value, ")"));
      }
    }
    return;
  }
  if (info_.opcode != Opcode::kTImg2col) return;
  RequireAllowedDType(kDst);
  RequireMemory(kDst, {Memory::kLeft});
  RequireMemory(kSrc, {Memory::kMat});
  RequireSameDType(kDst, kSrc);
  const TileType* d = Tile(kDst);
  const TileType* s = Tile(kSrc);
  if (s && (s->row_major() || s->slayout != SLayout::kRowMajor || s->fractal != 512)) {
    Fail(kSrc, StrCat("timg2col reads its feature map from an NZ tile (blayout=col_major, "
                      "slayout=row_major, fractal=512: NC1HWC0 bytes), got ",
                      s->LayoutName(), ", fractal=", s->fractal));
  }
  if (d && d->mem == Memory::kLeft) {
    // The L0A layout the cube reads: zZ on a2a3, nZ on a5 (the NPU TImg2col checks).
    const bool want_row_major = arch_ == Arch::kA2A3;
    if (d->row_major() != want_row_major || d->slayout != SLayout::kRowMajor ||
        d->fractal != 512) {
      Fail(kDst, StrCat("timg2col on ", ArchName(arch_), " writes a left tile with blayout=",
                        want_row_major ? "row_major" : "col_major",
                        ", slayout=row_major, fractal=512 (", want_row_major ? "ZZ" : "NZ",
                        "), got ", d->LayoutName(), ", fractal=", d->fractal));
    }
  }
  for (int i : {kPosM, kPosK}) {
    if (types_[i].present && types_[i].known_value &&
        (types_[i].value < 0 || types_[i].value > 65535)) {
      Fail(i, StrCat("timg2col: ", i == kPosM ? "pos_m " : "pos_k ", types_[i].value,
                     " is out of range (0 to 65535)"));
    }
  }
  if (d && types_[kPosK].present && types_[kPosK].known_value) {
    const int64_t c0 = 32 / DTypeSize(d->dtype);
    if (static_cast<int64_t>(types_[kPosK].value) % c0 != 0) {
      Fail(kPosK, StrCat("timg2col: pos_k ", types_[kPosK].value, " is not a multiple of C0 = ",
                         c0, " (32 bytes of ", DTypeName(d->dtype), ")"));
    }
  }
}

}  // namespace pto
