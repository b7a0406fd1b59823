// The distributions of the VPTO vector loads and stores (micro-isa 03): which instruction takes
// each, the element width it works in and the alignment its UB address needs. The assembler's
// rules (static addresses) and the kernels (run time) read the same rows.
#ifndef PTO_COMMON_ISA_DISTRIBUTIONS_H_
#define PTO_COMMON_ISA_DISTRIBUTIONS_H_

#include <cstdint>
#include <string_view>

namespace pto {

/// One distribution: its name (a value of the "dist" attribute), the instruction that takes
/// it ("vlds", "vsts", "vldsx2", "vstsx2"; NORM is both vlds's and vsts's), its element width
/// in bytes (0: the vector register's) and the alignment of its UB address in bytes.
struct DistInfo {
  std::string_view name;
  std::string_view load_op;   ///< The load taking it, or empty.
  std::string_view store_op;  ///< The store taking it, or empty.
  int width;
  int align;
  /// A store's mask granularity in bytes (PTOAS v0.60's VstsOp verifier: NORM_Bn's own width,
  /// b32 for the packs of 32-bit words and the 4-channel merge), or 0 where the mask is any.
  int store_mask_bytes = 0;
};

/// The distribution of "dist" code \a code, or null if there is none.
const DistInfo* FindDist(uint32_t code);

/// The "dist" code of \a name (it must exist).
uint32_t DistCode(std::string_view name);

}  // namespace pto

#endif  // PTO_COMMON_ISA_DISTRIBUTIONS_H_
