#pragma once
// Calls every public entry point of every sorter for every key type, keys alone and with each
// value type: included, after some GL declarations, by the translation units that prove a set
// of declarations or a hostile prelude is enough (es31_headers_compile.cpp: Khronos's ES 3.1
// header alone; headers_with_windows_min_max: the SDK's min and max macros; the mingw build's
// windows/windows_h_first.cpp: <windows.h> first). Compiled, never run: the buffer names are
// placeholders.
#include <gpusort/gpusort.hpp>

#include <cstdint>
#include <filesystem>
#include <type_traits>
#include <utility>
#include <vector>

namespace {

constexpr GLuint keys = 1, values = 2, counts = 3;

template <class Key, class Value>
void call_bitonic() {
  gpusort::FileProgramCache cache(std::filesystem::path("gpusort-cache"));
  gpusort::BitonicSorter<Key, Value> sorter(gpusort::BitonicTuning{}, &cache, gpusort::DeviceFacts{});
  gpusort::BitonicSorter<Key, Value> defaulted;
  defaulted = std::move(sorter);
  std::vector<Key> host_keys(8);
  if constexpr (std::is_void<Value>::value) {
    defaulted.sort(keys, 8);
    defaulted.sort_range(keys, 2, 4, gpusort::Order::descending);
    defaulted.sort_indirect(keys, counts, 0, 8);
    defaulted.sort(host_keys);
  } else {
    std::vector<Value> host_values(8);
    defaulted.sort(keys, values, 8);
    defaulted.sort(keys, values, 8, gpusort::Order::ascending, gpusort::Stability::stable);
    defaulted.sort_range(keys, values, 2, 4, gpusort::Order::descending, gpusort::Stability::stable);
    defaulted.sort_indirect(keys, values, counts, 0, 8);
    defaulted.sort(host_keys, host_values, gpusort::Order::ascending, gpusort::Stability::stable);
    if constexpr (std::is_same<Value, std::uint32_t>::value) defaulted.sort_indices(keys, values, 8);
  }
  defaulted.prepare(8);
  defaulted.prepare_indirect(8);
  defaulted.reserve(8);
  (void)defaulted.plan(8);
  defaulted.set_pass_observer([](const gpusort::BitonicPassInfo&) {});
  (void)defaulted.tuning();
  (void)defaulted.device_facts();
  (void)defaulted.max_count();
  (void)defaulted.valid();
}

template <class Key, class Value>
void call_radix() {
  gpusort::RadixSorter<Key, Value> sorter(gpusort::RadixTuning{}, nullptr);
  gpusort::RadixSorter<Key, Value> defaulted;
  defaulted = std::move(sorter);
  std::vector<Key> host_keys(8);
  if constexpr (std::is_void<Value>::value) {
    defaulted.sort(keys, 8);
    defaulted.sort(keys, 8, gpusort::Order::ascending, gpusort::BitRange{});
    defaulted.sort_range(keys, 2, 4);
    defaulted.sort_range(keys, 2, 4, gpusort::Order::ascending, gpusort::BitRange{});
    defaulted.sort_indirect(keys, counts, 0, 8);
    defaulted.sort_indirect(keys, counts, 0, 8, gpusort::Order::ascending, gpusort::BitRange{});
    defaulted.sort(host_keys);
  } else {
    std::vector<Value> host_values(8);
    defaulted.sort(keys, values, 8);
    defaulted.sort(keys, values, 8, gpusort::Order::ascending, gpusort::BitRange{});
    defaulted.sort_range(keys, values, 2, 4, gpusort::Order::ascending, gpusort::BitRange{});
    defaulted.sort_range(keys, values, 2, 4, gpusort::Order::ascending, gpusort::Stability::stable, gpusort::BitRange{});
    defaulted.sort_indirect(keys, values, counts, 0, 8, gpusort::Order::ascending, gpusort::BitRange{});
    defaulted.sort(keys, values, 8, gpusort::Order::ascending, gpusort::Stability::stable);
    defaulted.sort(keys, values, 8, gpusort::Order::ascending, gpusort::Stability::stable, gpusort::BitRange{});
    defaulted.sort_range(keys, values, 2, 4);
    defaulted.sort_range(keys, values, 2, 4, gpusort::Order::descending, gpusort::Stability::stable);
    defaulted.sort_indirect(keys, values, counts, 0, 8);
    defaulted.sort(host_keys, host_values);
    defaulted.sort(host_keys, host_values, gpusort::Order::ascending, gpusort::Stability::stable);
    if constexpr (std::is_same<Value, std::uint32_t>::value) defaulted.sort_indices(keys, values, 8);
  }
  defaulted.prepare(8);
  defaulted.prepare(8, gpusort::Stability::unstable, gpusort::BitRange{});
  defaulted.prepare_indirect(8);
  defaulted.prepare_indirect(8, gpusort::BitRange{});
  defaulted.reserve(8);
  defaulted.reserve(8, gpusort::BitRange{});
  (void)defaulted.scratch_bytes(8, gpusort::Stability::unstable, gpusort::BitRange{});
  (void)defaulted.plan(8);
  (void)defaulted.plan(8, gpusort::BitRange{});
  (void)defaulted.max_count();
  (void)defaulted.device_facts();
  (void)defaulted.tuning();
  (void)defaulted.tile_size();
  defaulted.set_pass_observer([](const gpusort::RadixPassInfo&) {});
  (void)defaulted.valid();
}

template <class Key, class Value>
void call_sorter() {
  gpusort::Sorter<Key, Value> sorter(gpusort::SorterTuning{}, nullptr);
  std::vector<Key> host_keys(8);
  if constexpr (std::is_void<Value>::value) {
    sorter.sort(keys, 8);
    sorter.sort(keys, 8, gpusort::Order::ascending, gpusort::BitRange{});
    sorter.sort_range(keys, 2, 4);
    sorter.sort_range(keys, 2, 4, gpusort::Order::ascending, gpusort::BitRange{});
    sorter.sort_indirect(keys, counts, 0, 8);
    sorter.sort_indirect(keys, counts, 0, 8, gpusort::Order::ascending, gpusort::BitRange{});
    sorter.sort(host_keys);
  } else {
    std::vector<Value> host_values(8);
    sorter.sort(keys, values, 8, gpusort::Order::ascending, gpusort::Stability::stable);
    sorter.sort(keys, values, 8, gpusort::Order::ascending, gpusort::BitRange{});
    sorter.sort(keys, values, 8, gpusort::Order::ascending, gpusort::Stability::stable, gpusort::BitRange{});
    sorter.sort_range(keys, values, 2, 4, gpusort::Order::descending, gpusort::Stability::stable);
    sorter.sort_range(keys, values, 2, 4, gpusort::Order::descending, gpusort::BitRange{});
    sorter.sort_range(keys, values, 2, 4, gpusort::Order::descending, gpusort::Stability::stable, gpusort::BitRange{});
    sorter.sort_indirect(keys, values, counts, 0, 8);
    sorter.sort_indirect(keys, values, counts, 0, 8, gpusort::Order::ascending, gpusort::BitRange{});
    sorter.sort(host_keys, host_values, gpusort::Order::ascending, gpusort::Stability::stable);
    if constexpr (std::is_same<Value, std::uint32_t>::value) sorter.sort_indices(keys, values, 8);
  }
  (void)sorter.algorithm_for(8, gpusort::Stability::stable);
  (void)sorter.algorithm_for(8, gpusort::Stability::unstable, gpusort::BitRange{});
  (void)sorter.crossover();
  sorter.prepare(8);
  sorter.prepare(8, gpusort::Stability::unstable, gpusort::BitRange{});
  sorter.prepare_indirect(8);
  sorter.prepare_indirect(8, gpusort::BitRange{});
  sorter.reserve(8);
  sorter.reserve(8, gpusort::BitRange{});
  (void)sorter.scratch_bytes(8, gpusort::Stability::unstable, gpusort::BitRange{});
  (void)sorter.max_count();
  (void)sorter.device_facts();
  (void)sorter.radix_unavailable();
  (void)sorter.valid();
  const gpusort::BitonicView network = sorter.bitonic();
  (void)network.valid();
  (void)network.plan(8);
  (void)network.tuning();
  network.set_pass_observer([](const gpusort::BitonicPassInfo&) {});
  (void)network.max_count();
  (void)network.device_facts();
  const gpusort::RadixView radix = sorter.radix();
  (void)radix.valid();
  (void)radix.plan(8, gpusort::BitRange{});
  (void)radix.tuning();
  (void)radix.tile_size();
  radix.set_pass_observer([](const gpusort::RadixPassInfo&) {});
  (void)radix.max_count();
  (void)radix.device_facts();
}

template <class Key, class Value>
void call_all() {
  call_bitonic<Key, Value>();
  call_radix<Key, Value>();
  call_sorter<Key, Value>();
}

template <class Key>
void call_all_layouts() {
  call_all<Key, void>();
  call_all<Key, std::uint32_t>();
  call_all<Key, float>();
}

}  // namespace

// Every class for every key type, keys alone and with each value type, every entry point.
inline void call_every_entry_point() {
  call_all_layouts<std::uint32_t>();
  call_all_layouts<std::int32_t>();
  call_all_layouts<float>();
  call_all_layouts<std::uint64_t>();
  call_all_layouts<std::int64_t>();
  call_all_layouts<double>();
  glMemoryBarrier(gpusort::sort_completion_barrier);
}
