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
  var bytesWritten: Int { bytes.load(ordering: .relaxed) }

  /// Creates an output.
  ///
  /// - Parameter columns: The width reported.
  package init(columns: Int = 100) { self.columns = columns }

  /// Counts the bytes and drops them.
  ///
  /// - Parameter text: The text.
  package func write(_ text: String) { bytes.wrappingAdd(text.utf8.count, ordering: .relaxed) }
  /// Never resized.
  package var resizeCount: UInt32 { 0 }
  /// Never stopped.
  package var continueCount: UInt32 { 0 }
  /// Nothing to restore.
  ///
  /// - Parameter restore: Ignored.
  /// - Returns: -1.
  package func installInterruptRestore(_ restore: String) -> Int32 { -1 }
  /// Nothing to remove.
  ///
  /// - Parameter registration: Ignored.
  package func removeInterruptRestore(_ registration: Int32) {}
}
