// The Memory family: scalars in global memory, pointer arithmetic, view and block queries, and
// local arrays.
#include <cstring>

#include "pto/common/strings.h"
#include "pto/interp/vm/kernels.h"

namespace pto::interp {

namespace ops {
struct LoadScalar {};
struct StoreScalar {};
struct AddPtr {};
struct GetViewDim {};
struct GetViewStride {};
struct BlockInfo {};
struct DeclareLocalArray {};
struct LocalArrayGet {};
struct LocalArraySet {};
}  // namespace ops

namespace {

// The element index p[k] refers to, after checking it lies in the buffer.
bool ElementIndex(Executor& ex, uint32_t view_reg, int64_t k, int64_t* index) {
  const ViewState* view;
  if (!ex.View(view_reg, &view)) return false;
  const ViewState& v = *view;
  const GlobalBuffer& buf = ex.globals()[v.buffer];
  *index = v.offset + k;
  if (*index < 0 || *index >= buf.elements()) {
    return ex.Fault(StrCat(ex.ViewName(view_reg), "[", k, "] is element ", *index, " of ",
                           buf.name, ", which holds ", buf.elements(), " elements"));
  }
  return true;
}

}  // namespace

template <typename Op>
bool ExecMemory(Executor& ex, const Instr& in) {
  const uint32_t* o = in.operands;
  if constexpr (std::is_same_v<Op, ops::DeclareLocalArray>) {
    ex.local_array(o[0]).assign(o[1], Slot{0});  // each execution makes a fresh array
    return true;
  } else if constexpr (std::is_same_v<Op, ops::LocalArrayGet> ||
                       std::is_same_v<Op, ops::LocalArraySet>) {
    constexpr bool kGet = std::is_same_v<Op, ops::LocalArrayGet>;
    std::vector<Slot>& array = ex.local_array(o[2]);
    const int64_t k = ex.scalar(kGet ? o[1] : o[0]).i;
    if (array.empty()) return ex.Fault("the local array is used before its declaration runs");
    if (k < 0 || k >= static_cast<int64_t>(array.size())) {
      return ex.Fault(StrCat("index ", k, " is outside the local array of ", array.size(),
                             " elements"));
    }
    if constexpr (kGet) {
      ex.scalar(o[0]) = array[k];
    } else {
      array[k] = ex.scalar(o[1]);
    }
    return true;
  } else if constexpr (std::is_same_v<Op, ops::LoadScalar> ||
                       std::is_same_v<Op, ops::StoreScalar>) {
    constexpr bool kLoad = std::is_same_v<Op, ops::LoadScalar>;
    const uint32_t view = kLoad ? o[1] : o[0];
    const uint32_t k = kLoad ? o[2] : o[1];
    const uint32_t value = kLoad ? o[0] : o[2];
    int64_t index;
    if (!ElementIndex(ex, view, ex.scalar(k).i, &index)) return false;
    GlobalBuffer& buf = ex.globals()[ex.view(view).buffer];
    uint8_t* at = buf.bytes.data() + index * DTypeSize(buf.dtype);
    if (buf.dtype == DType::kF64) {  // the SIMT scalar loads and stores move f64 too
      if constexpr (kLoad) {
        std::memcpy(&ex.scalar(value).f, at, 8);
      } else {
        std::memcpy(at, &ex.scalar(value).f, 8);
      }
      return true;
    }
    WithStorageType(buf.dtype, [&](auto tag) {
      using T = decltype(tag);
      using E = Elem<T>;
      Slot& s = ex.scalar(value);
      if constexpr (kLoad) {
        T v;
        std::memcpy(&v, at, sizeof(T));
        if constexpr (E::kFloat) {
          s.f = static_cast<double>(E::Load(v));
        } else {
          s.i = static_cast<int64_t>(v);
        }
      } else {
        T v;
        if constexpr (E::kFloat) {
          v = E::Store(E::FromDouble(s.f));
        } else {
          v = static_cast<T>(s.i);
        }
        std::memcpy(at, &v, sizeof(T));
      }
    });
    return true;
  } else if constexpr (std::is_same_v<Op, ops::AddPtr>) {
    const ViewState* view;
    if (!ex.View(o[1], &view)) return false;
    ViewState v = *view;
    if (__builtin_add_overflow(v.offset, ex.scalar(o[2]).i, &v.offset)) {
      return ex.Fault(StrCat("offset ", ex.scalar(o[2]).i, " moves the pointer out of range"));
    }
    ex.view(o[0]) = v;
    return true;
  } else if constexpr (std::is_same_v<Op, ops::GetViewDim> ||
                       std::is_same_v<Op, ops::GetViewStride>) {
    const ViewState* view;
    if (!ex.View(o[1], &view)) return false;
    const ViewState& v = *view;
    int64_t k = ex.scalar(o[2]).i;
    if (k < 0 || k >= v.rank) {
      return ex.Fault(StrCat(ex.ViewName(o[1]), " has rank ", v.rank, ", so it has no dimension ",
                             k));
    }
    constexpr bool kStride = std::is_same_v<Op, ops::GetViewStride>;
    ex.scalar(o[0]).i = ex.Wrap(o[0], kStride ? v.stride[k] : v.shape[k]);
    return true;
  } else {
    static_assert(std::is_same_v<Op, ops::BlockInfo>);
    const BlockInfo& b = ex.block();
    const int64_t values[4] = {b.block_idx, b.block_num, b.subblock_idx, b.subblock_num};
    ex.scalar(o[0]).i = ex.Wrap(o[0], values[o[1]]);
    return true;
  }
}

bool RetypeView(Executor& ex, const Instr& in) {
  const ViewState* src;
  if (!ex.View(in.operands[1], &src)) return false;
  const Function& f = ex.function();
  const int64_t from = DTypeSize(f.views[in.operands[1]].dtype);
  const int64_t to = DTypeSize(f.views[in.operands[0]].dtype);
  if (src->rank != 0) return ex.Fault("pto.castptr retypes pointers, not strided views");
  const int64_t bytes = src->offset * from;
  if (bytes % to != 0) {
    return ex.Fault(StrCat(ex.ViewName(in.operands[1]), " points at byte ", bytes,
                           ", which is not a multiple of ", to, " (the new element size)"));
  }
  ViewState& d = ex.view(in.operands[0]);
  d = *src;
  d.offset = bytes / to;
  return true;
}

#define PTO_IMPLEMENTS_Memory PTO_YES
#include "pto/interp/vm/instantiate.inc"

}  // namespace pto::interp
