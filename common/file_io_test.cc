// ReadFile's bound: inputs that never end or are larger than asked for are refused after one
// byte more, and a FIFO without a writer reads as empty instead of blocking.
#include <doctest/doctest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <string>

#include "pto/common/file_io.h"
#include "pto/common/output_file.h"

namespace pto {
namespace {

std::string TempPath(const char* name) {
  return std::string(P_tmpdir) + "/pto_file_io_test_" + std::to_string(getpid()) + "_" + name;
}

TEST_CASE("an endless device is read no further than the bound") {
  std::string text, err;
  CHECK_FALSE(ReadFile("/dev/zero", &text, &err, 100));
  CHECK(err == "/dev/zero is larger than 100 bytes");
  CHECK(text.empty());  // what was read of a refused input is not kept
}

TEST_CASE("a regular file larger than the bound is refused unread, one that fits is read") {
  const std::string path = TempPath("regular");
  std::string err;
  REQUIRE(WriteOutputFile(path, "0123456789", 10, &err));
  std::vector<uint8_t> bytes;
  CHECK_FALSE(ReadFile(path, &bytes, &err, 9));
  CHECK(err == path + " is larger than 9 bytes");
  CHECK(ReadFile(path, &bytes, &err, 10));
  CHECK(bytes.size() == 10);
  std::remove(path.c_str());
}

TEST_CASE("a FIFO that no process writes to reads as empty") {
  const std::string path = TempPath("fifo");
  REQUIRE(mkfifo(path.c_str(), 0600) == 0);
  std::string text, err;
  CHECK(ReadFile(path, &text, &err, 100));
  CHECK(text.empty());
  std::remove(path.c_str());
}

}  // namespace
}  // namespace pto
