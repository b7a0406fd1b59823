#include "pto/interp/observe/sequence_builder.h"

#include <algorithm>
#include <cmath>

namespace pto::interp::observe {

void SequenceBuilder::Vector(const cost::VectorProfile& p, uint64_t count, uint64_t repeats,
                             bool masked) {
  if (count == 0) return;
  if (first_) {
    head_ = p.head, first_ = false;
  } else if (drained_) {
    body_ += p.head;
  }
  const double floor = masked && p.count_mode_floor ? cost::kCountModeFloor : 0;
  body_ += static_cast<double>(count) * (p.slope * static_cast<double>(repeats) + floor);
  drained_ = false, pending_ = true, tail_ = p.tail;
}

void SequenceBuilder::Copy(uint64_t bytes) {
  const cost::Place ub{false, Memory::kVec};
  body_ += std::ceil(static_cast<double>(bytes) / cost::BytesPerCycle(ub, ub, bytes));
}

void SequenceBuilder::Barrier() {
  if (pending_) body_ += tail_;
  pending_ = false, drained_ = true;
}

void SequenceBuilder::ScalarRoundTrip() {
  Barrier();
  body_ += 2 * cost::kFlagCycles;
}

void SequenceBuilder::Finish(StepCost* c) const {
  c->head = static_cast<uint32_t>(std::lround(head_));
  c->body = static_cast<uint32_t>(std::min(std::llround(body_), 0xffffffffLL));
  c->tail = pending_ ? static_cast<uint32_t>(std::lround(tail_)) : 0;
}

uint64_t RepeatsOf(uint64_t bytes) {
  const auto r = static_cast<uint64_t>(cost::kRepeatBytes);
  return std::max<uint64_t>(1, (bytes + r - 1) / r);
}

uint64_t RowRepeats(const SequenceShapeInput& in) { return RepeatsOf(in.cols * in.elem_bytes); }

uint64_t BlockBytes(uint64_t bytes) { return CeilDiv(bytes, kBlockBytes) * kBlockBytes; }

const cost::VectorProfile& Profile(std::string_view name, cost::ElemClass c) {
  return *cost::FindProfile(name, c);
}

void Steps(std::initializer_list<const cost::VectorProfile*> steps, uint64_t repeats, bool masked,
           SequenceBuilder* b) {
  for (const cost::VectorProfile* p : steps) {
    b->Vector(*p, 1, repeats, masked);
    b->Barrier();
  }
}

}  // namespace pto::interp::observe
