// libFuzzer target: the .npy reader (ptorun's inputs and --expect goldens). Any input must be
// read or refused with a reason; a header that is read describes elements that fit the bytes
// after it before anything is copied, and nothing may crash, hang or touch memory it should
// not (built with ASan + UBSan).
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "pto/interp/io/npy_format.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace pto::interp;
  if (!LooksLikeNpy(data, size)) return 0;
  NpyHeader header;
  std::string err;
  if (!ParseNpyHeader(data, size, &header, &err)) {
    if (err.empty()) __builtin_trap();  // a refusal must say why
    return 0;
  }
  if (header.data_offset > size) __builtin_trap();
  const NpyElement e = ParseNpyDescr(header.descr);
  (void)NpyTypeName(header.descr);
  (void)NpyShapeText(header.shape);
  if (e.kind == 0) return 0;
  const int64_t count = header.elements();
  if (count < 0) __builtin_trap();
  // As the readers do: the elements must fill the rest of the file exactly.
  if (size - header.data_offset != static_cast<size_t>(count) * e.size) return 0;
  std::vector<uint8_t> ordered(static_cast<size_t>(count) * e.size);
  NpyToCOrder(data + header.data_offset, header.shape, header.fortran_order, e.size,
              e.big_endian, ordered.data());
  return 0;
}
