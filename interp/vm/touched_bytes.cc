#include "pto/interp/vm/touched_bytes.h"

#include <algorithm>
#include <utility>

#include "pto/interp/vm/view_mapping.h"

namespace pto::interp {

void ByteSet::Add(uint64_t begin, uint64_t end) {
  if (begin >= end) return;
  // Rows arrive in ascending order: at or past the last range's start, only it can merge.
  if (ranges_.empty() || begin > ranges_.back().second) {
    ranges_.emplace_back(begin, end);
    return;
  }
  if (begin >= ranges_.back().first) {
    ranges_.back().second = std::max(ranges_.back().second, end);
    return;
  }
  // The ranges are sorted and disjoint: merge with every one this overlaps or touches.
  auto it = std::partition_point(ranges_.begin(), ranges_.end(),
                                 [&](const auto& r) { return r.second < begin; });
  auto last = it;
  while (last != ranges_.end() && last->first <= end) {
    begin = std::min(begin, last->first);
    end = std::max(end, last->second);
    ++last;
  }
  it = ranges_.erase(it, last);
  ranges_.insert(it, {begin, end});
}

bool ByteSet::Contains(uint64_t byte) const {
  auto it = std::partition_point(ranges_.begin(), ranges_.end(),
                                 [&](const auto& r) { return r.second <= byte; });
  return it != ranges_.end() && it->first <= byte;
}

// The rectangle clipped to the tile's shape, as byte runs: a plain row-major tile a run per
// row; otherwise runs along the layout's contiguous direction, each cut at a box's edge, sorted
// (a layout's elements are not in row order) and merged by ByteSet::Add.
void AddTileRect(const TileType& t, uint64_t addr, int64_t row0, int64_t row1, int64_t col0,
                 int64_t col1, ByteSet* out) {
  const uint64_t size = DTypeSize(t.dtype);
  const int64_t r0 = std::max<int64_t>(row0, 0), r1 = std::min<int64_t>(row1, t.rows);
  const int64_t c0 = std::max<int64_t>(col0, 0), c1 = std::min<int64_t>(col1, t.cols);
  if (r0 >= r1 || c0 >= c1) return;
  ByteSet& set = *out;
  if (t.Plain() && t.row_major()) {          // a run per row, in ascending order (Add merges them)
    if (c0 == 0 && c1 == t.StorageCols()) {  // whole rows: one run
      set.Add(addr + static_cast<uint64_t>(t.ElementOffset(r0, 0)) * size,
              addr + static_cast<uint64_t>(t.ElementOffset(r1, 0)) * size);
      return;
    }
    for (int64_t i = r0; i < r1; ++i) {
      const uint64_t first = addr + static_cast<uint64_t>(t.ElementOffset(i, c0)) * size;
      set.Add(first, first + static_cast<uint64_t>(c1 - c0) * size);
    }
    return;
  }
  const bool whole_boxes = t.rows % t.InnerRows() == 0 && t.cols % t.InnerCols() == 0;
  if (t.Dense() && whole_boxes && r0 == 0 && c0 == 0 && r1 == t.rows && c1 == t.cols) {
    set.Add(addr, addr + static_cast<uint64_t>(t.rows) * static_cast<uint64_t>(t.cols) * size);
    return;  // every element of a dense tile of whole boxes: its storage, one run
  }
  // Along columns inside a row-major box, else along rows (inside a box, or a DN column).
  const bool along_cols = t.boxed() && t.slayout == SLayout::kRowMajor;
  const int64_t edge = along_cols ? t.InnerCols() : (t.boxed() ? t.InnerRows() : t.rows);
  std::vector<std::pair<int64_t, int64_t>> runs;  // first element offset, one past the last
  const int64_t outer0 = along_cols ? r0 : c0, outer1 = along_cols ? r1 : c1;
  const int64_t inner0 = along_cols ? c0 : r0, inner1 = along_cols ? c1 : r1;
  for (int64_t o = outer0; o < outer1; ++o) {
    for (int64_t k = inner0; k < inner1;) {
      const int64_t end = std::min(inner1, (k / edge + 1) * edge);
      const int64_t first = along_cols ? t.ElementOffset(o, k) : t.ElementOffset(k, o);
      runs.emplace_back(first, first + (end - k));
      k = end;
    }
  }
  std::sort(runs.begin(), runs.end());  // ascending, so that Add merges them at the back
  for (const auto& [first, end] : runs) {
    set.Add(addr + static_cast<uint64_t>(first) * size, addr + static_cast<uint64_t>(end) * size);
  }
}

namespace {

// A rectangle of a tile's logical elements.
struct Rect {
  int64_t row = 0, col = 0, rows = 0, cols = 0;
};

class Evaluator {
 public:
  Evaluator(Executor& ex, const Instr& in) : ex_(ex), in_(in) {}

