#pragma once
// RadixSorter::run(): the dispatches of one sort (included at the end of radix_sorter.hpp).
//
//   init        1 workgroup: the count, zeroed histograms and tickets, indirect arguments
//   Onesweep:   histogram (every pass's digits, one read of the keys), then per digit pass
//               one onesweep dispatch (a workgroup per tile)
//   otherwise:  per digit pass upsweep (per-block histograms), scan (a workgroup per digit),
//               downsweep (a workgroup per block of tiles)
//   copy        only after an odd number of passes: scratch back into the caller's buffers
//
// Pass p reads the caller's buffers when p is even and the sorter's scratch when it is odd,
// and writes the other; a glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT) separates dispatches.

namespace gpusort {

template <class Key, class Value>
void RadixSorter<Key, Value>::run(const Target& target, std::size_t count, Order order,
                                  const detail::RadixPasses& passes, bool iota, const IndirectCount* indirect) {
  const detail::RadixGeometry g = detail::radix_geometry(config_, count);
  prepare_run(g, count, passes);  // may build or allocate; writes nothing
  const std::uint64_t max_x = config_.tuning.max_workgroups_x;
  const std::uint64_t tiles_per_block = g.tiles_per_block;
  const GLuint meta = scratch_.name(Scratch::meta);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, GPUSORT_RADIX_BINDING_META, meta);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, GPUSORT_RADIX_BINDING_TILE_STATE, scratch_.name(Scratch::tile_state));
  GLuint count_word = 0;
  if (indirect != nullptr) {
    count_word = detail::bind_words(GPUSORT_RADIX_BINDING_COUNT_BUFFER, indirect->buffer, indirect->word, 1,
                                    limits_.storage_offset_alignment);
  } else {
    // init declares the count block: bind something valid.
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, GPUSORT_RADIX_BINDING_COUNT_BUFFER, meta);
  }
  const detail::RadixProgram& init = use(Kernel::init, Bases{}, order, passes, 0, false, tiles_per_block);
  init.set(GPUSORT_RADIX_LOCATION_COUNT, static_cast<GLuint>(count));
  init.set(GPUSORT_RADIX_LOCATION_COUNT_SOURCE,
           indirect != nullptr ? GPUSORT_COUNT_FROM_BUFFER : GPUSORT_COUNT_FROM_UNIFORM);
  init.set(GPUSORT_RADIX_LOCATION_COUNT_WORD, count_word);
  init.set(GPUSORT_RADIX_LOCATION_CAPACITY, static_cast<GLuint>(count));  // the capacity of an indirect sort
  init.set(GPUSORT_RADIX_LOCATION_MAX_GROUPS_X, static_cast<GLuint>(max_x));
  init.set(GPUSORT_RADIX_LOCATION_PASSES, passes.count());
  // Bytes a kernel must move at the least (RadixPassInfo::bytes).
  const std::uint64_t key_bytes_all = std::uint64_t{count} * key_bytes;
  const std::uint64_t value_bytes_all = has_values ? std::uint64_t{count} * value_bytes : 0;
  const auto observe = [&](Kernel kernel, std::uint32_t pass, bool after) {
    if (!observer_) return;
    std::uint64_t bytes = 0;
    switch (kernel) {
      case Kernel::histogram: case Kernel::upsweep: bytes = key_bytes_all; break;
      case Kernel::downsweep: case Kernel::onesweep:  // sort_indices()'s first pass reads no values
        bytes = 2 * key_bytes_all + (iota && pass == 0 ? 1 : 2) * value_bytes_all; break;
      case Kernel::copy: bytes = 2 * (key_bytes_all + value_bytes_all); break;
      default: break;
    }
    observer_(RadixPassInfo{kernel, pass, bytes, after});
  };
  observe(Kernel::init, 0, false);
  glDispatchCompute(1, 1, 1);
  observe(Kernel::init, 0, true);
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | (indirect != nullptr ? GL_COMMAND_BARRIER_BIT : 0u));
  if (indirect != nullptr) glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, meta);
  // A dispatch of `groups` workgroups, or of what init.comp computed from the GPU's count.
  const auto launch = [&](Kernel kernel, std::uint32_t pass, std::uint32_t arguments, std::uint64_t groups) {
    observe(kernel, pass, false);
    if (indirect != nullptr) {
      glDispatchComputeIndirect(static_cast<GLintptr>((GPUSORT_RADIX_META_ARGUMENTS + 3 * arguments) * 4));
    } else {
      detail::dispatch_workgroups(groups, dispatch_limits());
    }
    observe(kernel, pass, true);
  };
  const bool onesweep = config_.tuning.path == RadixPath::onesweep;
  const std::uint32_t pass_count = passes.count();
  if (onesweep) {
    const detail::RadixProgram& histogram =
        use(Kernel::histogram, bind_pass(target, count, true), order, passes, 0, iota, tiles_per_block);
    histogram.set(GPUSORT_RADIX_LOCATION_HISTOGRAM_PASSES, pass_count);
    histogram.set(GPUSORT_RADIX_LOCATION_BEGIN_BIT, passes.begin);
    histogram.set(GPUSORT_RADIX_LOCATION_END_BIT, passes.end);
    launch(Kernel::histogram, 0, GPUSORT_RADIX_ARGUMENTS_HISTOGRAM, g.histogram_groups);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
  }
  for (std::uint32_t pass = 0; pass < pass_count; ++pass) {
    const Bases bases = bind_pass(target, count, pass % 2 == 0);
    if (onesweep) {
      use(Kernel::onesweep, bases, order, passes, pass, iota, tiles_per_block);
      launch(Kernel::onesweep, pass, GPUSORT_RADIX_ARGUMENTS_PARTITION, g.tiles);
    } else {
      use(Kernel::upsweep, bases, order, passes, pass, iota, tiles_per_block);
      launch(Kernel::upsweep, pass, GPUSORT_RADIX_ARGUMENTS_BLOCK, g.blocks);
      glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
      use(Kernel::scan, bases, order, passes, pass, iota, tiles_per_block);
      launch(Kernel::scan, pass, GPUSORT_RADIX_ARGUMENTS_SCAN, g.scan_groups);
      glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
      use(Kernel::downsweep, bases, order, passes, pass, iota, tiles_per_block);
      launch(Kernel::downsweep, pass, GPUSORT_RADIX_ARGUMENTS_BLOCK, g.blocks);
    }
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
  }
  if (pass_count % 2 != 0) {
    // The last pass wrote the scratch: bind_pass(..., false) reads it and writes the caller's.
    use(Kernel::copy, bind_pass(target, count, false), order, passes, 0, false, tiles_per_block);
    launch(Kernel::copy, 0, GPUSORT_RADIX_ARGUMENTS_COPY, g.copy_groups);
  }
}

}  // namespace gpusort
