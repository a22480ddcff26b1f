#pragma once
// ProgramSlots: the compute programs of an algorithm, one per key, each built the first time it
// is asked for (or in one batch, so that the driver may compile them in parallel). The key
// names a program variant; `source_of(key)` says how to build it. Both algorithms keep their
// programs here (detail/bitonic/programs.hpp, detail/radix/programs.hpp).
#include <cstddef>
#include <utility>
#include <vector>

#include "../../program_cache.hpp"
#include "program.hpp"

namespace gpusort {
namespace detail {

/// `Program`: what a slot keeps of a built program, constructible from the GlProgram (GlProgram
/// itself, or a wrapper that also records what it asked of the linked program).
template <class Key, class Program = GlProgram>
class ProgramSlots {
 public:
  /// The program of `key`; builds it from source_of(key) (a ProgramSource) if it is the
  /// first request. Throws Error (building nothing) when the build fails. The reference holds
  /// until the next program is built.
  template <class SourceOf>
  const Program& get(const Key& key, ProgramCache* cache, SourceOf&& source_of) {
    if (const Program* program = find(key)) return *program;
    slots_.emplace_back(key, Program(build_compute_program(source_of(key), cache)));
    return slots_.back().second;
  }

  /// Builds every program of `keys` that is not built yet, in one batch; returns the keys it
  /// built (none: no allocation).
  template <class SourceOf>
  std::vector<Key> build(const std::vector<Key>& keys, ProgramCache* cache, SourceOf&& source_of) {
    std::vector<Key> missing;
    std::vector<ProgramSource> sources;
    for (const Key& key : keys) {
      if (find(key) != nullptr || contains(missing, key)) continue;
      missing.push_back(key);
      sources.push_back(source_of(key));
    }
    if (missing.empty()) return missing;
    std::vector<GlProgram> built = build_compute_programs(sources, cache);
    for (std::size_t i = 0; i < missing.size(); ++i) slots_.emplace_back(missing[i], Program(std::move(built[i])));
    return missing;
  }

  /// Replaces the program of `key` (built) by one built from `source`. Throws Error, keeping the
  /// old one, when the build fails.
  void replace(const Key& key, ProgramCache* cache, const ProgramSource& source) {
    Program rebuilt(build_compute_program(source, cache));
    for (auto& slot : slots_) {
      if (!(slot.first == key)) continue;
      slot.second = std::move(rebuilt);
      return;
    }
  }

  /// Deletes every program (the next request builds anew).
  void clear() { slots_.clear(); }

  /// Whether `key`'s program is built.
  bool built(const Key& key) const { return find(key) != nullptr; }

  /// `key`'s program, which must be built.
  const Program& at(const Key& key) const { return *find(key); }

 private:
  const Program* find(const Key& key) const {
    for (const auto& slot : slots_) {
      if (slot.first == key) return &slot.second;
    }
    return nullptr;
  }

  static bool contains(const std::vector<Key>& keys, const Key& key) {
    for (const Key& k : keys) {
      if (k == key) return true;
    }
    return false;
  }

  std::vector<std::pair<Key, Program>> slots_;
};

/// ProgramSlots of a single program (no variants).
class ProgramSlot {
 public:
  template <class SourceOf>
  GLuint get(ProgramCache* cache, SourceOf&& source_of) {
    return slots_.get(0, cache, [&](int) { return source_of(); }).name();
  }

 private:
  ProgramSlots<int> slots_;
};

}  // namespace detail
}  // namespace gpusort
