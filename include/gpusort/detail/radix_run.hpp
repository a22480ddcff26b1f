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
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 4, meta);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 5, scratch_.name(Scratch::tile_state));
  GLuint count_word = 0;
  if (indirect != nullptr) {
    count_word = detail::bind_elements(6, indirect->buffer, indirect->word, 1, sizeof(std::uint32_t),
                                       limits_.storage_offset_alignment);
  } else {
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 6, meta);  // init declares the count block: bind something valid
  }
  const detail::RadixProgram& init = use(Kernel::init, Bases{}, order, passes, 0, false, tiles_per_block);
  init.set(10, static_cast<GLuint>(count));
  init.set(11, indirect != nullptr ? 1u : 0u);
  init.set(12, count_word);
  init.set(13, static_cast<GLuint>(count));  // the capacity of an indirect sort
  init.set(14, static_cast<GLuint>(max_x));
  init.set(15, passes.count());
  glDispatchCompute(1, 1, 1);
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | (indirect != nullptr ? GL_COMMAND_BARRIER_BIT : 0u));
  if (indirect != nullptr) glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, meta);
  // A dispatch of `groups` workgroups, or of what init.comp computed from the GPU's count.
  const auto launch = [&](detail::RadixArguments arguments, std::uint64_t groups) {
    if (indirect != nullptr) {
      glDispatchComputeIndirect(static_cast<GLintptr>((detail::radix_meta_arguments + 3 * arguments) * 4));
    } else {
      detail::dispatch_split(groups, max_x);
    }
  };
  const bool onesweep = config_.tuning.path == RadixPath::onesweep;
  const std::uint32_t pass_count = passes.count();
  if (onesweep) {
    const detail::RadixProgram& histogram =
        use(Kernel::histogram, bind_pass(target, count, true), order, passes, 0, iota, tiles_per_block);
    histogram.set(10, pass_count);
    histogram.set(11, passes.begin);
    histogram.set(12, passes.end);
    launch(detail::histogram_arguments, g.histogram_groups);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
  }
  for (std::uint32_t pass = 0; pass < pass_count; ++pass) {
    const Bases bases = bind_pass(target, count, pass % 2 == 0);
    if (onesweep) {
      use(Kernel::onesweep, bases, order, passes, pass, iota, tiles_per_block);
      launch(detail::partition_arguments, g.tiles);
    } else {
      use(Kernel::upsweep, bases, order, passes, pass, iota, tiles_per_block);
      launch(detail::block_arguments, g.blocks);
      glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
      use(Kernel::scan, bases, order, passes, pass, iota, tiles_per_block);
      launch(detail::scan_arguments, g.scan_groups);
      glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
      use(Kernel::downsweep, bases, order, passes, pass, iota, tiles_per_block);
      launch(detail::block_arguments, g.blocks);
    }
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
  }
  if (pass_count % 2 != 0) {
    // The last pass wrote the scratch: bind_pass(..., false) reads it and writes the caller's.
    use(Kernel::copy, bind_pass(target, count, false), order, passes, 0, false, tiles_per_block);
    launch(detail::copy_arguments, g.copy_groups);
  }
}

}  // namespace gpusort
