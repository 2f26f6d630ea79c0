//===----------------------------------------------------------------------===//
// ProgressTesting: last words when a subject crashes — the case, the step and
// the replay line, written to standard error before the process ends.
//===----------------------------------------------------------------------===//

#if canImport(Glibc)
  import Glibc
#endif

/// What the kit writes when the code under test traps while a property test
/// runs one of its cases.
///
/// A trap (an index out of range, a force unwrap, a failed precondition)
/// cannot be caught in the process that traps: it ends the test run, with
/// no shrunk report. What the kit can do is say, on the way out, which case
/// of which property test was running, at which step, and the line that
/// replays that case alone. Each thread running a case keeps a record: the
/// text, written when the case starts, and the step, updated as it runs. On
/// `SIGILL`, `SIGTRAP`, `SIGSEGV`, `SIGBUS` or `SIGFPE` the handler writes
/// the record of the thread that trapped (only `write(2)`, no allocation),
/// puts back the handler that was there before (the Swift runtime's
/// backtracer, or the default) and raises the signal again, so the process
/// ends as it would have. Linux only; elsewhere nothing is written.
enum CrashNote {
  /// The record of one thread: the case's text, and where the case is.
  struct Record {
    var text: UnsafeMutablePointer<UInt8>
    var textCount: Int
    var capacity: Int
    /// The step being run, from 0; `steps` for the final tick.
    var step: Int
    var steps: Int
    /// Whether a case is running on the thread.
    var isActive: Bool
  }

  #if canImport(Glibc)
    /// The signals that a trap or a bad access raises.
    static let signals: [Int32] = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE]

    /// The handlers there before the kit's, by signal number.
    nonisolated(unsafe) static let previous: UnsafeMutablePointer<sigaction> = {
      let table = UnsafeMutablePointer<sigaction>.allocate(capacity: 32)
      table.initialize(repeating: sigaction(), count: 32)
      return table
    }()

    /// The key of each thread's record; its handlers installed once.
    static let key: pthread_key_t? = {
      var key = pthread_key_t()
      guard
        pthread_key_create(
          &key,
          { pointer in
            guard let record = pointer?.assumingMemoryBound(to: Record.self) else { return }
            record.pointee.text.deallocate()
            record.deallocate()
          }) == 0
      else { return nil }
      _ = previous
      for signal in signals {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signal in CrashNote.handle(signal) }
        action.sa_flags = SA_ONSTACK
        sigemptyset(&action.sa_mask)
        sigaction(signal, &action, previous + Int(signal))
      }
      return key
    }()

    /// The calling thread's record, made on first use.
    static func record() -> UnsafeMutablePointer<Record>? {
      guard let key else { return nil }
      if let existing = pthread_getspecific(key) {
        return existing.assumingMemoryBound(to: Record.self)
      }
      let capacity = 16_384
      let record = UnsafeMutablePointer<Record>.allocate(capacity: 1)
      record.initialize(
        to: Record(
          text: .allocate(capacity: capacity), textCount: 0, capacity: capacity, step: 0, steps: 0,
          isActive: false))
      pthread_setspecific(key, record)
      return record
    }

    /// Writes the trapping thread's record, if it runs a case, then lets the
    /// signal end the process as it would have.
    static func handle(_ signal: Int32) {
      if let key, let pointer = pthread_getspecific(key) {
        let record = pointer.assumingMemoryBound(to: Record.self)
        if record.pointee.isActive { write(record) }
      }
      sigaction(signal, previous + Int(signal), nil)
      raise(signal)
    }

    /// Writes a record with `write(2)` only: safe in a signal handler.
    private static func write(_ record: UnsafeMutablePointer<Record>) {
      // "step k of n", or "the final tick": the digits on the stack.
      var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
      withUnsafeMutableBytes(of: &digits) { buffer in
        func put(_ text: StaticString) {
          _ = Glibc.write(2, text.utf8Start, text.utf8CodeUnitCount)
        }
        func put(_ number: Int) {
          var value = number
          var index = buffer.count
          repeat {
            index -= 1
            buffer[index] = UInt8(ascii: "0") + UInt8(value % 10)
            value /= 10
          } while value > 0 && index > 0
          guard let base = buffer.baseAddress else { return }
          _ = Glibc.write(2, base + index, buffer.count - index)
        }
        put("\nProgressTesting: the code under test crashed ")
        if record.pointee.step < record.pointee.steps {
          put("at step ")
          put(record.pointee.step + 1)
          put(" of ")
          put(record.pointee.steps)
        } else {
          put("after the last step, on the final tick")
        }
        _ = Glibc.write(2, record.pointee.text, record.pointee.textCount)
      }
    }
  #endif

  /// Notes that the calling thread starts running a scenario.
  ///
  /// - Parameters:
  ///   - text: What to write on a crash, after "crashed at step k of n".
  ///   - steps: The number of steps.
  static func begin(_ text: @autoclosure () -> String, steps: Int) {
    #if canImport(Glibc)
      guard let record = record() else { return }
      var text = text()
      text.withUTF8 { bytes in
        let count = min(bytes.count, record.pointee.capacity)
        if let base = bytes.baseAddress { record.pointee.text.update(from: base, count: count) }
        record.pointee.textCount = count
      }
      record.pointee.step = 0
      record.pointee.steps = steps
      record.pointee.isActive = true
    #endif
  }

  /// Notes the step the calling thread runs.
  static func step(_ index: Int) {
    #if canImport(Glibc)
      guard let key, let pointer = pthread_getspecific(key) else { return }
      pointer.assumingMemoryBound(to: Record.self).pointee.step = index
    #endif
  }

  /// Notes that the calling thread no longer runs a scenario.
  static func end() {
    #if canImport(Glibc)
      guard let key, let pointer = pthread_getspecific(key) else { return }
      pointer.assumingMemoryBound(to: Record.self).pointee.isActive = false
    #endif
  }
}
