// Counts heap allocations of the whole process, for the benchmark's
// allocation mode. On glibc the allocator's entry points are replaced by
// counting wrappers around glibc's own (__libc_malloc and friends); elsewhere
// counting is unavailable and malloc_counter_is_available() returns 0.
#ifndef MALLOC_COUNTER_H
#define MALLOC_COUNTER_H

/// 1 when allocations are being counted, 0 when this platform cannot.
int malloc_counter_is_available(void);

/// Sets the count of allocations to 0.
void malloc_counter_reset(void);

/// The number of allocations (malloc, calloc, realloc, aligned allocations)
/// since the last reset.
long malloc_counter_allocations(void);

#endif
