#include "pto/interp/observe/trace_writer.h"

#include <algorithm>

#include "pto/common/isa/attributes.h"
#include "pto/common/isa/opcode.h"
#include "pto/common/isa/pipes.h"
#include "pto/common/isa/sync_enums.h"
#include "pto/common/strings.h"
#include "pto/interp/check/sanitizer.h"
#include "pto/interp/vm/executor.h"
#include "pto/interp/observe/json_text.h"

namespace pto::interp::observe {

namespace {

// The record of one operand of the step's instruction, \a value its operand word; "" for one
// it leaves out (a jump target). Registers are named as the listing names them.
std::string OperandRecord(const Step& step, const OperandSpec& spec, uint32_t value) {
  const Executor& ex = *step.ex;
  const Function& f = *step.function;
  const std::string out = spec.output ? ",\"out\":true" : "";
  const OperandKindInfo& kind = GetKindInfo(spec.kind);
  const std::string name = kind.reg_class == RegClass::kNone
                               ? ""
                               : StrCat(GetRegClassInfo(kind.reg_class).prefix, value);
  switch (kind.reg_class) {
    case RegClass::kTile: {
      const TileType& t = f.tiles[value].type;
      const TileState& s = ex.tile(value);
      return StrCat("{\"tile\":", Quoted(ex.TileName(value)), out, ",\"mem\":",
                    Quoted(MemoryHardwareName(t.mem)), ",\"addr\":", s.addr, ",\"dtype\":",
                    Quoted(DTypeName(t.dtype)), ",\"shape\":[", t.rows, ",", t.cols,
                    "],\"valid\":[", s.valid_rows, ",", s.valid_cols, "]}");
    }
    case RegClass::kView: {
      const ViewState& v = ex.view(value);
      std::string shape;
      for (int d = 0; d < v.rank; ++d) shape += StrCat(d ? "," : "", v.shape[d]);
      return StrCat("{\"view\":", Quoted(ex.ViewName(value)), out, ",\"buffer\":", v.buffer,
                    ",\"offset\":", v.offset, ",\"dtype\":",
                    Quoted(DTypeName(f.views[value].dtype)), ",\"shape\":[", shape, "]}");
    }
    case RegClass::kScalar: {
      const DType t = f.scalar_regs[value];
      const Slot& s = ex.scalar(value);
      return StrCat("{\"scalar\":", Quoted(name), out, ",\"dtype\":", Quoted(DTypeName(t)),
                    ",\"value\":", IsFloat(t) ? Number(s.f) : std::to_string(s.i), "}");
    }
    case RegClass::kNone:
      break;
    default:  // vector, mask and align registers: their names
      return StrCat("{", Quoted(kind.short_name), ":", Quoted(name), out, "}");
  }
  if (spec.kind != OperandKind::kImm) return "";  // a jump target
  if (spec.attr.empty()) return StrCat("{\"imm\":", value, "}");
  // Named as the listing names them: a sync instruction's pipes, events and operation types,
  // an attribute's values.
  const char* named = nullptr;
  const OpInfo& info = GetOpInfo(step.in->op);
  if (info.family == Family::kSync) {
    named = SyncEnumName(SyncAttrKind(info.opcode, spec.attr), value);
  } else if (const AttrInfo* attr = FindAttr(spec.attr); attr && value < attr->count) {
    named = attr->values[value];
  }
  const std::string shown = named ? Quoted(named) : std::to_string(value);
  return StrCat("{\"attr\":", Quoted(spec.attr), ",\"value\":", shown, "}");
}

}  // namespace

std::string TraceWriter::QuotedName(const std::string& core) { return Quoted(core); }

const std::string& TraceWriter::Fixed(const Step& step) {
  auto& of = fixed_[step.function];
  if (of.empty()) of.resize(step.function->code.size());
  std::string& fixed = of[step.pc];
  if (fixed.empty()) {
    const int pipe = step.plan->pipe;
    std::string file;
    int line = 0, col = 0;
    const bool at = check::SitePosition(program_, *step.function, step.pc, &file, &line, &col);
    fixed = StrCat(",\"pipe\":", pipe >= 0 ? Quoted(PipeName(kPipes[pipe])) : "null",
                   ",\"op\":", Quoted(GetOpInfo(step.in->op).listing_name()), ",\"at\":",
                   at ? Quoted(StrCat(file, ":", line, ":", col)) : "null", ",\"operands\":[");
  }
  return fixed;
}

TraceWriter::~TraceWriter() {
  if (spill_) std::fclose(spill_);
}

void TraceWriter::Spill() {
  if (spill_failed_) return;
  if (!spill_) spill_ = std::tmpfile();  // removed by the system when closed
  bool ok = spill_ != nullptr;
  size_t bytes = 0;
  for (const std::string& piece : text_) {
    ok = ok && std::fwrite(piece.data(), 1, piece.size(), spill_) == piece.size();
    bytes += piece.size();
  }
  if (!ok) {
    // The disk is full or absent: memory it is, as before. What this round wrote to the file
    // is not counted, so no record is read back twice.
    spill_failed_ = true;
    return;
  }
  spilled_ += bytes;
  text_.clear();
}

bool TraceWriter::ForEachPiece(const TextSink& sink) const {
  if (spilled_ > 0) {
    if (std::fflush(spill_) != 0 || std::fseek(spill_, 0, SEEK_SET) != 0) return false;
    std::vector<char> block(size_t{1} << 20);
    for (size_t left = spilled_; left > 0;) {
      const size_t n = std::fread(block.data(), 1, std::min(left, block.size()), spill_);
      if (n == 0 || !sink(block.data(), n)) return false;
      left -= n;
    }
    if (std::fseek(spill_, 0, SEEK_END) != 0) return false;
  }
  for (const std::string& piece : text_) {
    if (!sink(piece.data(), piece.size())) return false;
  }
  return true;
}

void TraceWriter::OnStep(const Step& step) {
  const uint64_t n = step_++;
  if (budget_->fetch_sub(1, std::memory_order_relaxed) <= 0) {
    cut_ = true;
    return;
  }
  const OpInfo& info = GetOpInfo(step.in->op);
  std::string operands;
  for (int i = 0; i < info.num_operands(); ++i) {
    const uint32_t value = step.in->operands[i];
    if (value == kNoOperand) continue;  // an absent optional operand
    const std::string r = OperandRecord(step, info.operands[i], value);
    if (r.empty()) continue;
    if (!operands.empty()) operands += ',';
    operands += r;
  }
  constexpr size_t kPiece = size_t{4} << 20;
  if (text_.empty() || text_.back().size() > kPiece) {
    if (!text_.empty()) Spill();  // only the piece being filled stays in memory
    text_.emplace_back().reserve(kPiece + 4096);
  }
  text_.back() += StrCat("{\"step\":", n, ",\"block\":", block_, ",\"core\":", quoted_core_,
                  Fixed(step), operands, "]}\n");
}

}  // namespace pto::interp::observe
