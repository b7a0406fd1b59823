// Scalar arithmetic, structured control flow and calls, run in-process. Results come back
// through global buffers (pto.store_scalar) and are checked against hand-computed values.
#include <doctest/doctest.h>

#include <cmath>

#include "pto/tests/test_support.h"

namespace pto::testing {
namespace {

// Runs a kernel taking %out: !pto.ptr<T> plus the given scalars; returns %out's elements.
std::vector<double> RunOut(const std::string& source, size_t n,
                           std::map<std::string, double> scalars = {}) {
  Inputs in;
  in.buffers["out"] = std::vector<double>(n, 0);
  in.scalars = std::move(scalars);
  Outputs out = Run(source, in);
  INFO(out.fault);
  REQUIRE(out.ok);
  return out.buffers["out"];
}

TEST_CASE("integer arithmetic wraps to the type and divides as MLIR does") {
  std::vector<double> out = RunOut(R"(
func.func @k(%out: !pto.ptr<i32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %max = arith.constant 2147483647 : i32
  %one = arith.constant 1 : i32
  %m7 = arith.constant -7 : i32
  %two = arith.constant 2 : i32
  %wrapped = arith.addi %max, %one : i32
  %q = arith.divsi %m7, %two : i32
  %r = arith.remsi %m7, %two : i32
  %fl = arith.floordivsi %m7, %two : i32
  %ce = arith.ceildivsi %m7, %two : i32
  %uq = arith.divui %m7, %two : i32
  %sh = arith.shrsi %m7, %one : i32
  %mx = arith.maxui %m7, %two : i32
  pto.store_scalar %wrapped, %out[%c0] : !pto.ptr<i32>, i32
  pto.store_scalar %q, %out[%c1] : !pto.ptr<i32>, i32
  pto.store_scalar %r, %out[%c2] : !pto.ptr<i32>, i32
  pto.store_scalar %fl, %out[%c3] : !pto.ptr<i32>, i32
  pto.store_scalar %ce, %out[%c4] : !pto.ptr<i32>, i32
  pto.store_scalar %uq, %out[%c5] : !pto.ptr<i32>, i32
  pto.store_scalar %sh, %out[%c6] : !pto.ptr<i32>, i32
  pto.store_scalar %mx, %out[%c7] : !pto.ptr<i32>, i32
  return
}
)",
                                   8);
  CHECK(out == std::vector<double>{-2147483648.0, -3, -1, -4, -3, 2147483644, -4, -7});
}

TEST_CASE("float arithmetic, comparisons, select and casts") {
  std::vector<double> out = RunOut(R"(
func.func @k(%out: !pto.ptr<f32>, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %third = arith.constant 3.0 : f32
  %a = arith.divf %x, %third : f32
  %lt = arith.cmpf olt, %x, %third : f32
  %s = arith.select %lt, %x, %third : f32
  %i = arith.fptosi %a : f32 to i32
  %back = arith.sitofp %i : i32 to f32
  %h = arith.truncf %a : f32 to f16
  %w = arith.extf %h : f16 to f32
  %n = arith.negf %w : f32
  pto.store_scalar %a, %out[%c0] : !pto.ptr<f32>, f32
  pto.store_scalar %s, %out[%c1] : !pto.ptr<f32>, f32
  pto.store_scalar %back, %out[%c2] : !pto.ptr<f32>, f32
  pto.store_scalar %w, %out[%c3] : !pto.ptr<f32>, f32
  pto.store_scalar %n, %out[%c4] : !pto.ptr<f32>, f32
  return
}
)",
                                   5, {{"x", 10.0}});
  CHECK(out[0] == static_cast<float>(10.0f / 3.0f));
  CHECK(out[1] == 3);
  CHECK(out[2] == 3);
  CHECK(out[3] == 3.333984375);  // f16 nearest to 10/3
  CHECK(out[4] == -3.333984375);
}

TEST_CASE("scf.for with iter_args, nested scf.if with results") {
  // Sum of i for i in [0, n) plus the count of odd i.
  std::vector<double> out = RunOut(R"(
func.func @k(%out: !pto.ptr<i64>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0 : i64
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%sum = %zero, %odd = %zero) -> (i64, i64) {
    %iv = arith.index_cast %i : index to i64
    %s2 = arith.addi %sum, %iv : i64
    %bit = arith.remui %i, %c2 : index
    %is_odd = arith.cmpi eq, %bit, %c1 : index
    %o2 = scf.if %is_odd -> (i64) {
      %one = arith.constant 1 : i64
      %inc = arith.addi %odd, %one : i64
      scf.yield %inc : i64
    } else {
      scf.yield %odd : i64
    }
    scf.yield %s2, %o2 : i64, i64
  }
  pto.store_scalar %r#0, %out[%c0] : !pto.ptr<i64>, i64
  pto.store_scalar %r#1, %out[%c1] : !pto.ptr<i64>, i64
  return
}
)",
                                   2, {{"n", 101}});
  CHECK(out[0] == 5050);
  CHECK(out[1] == 50);
}

