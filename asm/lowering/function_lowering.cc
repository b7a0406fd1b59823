#include "pto/asm/lowering/function_lowering.h"

#include <algorithm>

#include "pto/asm/format_limits.h"
#include "pto/asm/lowering/body_lowering.h"
#include "pto/asm/lowering/operands.h"
#include "pto/common/strings.h"

namespace pto::assembler {

namespace {

// A memref or view parameter's shape: 1 to param_rank dimensions, each static and in range or
// '?' (ptorun takes it from the argument, docs/semantics.md).
bool CheckParamShape(Context& ctx, const Type& type, SourceRange type_range) {
  if (type.shape.empty() || type.shape.size() > ctx.limits().param_rank) {
    ctx.Error(type_range, StrCat("a memref or view argument needs a static shape of 1 to ",
                                 ctx.limits().param_rank, " dimensions such as 16x16xf32"));
    return false;
  }
  for (int64_t d : type.shape) {
    if (d == kDynamic) continue;
    if (std::string problem = MemrefDimProblem(d); !problem.empty()) {
      ctx.Error(type_range, problem);
      return false;
    }
  }
  return true;
}

// A parameter of a type that is no parameter of the bytecode function and takes no ptorun
// argument: a vector<4xi16> (tmrgsort's executed counts, written through outs: MLIR passes
// vectors by value, so it is the function's own local array, zeros at entry) or an event (for
// tsync only: every instruction finishes before the next starts, so there is nothing to wait
// for). A struct is refused (PTOAS v0.60's provenance rule), as is anything else.
bool AddLocalParam(FunctionBuilder& fb, const Item& name, const Type& type, SourceRange type_range) {
  Context& ctx = fb.ctx();
  Value v;
  v.type = type;
  if (type.kind == TypeKind::kLocalArray && type.text.rfind("vector<", 0) == 0) {
    v.cls = ValueClass::kLocalArray;
    v.reg = fb.NewLocalArray();
    if (!fb.Define(name, v)) return false;
    if (fb.function().defined) {
      fb.Emit(Opcode::kDeclareLocalArray, {v.reg, static_cast<uint32_t>(type.shape[0])}, type_range);
    }
    return true;
  }
  const bool opaque = type.kind == TypeKind::kLocalArray || type.kind == TypeKind::kOpaque;
  if (opaque && type.text.rfind("!pto.struct", 0) == 0) {
    ctx.Error(type_range, "a struct is storage of the function that declares it "
                          "(pto.declare_struct): it cannot be a parameter");
    return false;
  }
  if (opaque && type.text.rfind("!pto.event", 0) == 0) {
    v.cls = ValueClass::kEvent;
    return fb.Define(name, v);
  }
  ctx.Error(type_range, StrCat("unsupported parameter type '", type.text,
                               "' (expected a scalar, !pto.ptr<T>, a tile or a memref)"));
  return false;
}

}  // namespace

bool AddParam(FunctionBuilder& fb, const Item& name, const Type& type, SourceRange type_range) {
  Context& ctx = fb.ctx();
  Param param;
  param.name = ctx.InternName(fb.program(), name.text, name.range);
  param.dtype = type.dtype;
  Value v;
  v.type = type;
  switch (type.kind) {
    case TypeKind::kScalar:
      param.kind = ParamKind::kScalar;
      v.cls = ValueClass::kScalar;
      v.reg = fb.NewScalar(type.dtype);
      break;
    case TypeKind::kTile:
      param.kind = ParamKind::kTile;
      v.cls = ValueClass::kTile;
      v.reg = fb.NewTile(type.tile, name.text, name.range);
      break;
    case TypeKind::kPointer:
      if (type.local) {  // an on-chip pointer: its byte address
        param.kind = ParamKind::kScalar;
        param.dtype = kLocalPointerDType;
        v.cls = ValueClass::kScalar;
        v.reg = fb.NewScalar(kLocalPointerDType);
        break;
      }
      param.kind = ParamKind::kPointer;
      v.cls = ValueClass::kView;
      v.reg = fb.NewView(type.dtype, name.text);
      break;
    case TypeKind::kMemref:
    case TypeKind::kTensorView:  // a dense tensor of that static shape, as a memref
    case TypeKind::kPartitionView:
      param.kind = ParamKind::kMemref;
      v.cls = ValueClass::kView;
      v.reg = fb.NewView(type.dtype, name.text);
      if (!CheckParamShape(ctx, type, type_range)) return false;
      param.shape = type.shape;
      break;
    case TypeKind::kLVec:  // VMI registers, passed by value to private functions
      param.kind = ParamKind::kLVec;
      v.cls = ValueClass::kLVec;
      v.reg = fb.NewLVec(type, name.text);
      break;
    case TypeKind::kLMask:
      param.kind = ParamKind::kLMask;
      param.dtype = DType::kI1;  // a predicate per lane
      v.cls = ValueClass::kLMask;
      v.reg = fb.NewLMask(type, name.text);
      break;
    case TypeKind::kVReg:  // vector registers, passed by value to a called function
      param.kind = ParamKind::kVReg;
      v.cls = ValueClass::kVReg;
      v.reg = fb.NewVReg(type.dtype, name.text);
      break;
    case TypeKind::kMask:
      param.kind = ParamKind::kMask;
      param.dtype = DType::kI1;  // a predicate bit per byte
      v.cls = ValueClass::kMask;
      v.reg = fb.NewMask(type.granule, name.text);
      break;
    default:
      return AddLocalParam(fb, name, type, type_range);
  }
  param.reg = v.reg;
  if (!fb.Define(name, v)) return false;
  fb.function().params.push_back(param);
  return true;
}

// .arg %a : TYPE
bool LowerArg(FunctionBuilder& fb, const Statement& stmt) {
  Context& ctx = fb.ctx();
  ItemSpan items = stmt.items;
  if (!ExpectResults(ctx, stmt, 0)) return false;
  if (items.size() < 3 || !items[0].Is(ItemKind::kValue) || !items[1].IsPunct(":")) {
    ctx.Error(stmt.head, "expected '.arg %name : TYPE'");
    return false;
  }
  Type type;
  if (!ParseWholeType(ctx, items.subspan(2), &type)) return false;
  return AddParam(fb, items[0], type, SpanRange(items.subspan(2)));
}

namespace {

// Whether value \a a can be passed for parameter \a p of \a fn.
bool ArgumentMatches(const Function& fn, const Param& p, const Value& a) {
  switch (p.kind) {
    case ParamKind::kScalar:
      return a.cls == ValueClass::kScalar &&
             (a.type.IsLocalPointer() ? kLocalPointerDType : a.type.dtype) == p.dtype;
    case ParamKind::kPointer:
    case ParamKind::kMemref:
      return a.cls == ValueClass::kView && a.type.dtype == p.dtype;
    case ParamKind::kTile:
      return a.cls == ValueClass::kTile && a.type.tile == fn.tiles[p.reg].type;
    case ParamKind::kLVec: {
      const LVecReg& r = fn.lvecs[p.reg];
      return a.cls == ValueClass::kLVec && a.type.dtype == r.dtype && a.type.lanes == r.lanes &&
             a.type.lvec_flags == r.flags;
    }
    case ParamKind::kLMask:
      return a.cls == ValueClass::kLMask && a.type.lanes == fn.lmasks[p.reg].lanes;
    case ParamKind::kVReg:
      return a.cls == ValueClass::kVReg && a.type.dtype == fn.vregs[p.reg].dtype;
    case ParamKind::kMask:
      return a.cls == ValueClass::kMask && a.type.granule == fn.masks[p.reg].granule;
  }
  return false;
}

}  // namespace

// func.call @f(%a, %b) : (T, U) -> ()
bool LowerCall(FunctionBuilder& fb, const Statement& stmt) {
  Context& ctx = fb.ctx();
  ItemSpan items = stmt.items;
  if (items.size() < 2 || !items[0].Is(ItemKind::kSymbol) || !items[1].IsGroup('(')) {
    ctx.Error(stmt.head, "expected 'func.call @function(%args...) : (types) -> ()'");
    return false;
  }
  const Program& program = fb.program();
  const int64_t callee = ctx.FunctionIndex(items[0].text);
  if (callee < 0) {
    ctx.Error(items[0], StrCat("no function @", items[0].text, " in this module"));
    return false;
  }
  const Function& fn = program.functions[callee];
  if (const std::vector<std::string>* memory = ctx.MemoryResults(callee)) {
    ctx.Error(items[0], StrCat("@", items[0].text, " returns '", memory->front(),
                               "': calls to functions that return tiles or views are not "
                               "modelled; pass the destination as a parameter"));
    return false;
  }
  std::vector<Value> args;
  if (!ValueList(fb, items[1].children(), &args)) return false;
  if (args.size() != fn.params.size()) {
    ctx.Error(items[1], StrCat("@", items[0].text, " takes ", fn.params.size(), " argument",
                               fn.params.size() == 1 ? "" : "s", ", got ", args.size()));
    return false;
  }
  // The callee, the arguments and the result registers are the operand words of one %call.
  const size_t registers = fn.params.size() + fn.results.size();
  if (1 + registers > ctx.limits().operands) {
    ctx.Error(stmt.head, TooManyCallOperands(items[0].text, registers, ctx.limits().operands));
    return false;
  }
  std::vector<uint32_t> operands{static_cast<uint32_t>(callee)};
  for (size_t k = 0; k < args.size(); ++k) {
    const Param& p = fn.params[k];
    const Value& a = args[k];
    if (!ArgumentMatches(fn, p, a)) {
      ctx.Error(items[1], StrCat("argument ", k + 1, " of @", items[0].text, " is ", Describe(a),
                                 ", which does not match parameter %", program.String(p.name)));
      return false;
    }
    operands.push_back(a.reg);
  }
  std::vector<Value> results;
  for (DType t : fn.results) {
    Value v = fb.NewScalarValue(t);
    operands.push_back(v.reg);
    results.push_back(v);
  }
  // The signature, if written, types the arguments and the results.
  if (int colon = Find(items, ":"); colon >= 0) {
    const ItemSpan written = items.subspan(colon + 1);
    Signature sig;
    if (!ParseSignature(ctx, written, &sig) ||
        !CheckWrittenTypes(ctx, sig.inputs, sig.input_ranges, args, SpanRange(written),
                           "arguments") ||
        !CheckWrittenTypes(ctx, sig.results, sig.result_ranges, results, SpanRange(written),
                           "results")) {
      return false;
    }
  }
  fb.call_sites().push_back(stmt.head.range);
  fb.Emit(Opcode::kCall, operands, stmt.head.range);
  return DefineResults(fb, stmt, results);
}

// return %tile : T in a function declared "-> T": what it hands back is a tile or view of its
// caller's (or its own) memory, passed back by reference; no caller reads it (calls to such
// functions are refused), so the return checks the values and carries nothing.
bool LowerMemoryReturn(FunctionBuilder& fb, const Statement& stmt,
                       const std::vector<Value>& values) {
  Context& ctx = fb.ctx();
  const std::vector<Type>& results = fb.memory_results();
  if (values.size() != results.size()) {
    ctx.Error(stmt.head, StrCat("this function returns ", results.size(), " value",
                                results.size() == 1 ? "" : "s", ", not ", values.size()));
    return false;
  }
  for (size_t i = 0; i < values.size(); ++i) {
    const std::string problem = WrittenTypeProblem(values[i], results[i]);
    if (!problem.empty()) {
      ctx.Error(stmt.head, StrCat("returned value ", i + 1, ": ", problem));
      return false;
    }
  }
  fb.Emit(Opcode::kReturn, {}, stmt.head.range);
  return true;
}

// return [%a, ... : T, ...]
bool LowerReturn(BodyLowering& body, const Statement& stmt) {
  FunctionBuilder& fb = body.fb();
  Context& ctx = fb.ctx();
  if (!ExpectResults(ctx, stmt, 0)) return false;
  if (body.innermost_exit()) {
    // MLIR: func.return's parent must be the func.func; regions end in scf.yield.
    ctx.Error(stmt.head, StrCat("'", stmt.head.text, "' may only end a function body, not a "
                                "region nested in it"));
    return false;
  }
  ItemSpan items = stmt.items;
  items = BeforeColon(items);
  std::vector<Value> values;
  if (!ValueList(fb, items, &values)) return false;
  if (!CheckTypesAfterColon(ctx, stmt, values, "returned values")) return false;
  if (!fb.memory_results().empty()) return LowerMemoryReturn(fb, stmt, values);
  const std::vector<DType>& results = fb.function().results;
  if (values.size() != results.size()) {
    ctx.Error(stmt.head, StrCat("this function returns ", results.size(), " value",
                                results.size() == 1 ? "" : "s", ", not ", values.size()));
    return false;
  }
  std::vector<uint32_t> regs;
  for (size_t i = 0; i < values.size(); ++i) {
    if (values[i].cls != ValueClass::kScalar || values[i].type.dtype != results[i]) {
      ctx.Error(stmt.head, StrCat("returned value ", i + 1, " is ", Describe(values[i]),
                                  " but the function returns ", DTypeName(results[i])));
      return false;
    }
    regs.push_back(values[i].reg);
  }
  fb.Emit(Opcode::kReturn, regs, stmt.head.range);
  return true;
}

}  // namespace pto::assembler
