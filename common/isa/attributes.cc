#include "common/isa/attributes.h"

#include <cctype>
#include <iterator>
#include <string>

namespace pto {

namespace {

constexpr const char* kBool[] = {"false", "true"};
// RoundMode codes of the ISA: NONE=0 RINT=1 ROUND=2 FLOOR=3 CEIL=4 TRUNC=5 ODD=6.
constexpr const char* kRoundModes[] = {"NONE", "RINT", "ROUND", "FLOOR", "CEIL", "TRUNC", "ODD"};
// SaturationMode: ON=0 (clamp, the default), OFF=1 (wrap).
constexpr const char* kSatModes[] = {"ON", "OFF"};
constexpr const char* kCmpModes[] = {"EQ", "NE", "LT", "LE", "GT", "GE"};
constexpr const char* kTriangles[] = {"LOWER", "UPPER"};
// tquant: symmetric (i8 result) or asymmetric (ui8 result, with an offset).
constexpr const char* kQuantTypes[] = {"INT8_SYM", "INT8_ASYM"};

constexpr AttrInfo kAttrs[] = {
    {"isBinary", kBool, 2, 0},
    {"descending", kBool, 2, 0},
    {"rmode", kRoundModes, std::size(kRoundModes), 0},
    {"sat_mode", kSatModes, std::size(kSatModes), 0},
    {"cmpMode", kCmpModes, std::size(kCmpModes), 0},
    {"upperOrLower", kTriangles, std::size(kTriangles), 0},
    {"quant_type", kQuantTypes, std::size(kQuantTypes), 0},
    {"enable", kBool, 2, 1},
    {"mode", kRoundModes, std::size(kRoundModes), 2},  // tset{hf,tf}32mode: ROUND by default
};

std::string Upper(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

const AttrInfo* FindAttr(std::string_view name) {
  for (const AttrInfo& a : kAttrs) {
    if (a.name == name) return &a;
  }
  if (name == "saturation" || name == "satMode") return &kAttrs[3];
  if (name == "cmp_mode") return &kAttrs[4];
  if (name == "quantType") return &kAttrs[6];
  if (name == "upper_or_lower" || name == "isUpperOrLower") return &kAttrs[5];
  return nullptr;
}

bool ParseAttrValue(const AttrInfo& attr, std::string_view word, uint32_t* code) {
  std::string w = attr.values == kBool ? std::string(word) : Upper(word);
  if (attr.values == kRoundModes && w.rfind("CAST_", 0) == 0) w = w.substr(5);
  for (uint32_t i = 0; i < attr.count; ++i) {
    if (w == attr.values[i]) {
      *code = i;
      return true;
    }
  }
  if ((attr.values == kBool || attr.values == kTriangles) && (word == "0" || word == "1")) {
    *code = word == "1";
    return true;
  }
  return false;
}

}  // namespace pto
