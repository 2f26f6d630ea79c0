//===----------------------------------------------------------------------===//
// progress-bench: optimisation barriers.
//===----------------------------------------------------------------------===//

/// Consumes a value so the optimiser cannot drop the work that produced it.
@inline(never) @_optimize(none)
func blackHole<T>(_ value: T) {}

/// Returns its argument through a call the optimiser cannot see through, so
/// benchmark inputs are not constant-folded.
@inline(never) @_optimize(none)
func identity<T>(_ value: T) -> T { value }
