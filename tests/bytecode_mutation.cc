// pto_mutate PROG.ptobc SEED COUNT [--blocks N] [--entry NAME] ARG...
//
// Damages a bytecode file COUNT times at random (seeded) and gives each variant to what ptorun
// does: load and verify it, then, if it loads, run it on ARG... with a small step limit. Every
// variant must end in success or in an error with a message; a crash kills this process, which
// the driver (tests/bytecode_mutation.py) reports with the seed. Prints a summary line.
#include <cstdlib>
#include <iostream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "pto/common/bytecode.h"
#include "pto/common/file_io.h"
#include "pto/interp/frontend/runner.h"

namespace {

// One random damage: flip bits, overwrite bytes with chosen values, cut the tail, duplicate or
// drop a span, or scribble over a 32-bit field (counts, offsets and register numbers are u32).
std::vector<uint8_t> Mutate(std::vector<uint8_t> bytes, std::mt19937_64& rng) {
  auto pick = [&](size_t n) { return n ? static_cast<size_t>(rng() % n) : 0; };
  const int edits = 1 + static_cast<int>(pick(4));
  for (int e = 0; e < edits && !bytes.empty(); ++e) {
    size_t at = pick(bytes.size());
    switch (pick(6)) {
      case 0:
        bytes[at] ^= static_cast<uint8_t>(1u << pick(8));
        break;
      case 1: {
        static const uint8_t kValues[] = {0, 1, 2, 0x7f, 0x80, 0xff, 0xfe, 16, 64};
        bytes[at] = kValues[pick(sizeof kValues)];
        break;
      }
      case 2:
        bytes.resize(at);
        break;
      case 3: {
        size_t len = 1 + pick(16);
        if (at + len <= bytes.size()) {
          std::vector<uint8_t> span(bytes.begin() + at, bytes.begin() + at + len);
          bytes.insert(bytes.begin() + pick(bytes.size()), span.begin(), span.end());
        }
        break;
      }
      case 4: {
        size_t len = 1 + pick(16);
        if (at + len <= bytes.size()) bytes.erase(bytes.begin() + at, bytes.begin() + at + len);
        break;
      }
      default: {
        static const uint32_t kWords[] = {0, 1, 0xffffffffu, 0x7fffffffu, 0x80000000u, 255,
                                          256, 65535, 1u << 20};
        uint32_t w = kWords[pick(sizeof kWords / sizeof kWords[0])];
        at &= ~size_t{3};
        for (int b = 0; b < 4 && at + b < bytes.size(); ++b) {
          bytes[at + b] = static_cast<uint8_t>(w >> (8 * b));
        }
      }
    }
  }
  return bytes;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) {
    std::cerr << "usage: pto_mutate PROG.ptobc SEED COUNT [--blocks N] [--entry NAME] ARG...\n";
    return 2;
  }
  std::vector<uint8_t> original;
  std::string err;
  if (!pto::ReadFile(argv[1], &original, &err)) {
    std::cerr << err << "\n";
    return 2;
  }
  const uint64_t seed = std::strtoull(argv[2], nullptr, 10);
  const long count = std::strtol(argv[3], nullptr, 10);
  pto::interp::RunRequest request;
  request.options.max_steps = 200000;
  request.options.threads = 1;
  for (int i = 4; i < argc; ++i) {
    std::string a = argv[i];
    if ((a == "--blocks" || a == "--entry") && i + 1 < argc) {
      if (a == "--blocks") request.options.blocks = std::atoi(argv[++i]);
      if (a == "--entry") request.entry = argv[++i];
    } else {
      request.args.push_back(a);
    }
  }
  long loaded = 0, ran = 0, faulted = 0;
  for (long v = 0; v < count; ++v) {
    std::mt19937_64 rng(seed * 1000003 + static_cast<uint64_t>(v));
    std::vector<uint8_t> bytes = Mutate(original, rng);
    pto::Diagnostics diags;
    pto::Program program;
    if (!pto::ReadProgram(bytes, "variant", &program, diags)) {
      if (diags.error_count() == 0) {
        std::cerr << "variant " << v << ": rejected without a message\n";
        return 3;
      }
      continue;
    }
    ++loaded;
    if (program.is_object) continue;
    std::ostringstream messages;
    int rc = pto::interp::Run(program, request, messages);
    if (rc == 0) {
      ++ran;
    } else if (messages.str().empty()) {
      std::cerr << "variant " << v << ": failed without a message\n";
      return 3;
    } else {
      ++faulted;
    }
  }
  std::cout << argv[1] << ": " << count << " variants, " << loaded << " loaded, " << ran
            << " ran to the end, " << faulted << " stopped with an error\n";
  return 0;
}
