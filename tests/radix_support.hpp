#pragma once
// RadixSorter tests: key types (32- and 64-bit) and the oracle, std::stable_sort
// by an order computed in the tests independently of the library (totalOrder for floats), restricted
// to a BitRange's bits where one is given. Results are compared bit for bit, values included.

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <numeric>
#include <random>
#include <string>
#include <typeindex>
#include <vector>

#include "count_writer.hpp"
#include "gl_buffer.hpp"
#include "gl_session.hpp"
#include "key_inputs.hpp"
#include "key_types.hpp"
#include "sort_checks.hpp"

namespace gpusort_test {

using RadixKeyTypes = ::testing::Types<std::uint32_t, std::int32_t, float, std::uint64_t, std::int64_t, double>;

// The tuning radix test sorters start from: real ballots unless GPUSORT_TEST_NO_SUBGROUPS.
inline gpusort::RadixTuning radix_test_tuning(gpusort::RadixTuning tuning = {}) {
  if (subgroups_forced_off()) tuning.use_subgroups = false;
  return tuning;
}

// The process's default RadixSorter for these types (built once, freed with the context).
template <class Key, class Value = void>
gpusort::RadixSorter<Key, Value>& radix_sorter() {
  using Sorter = gpusort::RadixSorter<Key, Value>;
  gl_context();
  std::shared_ptr<void>& slot = detail::sorter_slot(std::type_index(typeid(Sorter)));
  if (!slot) slot = std::make_shared<Sorter>(radix_test_tuning(), nullptr, test_device_facts());
  return *static_cast<Sorter*>(slot.get());
}

// Bits [begin, end) of the rank (end 0: all), the sort key of a BitRange.
template <class Key>
BitsOf<Key> radix_sort_key(Key key, gpusort::BitRange range) {
  using Bits = BitsOf<Key>;
  const std::uint32_t width = sizeof(Key) * 8;
  const std::uint32_t end = range.end_bit == 0 ? width : range.end_bit;
  const Bits shifted = order_rank(key) >> range.begin_bit;
  const std::uint32_t bits = end - range.begin_bit;
  return bits >= width ? shifted : static_cast<Bits>(shifted & ((Bits{1} << bits) - 1));
}

// std::stable_sort of the keys (and values with them); descending: stable with "greater".
template <class Key>
void radix_oracle(std::vector<Key>& keys, std::vector<std::uint32_t>* values, gpusort::Order order,
                  gpusort::BitRange range = {}) {
  std::vector<std::size_t> permutation(keys.size());
  std::iota(permutation.begin(), permutation.end(), std::size_t{0});
  std::stable_sort(permutation.begin(), permutation.end(), [&](std::size_t a, std::size_t b) {
    const auto ka = radix_sort_key(keys[a], range), kb = radix_sort_key(keys[b], range);
    return order == gpusort::Order::ascending ? ka < kb : ka > kb;
  });
  std::vector<Key> sorted(keys.size());
  for (std::size_t i = 0; i < keys.size(); ++i) sorted[i] = keys[permutation[i]];
  keys = sorted;
  if (values) {
    std::vector<std::uint32_t> moved(values->size());
    for (std::size_t i = 0; i < values->size(); ++i) moved[i] = (*values)[permutation[i]];
    *values = moved;
  }
}

// Sorts `keys` (and `values`) in GPU buffers with guard bytes after them, checks the guards,
// no GL error, and the result against the oracle.
template <class Key, class Sorter>
::testing::AssertionResult radix_buffer_sort_ok(Sorter& sorter, const std::vector<Key>& keys,
                                                const std::vector<std::uint32_t>* values, gpusort::Order order,
                                                gpusort::BitRange range = {}, std::uint32_t seed = 1) {
  const std::size_t count = keys.size();
  const Bytes key_guard = guard_pattern(guard_bytes, seed), value_guard = guard_pattern(guard_bytes + 4, seed + 1);
  GlBuffer key_buffer(concat(to_bytes(keys), key_guard));
  std::unique_ptr<GlBuffer> value_buffer;
  if (values) value_buffer = std::make_unique<GlBuffer>(concat(to_bytes(*values), value_guard));
  if constexpr (Sorter::has_values) {
    sorter.sort(key_buffer.name(), value_buffer->name(), count, order, range);
  } else {
    sorter.sort(key_buffer.name(), count, order, range);
  }
  if (auto gl = no_gl_error("RadixSorter::sort"); !gl) return gl;
  const Bytes key_bytes = key_buffer.read();
  if (auto ok = guard_intact(key_bytes, count * sizeof(Key), key_guard, "key"); !ok) return ok;
  std::vector<Key> want = keys;
  std::vector<std::uint32_t> want_values = values ? *values : std::vector<std::uint32_t>();
  radix_oracle(want, values ? &want_values : nullptr, order, range);
  if (auto ok = same_bits(from_bytes<Key>(key_bytes, 0, count), want, "keys"); !ok) return ok;
  if (!values) return ::testing::AssertionSuccess();
  const Bytes value_bytes = value_buffer->read();
  if (auto ok = guard_intact(value_bytes, count * 4, value_guard, "value"); !ok) return ok;
  return same_bits(from_bytes<std::uint32_t>(value_bytes, 0, count), want_values, "values");
}

// sort_indirect() of `keys` (and values) in buffers of `capacity` elements (plus guards),
// with the count written on the GPU: the first min(count, capacity) elements must equal the
// oracle's sort of them, and everything after stays as it was.
template <class Key, class Sorter>
::testing::AssertionResult radix_indirect_ok(Sorter& sorter, GpuCountWriter& writer, const std::vector<Key>& keys,
                                             const std::vector<std::uint32_t>* values, std::uint32_t gpu_count,
                                             gpusort::Order order) {
  const std::size_t capacity = keys.size();
  const std::size_t sorted = std::min<std::size_t>(gpu_count, capacity);
  const Bytes guard = guard_pattern(guard_bytes, gpu_count);
  GlBuffer key_buffer(concat(to_bytes(keys), guard));
  std::unique_ptr<GlBuffer> value_buffer;
  if (values) value_buffer = std::make_unique<GlBuffer>(concat(to_bytes(*values), guard));
  GlBuffer counts(Bytes(64, 0));
  writer.write(counts.name(), 36, gpu_count);
  if constexpr (Sorter::has_values) {
    sorter.sort_indirect(key_buffer.name(), value_buffer->name(), counts.name(), 36, capacity, order);
  } else {
    sorter.sort_indirect(key_buffer.name(), counts.name(), 36, capacity, order);
  }
  if (auto gl = no_gl_error("RadixSorter::sort_indirect"); !gl) return gl;
  std::vector<Key> want(keys.begin(), keys.begin() + static_cast<std::ptrdiff_t>(sorted));
  std::vector<std::uint32_t> want_values;
  if (values) want_values.assign(values->begin(), values->begin() + static_cast<std::ptrdiff_t>(sorted));
  radix_oracle(want, values ? &want_values : nullptr, order);
  want.insert(want.end(), keys.begin() + static_cast<std::ptrdiff_t>(sorted), keys.end());
  const Bytes key_bytes = key_buffer.read();
  if (auto ok = guard_intact(key_bytes, capacity * sizeof(Key), guard, "key"); !ok) return ok;
  if (auto ok = same_bits(from_bytes<Key>(key_bytes, 0, capacity), want, "keys"); !ok) return ok;
  if (!values) return ::testing::AssertionSuccess();
  want_values.insert(want_values.end(), values->begin() + static_cast<std::ptrdiff_t>(sorted), values->end());
  return same_bits(from_bytes<std::uint32_t>(value_buffer->read(), 0, capacity), want_values, "values");
}

// Tiny tiles (workgroups of 32 invocations of one key each) and at most 7 workgroups a row: every
// dispatch of more than 7 workgroups splits over y, with a ragged last row.
inline gpusort::RadixTuning split_dispatch_tuning(gpusort::RadixTuning tuning) {
  tuning.workgroup_size = 32;
  tuning.keys_per_invocation = 1;
  tuning.max_workgroups_x = 7;
  return tuning;
}

// For every count and both orders, few-distinct pairs made with `seed`, under a trace named
// `what`: sort() of all of them, sort_indirect() of count - `short_by` of them, then
// more(count, order); stops at the first failure.
template <class Sorter, class More>
void check_split_dispatch_pairs(Sorter& pairs, const char* what, const std::vector<std::size_t>& counts,
                                std::uint32_t seed, std::size_t short_by, More more) {
  GpuCountWriter writer;
  for (std::size_t count : counts) {
    for (gpusort::Order order : both_orders) {
      SCOPED_TRACE(case_name<std::uint32_t>(what, count, order, Distribution::few_distinct, seed));
      const auto keys = make_keys<std::uint32_t>(Distribution::few_distinct, count, seed);
      const auto values = make_values(count, seed);
      ASSERT_TRUE(radix_buffer_sort_ok(pairs, keys, &values, order));
      ASSERT_TRUE(radix_indirect_ok(pairs, writer, keys, &values, static_cast<std::uint32_t>(count - short_by), order));
      ASSERT_TRUE(more(count, order));
    }
  }
}

// Looks at a RadixSorter's dispatches through its pass observer (kept for this object's life):
// the kernels it ran, and Onesweep's fallback count of its last sort, the meta word
// GPUSORT_RADIX_META_FALLBACKS (partitions recounted by a later partition, all passes). The
// library has no API for the count: it is read from the meta buffer the sorter binds at
// GPUSORT_RADIX_BINDING_META while its dispatches run.
template <class Sorter>
class RadixDispatchLog {
  // A RadixSorter by reference; a view (Sorter::radix()) by value.
  using Held = std::conditional_t<std::is_copy_constructible<Sorter>::value, Sorter, Sorter&>;

