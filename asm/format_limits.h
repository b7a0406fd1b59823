// The limits of the bytecode format (common/bytecode.h, common/isa/encoding.h,
// common/program.h) that an input can cross, as the assembler, listings and the linker check
// them: each is reported where the text crosses it, so that ptoas never writes a file the
// reader rejects.
//
//   registers      per register class of a function (FunctionBuilder::New*; a listing's
//                  bc.scalars, bc.tile, bc.view); parameters and constants have registers
//   code_words     per function (FunctionBuilder::Emit; a listing's instructions)
//   functions      per file (func.func; a listing's functions; a linked program)
//   strings        the string pool: names of functions, tiles, views, parameters, source files
//   string_length  one of those names
//   results        scalar results of a function (func.func ... -> (...))
//   operands       operand words of one instruction: a call's callee, arguments and results
//   local_arrays   per function (pto.declare_local_array, tmrgsort's counts)
//   param_rank     dimensions of a memref or view parameter
// And one rule that is no count: no function calls itself (common/call_graph.h).
#ifndef PTO_ASM_FORMAT_LIMITS_H_
#define PTO_ASM_FORMAT_LIMITS_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "pto/common/bytecode.h"
#include "pto/common/call_graph.h"
#include "pto/common/isa/encoding.h"
#include "pto/common/isa/operand_kinds.h"
#include "pto/common/program.h"

namespace pto::assembler {

/// The format's limits; tests lower them to reach each with a small program.
struct FormatLimits {
  uint32_t registers = kMaxRegisters;
  uint32_t code_words = kMaxCodeWords;
  uint32_t functions = kMaxFunctions;
  uint32_t strings = kMaxStrings;
  uint32_t string_length = kMaxStringLength;
  uint32_t results = kMaxResults;
  uint32_t operands = kMaxOperands;
  uint32_t local_arrays = kMaxLocalArrays;
  uint32_t param_rank = kMaxParamRank;
};

/// The messages for each limit crossed, in function \a fn (its name without '@').
std::string TooManyRegisters(std::string_view fn, RegClass cls, uint32_t limit);
std::string TooManyCodeWords(std::string_view fn, uint32_t limit);
std::string TooManyLocalArrays(std::string_view fn, uint32_t limit);
std::string TooManyFunctions(uint32_t limit);
std::string TooManyStrings(uint32_t limit);
std::string NameTooLong(size_t length, uint32_t limit);
std::string TooManyResults(std::string_view fn, size_t count, uint32_t limit);
std::string TooManyCallOperands(std::string_view callee, size_t registers, uint32_t limit);
/// The problem with \a d as a dimension of a memref parameter, or "" if the format holds it.
std::string MemrefDimProblem(int64_t d);
/// "this call makes @f call itself" (through the others of the cycle, if any), for the call
/// that closes \a cycle (common/call_graph.h) of \a program's functions.
std::string CallCycleMessage(const Program& program, const std::vector<CallEdge>& cycle);

}  // namespace pto::assembler

#endif  // PTO_ASM_FORMAT_LIMITS_H_
