#include "interp/executor.h"

#include <cstring>

#include "common/strings.h"
#include "interp/kernels.h"

namespace pto::interp {

Executor::Executor(const Program& program, const Function& function, LocalMemory& local,
                   std::vector<GlobalBuffer>& globals)
    : program_(program),
      function_(function),
      local_(local),
      globals_(globals),
      scalars_(function.scalar_regs.size(), Slot{0}),
      tiles_(function.tiles.size()),
      views_(function.views.size()) {
  for (const ConstInit& c : function.consts) std::memcpy(&scalars_[c.reg], &c.bits, 8);
  for (size_t i = 0; i < tiles_.size(); ++i) {
    const TileReg& reg = function.tiles[i];
    tiles_[i] = TileState{reg.addr, reg.valid_rows, reg.valid_cols};
  }
}

std::string Executor::TileName(uint32_t reg) const {
  const std::string& name = program_.String(function_.tiles[reg].name);
  return name.empty() ? StrCat("tile ", reg) : "%" + name;
}

std::string Executor::ViewName(uint32_t reg) const {
  const std::string& name = program_.String(function_.views[reg].name);
  return name.empty() ? StrCat("view ", reg) : "%" + name;
}

bool Executor::Fault(std::string message) {
  const OpInfo& info = GetOpInfo(Decode(&function_.code[pc_]).op);
  std::string_view mnemonic = info.mnemonic;
  if (mnemonic[0] == '%') mnemonic.remove_prefix(1);
  fault_ = StrCat(mnemonic, ": ", message);
  return false;
}

bool Executor::FaultPosition(std::string* file, int* line, int* col) const {
  const LineEntry* best = nullptr;
  for (const LineEntry& l : function_.lines) {
    if (l.code_offset > pc_) break;
    best = &l;
  }
  if (!best || best->code_offset != pc_) return false;
  *file = program_.String(best->file);
  *line = static_cast<int>(best->line);
  *col = static_cast<int>(best->col);
  return true;
}

bool Executor::Tile(uint32_t reg, TileRef* ref) {
  const TileState& s = tiles_[reg];
  const TileReg& r = function_.tiles[reg];
  if (s.addr == kUnboundAddress) {
    return Fault(StrCat(TileName(reg), " is used before it is bound to an address"));
  }
  if (s.valid_rows == kDynamic || s.valid_cols == kDynamic) {
    return Fault(StrCat(TileName(reg), " has a dynamic valid shape that was never set"));
  }
  ref->base = local_.arena[static_cast<int>(r.type.mem)].data() + s.addr;
  ref->type = &r.type;
  ref->valid_rows = s.valid_rows;
  ref->valid_cols = s.valid_cols;
  ref->reg = reg;
  ref->addr = s.addr;
  return true;
}

uint8_t* Executor::Scratch(size_t bytes) {
  if (scratch_.size() < bytes) scratch_.resize(bytes);
  return scratch_.data();
}

bool Executor::Run() {
  const uint32_t* code = function_.code.data();
  pc_ = 0;
  returning_ = false;
  for (;;) {
    Instr in = Decode(code + pc_);
    bool ok = true;
    switch (in.op) {
#define PTO_OP(Name, mnemonic, operands, Family, Kernel, a2a3, a5, flags) \
  case Opcode::k##Name:                                                   \
    ok = Exec##Family<ops::Kernel>(*this, in);                            \
    break;
#include "common/isa/opcodes.def"
#undef PTO_OP
    }
    if (!ok) return false;
    if (returning_) return true;
    pc_ += in.size();
  }
}

}  // namespace pto::interp
