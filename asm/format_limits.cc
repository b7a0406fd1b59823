#include "pto/asm/format_limits.h"

#include "pto/common/strings.h"

namespace pto::assembler {

std::string TooManyRegisters(std::string_view fn, RegClass cls, uint32_t limit) {
  return StrCat("@", fn, " needs more than ", limit, " ", GetRegClassInfo(cls).noun,
                " registers, the most a function of the bytecode format has");
}

std::string TooManyCodeWords(std::string_view fn, uint32_t limit) {
  return StrCat("@", fn, " needs more than ", limit,
                " words of code, the most a function of the bytecode format has");
}

std::string TooManyLocalArrays(std::string_view fn, uint32_t limit) {
  return StrCat("@", fn, " declares more than ", limit,
                " local arrays, the most a function of the bytecode format has");
}

std::string TooManyFunctions(uint32_t limit) {
  return StrCat("more than ", limit, " functions, the most a bytecode file holds");
}

std::string TooManyStrings(uint32_t limit) {
  return StrCat("more than ", limit,
                " distinct names (of functions, tiles, views, parameters "
                "and files), the most a bytecode file holds");
}

std::string NameTooLong(size_t length, uint32_t limit) {
  return StrCat("a name of ", length, " bytes; the bytecode format holds names of at most ", limit);
}

std::string TooManyResults(std::string_view fn, size_t count, uint32_t limit) {
  return StrCat("@", fn, " returns ", count,
                " values; a function of the bytecode format returns "
                "at most ",
                limit);
}

std::string TooManyCallOperands(std::string_view callee, size_t registers, uint32_t limit) {
  return StrCat("a call of @", callee, " passes ", registers,
                " argument and result registers; "
                "a call holds at most ",
                limit - 1, " (an instruction has at most ", limit,
                " operand words, one of them the callee)");
}

std::string MemrefDimProblem(int64_t d) {
  if (d > 0 && d <= kMaxParamDim) return "";
  return StrCat("a memref dimension must be from 1 to 2^62, got ", d);
}

std::string CallCycleMessage(const Program& program, const std::vector<CallEdge>& cycle) {
  std::string through;
  for (size_t i = 1; i < cycle.size(); ++i) {
    through += StrCat(i > 1 ? ", @" : " through @",
                      program.String(program.functions[cycle[i].caller].name));
  }
  return StrCat("this call makes @", program.String(program.functions[cycle[0].caller].name),
                " call itself", through, " (kernels run without a stack)");
}

}  // namespace pto::assembler