  bool Add(const OperandAccess& a, TouchedBytes* out);

 private:
  const TileType& Type(uint8_t operand) const {
    return ex_.function().tiles[in_.operands[operand]].type;
  }
  const TileState& State(uint8_t operand) const {
    return std::as_const(ex_).tile(in_.operands[operand]);
  }
  int64_t IntOperand(uint8_t operand) const { return ex_.scalar(in_.operands[operand]).i; }
  bool Ready(uint8_t operand) const {
    if (in_.operands[operand] == kNoOperand) return false;
    const TileState& s = State(operand);
    return s.addr != kUnboundAddress && s.valid_rows != kDynamic && s.valid_cols != kDynamic;
  }
  bool RectOf(const OperandAccess& a, Rect* r) const;
  void AddRect(uint8_t operand, const Rect& r, TouchedBytes* out) const;
  bool AddView(const OperandAccess& a, TouchedBytes* out) const;

  Executor& ex_;
  const Instr& in_;
};

bool Evaluator::RectOf(const OperandAccess& a, Rect* r) const {
  const int64_t vr = State(a.shape_of).valid_rows, vc = State(a.cols_of).valid_cols;
  switch (a.region) {
    case Region::kValid: {
      // Columns sized by another tile count its values: tcvt reads two bf16 per fp4 byte.
      const int from = ValuesPerElement(Type(a.cols_of).dtype);
      const int to = ValuesPerElement(Type(a.operand).dtype);
      *r = {0, 0, vr, from == to ? vc : (vc * from + to - 1) / to};
      return true;
    }
    case Region::kColumn0:
      *r = {0, 0, vr, 1};
      return true;
    case Region::kRow0:
      *r = {0, 0, 1, vc};
      return true;
    case Region::kMaskRows:
    case Region::kMaskStores: {
      const int64_t size = DTypeSize(Type(a.operand).dtype);
      const int64_t bytes =
          a.region == Region::kMaskRows
              ? (vc + 7) / 8
              : PackedMaskRowBytes(ex_.program().arch, Type(a.shape_of).dtype, vc);
      *r = {0, 0, vr, (bytes + size - 1) / size};
      return true;
    }
    case Region::kWindow:
      *r = {IntOperand(a.at), IntOperand(a.at + 1), vr, vc};
      return true;
    case Region::kTransposed:
      *r = {0, 0, vc, vr};
      return true;
    case Region::kPadding16:
      *r = {0, vc, vr, DTypeSize(Type(a.operand).dtype) == 2 ? Type(a.operand).cols - vc : 0};
      return true;
    case Region::kValidOrPadded:
      if (Type(a.operand).pad == PadValue::kNull) {
        *r = {0, 0, vr, vc};
        // A window past the valid shape is loaded whole (AddRect clips it to the tile).
        const ViewState& v = std::as_const(ex_).view(in_.operands[a.at]);
        int64_t rows, cols;
        if (a.at != a.operand && v.rank > 0 &&
            view_mapping::FoldedExtents(v, Type(a.operand).row_major(), &rows, &cols) &&
            rows >= vr && cols >= vc) {
          *r = {0, 0, rows, cols};
        }
        return true;
      }
      [[fallthrough]];
    case Region::kValidOrMat:
      if (a.region == Region::kValidOrMat && Type(a.operand).mem != Memory::kMat) {
        *r = {0, 0, vr, vc};
        return true;
      }
      [[fallthrough]];
    case Region::kStorage:
      *r = {0, 0, Type(a.operand).rows, Type(a.operand).cols};
      return true;
    default:
      return false;  // kElement and the view regions are not rectangles
  }
}

void Evaluator::AddRect(uint8_t operand, const Rect& r, TouchedBytes* out) const {
  const TileType& t = Type(operand);
  AddTileRect(t, State(operand).addr, r.row, r.row + r.rows, r.col, r.col + r.cols,
              &out->local[static_cast<int>(t.mem)]);
}

bool Evaluator::AddView(const OperandAccess& a, TouchedBytes* out) const {
  const ViewState& v = std::as_const(ex_).view(in_.operands[a.operand]);
  if (v.buffer < 0) return false;
  const GlobalBuffer& buffer = ex_.globals()[v.buffer];
  const uint64_t size = DTypeSize(buffer.dtype);
  ByteSet& set = out->global[v.buffer];
  auto element = [&](int64_t e) {
    if (e >= 0 && e < buffer.elements()) set.Add(e * size, (e + 1) * size);
  };
  if (a.region == Region::kViewElement) {
    element(v.offset + IntOperand(a.at));
    return true;
  }
  int64_t rows, cols;
  if (a.operand != 0 && GetOpInfo(in_.op).family == Family::kLoad &&
      in_.operands[0] != kNoOperand && view_mapping::PackedScaleTile(Type(0)) &&
      view_mapping::FoldedExtents(v, Type(0).row_major(), &rows, &cols)) {
    const view_mapping::PackedScale packed(Type(0), rows, cols);  // whole boxes, in box order
    const int64_t lo = std::max<int64_t>(v.offset, 0);
    const int64_t hi = std::min<int64_t>(v.offset + packed.Bytes(), buffer.elements());
    if (lo < hi) set.Add(lo * size, hi * size);
    return true;
  }
  if (v.rank == 0) {  // a bare pointer: from its element to the end of the buffer
    if (v.offset < buffer.elements()) set.Add(v.offset * size, buffer.bytes.size());
    return true;
  }
  // Every index tuple of the window, the innermost dimension as runs. Only the indices that
  // can reach the buffer count: a dimension of stride 0 repeats the same elements, and with no
  // negative stride or offset an index whose own term passes the buffer's end stays past it (a
  // window of 2^32 rows over a small buffer would otherwise take minutes).
  bool ascending = v.offset >= 0;
  for (int d = 0; d < v.rank; ++d) ascending = ascending && v.stride[d] >= 0;
  int64_t extent[kMaxViewRank];
  for (int d = 0; d < v.rank; ++d) {
    extent[d] = v.stride[d] == 0 ? std::min<int64_t>(v.shape[d], 1) : v.shape[d];
    if (ascending && v.stride[d] > 0) {
      const int64_t room = std::max<int64_t>(buffer.elements() - v.offset, 0);
      extent[d] = std::min(extent[d], room / v.stride[d] + (room % v.stride[d] != 0));
    }
    if (extent[d] <= 0) return true;
  }
  std::vector<int64_t> index(v.rank, 0);
  const int inner = v.rank - 1;
  for (;;) {
    int64_t base = v.offset;
    for (int d = 0; d < inner; ++d) base += index[d] * v.stride[d];
    if (v.stride[inner] == 1) {  // one run, clipped to the buffer
      const int64_t lo = std::max<int64_t>(base, 0);
      const int64_t hi = std::min<int64_t>(base + extent[inner], buffer.elements());
      if (lo < hi) set.Add(lo * size, hi * size);
    } else {
      for (int64_t k = 0; k < extent[inner]; ++k) element(base + k * v.stride[inner]);
    }
    int d = inner - 1;
    while (d >= 0 && ++index[d] == extent[d]) index[d--] = 0;
    if (d < 0) return true;
  }
}

bool Evaluator::Add(const OperandAccess& a, TouchedBytes* out) {
  if (in_.operands[a.operand] == kNoOperand) return true;  // an absent optional operand
  if (a.region == Region::kViewWindow || a.region == Region::kViewElement) return AddView(a, out);
  if (!Ready(a.operand) || !Ready(a.shape_of) || !Ready(a.cols_of)) return false;
  if (a.region == Region::kElement) {
    const TileType& t = Type(a.operand);
    const uint64_t size = DTypeSize(t.dtype), k = static_cast<uint64_t>(IntOperand(a.at));
    if (k < static_cast<uint64_t>(t.rows) * static_cast<uint64_t>(t.cols)) {
      const uint64_t at = State(a.operand).addr + k * size;
      out->local[static_cast<int>(t.mem)].Add(at, at + size);
    }
    return true;
  }
  Rect r;
  if (!RectOf(a, &r)) return false;
  AddRect(a.operand, r, out);
  return true;
}

}  // namespace

bool EvaluateOperandTouched(Executor& ex, const Instr& in, const OperandAccess& a,
                            TouchedBytes* out) {
  return Evaluator(ex, in).Add(a, out);
}

bool EvaluateTouched(Executor& ex, const Instr& in, TouchedBytes* reads, TouchedBytes* writes) {
  Evaluator evaluator(ex, in);
  for (const OperandAccess& a : AccessesOf(in.op, ex.program().arch)) {
    if (a.reads && !evaluator.Add(a, reads)) return false;
    if (a.writes && !evaluator.Add(a, writes)) return false;
  }
  return true;
}

}  // namespace pto::interp
