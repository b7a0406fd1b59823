// Per-file state shared by the assembler's passes: the source and where messages go.
#ifndef PTO_ASM_CONTEXT_H_
#define PTO_ASM_CONTEXT_H_

#include <array>
#include <deque>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "pto/asm/format_limits.h"
#include "pto/asm/items.h"
#include "pto/common/arch.h"
#include "pto/common/diagnostics.h"
#include "pto/common/program.h"
#include "pto/common/source.h"
#include "pto/common/strings.h"

namespace pto::assembler {

struct Type;
class FunctionBuilder;

/// Makes the functions the assembler outlines from a body (a pto.section.simt region becomes a
/// SIMT entry, as PTOAS's pto-outline-simt-sections makes it): the module's lowering, which
/// finishes, places and links them with the functions the source defines.
class FunctionOutliner {
 public:
  virtual ~FunctionOutliner() = default;
  /// A new defined function named after \a parent ("<parent>_simt_<n>"), for the returned
  /// builder to fill; null, with an error at \a where, when none can be made.
  virtual FunctionBuilder* NewFunction(const Function& parent, SourceRange where) = 0;
};

/// Who places tiles, as PTOAS's --pto-level says: level1 and level2 plan every tile's address
/// (an address written in the source is refused), level3 takes them from the source (a tile
/// needs one). Without the option both are accepted: ptoas places the tiles that have none.
enum class AddressMode : uint8_t { kEither, kPlanned, kManual };

class Context {
 public:
  Context(const SourceFile& file, Diagnostics& diags, Arch arch, FormatLimits limits = {})
      : file_(file), diags_(diags), arch_(arch), limits_(limits) {}

  const SourceFile& file() const { return file_; }
  Diagnostics& diags() { return diags_; }
  Arch arch() const { return arch_; }
  AddressMode address_mode() const { return address_mode_; }
  void set_address_mode(AddressMode mode) { address_mode_ = mode; }
  /// The bytecode format's limits the input is checked against (asm/format_limits.h).
  const FormatLimits& limits() const { return limits_; }

  void Error(SourceRange range, std::string message) {
    diags_.Error(&file_, range, std::move(message));
  }
  void Error(const Item& item, std::string message) { Error(item.range, std::move(message)); }
  void Error(ItemSpan items, std::string message) {
    Error(SpanRange(items), std::move(message));
  }
  void Note(SourceRange range, std::string message) {
    diags_.Note(&file_, range, std::move(message));
  }
  void Warning(SourceRange range, std::string message) {
    diags_.Warning(&file_, range, std::move(message));
  }
  /// Reports crossing a limit of the format, at \a range, unless the limit called \a key
  /// ("strings", "@f scalar registers") was reported before: once is enough.
  void LimitError(std::string key, SourceRange range, std::string message) {
    if (limits_reported_.insert(std::move(key)).second) Error(range, std::move(message));
  }
  /// program.Intern(text) for a name the bytecode stores (a function's, a tile's, a file's),
  /// reporting at \a where a name longer than the format holds, or the one that makes the
  /// string pool larger than it holds.
  uint32_t InternName(Program& program, std::string_view text, SourceRange where) {
    if (text.size() > limits_.string_length) {
      LimitError(StrCat("name ", text), where, NameTooLong(text.size(), limits_.string_length));
    }
    const uint32_t index = program.Intern(text);
    if (program.strings.size() > limits_.strings) {
      LimitError("strings", where, TooManyStrings(limits_.strings));
    }
    return index;
  }

  /// Records that function \a name is program.functions[\a index]; false if a function of
  /// that name was declared before (a map: a file may hold tens of thousands, each called).
  bool DeclareFunction(std::string_view name, uint32_t index) {
    return functions_.emplace(name, index).second;
  }
  /// Declares a function whose name the context keeps (an outlined one's, made up here).
  bool DeclareOwnedFunction(std::string name, uint32_t index) {
    if (functions_.count(name)) return false;
    owned_names_.push_back(std::move(name));
    return DeclareFunction(owned_names_.back(), index);
  }
  FunctionOutliner* outliner() const { return outliner_; }
  void set_outliner(FunctionOutliner* outliner) { outliner_ = outliner; }
  /// The index of the function \a name stands for in the current scope, or -1.
  int64_t FunctionIndex(std::string_view name) const {
    auto it = functions_.find(ScopedName(name, scope_));
    return it == functions_.end() ? int64_t{-1} : int64_t{it->second};
  }

