// Hints to the kernel about memory the tools are about to fill. Page faults are slow in
// virtual machines (on our CI machines about a fifth of assembling a 10 MB file went to them),
// and a transparent huge page takes one fault where 4 KB pages take 512.
#ifndef PTO_COMMON_MEMORY_HINTS_H_
#define PTO_COMMON_MEMORY_HINTS_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace pto {

/// Asks for huge pages under [data, data + size), a large buffer about to be written. Only its
/// 2 MB-aligned interior can be advised; small buffers are left alone.
void AdviseHugePages(void* data, size_t size);

/// Lets the heap grow in large steps backed by huge pages, when \a input_bytes (what the tool
/// is about to read) is large enough to gain: the first touch of a huge page costs about 2 ms
/// in these VMs, as much as a thousand ordinary faults, so small inputs are left alone. For
/// tools that allocate in proportion to their input; call once, before reading it.
void UseHugePagesForHeap(uint64_t input_bytes);

/// The total size of the regular files among \a paths (others count 0): a tool's input size
/// for UseHugePagesForHeap.
uint64_t TotalFileBytes(const std::vector<std::string>& paths);

}  // namespace pto

#endif  // PTO_COMMON_MEMORY_HINTS_H_
