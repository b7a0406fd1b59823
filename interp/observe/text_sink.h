// Where an observer's text output goes piece by piece (a trace or a timeline larger than
// memory is never one string): the output file's descriptor, or a string being built.
#ifndef PTO_INTERP_OBSERVE_TEXT_SINK_H_
#define PTO_INTERP_OBSERVE_TEXT_SINK_H_

#include <cstddef>
#include <functional>

namespace pto::interp::observe {

/// Takes the next \a size bytes at \a data; false stops the writing.
using TextSink = std::function<bool(const char* data, size_t size)>;

}  // namespace pto::interp::observe

#endif  // PTO_INTERP_OBSERVE_TEXT_SINK_H_
