// JSON text for the files ptorun writes (--trace, --timeline): strings and numbers.
#ifndef PTO_INTERP_OBSERVE_JSON_TEXT_H_
#define PTO_INTERP_OBSERVE_JSON_TEXT_H_

#include <string>
#include <string_view>

namespace pto::interp::observe {

/// A JSON string (names and paths: quotes, backslashes and control characters escaped).
std::string Quoted(std::string_view s);
/// A float as JSON: shortest round-trip digits; NaN and infinities, which JSON lacks, as
/// strings.
std::string Number(double v);

}  // namespace pto::interp::observe

#endif  // PTO_INTERP_OBSERVE_JSON_TEXT_H_
