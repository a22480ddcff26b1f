#pragma once
// ProgramSlots: the compute programs of a sorter, one per key, each built the first time it
// is asked for (or in one batch, so that the driver may compile them in parallel). The key
// names a program variant; `source_of(key)` says how to build it. Every sorter keeps its
// programs here instead of a build-if-empty helper per program.
#include <cstddef>
#include <utility>
#include <vector>

#include "../../program_cache.hpp"
#include "program.hpp"

namespace gpusort {
namespace detail {

template <class Key>
class ProgramSlots {
 public:
  /// The program of `key`; builds it from source_of(key) (a ProgramSource) if it is the
  /// first request. Throws Error (building nothing) when the build fails.
  template <class SourceOf>
  GLuint get(const Key& key, ProgramCache* cache, SourceOf&& source_of) {
    if (const GlProgram* program = find(key)) return program->name();
    slots_.emplace_back(key, build_compute_program(source_of(key), cache));
    return slots_.back().second.name();
  }

  /// Builds every program of `keys` that is not built yet, in one batch.
  template <class SourceOf>
  void build(const std::vector<Key>& keys, ProgramCache* cache, SourceOf&& source_of) {
    std::vector<Key> missing;
    std::vector<ProgramSource> sources;
    for (const Key& key : keys) {
      if (find(key) != nullptr || contains(missing, key)) continue;
      missing.push_back(key);
      sources.push_back(source_of(key));
    }
    if (missing.empty()) return;
    std::vector<GlProgram> built = build_compute_programs(sources, cache);
    for (std::size_t i = 0; i < missing.size(); ++i) slots_.emplace_back(missing[i], std::move(built[i]));
  }

  /// Whether `key`'s program is built.
  bool built(const Key& key) const { return find(key) != nullptr; }

 private:
  const GlProgram* find(const Key& key) const {
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

  std::vector<std::pair<Key, GlProgram>> slots_;
};

/// ProgramSlots of a single program (no variants).
class ProgramSlot {
 public:
  template <class SourceOf>
  GLuint get(ProgramCache* cache, SourceOf&& source_of) {
    return slots_.get(0, cache, [&](int) { return source_of(); });
  }

 private:
  ProgramSlots<int> slots_;
};

}  // namespace detail
}  // namespace gpusort
