#pragma once
// ProgramSlots: the compute programs of an algorithm, one per key, each built the first time it
// is asked for (or in one batch, so that the driver may compile them in parallel). The key
// names a program variant; `source_of(key)` says how to build it. Both algorithms keep their
// programs here (detail/bitonic/programs.hpp, detail/radix/programs.hpp).
#include <cstddef>
#include <utility>
#include <vector>

#include "../../program_cache.hpp"
#include "../status.hpp"
#include "program.hpp"

namespace gpusort {
namespace detail {

/// `Program`: what a slot keeps of a built program, constructible from the GlProgram (GlProgram
/// itself, or a wrapper that also records what it asked of the linked program).
template <class Key, class Program = GlProgram>
class ProgramSlots {
 public:
  /// Builds every program of `keys` that is not built yet from source_of(key) (a
  /// ProgramSource), in one batch; where one fails, builds none of them. `built_keys`, if given,
  /// gets the keys it built.
  template <class SourceOf>
  Status build(const std::vector<Key>& keys, ProgramCache* cache, SourceOf&& source_of,
               std::vector<Key>* built_keys = nullptr) {
    std::vector<Key> missing;
    std::vector<ProgramSource> sources;
    for (const Key& key : keys) {
      if (find(key) != nullptr || contains(missing, key)) continue;
      missing.push_back(key);
      sources.push_back(source_of(key));
    }
    if (missing.empty()) return {};
    std::vector<GlProgram> built;
    if (Status status = build_compute_programs(sources, cache, built); !status) return status;
    for (std::size_t i = 0; i < missing.size(); ++i) slots_.emplace_back(missing[i], Program(std::move(built[i])));
    if (built_keys != nullptr) built_keys->insert(built_keys->end(), missing.begin(), missing.end());
    return {};
  }

  /// build(), then `runs_as_compiled(key, runs)` for each program it built (the subgroup check:
  /// a Status, and `runs` false for a program that runs with another subgroup size than it was
  /// compiled for). Where a check fails, none of the programs built stays: no unchecked program
  /// runs. `mismatch`: one does not run as compiled; it is deleted (it must not run).
  template <class SourceOf, class Check>
  Status build_checked(const std::vector<Key>& keys, ProgramCache* cache, SourceOf&& source_of,
                       Check&& runs_as_compiled, bool& mismatch) {
    mismatch = false;
    std::vector<Key> built;
    if (Status status = build(keys, cache, std::forward<SourceOf>(source_of), &built); !status) return status;
    for (const Key& key : built) {
      bool runs = true;
      if (Status status = runs_as_compiled(key, runs); !status) {
        for (const Key& k : built) erase(k);
        return status;
      }
      if (!runs) {
        erase(key);
        mismatch = true;
      }
    }
    return {};
  }

  /// Deletes the program of `key`, if built (the next build() builds it anew).
  void erase(const Key& key) {
    for (auto slot = slots_.begin(); slot != slots_.end(); ++slot) {
      if (slot->first == key) {
        slots_.erase(slot);
        return;
      }
    }
  }

  /// Whether `key`'s program is built.
  bool built(const Key& key) const { return find(key) != nullptr; }

  /// `key`'s program, which must be built (build()). The reference holds until the next
  /// program is built.
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
  /// Builds the program from source_of() unless it is built.
  template <class SourceOf>
  Status build(ProgramCache* cache, SourceOf&& source_of) {
    return slots_.build({0}, cache, [&](int) { return source_of(); });
  }
  /// The program, which must be built (build()).
  GLuint name() const { return slots_.at(0).name(); }

 private:
  ProgramSlots<int> slots_;
};

}  // namespace detail
}  // namespace gpusort
