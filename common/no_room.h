// Running out of room somewhere other than the heap (a temporary file's disk): reported as
// the tools report being out of memory, with the reason instead of "out of memory".
#ifndef PTO_COMMON_NO_ROOM_H_
#define PTO_COMMON_NO_ROOM_H_

#include <new>
#include <string>
#include <utility>

namespace pto {

class NoRoom : public std::bad_alloc {
 public:
  explicit NoRoom(std::string message) : message_(std::move(message)) {}
  const char* what() const noexcept override { return message_.c_str(); }

 private:
  std::string message_;
};

}  // namespace pto

#endif  // PTO_COMMON_NO_ROOM_H_
