// Little-endian byte buffers with bounds-checked reads.
#ifndef PTO_COMMON_BYTE_IO_H_
#define PTO_COMMON_BYTE_IO_H_

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace pto {

class ByteWriter {
 public:
  void U8(uint8_t v) { bytes_.push_back(v); }
  void U16(uint16_t v) { Raw(&v, 2); }
  void U32(uint32_t v) { Raw(&v, 4); }
  void U64(uint64_t v) { Raw(&v, 8); }
  void I32(int32_t v) { Raw(&v, 4); }
  void I64(int64_t v) { Raw(&v, 8); }
  void Bytes(const void* data, size_t n) { Raw(data, n); }
  /// Overwrites 4 bytes at \a offset (for sizes known only after writing).
  void PatchU32(size_t offset, uint32_t v) { std::memcpy(&bytes_[offset], &v, 4); }
  size_t size() const { return bytes_.size(); }
  std::vector<uint8_t>& bytes() { return bytes_; }

 private:
  // The format is little-endian and so is every machine this runs on (checked in byte_io.cc).
  void Raw(const void* data, size_t n) {
    const uint8_t* p = static_cast<const uint8_t*>(data);
    bytes_.insert(bytes_.end(), p, p + n);
  }
  std::vector<uint8_t> bytes_;
};

/// Reads from [begin, end) of a buffer. The first failed read latches an error with its
/// offset; later reads return zeros, so callers check ok() once per record.
class ByteReader {
 public:
  ByteReader(const uint8_t* data, size_t begin, size_t end)
      : data_(data), pos_(begin), end_(end) {}

  uint8_t U8() { return Get<uint8_t>(); }
  uint16_t U16() { return Get<uint16_t>(); }
  uint32_t U32() { return Get<uint32_t>(); }
  uint64_t U64() { return Get<uint64_t>(); }
  int32_t I32() { return Get<int32_t>(); }
  int64_t I64() { return Get<int64_t>(); }
  bool Bytes(size_t n, std::string* out);

  /// Records an error at the current offset unless one is already latched.
  void Fail(std::string message);
  bool ok() const { return error_.empty(); }
  const std::string& error() const { return error_; }
  size_t error_offset() const { return error_offset_; }
  size_t pos() const { return pos_; }
  size_t remaining() const { return end_ - pos_; }

 private:
  template <typename T>
  T Get() {
    T v{};
    if (!ok()) return v;
    if (remaining() < sizeof(T)) {
      Fail("unexpected end of data");
      return v;
    }
    std::memcpy(&v, data_ + pos_, sizeof(T));
    pos_ += sizeof(T);
    return v;
  }

  const uint8_t* data_;
  size_t pos_;
  size_t end_;
  std::string error_;
  size_t error_offset_ = 0;
};

}  // namespace pto

#endif  // PTO_COMMON_BYTE_IO_H_
