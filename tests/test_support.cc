#include "pto/tests/test_support.h"

#include <doctest/doctest.h>

#include <cstring>

#include "pto/asm/assembler.h"
#include "pto/common/bytecode.h"
#include "pto/interp/element/element.h"
#include "pto/interp/vm/executor.h"

namespace pto::testing {

namespace {

void StoreValue(DType dtype, double value, uint8_t* dst) {
  interp::WithStorageType(dtype, [&](auto tag) {
    using T = decltype(tag);
    using E = interp::Elem<T>;
    T v;
    if constexpr (E::kFloat) {
      v = E::Store(E::FromDouble(value));
    } else {
      v = static_cast<T>(static_cast<int64_t>(value));
    }
    std::memcpy(dst, &v, sizeof(T));
  });
}

double LoadValue(DType dtype, const uint8_t* src) {
  double out = 0;
  interp::WithStorageType(dtype, [&](auto tag) {
    using T = decltype(tag);
    T v;
    std::memcpy(&v, src, sizeof(T));
    out = static_cast<double>(interp::Elem<T>::Load(v));
  });
  return out;
}

// Assembles \a source as test.pto for \a arch; \a messages gets the diagnostics (rendered while
// the source they point into is alive).
bool AssembleFor(std::string_view source, Arch arch, Program* program, std::string* messages) {
  SourceFile file("test.pto", std::string(source));
  Diagnostics diags;
  assembler::AssembleOptions options;
  options.arch_given = true;
  options.arch = arch;
  const bool ok = assembler::Assemble(file, options, program, diags);
  *messages = diags.ToString();
  return ok;
}

}  // namespace

Program Assemble(std::string_view source, Arch arch) {
  Program program;
  std::string messages;
  bool ok = AssembleFor(source, arch, &program, &messages);
  INFO(messages);
  REQUIRE(ok);
  Program reread;
  Diagnostics read_diags;
  bool read_ok = ReadProgram(WriteProgram(program), "test.ptobc", &reread, read_diags);
  INFO(read_diags.ToString());
  REQUIRE(read_ok);
  return reread;
}

std::string AssembleErrors(std::string_view source, Arch arch) {
  Program program;
  std::string messages;
  CHECK_FALSE(AssembleFor(source, arch, &program, &messages));
  return messages;
}

Outputs Execute(const Program& program, const Inputs& inputs) {
  const Function& fn = program.functions[program.entry];
  interp::Core core(program.arch, interp::BlockInfo{}, interp::CoreKind::kWhole, nullptr,
                    inputs.max_steps);
  core.limits.audit_accesses = inputs.audit_accesses;
  core.arith = inputs.arith;
  interp::LocalMemory& local = core.local;
  std::vector<interp::GlobalBuffer> globals;
  std::map<uint32_t, int> buffer_of_view;
  for (const Param& p : fn.params) {
    if (p.kind != ParamKind::kPointer) continue;
    interp::GlobalBuffer buf;
    buf.dtype = p.dtype;
    buf.name = "%" + program.String(p.name);
    auto it = inputs.buffers.find(program.String(p.name));
    REQUIRE_MESSAGE(it != inputs.buffers.end(), "no input for %", program.String(p.name));
    buf.bytes.resize(it->second.size() * DTypeSize(p.dtype));
    for (size_t i = 0; i < it->second.size(); ++i) {
      StoreValue(p.dtype, it->second[i], &buf.bytes[i * DTypeSize(p.dtype)]);
    }
    buffer_of_view[p.reg] = static_cast<int>(globals.size());
    globals.push_back(std::move(buf));
  }
  interp::Executor exec(program, fn, core, globals);
  for (const Param& p : fn.params) {
    std::string name = program.String(p.name);
    if (p.kind == ParamKind::kPointer) {
      exec.view(p.reg).buffer = buffer_of_view[p.reg];
    } else if (p.kind == ParamKind::kScalar) {
      auto it = inputs.scalars.find(name);
      REQUIRE_MESSAGE(it != inputs.scalars.end(), "no input for %", name);
      if (IsFloat(p.dtype)) {
        exec.scalar(p.reg).f = it->second;
      } else {
        exec.scalar(p.reg).i = static_cast<int64_t>(it->second);
      }
    } else if (p.kind == ParamKind::kTile) {
      const TileType& t = fn.tiles[p.reg].type;
      auto it = inputs.tiles.find(name);
      REQUIRE_MESSAGE(it != inputs.tiles.end(), "no input for %", name);
      REQUIRE(it->second.size() == static_cast<size_t>(t.rows) * t.cols);
      uint8_t* base = local.arena[static_cast<int>(t.mem)].data() + exec.tile(p.reg).addr;
      for (int r = 0; r < t.rows; ++r) {
        for (int c = 0; c < t.cols; ++c) {
          StoreValue(t.dtype, it->second[r * t.cols + c],
                     base + t.ElementOffset(r, c) * DTypeSize(t.dtype));
        }
      }
    }
  }
  Outputs out;
  out.ok = exec.Run();
  out.fault = exec.fault();
  for (size_t i = 0; i < fn.tiles.size(); ++i) {
    const TileType& t = fn.tiles[i].type;
    std::string name = program.String(fn.tiles[i].name);
    uint32_t addr = exec.tile(static_cast<uint32_t>(i)).addr;
    if (name.empty() || addr == kUnboundAddress) continue;
    const uint8_t* base = local.arena[static_cast<int>(t.mem)].data() + addr;
    std::vector<double>& values = out.tiles[name];
    for (int r = 0; r < t.rows; ++r) {
      for (int c = 0; c < t.cols; ++c) {
        values.push_back(LoadValue(t.dtype, base + t.ElementOffset(r, c) * DTypeSize(t.dtype)));
      }
    }
  }
  for (const Param& p : fn.params) {
    if (p.kind != ParamKind::kPointer) continue;
    const interp::GlobalBuffer& buf = globals[buffer_of_view[p.reg]];
    std::vector<double>& values = out.buffers[program.String(p.name)];
    for (int64_t i = 0; i < buf.elements(); ++i) {
      values.push_back(LoadValue(buf.dtype, &buf.bytes[i * DTypeSize(buf.dtype)]));
    }
  }
  return out;
}

Outputs Run(std::string_view source, const Inputs& inputs, Arch arch) {
  return Execute(Assemble(source, arch), inputs);
}

}  // namespace pto::testing
