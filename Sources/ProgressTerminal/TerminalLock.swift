//===----------------------------------------------------------------------===//
// ProgressTerminal: a value behind a POSIX mutex.
//===----------------------------------------------------------------------===//

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value behind a POSIX mutex: the dashboard's state, a bar's state.
///
/// A `pthread_mutex_t` rather than `Synchronization.Mutex`, whose futex
/// ThreadSanitizer cannot see (it reports the accesses it orders as races).
/// Not on an update's path: updates are atomics.
final class TerminalLock<Value>: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private var value: Value

  init(_ value: Value) {
    self.value = value
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Runs `body` with the value, the mutex held.
  func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result)
    throws(Failure) -> Result
  {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}
