// What the cube kernels of the register layer share: the NZ layouts of the cube memories
// (through TileType's fractal offsets), element values as doubles, and the byte ranges they
// touch. The layouts (docs/semantics.md "Register layer (VPTO)", "### cube"):
//   L1 matrices, L0A:  NZ, 16-row fractals of 32-byte rows, column blocks of Round16(rows) rows;
//   L0B:               NZ of B^T (N x K), likewise;
//   L0C:               NZ, 16 x 16 fractals of 4-byte elements;
//   BT:                the bias values, contiguous; FB: parameter rows, contiguous.
#ifndef PTO_INTERP_REGISTER_CUBE_CUBE_MEMORY_H_
#define PTO_INTERP_REGISTER_CUBE_CUBE_MEMORY_H_

#include <cmath>
#include <cstdint>
#include <cstring>

#include "pto/common/float_format.h"
#include "pto/common/narrow_float.h"
#include "pto/common/isa/cube_flags.h"
#include "pto/common/tile_type.h"
#include "pto/interp/register/register_memory.h"

namespace pto::interp::cube {

using namespace ::pto::cube;  // the rows' immediates (common/isa/cube_flags.h)

inline int64_t Round16(int64_t x) { return (x + 15) / 16 * 16; }
inline int64_t RoundUp(int64_t x, int64_t to) { return (x + to - 1) / to * to; }

/// An NZ matrix of \a rows x \a cols elements of \a t: column blocks of 32 bytes (64 bytes, 16
/// elements, for L0C's 4-byte elements: \a acc), each Round16(rows) rows tall unless
/// \a block_rows says otherwise.
inline TileType NzMatrix(DType t, int64_t rows, int64_t cols, bool acc = false,
                         int64_t block_rows = 0) {
  TileType type;
  type.dtype = t;
  type.blayout = BLayout::kColMajor;
  type.slayout = SLayout::kRowMajor;
  type.fractal = acc ? 1024 : 512;
  type.rows = static_cast<int32_t>(block_rows ? block_rows : Round16(rows));
  type.cols = static_cast<int32_t>(RoundUp(cols, type.BoxCols()));
  return type;
}

/// Bytes an NZ matrix occupies from its origin.
inline int64_t NzBytes(const TileType& t) {
  return static_cast<int64_t>(t.rows) * t.cols * DTypeSize(t.dtype);
}

/// Element \a p of type \a t as a double (integers, f16, bf16, f32, fp8, hif8).
inline double LoadDouble(DType t, const uint8_t* p) {
  switch (t) {
    case DType::kF32: {
      float f;
      std::memcpy(&f, p, 4);
      return f;
    }
    case DType::kF16:
    case DType::kBF16: {
      uint16_t h;
      std::memcpy(&h, p, 2);
      return t == DType::kF16 ? HalfToFloat(h) : BF16ToFloat(h);
    }
    case DType::kF8E4M3: return F8E4M3ToFloat(*p);
    case DType::kF8E5M2: return F8E5M2ToFloat(*p);
    case DType::kHiF8: return DecodeHiF8(*p);
    case DType::kI8: return static_cast<int8_t>(*p);
    case DType::kU8: return *p;
    case DType::kI16: {
      int16_t v;
      std::memcpy(&v, p, 2);
      return v;
    }
    case DType::kU16: {
      uint16_t v;
      std::memcpy(&v, p, 2);
      return v;
    }
    case DType::kI32: {
      int32_t v;
      std::memcpy(&v, p, 4);
      return v;
    }
    case DType::kU32: {
      uint32_t v;
      std::memcpy(&v, p, 4);
      return v;
    }
    default: return 0;
  }
}

/// The bytes [addr, addr + bytes) of \a mem, checked; \a use and \a what as for
/// reg::LocalBytes.
inline bool Span(Executor& ex, Memory mem, int64_t addr, int64_t bytes, reg::Use use,
                 const char* what, uint8_t** out) {
  return reg::LocalBytes(ex, mem, addr, bytes, 1, use, what, out);
}

}  // namespace pto::interp::cube

#endif  // PTO_INTERP_REGISTER_CUBE_CUBE_MEMORY_H_
