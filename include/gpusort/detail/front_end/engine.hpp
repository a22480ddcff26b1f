#pragma once
// Engine<A>: what the front end does with any algorithm, written once. An algorithm A
// (detail/bitonic/algorithm.hpp, detail/radix/algorithm.hpp) resolves its tuning into a
// config, which its plan_job(config, job) plans a job with on the CPU (bitonic/plan.hpp,
// radix/plan.hpp: the dispatches, the programs the job builds, the scratch it needs); A builds
// a plan's programs and runs a plan. The engine readies a sort (plan, build,
// place the scratch), prepares one (plan, build), sizes and reserves the scratch over the plans
// of the jobs a capacity allows (A::sizing_jobs), and keeps one subgroup-mismatch policy: where a
// build finds a program running with another subgroup size than it was compiled for, the
// algorithm is resolved again without subgroups (A::without_subgroups) and the job planned again.
//
// What A provides (besides its queries: limits(), count_limit(), probe_program(),
// subgroup_check(), set_observer(), config(), tuning views):
//   using Plan; using Scratch;                 (Scratch: a ScratchBuffers of the algorithm's slots)
//   Status init(const DeviceLimits&, ...);     resolves, builds nothing
//   Status build_first(bool& mismatch);        the programs most sorts run (the probe program among them)
//   planning() const;                          the config plan_job(config, job, Plan&) takes, in A's
//                                              namespace (found by argument-dependent lookup);
//                                              CPU only; Plan::scratch is the job's need
//   Status build(const Plan&, bool& mismatch); the plan's programs; a mismatched one is dropped
//   Status without_subgroups();                resolves the asked tuning again without subgroups
//   std::vector<SortJob> sizing_jobs(std::size_t capacity, JobKind) const;
//   std::vector<SortJob> reserve_jobs(std::size_t capacity) const;  whose programs reserve() builds
//   void run(const Plan&, const SortJob&, const Scratch&);
//   void scratch_moved();                      use_scratch() or release_scratch() moved the scratch
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "../device/limits.hpp"
#include "../gl/scratch.hpp"
#include "../job/sort_job.hpp"
#include "../status.hpp"

namespace gpusort {
namespace detail {

template <class A>
class Engine : public A {
 public:
  using Plan = typename A::Plan;
  using Scratch = typename A::Scratch;
  using Needs = typename Scratch::Needs;

  /// Resolves the algorithm for `limits` (A::init(limits, args...)) and builds the programs most
  /// sorts run.
  template <class... Args>
  Status init(const DeviceLimits& limits, Args&&... args) {
    if (Status status = A::init(limits, std::forward<Args>(args)...); !status) return status;
    scratch_.use_immutable_storage(A::immutable_scratch(limits));
    return with_subgroup_policy([&](bool& mismatch) { return A::build_first(mismatch); });
  }

  /// Plans `job`, builds what it lacks and places its scratch; writes nothing.
  Status ready(const SortJob& job) {
    if (Status status = plan_and_build(job, plan_); !status) return status;
    return scratch_.place(plan_.scratch, alignment());
  }

  /// Runs the plan ready() made for `job`.
  void run(const SortJob& job) { A::run(plan_, job, scratch_); }

  /// Plans `job` and builds what it lacks; places nothing.
  Status prepare(const SortJob& job) {
    Plan planned;
    return plan_and_build(job, planned);
  }