  /// The tile and view results of function \a index (PTOAS v0.60's functions that hand back
  /// a tile or a view of what they were given): the function is lowered, calls to it are not.
  void SetMemoryResults(uint32_t index, std::vector<std::string> spellings) {
    memory_results_[index] = std::move(spellings);
  }
  const std::vector<std::string>* MemoryResults(int64_t index) const {
    auto it = memory_results_.find(index);
    return it == memory_results_.end() ? nullptr : &it->second;
  }

  /// Names are scoped per kind submodule of VPTO's container form (asm/module_scopes.h): \a
  /// name, defined in both kinds' submodules, stands in each for the function of the scoped
  /// name KernelVariantName(name, kind).
  void ScopeName(std::string_view name) {
    scoped_.try_emplace(name, std::array<std::string, 2>{
                                  KernelVariantName(name, KernelKind::kCube),
                                  KernelVariantName(name, KernelKind::kVector)});
  }
  /// The name of the function \a name stands for in the submodules of kind \a scope.
  std::string_view ScopedName(std::string_view name, KernelKind scope) const {
    if (scope == KernelKind::kAny || scoped_.empty()) return name;
    auto it = scoped_.find(name);
    if (it == scoped_.end()) return name;
    return it->second[scope == KernelKind::kCube ? 0 : 1];
  }
  bool IsScoped(std::string_view name) const { return scoped_.count(name) > 0; }
  /// The kind submodule whose names FunctionIndex looks up (kAny: none).
  void set_scope(KernelKind scope) { scope_ = scope; }

  /// A type alias "!name = TYPE" at the top of the file. As in MLIR, an alias is read where it
  /// is defined and names only aliases defined before it, so a use never expands a chain:
  /// it is the type its definition read. \a broken: that type was reported bad, and uses of
  /// the alias say nothing more.
  struct TypeAliasEntry {
    std::shared_ptr<const Type> type;  ///< Null when broken.
    SourceRange definition;  ///< Where "!name = TYPE" is written.
    bool broken = false;
  };
  void DefineTypeAlias(std::string_view name, TypeAliasEntry entry) {
    type_aliases_[std::string(name)] = std::move(entry);
  }
  const TypeAliasEntry* TypeAlias(std::string_view name) const {
    auto it = type_aliases_.find(name);
    return it == type_aliases_.end() ? nullptr : &it->second;
  }

  /// Types parsed before, by their source text: a file spells the same few types over and
  /// over, and the same text always means the same type (ParseType).
  const Type* KnownType(std::string_view source_text) const {
    auto it = known_types_.find(source_text);
    return it == known_types_.end() ? nullptr : it->second.get();
  }
  void RememberType(std::string_view source_text, std::shared_ptr<const Type> type) {
    known_types_.emplace(source_text, std::move(type));
  }

 private:
  const SourceFile& file_;
  Diagnostics& diags_;
  Arch arch_;
  AddressMode address_mode_ = AddressMode::kEither;
  FormatLimits limits_;
  std::set<std::string> limits_reported_;
  std::map<std::string, TypeAliasEntry, std::less<>> type_aliases_;
  /// Names point into the source, or into scoped_'s nodes (which never move).
  std::unordered_map<std::string_view, uint32_t> functions_;
  std::unordered_map<std::string_view, std::array<std::string, 2>> scoped_;
  KernelKind scope_ = KernelKind::kAny;
  std::unordered_map<std::string_view, std::shared_ptr<const Type>> known_types_;
  std::unordered_map<int64_t, std::vector<std::string>> memory_results_;
  std::deque<std::string> owned_names_;  ///< (a deque: functions_ keeps views of them)
  FunctionOutliner* outliner_ = nullptr;
};

}  // namespace pto::assembler

#endif  // PTO_ASM_CONTEXT_H_