 public:
  explicit RadixDispatchLog(Sorter& sorter) : sorter_(sorter) {
    sorter_.set_pass_observer([this](const gpusort::RadixPassInfo& info) {
      if (info.after) return;
      kernels.push_back(info.kernel);
      GLint meta = 0;
      glGetIntegeri_v(GL_SHADER_STORAGE_BUFFER_BINDING, gpusort::detail::GPUSORT_RADIX_BINDING_META, &meta);
      meta_ = static_cast<GLuint>(meta);
    });
  }
  ~RadixDispatchLog() { sorter_.set_pass_observer(nullptr); }
  RadixDispatchLog(const RadixDispatchLog&) = delete;
  RadixDispatchLog& operator=(const RadixDispatchLog&) = delete;

  std::size_t count(gpusort::RadixKernel kernel) const {
    return static_cast<std::size_t>(std::count(kernels.begin(), kernels.end(), kernel));
  }

  // The fallback count of the sort that ran last. Waits for the GPU.
  std::uint32_t fallbacks() const { return meta_word(gpusort::detail::GPUSORT_RADIX_META_FALLBACKS); }
  // The passes of the sort that ran last that kept the order (bit p: pass p), from the marks in
  // their ticket counters. Waits for the GPU.
  std::uint32_t kept_passes() const {
    std::uint32_t kept = 0;
    for (std::uint32_t p = 0; p < gpusort::detail::GPUSORT_RADIX_MAX_PASSES; ++p)
      if (meta_word(gpusort::detail::GPUSORT_RADIX_META_TICKETS + p) >= gpusort::detail::GPUSORT_RADIX_TICKET_KEPT_ORDER)
        kept |= 1u << p;
    return kept;
  }

  // Word `index` of the meta buffer of the sort that ran last (copied out on the GPU: the
  // scratch may be immutable storage that cannot be mapped). Waits for the GPU.
  std::uint32_t meta_word(std::uint32_t index) const {
    if (meta_ == 0) return 0;
    GlBuffer word(Bytes(4, 0));
    GLint read = 0, write = 0;
    glGetIntegerv(GL_COPY_READ_BUFFER_BINDING, &read);
    glGetIntegerv(GL_COPY_WRITE_BUFFER_BINDING, &write);
    glBindBuffer(GL_COPY_READ_BUFFER, meta_);
    glBindBuffer(GL_COPY_WRITE_BUFFER, word.name());
    glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, static_cast<GLintptr>(index) * 4, 0, 4);
    glBindBuffer(GL_COPY_READ_BUFFER, static_cast<GLuint>(read));
    glBindBuffer(GL_COPY_WRITE_BUFFER, static_cast<GLuint>(write));
    return from_bytes<std::uint32_t>(word.read(), 0, 1)[0];
  }

  std::vector<gpusort::RadixKernel> kernels;

 private:
  Held sorter_;
  GLuint meta_ = 0;
};

}  // namespace gpusort_test
