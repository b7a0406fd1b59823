// Lowers a function body made of labelled blocks (MLIR's unstructured control flow: the cf
// dialect's branches between ^bb labels, with block arguments).
#ifndef PTO_ASM_LOWERING_CFG_LOWERING_H_
#define PTO_ASM_LOWERING_CFG_LOWERING_H_

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "pto/asm/lowering/body_lowering.h"

namespace pto::assembler {

/// A labelled block of the body being lowered: its arguments' registers, its address once
/// lowered, and the jumps to patch with it.
struct BlockTarget {
  std::vector<Value> args;
  SourceRange def;
  int64_t address = -1;
  std::vector<uint32_t> jumps;  ///< code offsets of %jump instructions that go to it
};

/// The labelled blocks of one body, by name (without '^').
using BlockTargets = std::map<std::string, BlockTarget, std::less<>>;

/// Whether \a statements hold block labels other than a leading region label.
bool HasBlocks(StatementSpan statements);
/// Lowers \a statements as blocks: an unlabelled entry block, then each ^label(args): block.
/// Every block ends with a terminator (return, cf.br, cf.cond_br).
void LowerBlocks(BodyLowering& body, StatementSpan statements);

/// cf.br ^bb(%v, ... : T, ...)
bool LowerBranch(BodyLowering& body, const Statement& stmt);
/// cf.cond_br %c, ^then(...), ^else(...)
bool LowerCondBranch(BodyLowering& body, const Statement& stmt);

}  // namespace pto::assembler

#endif  // PTO_ASM_LOWERING_CFG_LOWERING_H_
