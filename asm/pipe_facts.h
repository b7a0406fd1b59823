// What the lowering of a function's pipe statements records for the rules that look at several
// statements, or at the two functions of a pipe, at once (asm/pipe_contract.cc): PTOAS v0.60's
// frontend pipe verifiers (docs/semantics.md "Cube and vector cores").
#ifndef PTO_ASM_PIPE_FACTS_H_
#define PTO_ASM_PIPE_FACTS_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "pto/common/dtype.h"
#include "pto/common/source.h"
#include "pto/common/tile_type.h"

namespace pto::assembler {

/// Where a consumer buffer operand of a pipe set-up comes from: the peer key PTOAS pairs the
/// two functions of a pipe by (a reserve_buffer of this function, or the import of a peer's).
struct PipeBufferSource {
  enum class Kind : uint8_t { kNone, kReserve, kImport, kOther };
  Kind kind = Kind::kNone;
  std::string name;  ///< The reserved buffer's name.
  std::string peer;  ///< kImport: the reserving function, without '@'.
};

/// acc_push_epilogue = #pto.acc_push_epilogue<layout = L, quant = Q, relu = R>, as the codes of
/// pipe_epilogue's immediates (common/isa/immediates.cc).
struct FixpipeEpilogue {
  uint32_t layout = 0;  ///< 0 nz2nd, 1 nz2dn, 2 nz2nz
  uint32_t quant = 0;   ///< 0 no_convert, else 1 + the index in cube::kQuantModes
  uint32_t relu = 0;    ///< 0 no_relu, 1 normal_relu
  bool operator==(const FixpipeEpilogue& o) const {
    return layout == o.layout && quant == o.quant && relu == o.relu;
  }
};

/// A pipe set-up: aic_/aiv_initialize_pipe, or the internal initialize_l2l_pipe /
/// initialize_l2g2l_pipe.
struct PipeInitFact {
  uint32_t id = 0;
  uint32_t dir_mask = 1;
  uint32_t slot_size = 0;
  uint32_t slot_num = 0;  ///< As written (0: the default of the direction).
  uint32_t local_slot_num = 0;
  bool cube = true;       ///< The cube side's set-up (aic_initialize_pipe).
  bool internal = false;  ///< initialize_l2l_pipe / initialize_l2g2l_pipe.
  std::optional<bool> nosplit;
  std::optional<FixpipeEpilogue> epilogue;
  PipeBufferSource c2v, v2c;
  bool gm_slot_buffer = false;
  bool gm_slot_tensor = false;
  DType slot_dtype = DType::kInvalid;  ///< gm_slot_tensor's element type and shape.
  std::vector<int64_t> slot_shape;
  SourceRange def;
  SourceRange epilogue_range;  ///< Where acc_push_epilogue is written.
};

/// A statement that uses a pipe (or its quantisation state), in program order.
struct PipeUseFact {
  enum class Kind : uint8_t { kAlloc, kPush, kPop, kFree, kSetQuantScalar, kSetQuantVector };
  Kind kind = Kind::kPush;
  uint32_t id = 0;
  uint32_t split = 0;
  bool c2v = true;            ///< The cube -> vector direction.
  bool global_entry = false;  ///< A GM FIFO slot (!pto.tensor_view) rather than a tile.
  bool has_tile = false;
  TileType tile;        ///< The pushed tile, or the popped one.
  bool signless_byte = false;  ///< The tile's element type is written i8 (not si8 or ui8).
  DType entry_dtype = DType::kInvalid;  ///< A GM FIFO entry's element type and shape.
  std::vector<int64_t> entry_shape;
  uint32_t block = 0;   ///< The region block it is written in (FunctionBuilder::block()).
  int init = -1;        ///< Its set-up in PipeFacts::inits (internal forms), or -1: by id.
  SourceRange where;
};

struct PipeFacts {
  std::vector<PipeInitFact> inits;
  std::vector<PipeUseFact> uses;
};

}  // namespace pto::assembler

#endif  // PTO_ASM_PIPE_FACTS_H_