  /// Builds what the algorithm builds ahead for sorts of up to `capacity` elements
  /// (A::reserve_jobs) and places the scratch of every sort of up to `capacity` elements, of
  /// every kind (sort_indirect() and stable sorts included); nothing after use_scratch(). The
  /// scratch does not depend on a BitRange (`by_bits`).
  Status reserve(std::size_t capacity, bool /*by_bits*/ = false) {
    std::vector<SortJob> jobs = A::reserve_jobs(capacity);
    for (std::size_t i = 0; i < jobs.size(); ++i) {
      Plan planned;
      bool resolved_again = false;
      if (Status status = plan_and_build(jobs[i], planned, &resolved_again); !status) return status;
      if (resolved_again) {  // other shapes now: from the first again (once: no subgroups are left)
        jobs = A::reserve_jobs(capacity);
        i = static_cast<std::size_t>(-1);
      }
    }
    if (scratch_.in_caller_range()) return {};
    // The sorter's own scratch has a buffer per slot: each as large as any sort needs it.
    Needs most{};
    for (JobKind kind : {JobKind::direct, JobKind::indirect, JobKind::stable}) {
      for (const SortJob& job : A::sizing_jobs(capacity, kind)) {
        const Needs need = planned_scratch(job);
        for (std::size_t slot = 0; slot < most.size(); ++slot) most[slot] = (std::max)(most[slot], need[slot]);
      }
    }
    return scratch_.place(most, alignment());
  }

  /// A caller's range for every sort of up to `capacity` elements (`stable`: stable sorts too;
  /// sort_indices() needs no more than a direct sort).
  std::uint64_t scratch_bytes(std::size_t capacity, bool stable, bool /*by_bits*/ = false) const {
    std::uint64_t most = (std::max)(scratch_bytes(capacity, JobKind::direct), scratch_bytes(capacity, JobKind::indirect));
    return stable ? (std::max)(most, scratch_bytes(capacity, JobKind::stable)) : most;
  }

  /// A caller's range for every sort of `kind` of up to `capacity` elements.
  std::uint64_t scratch_bytes(std::size_t capacity, JobKind kind) const {
    std::uint64_t most = 0;
    for (const SortJob& job : A::sizing_jobs(capacity, kind)) {
      std::uint64_t bytes = 0;
      Scratch::range_bytes(planned_scratch(job), alignment(), bytes);  // no overflow: counts up to 2^31
      most = (std::max)(most, bytes);
    }
    return most;
  }

  /// A caller's range (buffer 0: the engine's own buffers again), its first byte `range_start`
  /// bytes into what the caller gave.
  void use_scratch(const BufferSlice& range, std::uint64_t range_start) {
    scratch_.use_range(range, range_start);
    A::scratch_moved();
  }
  void release_scratch() {
    scratch_.release();
    A::scratch_moved();
  }

 private:
  std::uint32_t alignment() const { return A::limits().storage_offset_alignment; }

  /// Runs `build` (a build that reports a subgroup mismatch) under the one policy: on a
  /// mismatch, the algorithm is resolved again without subgroups and `build` runs again.
  /// `resolved_again` (optional) says whether that happened.
  template <class Build>
  Status with_subgroup_policy(Build&& build, bool* resolved_again = nullptr) {
    bool mismatch = false;
    if (Status status = build(mismatch); !status || !mismatch) return status;
    if (Status status = A::without_subgroups(); !status) return status;
    if (resolved_again) *resolved_again = true;
    if (Status status = build(mismatch); !status) return status;
    // Nothing is compiled for a subgroup size now, so nothing is checked: unreachable unless a
    // driver reports a size for a program that has no subgroup code.
    return mismatch ? fail("a program built without subgroups was reported to run with another subgroup size")
                    : Status();
  }

  /// Plans `job` into `planned` and builds the programs it runs.
  Status plan_and_build(const SortJob& job, Plan& planned, bool* resolved_again = nullptr) {
    return with_subgroup_policy(
        [&](bool& mismatch) {
          if (Status status = plan_job(A::planning(), job, planned); !status) return status;
          return A::build(planned, mismatch);
        },
        resolved_again);
  }

  /// The scratch `job`'s plan needs, whether or not the dispatch limits take it (plan_job()
  /// plans the whole job before it checks them).
  Needs planned_scratch(const SortJob& job) const {
    Plan planned;
    (void)plan_job(A::planning(), job, planned);
    return planned.scratch;
  }

  Scratch scratch_;
  Plan plan_;  // the current call's plan (ready())
};

}  // namespace detail
}  // namespace gpusort
