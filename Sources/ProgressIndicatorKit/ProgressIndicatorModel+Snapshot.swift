//===----------------------------------------------------------------------===//
// ProgressIndicatorKit: saving a model and restoring it exactly (spec RL-3).
//===----------------------------------------------------------------------===//

import ProgressStateMachine

/// Why a snapshot cannot be restored.
public enum SnapshotError: Error, Hashable, Sendable {
  /// The data is not a progress-indicator snapshot.
  case notASnapshot(format: String)
  /// The snapshot was written by a format version this code does not read.
  case unsupportedVersion(Int)
  /// The snapshot describes a state no indicator can be in.
  case invalidState(reason: String)
}

extension ProgressIndicatorModel {
  /// Everything a model is, as a `Codable` value: the machine's state (an
  /// animation in flight, a running loop, pending deadlines and completion
  /// identities, the loop's clock), the frame size and the theme.
  ///
  /// Times in a snapshot are the host's clock, as they were: restoring and
  /// continuing with the same clock gives exactly the frames the original
  /// would have given, and time that passed while saved counts — an
  /// animation whose end passed is complete at the next event, a loop has
  /// moved on (RL-3). The text measurer is not saved: the host passes it to
  /// ``init(restoring:measurer:)``.
  ///
  /// ```swift
  /// import Foundation
  ///
  /// var model = try ProgressIndicatorModel(size: FrameSize(width: 320, height: 40))
  /// model.send(.setProgress(0.5, animated: true), at: 0)
  /// let data = try JSONEncoder().encode(model.snapshot())
  /// let restored = try ProgressIndicatorModel(
  ///   restoring: JSONDecoder().decode(ProgressIndicatorModel.Snapshot.self, from: data))
  /// restored.frame(at: 0.1) == model.frame(at: 0.1)   // true, at every time
  /// ```
  public struct Snapshot: Hashable, Sendable {
    /// The format's name, written in every snapshot.
    static let formatName = "progress-indicator-snapshot"
    /// The format version this code writes and reads.
    ///
    /// Version 2 keeps the loop's clock inside the state, where the machine
    /// owns it; version 1 kept it beside the state and is not read.
    package static let formatVersion = 2

    /// The machine's state.
    public var state: ProgressState
    /// The frame size.
    public var size: FrameSize
    /// The colours.
    public var theme: ProgressTheme
  }

  /// The model as a snapshot.
  ///
  /// - Returns: Everything needed to restore the model.
  public func snapshot() -> Snapshot {
    Snapshot(state: machine.state, size: size, theme: theme)
  }

  /// Restores a model from a snapshot.
  ///
  /// - Parameters:
  ///   - snapshot: A snapshot.
  ///   - measurer: The text measurer; an estimate by default.
  /// - Throws: ``SnapshotError/invalidState(reason:)`` when the size is not
  ///   finite and ≥ 0.
  public init(restoring snapshot: Snapshot, measurer: any TextMeasurer = EstimatedTextMeasurer())
    throws(SnapshotError)
  {
    let state = snapshot.state
    do {
      try Self.validate(snapshot.size)
    } catch {
      throw .invalidState(reason: "invalid size \(snapshot.size.width) × \(snapshot.size.height)")
    }
    self.init(
      machine: ProgressMachine(state: state), size: snapshot.size, theme: snapshot.theme,
      measurer: measurer)
  }
}

// Codable, which Embedded Swift does not have: snapshots as JSON natively.
#if !hasFeature(Embedded)
  extension ProgressIndicatorModel.Snapshot: Codable {
    private enum CodingKeys: String, CodingKey {
      case format, version, state, size, theme
    }

    /// Encodes the snapshot with its format name and version.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: An encoding error.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(Self.formatName, forKey: .format)
      try container.encode(Self.formatVersion, forKey: .version)
      try container.encode(state, forKey: .state)
      try container.encode(size, forKey: .size)
      try container.encode(theme, forKey: .theme)
    }

    /// Decodes a snapshot, checking its format and version first.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: ``SnapshotError`` for another format or version; a
    ///   decoding error for corrupted data or an unreachable state.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      let format = try container.decodeIfPresent(String.self, forKey: .format) ?? ""
      guard format == Self.formatName else { throw SnapshotError.notASnapshot(format: format) }
      let version = try container.decode(Int.self, forKey: .version)
      guard version == Self.formatVersion else { throw SnapshotError.unsupportedVersion(version) }
      state = try container.decode(ProgressState.self, forKey: .state)
      size = try container.decode(FrameSize.self, forKey: .size)
      theme = try container.decode(ProgressTheme.self, forKey: .theme)
    }
  }
#endif
