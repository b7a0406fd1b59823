#include "pto/common/isa/distributions.h"

#include <iterator>
#include <vector>

#include "pto/common/check.h"
#include "pto/common/isa/attributes.h"

namespace pto {

namespace {

// Every access is 32-byte aligned but a broadcast's or a single element's, which needs its
// element's alignment (docs/semantics.md "ldst").
constexpr DistInfo kDists[] = {
    {"NORM", "vlds", "vsts", 0, 32},      {"BRC_B8", "vlds", "", 1, 1},
    {"BRC_B16", "vlds", "", 2, 2},        {"BRC_B32", "vlds", "", 4, 4},
    {"US_B8", "vlds", "", 1, 32},         {"US_B16", "vlds", "", 2, 32},
    {"DS_B8", "vlds", "", 1, 32},         {"DS_B16", "vlds", "", 2, 32},
    {"UNPK_B8", "vlds", "", 1, 32},       {"UNPK_B16", "vlds", "", 2, 32},
    {"UNPK_B32", "vlds", "", 4, 32},      {"UNPK4", "vlds", "", 1, 32},
    {"BRC_BLK", "vlds", "", 0, 32},       {"E2B_B16", "vlds", "", 2, 32},
    {"E2B_B32", "vlds", "", 4, 32},       {"SPLT2CHN_B8", "vlds", "", 1, 32},
    {"SPLT2CHN_B16", "vlds", "", 2, 32},  {"SPLT4CHN", "vlds", "", 1, 32},
    {"DINTLV_B8", "vldsx2", "", 1, 32},   {"DINTLV_B16", "vldsx2", "", 2, 32},
    {"DINTLV_B32", "vldsx2", "", 4, 32},  {"BDINTLV", "vldsx2", "", 0, 32},
    {"NORM_B8", "", "vsts", 1, 32, 1},    {"NORM_B16", "", "vsts", 2, 32, 2},
    {"NORM_B32", "", "vsts", 4, 32, 4},   {"1PT_B8", "", "vsts", 1, 1},
    {"1PT_B16", "", "vsts", 2, 2},        {"1PT_B32", "", "vsts", 4, 4},
    {"PK_B16", "", "vsts", 2, 32, 2},     {"PK_B32", "", "vsts", 4, 32, 4},
    {"PK_B64", "", "vsts", 8, 32, 4},     {"PK4_B32", "", "vsts", 4, 32, 4},
    {"MRG2CHN_B8", "", "vsts", 1, 32, 2}, {"MRG2CHN_B16", "", "vsts", 2, 32, 4},
    {"MRG4CHN_B8", "", "vsts", 1, 32, 4}, {"INTLV_B8", "", "vstsx2", 1, 32},
    {"INTLV_B16", "", "vstsx2", 2, 32},   {"INTLV_B32", "", "vstsx2", 4, 32},
};

}  // namespace

const DistInfo* FindDist(uint32_t code) {
  // Indexed by code once: the vector loads and stores look their distribution up every time.
  static const std::vector<const DistInfo*> by_code = [] {
    std::vector<const DistInfo*> table;
    const AttrInfo* attr = FindAttr("dist");
    for (uint32_t c = 0; attr && c < attr->count; ++c) {
      const DistInfo* found = nullptr;
      for (const DistInfo& d : kDists) {
        if (d.name == attr->values[c]) found = &d;
      }
      table.push_back(found);
    }
    return table;
  }();
  return code < by_code.size() ? by_code[code] : nullptr;
}

uint32_t DistCode(std::string_view name) {
  const AttrInfo* attr = FindAttr("dist");
  for (uint32_t c = 0; attr && c < attr->count; ++c) {
    if (attr->values[c] == name) return c;
  }
  PTO_CHECK(false, "DistCode: no such distribution");
  return 0;
}

}  // namespace pto
