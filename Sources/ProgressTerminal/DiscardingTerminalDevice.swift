//===----------------------------------------------------------------------===//
// ProgressTerminal: a device that counts what is written and drops it, for benchmarks.
//===----------------------------------------------------------------------===//

import Synchronization

/// A device that throws everything away, as a terminal of a given width:
/// for benchmarks.
package final class DiscardingTerminalDevice: TerminalDevice {
  private let bytes = Atomic<Int>(0)
  /// The width reported.
  package let columns: Int
  /// Always `true`.
  package var isTerminal: Bool { true }
  /// The bytes written so far.
  package var bytesWritten: Int { bytes.load(ordering: .relaxed) }

  /// Creates an output.
  ///
  /// - Parameter columns: The width reported.
  package init(columns: Int = 100) { self.columns = columns }

  /// Counts the bytes and drops them.
  ///
  /// - Parameter text: The text.
  package func write(_ text: String) { bytes.wrappingAdd(text.utf8.count, ordering: .relaxed) }
  /// Never resized.
  package func takeResize() -> Bool { false }
  /// Never stopped.
  package func takeContinue() -> Bool { false }
  /// Nothing to restore.
  ///
  /// - Parameter restore: Ignored.
  package func installInterruptRestore(_ restore: String) {}
  /// Nothing to remove.
  package func removeInterruptRestore() {}
}
