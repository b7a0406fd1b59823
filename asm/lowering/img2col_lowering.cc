#include "pto/asm/lowering/img2col_lowering.h"

#include <algorithm>
#include <cstring>

#include "pto/asm/lowering/op_form.h"
#include "pto/asm/lowering/operands.h"
#include "pto/asm/lowering/tile_op_lowering.h"
#include "pto/common/isa/immediates.h"
#include "pto/common/isa/operand_rules.h"
#include "pto/common/strings.h"

namespace pto::assembler {

namespace {

// The settings a config may hold, with their reset values. pad_value is written as a literal
// and held as pad_bits (an i32, or the bits of an f32) and pad_float.
struct Setting {
  const char* name;
  uint32_t reset;
};
constexpr Setting kSettings[] = {
    {"fmap_h", 0},        {"fmap_w", 0},      {"pad_top", 0},      {"pad_bottom", 0},
    {"pad_left", 0},      {"pad_right", 0},   {"repeat_stride", 0}, {"repeat_time", 1},
    {"repeat_mode", 0},   {"dst_stride", 0},  {"dst_position", 0}, {"pad_bits", 0},
    {"pad_float", 0},
};

const Setting* FindSetting(std::string_view name) {
  for (const Setting& s : kSettings) {
    if (name == s.name) return &s;
  }
  return nullptr;
}

std::string SettingNames() {
  std::string names;
  for (const Setting& s : kSettings) {
    std::string_view n = s.name;
    if (n == "pad_bits") n = "pad_value";
    if (n == "pad_float") continue;
    names += StrCat(names.empty() ? "" : " ", n);
  }
  return names;
}

// pad_value = 0.5 [: f16] | -1 [: i8]: an integer is held as i32 bits, a float as f32 bits.
bool ReadPadValue(Context& ctx, const Attribute& attr, FmatrixConfig* config) {
  ItemSpan v = attr.value;
  const bool literal = !v.empty() && (v[0].Is(ItemKind::kInt) || v[0].Is(ItemKind::kFloat));
  DType type = literal && v[0].Is(ItemKind::kFloat) ? DType::kF32 : DType::kI32;
  if (literal && v.size() == 3 && v[1].IsPunct(":")) type = ParseDType(v[2].text);
  if (!literal || (v.size() != 1 && v.size() != 3) || type == DType::kInvalid ||
      type == DType::kI1 || type == DType::kIndex || type == DType::kF64) {
    ctx.Error(attr.range, "pad_value must be a number, optionally typed: pad_value = 0.5 : f16");
    return false;
  }
  int64_t int_value = 0;
  double real_value = 0;
  if (!LiteralValue(ctx, v[0], type, &int_value, &real_value)) return false;
  if (IsFloat(type)) {
    const float f = static_cast<float>(real_value);  // exact: the type is at most f32
    uint32_t bits;
    std::memcpy(&bits, &f, sizeof bits);
    (*config)["pad_bits"] = bits;
    (*config)["pad_float"] = 1;
  } else {
    (*config)["pad_bits"] = static_cast<uint32_t>(int_value);
    (*config)["pad_float"] = 0;
  }
  return true;
}

// Reads the settings written as attributes into \a config (later ones replace earlier ones).
bool ReadSettings(Context& ctx, const std::map<std::string, Attribute>& attrs,
                  FmatrixConfig* config) {
  bool ok = true;
  for (const auto& [name, attr] : attrs) {
    if (name.find('.') != std::string::npos) continue;  // pto.entry-like: any op may carry one
    if (name == "pad_value") {
      ok &= ReadPadValue(ctx, attr, config);
      continue;
    }
    const Setting* s = FindSetting(name);
    if (!s || name == "pad_bits" || name == "pad_float") {
      ctx.Error(attr.range, StrCat("unknown im2col setting '", name, "' (one of: ",
                                   SettingNames(), ")"));
      ok = false;
      continue;
    }
    const ItemSpan v = attr.value;
    const ImmediateRange range = RangeOfNumber(name);
    if (v.empty() || !v[0].Is(ItemKind::kInt) || v[0].number < range.min ||
        v[0].number > range.max || (v.size() != 1 && !(v.size() == 3 && v[1].IsPunct(":")))) {
      ctx.Error(attr.range, StrCat(name, " must be a number from ", range.min, " to ", range.max));
      ok = false;
      continue;
    }
    (*config)[name] = static_cast<uint32_t>(v[0].number);
  }
  return ok;
}

}  // namespace

bool LowerFmatrixConfig(FunctionBuilder& fb, const Statement& stmt) {
  Context& ctx = fb.ctx();
  OpForm form;
  if (!ReadOpForm(ctx, stmt, &form)) return false;
  if (stmt.results.size() != 1) {
    ctx.Error(stmt.head, "make_fmatrix_config makes one value: write '%cfg = "
                         "pto.make_fmatrix_config {...} : !pto.fmatrix_config'");
    return false;
  }
  if (!form.ins.empty() || !form.outs.empty()) {
    ctx.Error(stmt.head, "make_fmatrix_config takes its settings as attributes: {fmap_h = 8, "
                         "fmap_w = 8, pad_top = 1, ...}");
    return false;
  }
  FmatrixConfig config;
  if (!ReadSettings(ctx, form.attrs, &config)) return false;
  Value v;
  v.cls = ValueClass::kConfig;
  v.type.kind = TypeKind::kOpaque;
  v.type.text = "!pto.fmatrix_config";
  v.reg = static_cast<uint32_t>(fb.fmatrix_configs().size());
  v.def = stmt.results[0].range;
  fb.fmatrix_configs().push_back(std::move(config));
  return fb.Define(stmt.results[0], v);
}

namespace {

// The settings instructions (tsetfmatrix, tset_img2col_rpt, tset_img2col_padding) load the
// core's im2col state: they write no tile.
bool IsImg2colSetting(const OpInfo& info) { return info.num_outputs == 0; }

bool LowerImg2colSetting(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt) {
  Context& ctx = fb.ctx();
  OpForm form;
  if (!ReadOpForm(ctx, stmt, &form)) return false;
  if (!stmt.results.empty()) {
    ctx.Error(stmt.results[0], StrCat(info.mnemonic, " has no results"));
    return false;
  }
  if (form.ins.size() > 1 || !form.outs.empty()) {
    ctx.Error(stmt.head, StrCat(info.mnemonic, " takes one !pto.fmatrix_config operand (or its "
                                "settings as attributes) and no outputs"));
    return false;
  }
  FmatrixConfig settings;
  if (!form.ins.empty()) {
    const Operand& op = form.ins[0];
    Resolved r;
    if (!Resolve(fb, op.term, DType::kInvalid, &r)) return false;
    if (r.value.cls != ValueClass::kConfig) {
      ctx.Error(op.range(), StrCat("the operand of ", info.mnemonic,
                                   " must be an !pto.fmatrix_config (from "
                                   "pto.make_fmatrix_config), but ", Spell(op.term), " is ",
                                   Describe(r.value)));
      return false;
    }
    settings = fb.fmatrix_configs()[r.value.reg];
  }
  if (!ReadSettings(ctx, form.attrs, &settings)) return false;
  // A setting written on the instruction must be one it loads (tsetfmatrix {repeat_time = 2}
  // would silently do nothing).
  bool ok = true;
  for (const auto& [name, attr] : form.attrs) {
    if (name.find('.') != std::string::npos) continue;
    const std::string_view key = name == "pad_value" ? "pad_bits" : std::string_view(name);
    auto takes = [&](const OperandSpec& spec) { return spec.attr == key; };
    if (std::none_of(info.operands.begin(), info.operands.end(), takes)) {
      std::string names;
      for (const OperandSpec& spec : info.operands) {
        if (spec.attr == "pad_float") continue;
        const std::string_view shown = spec.attr == "pad_bits" ? "pad_value" : spec.attr;
        names += StrCat(names.empty() ? "" : " ", shown);
      }
      ctx.Error(attr.range, StrCat(info.mnemonic, " does not load ", name, " (it sets: ", names,
                                   ")"));
      ok = false;
    }
  }
  if (!ok) return false;
  std::vector<uint32_t> encoded;
  std::vector<OperandType> types;
  for (const OperandSpec& spec : info.operands) {
    const Setting* s = FindSetting(spec.attr);
    auto it = settings.find(spec.attr);
    encoded.push_back(it != settings.end() ? it->second : s ? s->reset : 0);
    OperandType t;
    t.known_value = true;
    t.value = encoded.back();
    types.push_back(t);
  }
  for (const RuleError& e : CheckOperandTypes(info, ctx.arch(), types)) {
    ctx.Error(stmt.head, e.message);
    ok = false;
  }
  if (!ok) return false;
  fb.Emit(info.opcode, encoded, stmt.head.range);
  return true;
}

}  // namespace

bool LowerImg2colOp(FunctionBuilder& fb, const OpInfo& info, const Statement& stmt) {
  if (IsImg2colSetting(info)) return LowerImg2colSetting(fb, info, stmt);
  return LowerTileOp(fb, info, stmt);
}

}  // namespace pto::assembler
