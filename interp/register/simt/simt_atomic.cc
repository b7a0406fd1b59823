// The SimtAtomic family (micro-isa 17): one read-modify-write of a scalar or packed pair in GM
// (a pointer view) or UB (a byte address), returning the old value; and the LocalScalar family,
// scalars in UB through a UB pointer (pto.load_scalar, pto.store_scalar, pto.addptr on
// !pto.ptr<T, ub>). Workitems run one at a time, so each update is atomic by construction.
#include <cmath>
#include <cstring>

#include "pto/common/strings.h"
#include "pto/interp/vm/kernels.h"
#include "pto/interp/register/register_memory.h"
#include "pto/interp/register/simt/simt_scalar.h"

namespace pto::interp {

namespace {

constexpr uint32_t kUnsigned = 2;  // the @sign code of 'unsigned'
// GM addresses as integers: buffer k's bytes start at (k + 1) << 40 (docs/semantics.md).
constexpr int kGmAddressShift = 40;

template <typename Op>
double FloatUpdate(double old, double v, double c, bool* write) {
  *write = true;
  if constexpr (std::is_same_v<Op, ops::AtomicExch>) return v;
  if constexpr (std::is_same_v<Op, ops::AtomicAdd>) return old + v;
  if constexpr (std::is_same_v<Op, ops::AtomicSub>) return old - v;
  if constexpr (std::is_same_v<Op, ops::AtomicMin>) return std::fmin(old, v);
  if constexpr (std::is_same_v<Op, ops::AtomicMax>) return std::fmax(old, v);
  (void)c;
  *write = false;
  return old;
}

template <typename Op>
uint64_t IntUpdate(uint64_t old, uint64_t v, int bits, bool is_unsigned) {
  const int shift = 64 - bits;
  const int64_t so = static_cast<int64_t>(old << shift) >> shift;
  const int64_t sv = static_cast<int64_t>(v << shift) >> shift;
  if constexpr (std::is_same_v<Op, ops::AtomicExch>) return v;
  if constexpr (std::is_same_v<Op, ops::AtomicAdd>) return old + v;
  if constexpr (std::is_same_v<Op, ops::AtomicSub>) return old - v;
  if constexpr (std::is_same_v<Op, ops::AtomicAnd>) return old & v;
  if constexpr (std::is_same_v<Op, ops::AtomicOr>) return old | v;
  if constexpr (std::is_same_v<Op, ops::AtomicXor>) return old ^ v;
  if constexpr (std::is_same_v<Op, ops::AtomicMin>) {
    return (is_unsigned ? v < old : sv < so) ? v : old;
  }
  if constexpr (std::is_same_v<Op, ops::AtomicMax>) {
    return (is_unsigned ? v > old : sv > so) ? v : old;
  }
  return old;
}

uint64_t Mask(int bits) { return bits >= 64 ? ~0ull : (1ull << bits) - 1; }

}  // namespace

template <typename Op>
bool ExecSimtAtomic(Executor& ex, const Instr& in) {
  constexpr bool kCas = std::is_same_v<Op, ops::AtomicCas>;
  const uint32_t* o = in.operands;
  const uint32_t value = kCas ? o[4] : o[3];
  const uint32_t sign = kCas ? o[5] : o[4];
  const DType elem = static_cast<DType>(kCas ? o[6] : o[5]);
  const DType reg_type = ex.scalar_info(value).dtype;
  const int bytes = DTypeSize(reg_type);
  uint8_t* at = nullptr;
  if (o[1] != kNoOperand) {
    if (!reg::GlobalBytes(ex, o[1], 0, bytes, reg::Use::kUpdate, "the atomic update touches",
                          &at)) {
      return false;
    }
  } else if (!reg::LocalBytes(ex, Memory::kVec, ex.scalar(o[2]).i, bytes, bytes,
                              reg::Use::kUpdate, "the atomic update touches", &at)) {
    return false;
  }
  const Slot old = simt::LoadAs(at, reg_type);
  if (elem != DType::kInvalid || !IsFloat(reg_type)) {
    // Integers, and packed pairs updated element by element, as bits.
    const int bits = bytes * 8;
    const uint64_t o_bits = static_cast<uint64_t>(old.i) & Mask(bits);
    const uint64_t v_bits = static_cast<uint64_t>(ex.scalar(value).i) & Mask(bits);
    uint64_t n_bits = o_bits;
    if constexpr (kCas) {
      if (o_bits == (static_cast<uint64_t>(ex.scalar(o[3]).i) & Mask(bits))) n_bits = v_bits;
    } else if (elem == DType::kInvalid) {
      n_bits = IntUpdate<Op>(o_bits, v_bits, bits, sign == kUnsigned) & Mask(bits);
    } else {
      const int w = simt::ElementBits(elem);
      n_bits = 0;
      for (int e = 0; e < 2; ++e) {
        const uint32_t ob = static_cast<uint32_t>((o_bits >> (e * w)) & Mask(w));
        const uint32_t vb = static_cast<uint32_t>((v_bits >> (e * w)) & Mask(w));
        bool write = false;
        const double r = FloatUpdate<Op>(simt::DecodeElement(ob, elem),
                                         simt::DecodeElement(vb, elem), 0, &write);
        if (!write) return ex.Fault("bitwise atomics take integers, not packed floats");
        n_bits |= (uint64_t{simt::EncodeElement(r, elem, RoundMode::kRint)} & Mask(w)) << (e * w);
      }
    }
    Slot n{static_cast<int64_t>(n_bits)};
    simt::StoreAs(at, reg_type, n);
    ex.scalar(o[0]).i = ex.Wrap(o[0], old.i);
    return true;
  }
  double n = old.f;
  if constexpr (kCas) {
    if (old.f == ex.scalar(o[3]).f) n = ex.scalar(value).f;
  } else {
    bool write = false;
    n = ex.Round(value, FloatUpdate<Op>(old.f, ex.scalar(value).f, 0, &write));
    if (!write) return ex.Fault("bitwise atomics take integers, not floats");
  }
  simt::StoreAs(at, reg_type, Slot{.f = n});
  ex.scalar(o[0]).f = old.f;
  return true;
}

template <typename Op>
bool ExecLocalScalar(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  if constexpr (std::is_same_v<Op, ops::GmAddress>) {
    const ViewState* v;
    if (!ex.View(o[1], &v)) return false;
    if (v->rank != 0) return ex.Fault("pto.castptr takes the address of a pointer, not of a view");
    const int64_t bytes = v->offset * DTypeSize(ex.function().views[o[1]].dtype);
    ex.scalar(o[0]).i = ((static_cast<int64_t>(v->buffer) + 1) << kGmAddressShift) + bytes;
    return true;
  } else if constexpr (std::is_same_v<Op, ops::GmPointer>) {
    const int64_t a = ex.scalar(o[1]).i;
    const int64_t buffer = (a >> kGmAddressShift) - 1;
    const int64_t byte = a & ((int64_t{1} << kGmAddressShift) - 1);
    const int size = DTypeSize(ex.function().views[o[0]].dtype);
    if (buffer < 0 || buffer >= static_cast<int64_t>(ex.globals().size()) || byte % size != 0) {
      return ex.Fault(StrCat("address ", a, " is not a GM address of ", size, "-byte elements "
                             "(pto.castptr of a GM pointer gives one)"));
    }
    ViewState& d = ex.view(o[0]);
    d = ViewState{};
    d.buffer = static_cast<int32_t>(buffer);
    d.offset = byte / size;
    return true;
  } else if constexpr (std::is_same_v<Op, ops::AddPtrLocal>) {
    ex.scalar(o[0]).i = reg::Address(ex.scalar(o[1]).i, ex.scalar(o[2]).i, o[3]);
    return true;
  } else {
    constexpr bool kLoad = std::is_same_v<Op, ops::LoadLocal>;
    const uint32_t value = kLoad ? o[0] : o[2];
    const uint32_t ptr = kLoad ? o[1] : o[0], k = kLoad ? o[2] : o[1];
    const DType t = ex.scalar_info(value).dtype;
    const int bytes = DTypeSize(t);
    uint8_t* at;
    if (!reg::LocalBytes(ex, Memory::kVec, reg::ElementAddress(ex, ptr, k, bytes), bytes, bytes,
                         kLoad ? reg::Use::kRead : reg::Use::kWrite,
                         kLoad ? "the load reads" : "the store writes", &at)) {
      return false;
    }
    if constexpr (kLoad) {
      Slot s = simt::LoadAs(at, t);
      if (!IsFloat(t)) s.i = ex.Wrap(value, s.i);
      ex.scalar(value) = s;
    } else {
      simt::StoreAs(at, t, ex.scalar(value));
    }
    return true;
  }
}

#define PTO_IMPLEMENTS_SimtAtomic PTO_YES
#define PTO_IMPLEMENTS_LocalScalar PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