TEST_CASE("a yield that swaps loop values moves them at once") {
  std::vector<double> out = RunOut(R"(
func.func @k(%out: !pto.ptr<i32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %a0 = arith.constant 10 : i32
  %b0 = arith.constant 20 : i32
  %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%a = %a0, %b = %b0) -> (i32, i32) {
    scf.yield %b, %a : i32, i32
  }
  pto.store_scalar %r#0, %out[%c0] : !pto.ptr<i32>, i32
  pto.store_scalar %r#1, %out[%c1] : !pto.ptr<i32>, i32
  return
}
)",
                                   2);
  CHECK(out == std::vector<double>{20, 10});
}

TEST_CASE("scf.while with a condition region and a do region") {
  // Collatz steps of 27.
  std::vector<double> out = RunOut(R"(
func.func @k(%out: !pto.ptr<i32>) {
  %c0 = arith.constant 0 : index
  %start = arith.constant 27 : i32
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  %three = arith.constant 3 : i32
  %r:2 = scf.while (%x = %start, %steps = %zero) : (i32, i32) -> (i32, i32) {
    %more = arith.cmpi ne, %x, %one : i32
    scf.condition(%more) %x, %steps : i32, i32
  } do {
  ^bb0(%y: i32, %s: i32):
    %bit = arith.andi %y, %one : i32
    %odd = arith.cmpi eq, %bit, %one : i32
    %next = scf.if %odd -> (i32) {
      %t = arith.muli %y, %three : i32
      %u = arith.addi %t, %one : i32
      scf.yield %u : i32
    } else {
      %h = arith.divui %y, %two : i32
      scf.yield %h : i32
    }
    %s2 = arith.addi %s, %one : i32
    scf.yield %next, %s2 : i32, i32
  }
  pto.store_scalar %r#1, %out[%c0] : !pto.ptr<i32>, i32
  return
}
)",
                                   1);
  CHECK(out[0] == 111);
}

TEST_CASE("func.call shares global memory and tiles with the caller") {
  std::vector<double> out = RunOut(R"(
module {
  func.func private @fill(%p: !pto.ptr<f32>, %at: index, %v: f32) {
    pto.store_scalar %v, %p[%at] : !pto.ptr<f32>, f32
    return
  }
  func.func @k(%out: !pto.ptr<f32>) attributes {pto.entry} {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %a = arith.constant 1.5 : f32
    %b = arith.constant -2.0 : f32
    func.call @fill(%out, %c0, %a) : (!pto.ptr<f32>, index, f32) -> ()
    func.call @fill(%out, %c2, %b) : (!pto.ptr<f32>, index, f32) -> ()
    return
  }
}
)",
                                   3);
  CHECK(out == std::vector<double>{1.5, 0, -2});
}

TEST_CASE("a loop that never ends is stopped, naming the loop") {
  Program p = Assemble(R"(
func.func @k(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.while (%x = %c0) : (index) -> (index) {
    %more = arith.cmpi sge, %x, %c0 : index
    scf.condition(%more) %x : index
  } do {
  ^bb0(%y: index):
    scf.yield %y : index
  }
  return
}
)");
  Inputs in;
  in.scalars["n"] = 1;
  Outputs out = Execute(p, in);
  CHECK_FALSE(out.ok);
  CHECK(out.fault.find("this loop is still running after") != std::string::npos);
}

TEST_CASE("loads and stores of scalars are bounds-checked") {
  Inputs in;
  in.buffers["out"] = std::vector<double>(4, 0);
  Outputs out = Run(R"(
func.func @k(%out: !pto.ptr<i32>) {
  %c4 = arith.constant 4 : index
  %v = pto.load_scalar %out[%c4] : !pto.ptr<i32> -> i32
  return
}
)",
                    in);
  CHECK_FALSE(out.ok);
  CHECK(out.fault == "load_scalar: %out[4] is element 4 of %out, which holds 4 elements");
}

}  // namespace
}  // namespace pto::testing
