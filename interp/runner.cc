#include "interp/runner.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <memory>

#include "common/file_io.h"
#include "common/source.h"
#include "common/strings.h"
#include "interp/executor.h"

namespace pto::interp {

namespace {

/// What an output request refers to.
struct OutputTarget {
  int buffer = -1;      ///< A global buffer, or
  int tile_reg = -1;    ///< a tile register of the entry function.
  std::string file;
};

class Runner {
 public:
  Runner(const Program& program, std::ostream& err) : program_(program), err_(err) {}

  int Run(const RunRequest& request);

 private:
  bool Error(const std::string& message) {
    err_ << "ptorun: error: " << message << "\n";
    return false;
  }
  bool SelectEntry(const std::string& name);
  bool BindArguments(const std::vector<std::string>& args);
  bool LoadBytes(const Param& param, const std::string& arg, size_t exact_bytes,
                 std::vector<uint8_t>* bytes);
  bool ParseScalar(const Param& param, const std::string& arg, Slot* slot);
  bool ResolveOutputs(const std::vector<std::pair<std::string, std::string>>& outs);
  bool WriteOutputs();
  void ReportFault();
  std::string ParamName(size_t i) const;

  const Program& program_;
  std::ostream& err_;
  const Function* fn_ = nullptr;
  std::vector<GlobalBuffer> globals_;
  std::unique_ptr<LocalMemory> local_;
  RunLimits limits_;
  BlockInfo block_;
  std::unique_ptr<Executor> exec_;
  std::vector<OutputTarget> outputs_;
};

std::string Runner::ParamName(size_t i) const {
  return StrCat("%", program_.String(fn_->params[i].name));
}

bool Runner::SelectEntry(const std::string& name) {
  if (name.empty()) {
    fn_ = &program_.functions[program_.entry];
    return true;
  }
  for (const Function& f : program_.functions) {
    if (program_.String(f.name) == name) {
      fn_ = &f;
      return true;
    }
  }
  std::string names;
  for (const Function& f : program_.functions) names += " @" + program_.String(f.name);
  return Error(StrCat("no function @", name, " (the program has:", names, ")"));
}

bool Runner::LoadBytes(const Param& param, const std::string& arg, size_t exact_bytes,
                       std::vector<uint8_t>* bytes) {
  const int size = DTypeSize(param.dtype);
  std::string what = StrCat("argument for ", "%", program_.String(param.name));
  if (arg.rfind("zeros", 0) == 0) {
    size_t n = exact_bytes / size;
    if (arg.size() > 5) {
      char* end = nullptr;
      errno = 0;
      long long v = std::strtoll(arg.c_str() + 6, &end, 10);
      if (arg[5] != ':' || *end != '\0' || v < 0 || errno == ERANGE || v > (1ll << 34)) {
        return Error(StrCat(what, ": expected zeros:N, got '", arg, "'"));
      }
      if (exact_bytes && static_cast<size_t>(v) * size != exact_bytes) {
        return Error(StrCat(what, ": ", arg, " gives ", v, " elements but the parameter holds ",
                            exact_bytes / size));
      }
      n = static_cast<size_t>(v);
    } else if (!exact_bytes) {
      return Error(StrCat(what, ": say how many elements: zeros:N"));
    }
    bytes->assign(n * size, 0);
    return true;
  }
  std::string err;
  if (!ReadFile(arg, bytes, &err)) return Error(StrCat(what, ": ", err));
  if (bytes->size() % size != 0) {
    return Error(StrCat(what, ": ", arg, " has ", bytes->size(), " bytes, not a whole number of ",
                        DTypeName(param.dtype), " elements"));
  }
  if (exact_bytes && bytes->size() != exact_bytes) {
    return Error(StrCat(what, ": ", arg, " has ", bytes->size(), " bytes but the parameter holds ",
                        exact_bytes / size, " ", DTypeName(param.dtype), " elements (",
                        exact_bytes, " bytes)"));
  }
  return true;
}

bool Runner::ParseScalar(const Param& param, const std::string& arg, Slot* slot) {
  std::string what = StrCat("argument for %", program_.String(param.name), " (",
                            DTypeName(param.dtype), ")");
  char* end = nullptr;
  errno = 0;
  if (param.dtype == DType::kI1 && (arg == "true" || arg == "false")) {
    slot->i = arg == "true";
    return true;
  }
  if (IsFloat(param.dtype)) {
    double v = std::strtod(arg.c_str(), &end);
    if (arg.empty() || *end != '\0') return Error(StrCat(what, ": '", arg, "' is not a number"));
    slot->f = param.dtype == DType::kF32 ? static_cast<float>(v) : v;
    return true;
  }
  long long v = std::strtoll(arg.c_str(), &end, 0);
  if (arg.empty() || *end != '\0' || errno == ERANGE) {
    return Error(StrCat(what, ": '", arg, "' is not an integer"));
  }
  int bits = IntBits(param.dtype);
  if (bits < 64) {
    long long lo = IsSigned(param.dtype) ? -(1ll << (bits - 1)) : 0;
    long long hi = IsSigned(param.dtype) ? (1ll << (bits - 1)) - 1 : (1ll << bits) - 1;
    if (v < lo || v > hi) return Error(StrCat(what, ": ", v, " is out of range"));
  }
  slot->i = v;
  return true;
}

bool Runner::BindArguments(const std::vector<std::string>& args) {
  const std::vector<Param>& params = fn_->params;
  if (args.size() != params.size()) {
    std::string list;
    for (size_t i = 0; i < params.size(); ++i) list += (i ? ", " : "") + ParamName(i);
    return Error(StrCat("@", program_.String(fn_->name), " takes ", params.size(),
                        " argument", params.size() == 1 ? "" : "s",
                        params.empty() ? "" : " (" + list + ")", ", got ", args.size()));
  }
  local_ = std::make_unique<LocalMemory>(program_.arch);
  bool ok = true;  // every bad argument is reported, not only the first
  // Buffers first, so views can point into them; then the executor.
  std::vector<int> buffer_of(params.size(), -1);
  for (size_t i = 0; i < params.size(); ++i) {
    const Param& p = params[i];
    if (p.kind != ParamKind::kPointer && p.kind != ParamKind::kMemref) continue;
    size_t exact = 0;
    if (p.kind == ParamKind::kMemref) {
      exact = DTypeSize(p.dtype);
      for (int64_t d : p.shape) exact *= static_cast<size_t>(d);
    }
    GlobalBuffer buf;
    buf.dtype = p.dtype;
    buf.name = StrCat(ParamName(i), args[i].rfind("zeros", 0) == 0 ? "" : " (" + args[i] + ")");
    ok &= LoadBytes(p, args[i], exact, &buf.bytes);
    buffer_of[i] = static_cast<int>(globals_.size());
    globals_.push_back(std::move(buf));
  }
  exec_ = std::make_unique<Executor>(program_, *fn_, *local_, globals_, limits_, block_);
  for (size_t i = 0; i < params.size(); ++i) {
    const Param& p = params[i];
    switch (p.kind) {
      case ParamKind::kScalar:
        ok &= ParseScalar(p, args[i], &exec_->scalar(p.reg));
        break;
      case ParamKind::kPointer:
      case ParamKind::kMemref: {
        ViewState& v = exec_->view(p.reg);
        v.buffer = buffer_of[i];
        v.rank = static_cast<int32_t>(p.shape.size());
        int64_t stride = 1;
        for (int d = v.rank - 1; d >= 0; --d) {
          v.shape[d] = p.shape[d];
          v.stride[d] = stride;
          stride *= p.shape[d];
        }
        break;
      }
      case ParamKind::kTile: {
        const TileReg& reg = fn_->tiles[p.reg];
        const TileType& t = reg.type;
        std::vector<uint8_t> bytes;
        if (!LoadBytes(Param{p.kind, t.dtype, p.reg, p.name, {}}, args[i], t.Bytes(), &bytes)) {
          ok = false;
          break;
        }
        // Files hold the tile in logical row-major order, whatever its storage layout.
        uint8_t* base = local_->arena[static_cast<int>(t.mem)].data() + exec_->tile(p.reg).addr;
        const int size = DTypeSize(t.dtype);
        for (int64_t r = 0; r < t.rows; ++r) {
          for (int64_t c = 0; c < t.cols; ++c) {
            std::memcpy(base + t.ElementOffset(r, c) * size, &bytes[(r * t.cols + c) * size], size);
          }
        }
        break;
      }
    }
  }
  return ok;
}

bool Runner::ResolveOutputs(const std::vector<std::pair<std::string, std::string>>& outs) {
  bool ok = true;  // report every bad --out
  for (const auto& [which, file] : outs) {
    OutputTarget target;
    target.file = file;
    std::string name = which[0] == '%' ? which.substr(1) : which;
    char* end = nullptr;
    long index = std::strtol(which.c_str(), &end, 10);
    int param = -1;
    if (!which.empty() && *end == '\0') {
      if (index < 1 || static_cast<size_t>(index) > fn_->params.size()) {
        ok = Error(StrCat("--out ", which, ": there is no parameter ", index, " (@",
                          program_.String(fn_->name), " has ", fn_->params.size(), ")"));
        continue;
      }
      param = static_cast<int>(index - 1);
    } else {
      for (size_t i = 0; i < fn_->params.size(); ++i) {
        if (program_.String(fn_->params[i].name) == name) param = static_cast<int>(i);
      }
    }
    if (param >= 0) {
      const Param& p = fn_->params[param];
      if (p.kind == ParamKind::kScalar) {
        ok = Error(StrCat("--out ", which, ": ", ParamName(param), " is a scalar, not memory"));
        continue;
      }
      if (p.kind == ParamKind::kTile) {
        target.tile_reg = static_cast<int>(p.reg);
      } else {
        target.buffer = exec_->view(p.reg).buffer;
      }
    } else {
      for (size_t t = 0; t < fn_->tiles.size(); ++t) {
        if (program_.String(fn_->tiles[t].name) == name) target.tile_reg = static_cast<int>(t);
      }
      if (target.tile_reg < 0) {
        ok = Error(StrCat("--out ", which, ": no parameter or tile named %", name, " in @",
                          program_.String(fn_->name)));
        continue;
      }
    }
    outputs_.push_back(target);
  }
  return ok;
}

bool Runner::WriteOutputs() {
  std::string err;
  for (const OutputTarget& out : outputs_) {
    std::vector<uint8_t> bytes;
    if (out.buffer >= 0) {
      bytes = globals_[out.buffer].bytes;
    } else {
      const TileReg& reg = fn_->tiles[out.tile_reg];
      const TileType& t = reg.type;
      const TileState& s = exec_->tile(out.tile_reg);
      if (s.addr == kUnboundAddress) {
        return Error(StrCat("cannot write ", out.file, ": %", program_.String(reg.name),
                            " was never bound to an address"));
      }
      const uint8_t* base = local_->arena[static_cast<int>(t.mem)].data() + s.addr;
      const int size = DTypeSize(t.dtype);
      bytes.resize(t.Bytes());
      for (int64_t r = 0; r < t.rows; ++r) {
        for (int64_t c = 0; c < t.cols; ++c) {
          std::memcpy(&bytes[(r * t.cols + c) * size], base + t.ElementOffset(r, c) * size, size);
        }
      }
    }
    if (!WriteFileAtomic(out.file, bytes.data(), bytes.size(), &err)) return Error(err);
  }
  return true;
}

void Runner::ReportFault() {
  std::string file;
  int line = 0, col = 0;
  if (!exec_->FaultPosition(&file, &line, &col)) {
    Error(exec_->fault());
    return;
  }
  err_ << file << ':' << line << ':' << col << ": error: " << exec_->fault() << "\n";
  std::string text, ignored;
  if (!ReadFile(file, &text, &ignored)) return;
  SourceFile source(file, std::move(text));
  std::string_view src_line = source.Line(line);
  if (src_line.empty()) return;
  err_ << src_line << "\n";
  std::string caret;
  for (int i = 1; i < col && i <= static_cast<int>(src_line.size()); ++i) {
    caret += src_line[i - 1] == '\t' ? '\t' : ' ';
  }
  err_ << caret << "^\n";
}

int Runner::Run(const RunRequest& request) {
  limits_.max_steps = request.max_steps;
  if (!SelectEntry(request.entry) || !BindArguments(request.args) ||
      !ResolveOutputs(request.outs)) {
    return 1;
  }
  if (!exec_->Run()) {
    ReportFault();
    return 1;
  }
  return WriteOutputs() ? 0 : 1;
}

}  // namespace

int Run(const Program& program, const RunRequest& request, std::ostream& err) {
  return Runner(program, err).Run(request);
}

}  // namespace pto::interp
