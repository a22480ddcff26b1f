#pragma once
// Deleting GL names only in the context they belong to. Names are per share group, so a sorter
// destroyed while a context that does not share objects with its own is current would delete
// that context's objects of the same names (ContextTie, context_tie.hpp, tells the two apart).
// Its destructor then arms a DeleteHold, and every owner of a GL name that it destroys forgets
// the name instead: the objects go with their own context.

namespace gpusort {
namespace detail {

/// While nonzero on a thread, gpusort's owners of GL names (GlProgram, GlBuffer, the sync and
/// sampler owners) forget their names instead of deleting them: set while a sorter is destroyed
/// in a context that is not its own (DeleteHold), where glDelete* would delete that context's
/// objects of the same names.
inline int& gl_deletes_held() {
  static thread_local int held = 0;
  return held;
}

/// Holds deletes from arm() until it is destroyed. A sorter declares one before its GL objects,
/// so that it outlives them: members are destroyed in reverse order.
class DeleteHold {
 public:
  DeleteHold() = default;
  DeleteHold(const DeleteHold&) = delete;
  DeleteHold& operator=(const DeleteHold&) = delete;
  ~DeleteHold() {
    if (armed_) --gl_deletes_held();
  }
  void arm() {
    if (!armed_) ++gl_deletes_held();
    armed_ = true;
  }

 private:
  bool armed_ = false;
};

}  // namespace detail
}  // namespace gpusort
