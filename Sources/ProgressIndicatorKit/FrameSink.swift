//===----------------------------------------------------------------------===//
// ProgressIndicatorKit: the protocol every backend implements.
//===----------------------------------------------------------------------===//

#if hasFeature(Embedded)
  /// Something that receives frames: a terminal, an SVG writer, a trace file,
  /// an app's own renderer.
  ///
  /// Not `Sendable`: a sink lives where its renderer lives, and a main-actor
  /// renderer conforms through an isolated conformance.
  ///
  /// ```swift
  /// final class PrintingSink: FrameSink {
  ///   func consume(_ frame: ProgressFrame) {
  ///     print(frame.time, frame.presentedProgress)
  ///   }
  /// }
  /// ```
  ///
  /// Under Embedded Swift, which has existentials of class-bound protocols
  /// only, sinks are classes.
  public protocol FrameSink: AnyObject {
    /// Receives the next frame.
    ///
    /// - Parameter frame: The frame to draw.
    func consume(_ frame: ProgressFrame)
  }
#else
  /// Something that receives frames: a terminal, an SVG writer, a trace file,
  /// an app's own renderer.
  ///
  /// Not `Sendable`: a sink lives where its renderer lives, and a main-actor
  /// renderer conforms through an isolated conformance.
  ///
  /// ```swift
  /// struct PrintingSink: FrameSink {
  ///   mutating func consume(_ frame: ProgressFrame) {
  ///     print(frame.time, frame.presentedProgress)
  ///   }
  /// }
  /// ```
  public protocol FrameSink {
    /// Receives the next frame.
    ///
    /// - Parameter frame: The frame to draw.
    mutating func consume(_ frame: ProgressFrame)
  }
#endif

/// A sink that keeps every frame it receives, for tests.
///
/// A class, so a test keeps a reference while an indicator feeds it.
public final class RecordingFrameSink: FrameSink {
  /// The frames received, oldest first.
  public private(set) var frames: [ProgressFrame] = []

  /// Creates an empty recording.
  public init() {}

  /// Appends the frame.
  ///
  /// - Parameter frame: The frame received.
  public func consume(_ frame: ProgressFrame) {
    frames.append(frame)
  }

  /// Forgets every frame received so far.
  package func removeAll() {
    frames.removeAll()
  }
}
