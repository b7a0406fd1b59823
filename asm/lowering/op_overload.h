// Instructions with several forms under one mnemonic (rows of opcodes.def that NextOverload
// links, such as tgather with an index tile or with a maskPattern): which row a statement means.
#ifndef PTO_ASM_LOWERING_OP_OVERLOAD_H_
#define PTO_ASM_LOWERING_OP_OVERLOAD_H_

#include <functional>

#include "pto/asm/items.h"
#include "pto/common/isa/opcode.h"

namespace pto::assembler {

/// Of the forms of the instruction spelled like \a first, the one \a stmt's operand counts and
/// required attributes select.
const OpInfo& ChooseForm(const OpInfo& first, const Statement& stmt);

/// Of the forms spelled like \a first, the last that \a fits accepts, or null: a later row of
/// the same shape supersedes an earlier one, which stays for the bytecode that names it
/// (vgather2 with its source's element width, vsstb with its block stride).
const OpInfo* LastFittingForm(const OpInfo& first, const std::function<bool(const OpInfo&)>& fits);

/// PTOAS v0.60 spells the fixpipe's per-channel quantisation of tstore, tmov, textract and
/// tinsert with the plain mnemonic and an fp tile (`fp %fp : T` in ins(...), or tmov's second
/// input in the scaling memory): the row spelled `<mnemonic>.fp` then. \a is_scaling_tile says
/// whether a written value is a tile in the scaling memory. Null for any other statement.
const OpInfo* QuantisedForm(const OpInfo& info, const Statement& stmt,
                            const std::function<bool(const Item&)>& is_scaling_tile);

/// mgather's GM -> L1 form (its index a GM view, not a tile) when \a info is mgather's row and
/// the second written input is a view (\a is_view says); null otherwise.
const OpInfo* GatherToL1Form(const OpInfo& info, const Statement& stmt,
                             const std::function<bool(const Item&)>& is_view);

/// True if \a stmt writes `no_tmp` after the last operand of its ins(...) clause.
bool WritesNoTmp(const Statement& stmt);

/// PTOAS v0.60's tmrgsort of lists: ins(%l0, %l1[, %l2, %l3], %tmp) outs(%dst, %executed), the
/// tmp tile last among the inputs unless `no_tmp` follows the lists. True if \a stmt, a form of
/// \a info's mnemonic that has a tmp-tile row, writes its tmp so (three or more inputs, two
/// outputs, no `no_tmp`). The older outs(%dst, %tmp, %executed) and two inputs alone are lists.
bool TmpLastAmongIns(const OpInfo& info, const Statement& stmt);

}  // namespace pto::assembler

#endif  // PTO_ASM_LOWERING_OP_OVERLOAD_H_
