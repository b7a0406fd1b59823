// The memory budget of a run's arguments (ReadArguments): a buffer that would take the
// arguments past it is reported, not allocated.
#include <doctest/doctest.h>

#include "pto/interp/io/arguments.h"
#include "pto/tests/test_support.h"

namespace pto::testing {
namespace {

TEST_CASE("arguments beyond the memory budget are refused") {
  const Program program = Assemble(
      "func.func @main(%a: !pto.ptr<f32>, %b: !pto.ptr<f32>) attributes {pto.entry} {\n"
      "  return\n}\n");
  const Function& fn = program.functions[program.entry];
  Diagnostics diags;
  interp::Arguments args;
  const std::vector<std::string> fits = {"zeros:100", "zeros:150"};
  CHECK(interp::ReadArguments(program, fn, fits, &args, diags, 1000));
  CHECK(diags.all().empty());
  const std::vector<std::string> too_many = {"zeros:100", "zeros:151"};
  CHECK_FALSE(interp::ReadArguments(program, fn, too_many, &args, diags, 1000));
  CHECK(diags.ToString() == "error: argument for %b: zeros:151 takes 604 bytes, more than the "
                     "600 bytes of memory left to the arguments (ptorun lets them take half the "
                     "machine's memory, less under ulimit -v)\n");
  CHECK(interp::MemoryBudget() > 0);
}

}  // namespace
}  // namespace pto::testing
