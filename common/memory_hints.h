// Hints to the kernel about memory the tools are about to fill. Page faults are slow in
// virtual machines (on our CI machines about a fifth of assembling a 10 MB file went to them),
// and a transparent huge page takes one fault where 4 KB pages take 512.
#ifndef PTO_COMMON_MEMORY_HINTS_H_
#define PTO_COMMON_MEMORY_HINTS_H_

#include <cstddef>

namespace pto {

/// Asks for huge pages under [data, data + size), a large buffer about to be written. Only its
/// 2 MB-aligned interior can be advised; small buffers are left alone.
void AdviseHugePages(void* data, size_t size);

/// Lets the heap grow in large steps backed by huge pages. For tools that allocate many
/// small objects in proportion to their input; call once, early in main.
void UseHugePagesForHeap();

}  // namespace pto

#endif  // PTO_COMMON_MEMORY_HINTS_H_
