#include "pto/common/isa/pipes.h"

#include <array>

#include "pto/common/program.h"

namespace pto {

namespace {

constexpr Pipe kFamilyPipe[kFamilyCount] = {
#define PTO_FAMILY(Name, Layer, Rules, Lowering, Access, P) Pipe::k##P,
#include "pto/common/isa/families.def"
#undef PTO_FAMILY
};

struct Override {
  Opcode op;
  Pipe pipe;
};
constexpr Override kOverrides[] = {
#define PTO_OP(...)
#define PTO_PIPE(Name, P) {Opcode::k##Name, Pipe::k##P},
#include "pto/common/isa/opcodes.def"
#undef PTO_PIPE
#undef PTO_OP
};

}  // namespace

int PipeIndex(uint32_t sync_code) {
  for (int i = 0; i < kPipeCount; ++i) {
    if (static_cast<uint32_t>(kPipes[i]) == sync_code) return i;
  }
  return -1;
}

const char* PipeName(Pipe p) {
  switch (p) {
    case Pipe::kS: return "PIPE_S";
    case Pipe::kV: return "PIPE_V";
    case Pipe::kM: return "PIPE_M";
    case Pipe::kMTE1: return "PIPE_MTE1";
    case Pipe::kMTE2: return "PIPE_MTE2";
    case Pipe::kMTE3: return "PIPE_MTE3";
    case Pipe::kFIX: return "PIPE_FIX";
    case Pipe::kOperands: break;
  }
  return "by its operands";
}

Pipe TablePipe(Opcode op) {
  // The family's pipe unless a PTO_PIPE row says otherwise, by opcode (the sanitizer asks
  // for every instruction).
  static const std::array<Pipe, kOpcodeCount> by_opcode = [] {
    std::array<Pipe, kOpcodeCount> t{};
    for (int code = 0; code < kOpcodeCount; ++code) {
      t[code] = kFamilyPipe[static_cast<int>(GetOpInfo(static_cast<Opcode>(code)).family)];
    }
    for (const Override& o : kOverrides) t[static_cast<int>(o.op)] = o.pipe;
    return t;
  }();
  return by_opcode[static_cast<int>(op)];
}

Pipe PipeOf(const Function& f, const Instr& in) {
  const Pipe table = TablePipe(in.op);
  if (table != Pipe::kOperands) return table;
  const OpInfo& info = GetOpInfo(in.op);
  int src = -1, dst = -1;  // the memories of the first tile read and the tile written
  for (int i = 0; i < info.num_operands() && i < static_cast<int>(in.count); ++i) {
    if (info.operands[i].kind != OperandKind::kTile || in.operands[i] == kNoOperand) continue;
    const int mem = static_cast<int>(f.tiles[in.operands[i]].type.mem);
    if (info.operands[i].output && dst < 0) dst = mem;
    if (!info.operands[i].output && src < 0) src = mem;
  }
  const auto is = [](int m, Memory mem) { return m == static_cast<int>(mem); };
  if (is(src, Memory::kAcc)) return Pipe::kFIX;
  if (info.family == Family::kStore) return Pipe::kMTE3;
  if (is(src, Memory::kMat)) return Pipe::kMTE1;
  if (is(src, Memory::kVec) && dst >= 0 && !is(dst, Memory::kVec)) return Pipe::kMTE3;
  return Pipe::kV;
}

}  // namespace pto
