// Process tuning for the tools' executables (ptoas, ptorun): how the heap grows for large
// inputs. Not library code: it changes the whole process (malloc's settings).
#ifndef PTO_TOOLS_PROCESS_TUNING_H_
#define PTO_TOOLS_PROCESS_TUNING_H_

#include <cstdint>
#include <string>
#include <vector>

namespace pto {

/// Lets the heap grow in large steps backed by huge pages, when \a input_bytes (what the tool
/// is about to read) is large enough to gain: the first touch of a huge page costs about 2 ms
/// in these VMs, as much as a thousand ordinary faults, so small inputs are left alone. For
/// tools that allocate in proportion to their input; call once, before reading it.
void UseHugePagesForHeap(uint64_t input_bytes);

/// The total size of the regular files among \a paths (others count 0): a tool's input size
/// for UseHugePagesForHeap.
uint64_t TotalFileBytes(const std::vector<std::string>& paths);

}  // namespace pto

#endif  // PTO_TOOLS_PROCESS_TUNING_H_
