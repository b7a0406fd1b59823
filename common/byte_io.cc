#include "pto/common/byte_io.h"

namespace pto {

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "bytecode I/O assumes little-endian");

bool ByteReader::Bytes(size_t n, std::string* out) {
  if (!ok()) return false;
  if (remaining() < n) {
    Fail("unexpected end of data");
    return false;
  }
  out->assign(reinterpret_cast<const char*>(data_ + pos_), n);
  pos_ += n;
  return true;
}

void ByteReader::Fail(std::string message) {
  if (!ok()) return;
  error_ = std::move(message);
  error_offset_ = pos_;
}

}  // namespace pto
