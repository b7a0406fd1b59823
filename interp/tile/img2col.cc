// TIMG2COL and its settings: the FMATRIX (feature map size and paddings), the repeat registers
// and the pad value, kept per core, and the unfolding of an NC1HWC0 feature map into the
// im2col matrix the cube multiplies (docs/semantics.md "Im2col").
#include <cstring>

#include "pto/common/strings.h"
#include "pto/interp/tile/tile_shared.h"

namespace pto::interp {

namespace {

// The geometry of one timg2col: the FMATRIX state plus the instruction's own kernel settings.
struct Geometry {
  int64_t fmap_h, fmap_w, pad_top, pad_left;
  int64_t kernel_h, kernel_w, stride_h, stride_w, dilation_h, dilation_w;
  int64_t c0, c1;          // channels per 32-byte block, and blocks
  int64_t out_h, out_w;    // output positions: the matrix has out_h * out_w rows
  int64_t rows() const { return out_h * out_w; }
  int64_t cols() const { return c1 * kernel_h * kernel_w * c0; }
};

// An immediate that means 1 when absent (written 0), as in the NPU's Img2colTileConfig.
int64_t AtLeastOne(uint32_t v) { return v == 0 ? 1 : v; }

// Output positions along one axis: (size + pads - dilated kernel extent) / stride + 1, or a
// fault when the dilated kernel does not fit the padded feature map.
bool OutputSize(Executor& ex, const char* axis, int64_t size, int64_t pads, int64_t kernel,
                int64_t dilation, int64_t stride, int64_t* out) {
  const int64_t extent = dilation * (kernel - 1) + 1;
  if (size + pads < extent) {
    return ex.Fault(StrCat("the kernel spans ", extent, " ", axis, " positions (kernel ", kernel,
                           ", dilation ", dilation, "), more than the padded feature map's ",
                           size + pads));
  }
  *out = (size + pads - extent) / stride + 1;
  return true;
}

// The pad value as the element type S: integers wrap, floats round to nearest even.
template <typename S>
bool PadAs(Executor& ex, const Img2colState& st, DType dtype, S* pad) {
  if (st.pad_float) {
    float f;
    std::memcpy(&f, &st.pad_bits, sizeof f);
    if constexpr (!Elem<S>::kFloat) {
      return ex.Fault(StrCat("the pad value ", f, " is a float, but the feature map holds ",
                             DTypeName(dtype), ": give an integer pad value"));
    } else {
      *pad = Elem<S>::Store(Elem<S>::FromDouble(f));
    }
  } else {
    *pad = Elem<S>::Store(Elem<S>::FromInt(static_cast<int32_t>(st.pad_bits)));
  }
  return true;
}

// d[r, c] = the element of the feature map under kernel tap (kh, kw) of channel c1*C0 + c0 at
// output position posM + r, for the im2col column posK + c = ((c1*KH + kh)*KW + kw)*C0 + c0;
// the pad value where the tap falls outside the feature map.
template <typename S>
void Unfold(const TileRef& d, const TileRef& s, const Geometry& g, int64_t pos_m, int64_t pos_k,
            S pad) {
  const int64_t taps = g.kernel_h * g.kernel_w * g.c0;
  for (int32_t r = 0; r < d.valid_rows; ++r) {
    const int64_t m = pos_m + r, oh = m / g.out_w, ow = m % g.out_w;
    for (int32_t c = 0; c < d.valid_cols; ++c) {
      const int64_t k = pos_k + c, c1 = k / taps, tap = k % taps;
      const int64_t kh = tap / (g.kernel_w * g.c0), kw = (tap / g.c0) % g.kernel_w;
      const int64_t ih = oh * g.stride_h - g.pad_top + kh * g.dilation_h;
      const int64_t iw = ow * g.stride_w - g.pad_left + kw * g.dilation_w;
      const bool inside = ih >= 0 && ih < g.fmap_h && iw >= 0 && iw < g.fmap_w;
      *d.At<S>(r, c) = inside ? *s.At<S>(ih * g.fmap_w + iw, c1 * g.c0 + k % g.c0) : pad;
    }
  }
}

// The position operand \a reg (0 when absent), which must fit the NPU's 16-bit field.
bool Position(Executor& ex, uint32_t reg, const char* name, int64_t* pos) {
  *pos = reg == kNoOperand ? 0 : ex.scalar(reg).i;
  if (*pos < 0 || *pos > 0xffff) {
    return ex.Fault(StrCat(name, " ", *pos, " is out of range (0 to 65535)"));
  }
  return true;
}

// Faults unless \a value fits its NPU register field (bytecode may hold any 32-bit value).
bool InField(Executor& ex, const char* name, uint32_t value, uint32_t most) {
  if (value <= most) return true;
  return ex.Fault(StrCat(name, " ", value, " is out of range (0 to ", most, ")"));
}

bool SettingsInRange(Executor& ex, const Img2colState& st, const uint32_t* o) {
  static const char* const kKernelNames[] = {"kernel_h",   "kernel_w",  "stride_h",
                                             "stride_w",   "dilation_h", "dilation_w"};
  for (int i = 0; i < 6; ++i) {
    if (!InField(ex, kKernelNames[i], o[4 + i], i < 2 ? 511 : 255)) return false;
  }
  return InField(ex, "fmap_h", st.fmap_h, 0xffff) && InField(ex, "fmap_w", st.fmap_w, 0xffff) &&
         InField(ex, "pad_top", st.pad_top, 255) && InField(ex, "pad_bottom", st.pad_bottom, 255) &&
         InField(ex, "pad_left", st.pad_left, 255) && InField(ex, "pad_right", st.pad_right, 255);
}

bool RunImg2col(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  Img2colState& st = ex.core().img2col;
  TileRef d, s;
  if (!ex.Tile(o[0], &d) || !ex.Tile(o[1], &s)) return false;
  int64_t pos_m, pos_k;
  if (!Position(ex, o[2], "pos_m", &pos_m) || !Position(ex, o[3], "pos_k", &pos_k)) return false;
  if (o[10] != 0 || o[11] != 0) {
    // The feature map given on the instruction (PTOAS's spelling): it writes FMATRIX, the
    // repeat registers (one transfer) and a zero pad value first, as the NPU's auto mode does.
    st = Img2colState{};
    st.fmatrix_set = true;
    st.fmap_h = o[10];
    st.fmap_w = o[11];
    st.pad_top = o[12];
    st.pad_bottom = o[13];
    st.pad_left = o[14];
    st.pad_right = o[15];
  }
  if (!st.fmatrix_set) {
    return ex.Fault("no feature map is set: run tsetfmatrix first, or give timg2col fmap_h and "
                    "fmap_w");
  }
  if (!SettingsInRange(ex, st, o)) return false;
  if (st.repeat_time > 1) {
    return ex.Fault(StrCat("repeat_time ", st.repeat_time, " (tset_img2col_rpt) is not supported:"
                           " ptorun unfolds the destination's valid region in one transfer; "
                           "set repeat_time to 0 or 1"));
  }
  const DType dtype = d.type->dtype;
  if (s.type->dtype != dtype || DTypeSize(dtype) == 0 || DTypeSize(dtype) > 4) {
    return ex.Fault(StrCat("copies ", DTypeName(s.type->dtype), " into ", DTypeName(dtype),
                           ": the feature map and the destination need one 1-, 2- or 4-byte "
                           "element type"));
  }
  Geometry g{};
  g.fmap_h = st.fmap_h;
  g.fmap_w = st.fmap_w;
  g.pad_top = st.pad_top;
  g.pad_left = st.pad_left;
  g.kernel_h = AtLeastOne(o[4]);
  g.kernel_w = AtLeastOne(o[5]);
  g.stride_h = AtLeastOne(o[6]);
  g.stride_w = AtLeastOne(o[7]);
  g.dilation_h = AtLeastOne(o[8]);
  g.dilation_w = AtLeastOne(o[9]);
  g.c0 = 32 / DTypeSize(dtype);
  if (s.valid_cols % g.c0 != 0) {
    return ex.Fault(StrCat("the feature map's channels (the source's ", s.valid_cols,
                           " valid columns) are not a multiple of C0 = ", g.c0));
  }
  g.c1 = s.valid_cols / g.c0;
  if (g.fmap_h * g.fmap_w > s.valid_rows) {
    return ex.Fault(StrCat("the ", g.fmap_h, "x", g.fmap_w, " feature map needs ",
                           g.fmap_h * g.fmap_w, " rows (H*W) of ", ex.TileName(s.reg),
                           ", which has ", s.valid_rows, " valid rows"));
  }
  if (!OutputSize(ex, "row", g.fmap_h, st.pad_top + int64_t{st.pad_bottom}, g.kernel_h,
                  g.dilation_h, g.stride_h, &g.out_h) ||
      !OutputSize(ex, "column", g.fmap_w, st.pad_left + int64_t{st.pad_right}, g.kernel_w,
                  g.dilation_w, g.stride_w, &g.out_w)) {
    return false;
  }
  if (pos_k % g.c0 != 0) {
    return ex.Fault(StrCat("pos_k ", pos_k, " is not a multiple of C0 = ", g.c0));
  }
  if (pos_m + d.valid_rows > g.rows() || pos_k + d.valid_cols > g.cols()) {
    return ex.Fault(StrCat("a ", d.valid_rows, "x", d.valid_cols, " window at (pos_m ", pos_m,
                           ", pos_k ", pos_k, ") is outside the ", g.rows(), "x", g.cols(),
                           " im2col matrix (", g.out_h, "x", g.out_w, " output positions; ",
                           g.c1, " x ", g.kernel_h, "x", g.kernel_w, " x ", g.c0,
                           " = C1 x KH x KW x C0 columns)"));
  }
  bool ok = true;
  WithStorageType(dtype, [&](auto tag) {
    using S = decltype(tag);
    S pad{};
    if (!PadAs(ex, st, dtype, &pad)) {
      ok = false;
      return;
    }
    Unfold<S>(d, s, g, pos_m, pos_k, pad);
  });
  return ok;
}

}  // namespace

// tsetfmatrix, tset_img2col_rpt and tset_img2col_padding write the core's im2col settings;
// timg2col reads them.
template <typename Op>
bool ExecImg2col(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  Img2colState& st = ex.core().img2col;
  if constexpr (std::is_same_v<Op, ops::SetFmatrix>) {
    st.fmatrix_set = true;
    st.fmap_h = o[0];
    st.fmap_w = o[1];
    st.pad_top = o[2];
    st.pad_bottom = o[3];
    st.pad_left = o[4];
    st.pad_right = o[5];
    return true;
  } else if constexpr (std::is_same_v<Op, ops::SetImg2colRepeat>) {
    st.repeat_stride = o[0];
    st.repeat_time = o[1];
    st.repeat_mode = o[2];
    st.dst_stride = o[3];
    st.dst_position = o[4];
    return true;
  } else if constexpr (std::is_same_v<Op, ops::SetImg2colPadding>) {
    st.pad_bits = o[0];
    st.pad_float = o[1] != 0;
    return true;
  } else {
    return RunImg2col(ex, in);
  }
}

#define PTO_IMPLEMENTS_Img2col PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
