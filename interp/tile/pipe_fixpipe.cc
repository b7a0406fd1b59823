// The fixpipe epilogue of a cube -> vector pipe (acc_push_epilogue; docs/semantics.md "Cube and
// vector cores"): pipe_epilogue sets a pipe's mode on the cube core, set_quant_scalar and
// set_quant_vector its quantisation state; a push through it carries the acc tile's values with
// the parameters read at the push, and the pop converts them into the element type it
// receives: scale (and offset), relu, then rounding or saturation.
#include <cmath>
#include <cstring>
#include <limits>

#include "pto/common/float_format.h"
#include "pto/common/isa/fixpipe_epilogue.h"
#include "pto/common/strings.h"
#include "pto/interp/tile/fixpipe_quant.h"
#include "pto/interp/tile/pipe_ops.h"

namespace pto::interp::pipe {

namespace {

// The fixpipe state of pipe \a id on this (cube) core, which an epilogue must have set up.
bool FixpipeOf(Executor& ex, uint32_t id, FixpipeState** out) {
  if (!RequireCore(ex, CoreKind::kCube)) return false;
  PipeEnd& end = ex.core().pipes[id];
  if (!end.ready || !end.fixpipe.on) {
    return ex.Fault(StrCat("pipe ", id, " has no acc_push_epilogue on the cube core: set it up "
                           "with aic_initialize_pipe {acc_push_epilogue = ...} first"));
  }
  *out = &end.fixpipe;
  return true;
}

double LoadSource(DType t, const uint8_t* p) {
  if (t == DType::kI32) {
    int32_t v;
    std::memcpy(&v, p, 4);
    return v;
  }
  float f;
  std::memcpy(&f, p, 4);
  return f;
}

// Stores \a x as the integer type \a I: already rounded; saturated, NaN as 0.
template <typename I>
void StoreInt(double x, uint8_t* to) {
  if (std::isnan(x)) x = 0;
  x = std::fmin(std::fmax(x, static_cast<double>(std::numeric_limits<I>::min())),
                static_cast<double>(std::numeric_limits<I>::max()));
  const I v = static_cast<I>(x);
  std::memcpy(to, &v, sizeof(I));
}

}  // namespace

bool SetEpilogue(Executor& ex, const Instr& in) {
  if (!RequireCore(ex, CoreKind::kCube)) return false;
  const uint32_t* o = in.operands;
  PipeEnd& end = ex.core().pipes[o[0]];
  if (!end.ready) return ex.Fault(StrCat("pipe ", o[0], " is not set up on the cube core"));
  if (!fixpipe::QuantOfCode(o[2])) {
    return ex.Fault(StrCat("quant code ", o[2], " is no acc_push_epilogue mode"));
  }
  end.fixpipe = FixpipeState{};
  end.fixpipe.on = true;
  end.fixpipe.layout = o[1];
  end.fixpipe.quant = o[2];
  end.fixpipe.relu = o[3];
  return true;
}

bool SetQuantScalar(Executor& ex, const Instr& in) {
  FixpipeState* state;
  if (!FixpipeOf(ex, in.operands[1], &state)) return false;
  state->has_scale = true;
  state->scale = static_cast<float>(ex.scalar(in.operands[0]).f);
  return true;
}

bool SetQuantVector(Executor& ex, const Instr& in) {
  FixpipeState* state;
  TileRef fp;
  if (!FixpipeOf(ex, in.operands[1], &state) || !ex.Tile(in.operands[0], &fp)) return false;
  if (fp.type->mem != Memory::kScaling) {
    return ex.Fault(StrCat("the quantisation parameters ", ex.TileName(fp.reg),
                           " must be a scaling tile"));
  }
  state->params_tile = in.operands[0];
  return true;
}

bool MakeQuant(Executor& ex, const PipeEnd& end, uint32_t id, int32_t cols,
               std::shared_ptr<const PipeQuant>* out) {
  const FixpipeState& s = end.fixpipe;
  const fixpipe::EpilogueQuant* q = fixpipe::QuantOfCode(s.quant);
  auto quant = std::make_shared<PipeQuant>();
  quant->quant = s.quant;
  quant->relu = s.relu != 0;
  if (q->params == fixpipe::Params::kScalar) {
    if (!s.has_scale) {
      return ex.Fault(StrCat("pipe ", id, "'s quant ", q->name, " needs a set_quant_scalar "
                             "before the push"));
    }
    quant->scale = {s.scale};
    quant->offset = {0};
  } else if (q->params == fixpipe::Params::kVector) {
    TileRef fp;
    if (s.params_tile == 0xffffffffu) {
      return ex.Fault(StrCat("pipe ", id, "'s quant ", q->name, " needs a set_quant_vector "
                             "before the push"));
    }
    if (!ex.Tile(s.params_tile, &fp)) return false;
    // One 64-bit word per channel, whatever element type the tile is written with.
    if (static_cast<int64_t>(fp.bytes()) < int64_t{cols} * 8) {
      return ex.Fault(StrCat("the quantisation parameters ", ex.TileName(fp.reg), " hold ",
                             fp.bytes() / 8, " channels of 64-bit words, the pushed tile has ",
                             cols, " columns"));
    }
    for (int32_t j = 0; j < cols; ++j) {
      uint64_t bits;
      std::memcpy(&bits, fp.base + 8 * j, 8);
      const QuantParam p = DecodeQuantParam(bits);
      quant->scale.push_back(p.scale);
      quant->offset.push_back(p.offset);
    }
  }
  *out = std::move(quant);
  return true;
}

bool StoreQuantized(Executor& ex, const PipeTile& tile, int32_t r, int32_t c, DType dtype,
                    uint8_t* to) {
  const PipeQuant& q = *tile.quant;
  const size_t at = (static_cast<size_t>(r) * tile.cols + c) * DTypeSize(tile.dtype);
  double x = LoadSource(tile.dtype, &tile.data[at]);
  const size_t channel = q.scale.size() > 1 ? static_cast<size_t>(c) : 0;
  if (!q.scale.empty()) x *= q.scale[channel];  // exact in double: a 24-bit by 24-bit product
  const bool integer = !IsFloat(dtype);
  if (integer && !q.scale.empty()) x = std::nearbyint(x) + q.offset[channel];
  if (q.relu) x = std::fmax(x, 0.0);
  switch (dtype) {
    case DType::kF32: {
      const float f = static_cast<float>(x);
      std::memcpy(to, &f, 4);
      return true;
    }
    case DType::kF16: {
      const Half h = Elem<Half>::Store(Elem<Half>::FromDouble(x));
      std::memcpy(to, &h, 2);
      return true;
    }
    case DType::kBF16: {
      const BFloat16 h = Elem<BFloat16>::Store(Elem<BFloat16>::FromDouble(x));
      std::memcpy(to, &h, 2);
      return true;
    }
    case DType::kF8E4M3:
      *to = FloatToF8E4M3Sat(static_cast<float>(x));
      return true;
    case DType::kI8: StoreInt<int8_t>(x, to); return true;
    case DType::kU8: StoreInt<uint8_t>(x, to); return true;
    case DType::kI32: StoreInt<int32_t>(std::nearbyint(x), to); return true;
    default:
      return ex.Fault(StrCat("the fixpipe's conversion to ", DTypeName(dtype),
                             " is not modelled (no page defines its encoding)"));
  }
}

}  // namespace pto::interp::pipe
