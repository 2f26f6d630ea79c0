//===----------------------------------------------------------------------===//
// ProgressTestingTests: the complete example of Docs/testing.md, compiled and
// run, so the guide stays true.
//===----------------------------------------------------------------------===//

import Foundation
import ProgressIndicatorKit
import ProgressStateMachine
import ProgressTesting
import Testing

// BEGIN the example of Docs/testing.md, §1 (a test below keeps them equal)
/// The renderer under test: it draws a frame as one line of text, such as
/// `[#####     ] 50%`.
struct TextBar {
  var cells = 10

  /// What one frame looks like: the bar's cells and the percentage text.
  struct Drawing: Equatable {
    var bar: String
    var percentage: String?
  }

  /// Draws a frame, or returns `nil` when nothing is drawn: hidden, or at
  /// the very start of an animated show (`isHidden` is false there, but the
  /// visible fraction is 0).
  func draw(_ frame: ProgressFrame) -> Drawing? {
    guard !frame.isHidden, frame.visibleFraction > 0 else { return nil }
    var bar = Array(repeating: Character(" "), count: cells)
    for segment in frame.segments {
      // A bar's fractions lie in [0, 1]; a ring's in [-0.125, 1]: clamp.
      let from = Int((min(max(segment.start, 0), 1) * Double(cells)).rounded())
      let to = Int((min(max(segment.end, 0), 1) * Double(cells)).rounded())
      for cell in from..<max(from, to) { bar[cell] = "#" }
    }
    return Drawing(bar: "[" + String(bar) + "]", percentage: frame.percentage?.text)
  }
}

/// The renderer wrapped for the kit: the machine steps, the renderer draws,
/// and the observation reports what it drew.
struct TextBarSubject: ProgressSubject {
  private var model: ProgressIndicatorModel
  private var requests = RequestNumbering()
  private let renderer = TextBar()

  init(configuration: ProgressConfiguration, progressType: ProgressType) throws {
    model = try ProgressIndicatorModel(
      configuration: configuration, progressType: progressType,
      size: FrameSize(width: 200, height: 40))
  }

  mutating func send(_ event: ProgressEvent, at time: Double) -> ProgressObservation {
    let transition = model.send(event, at: time)
    requests.record(transition)  // numbers setProgress and setHidden as the kit does
    let frame = model.frame(at: transition.time)
    var observation = ProgressObservation(
      state: model.state, transition: transition, requests: requests, frame: frame)
    // Report the text the renderer drew, not the machine's: the kit compares
    // it with the reference model's after every step. While nothing is drawn
    // the spec's text still exists, and the machine's stays.
    if let drawing = renderer.draw(frame) {
      observation.percentageText = drawing.percentage
    }
    return observation
  }
}
// END the example of Docs/testing.md, §1

/// A renderer with a planted bug: its text follows the bar's animation
/// instead of showing the target at once (PX-3), as a renderer that formats
/// `presentedProgress` would.
struct AnimatedTextBar {
  func draw(_ frame: ProgressFrame) -> TextBar.Drawing? {
    guard var drawing = TextBar().draw(frame) else { return nil }
    if drawing.percentage != nil {
      let shown = min(max(frame.presentedProgress, 0), 1)
      drawing.percentage = "\(Int((shown * 100).rounded()))%"
    }
    return drawing
  }
}

/// The guide's subject around the planted bug: it reports what the renderer
/// drew, as §1 does.
struct AnimatedTextBarSubject: ProgressSubject {
  private var model: ProgressIndicatorModel
  private var requests = RequestNumbering()

  init(configuration: ProgressConfiguration, progressType: ProgressType) throws {
    model = try ProgressIndicatorModel(
      configuration: configuration, progressType: progressType,
      size: FrameSize(width: 200, height: 40))
  }

  mutating func send(_ event: ProgressEvent, at time: Double) -> ProgressObservation {
    let transition = model.send(event, at: time)
    requests.record(transition)
    let frame = model.frame(at: transition.time)
    var observation = ProgressObservation(
      state: model.state, transition: transition, requests: requests, frame: frame)
    if let drawing = AnimatedTextBar().draw(frame) {
      observation.percentageText = drawing.percentage
    }
    return observation
  }
}

/// The guide's former example around the same planted bug: it drew, but
/// reported the machine's own text, so the renderer went untested.
struct FormerExampleSubject: ProgressSubject {
  private var model: ProgressIndicatorModel
  private var requests = RequestNumbering()
  private(set) var drawn = ""

  init(configuration: ProgressConfiguration, progressType: ProgressType) throws {
    model = try ProgressIndicatorModel(
      configuration: configuration, progressType: progressType,
      size: FrameSize(width: 200, height: 40))
  }

  mutating func send(_ event: ProgressEvent, at time: Double) -> ProgressObservation {
    let transition = model.send(event, at: time)
    requests.record(transition)
    let frame = model.frame(at: transition.time)
    drawn = AnimatedTextBar().draw(frame)?.percentage ?? ""
    return ProgressObservation(
      state: model.state, transition: transition, requests: requests, frame: frame)
  }
}

@Suite("The guide's example")
struct DocumentationExampleTests {
  @Test("PB-4 and PB-6: the guide's renderer keeps every invariant and agrees with the reference")
  func guideExample() {
    let test = ProgressPropertyTest(cases: 200)
    test.check(TextBarSubject.self, reference: ReferenceProgressModel.self)
    #expect(TransitionCoverage.replay(TransitionCoverage.paths(), on: TextBarSubject.self).isEmpty)
  }

  @Test(
    "PB-4 PX-2 reporting what the renderer draws finds a renderer bug the former example missed"
  )
  func reportsTheDrawing() throws {
    let test = ProgressPropertyTest(cases: 200)
    // The former example reported the machine's text: the bug went unseen.
    #expect(test.run(FormerExampleSubject.self, reference: ReferenceProgressModel.self) == nil)
    // Reporting the drawing, the differential test finds it and shrinks it.
    let found = try #require(
      test.run(AnimatedTextBarSubject.self, reference: ReferenceProgressModel.self))
    #expect(found.rule == "PX-2", "\(found)")
    #expect(found.minimal.steps.count <= 2, "\(found)")
  }

  @Test("PB-6 the guide's §1 example is the code this suite compiles and runs")
  func guideQuotesThisFile() throws {
    let here = URL(fileURLWithPath: #filePath)
    let root = here.deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let guide = try String(
      contentsOf: root.appendingPathComponent("Docs/testing.md"), encoding: .utf8)
    let source = try String(contentsOf: here, encoding: .utf8)
    // The guide's first swift block, without its import lines.
    let block =
      try #require(guide.components(separatedBy: "```swift\n").dropFirst().first)
      .components(separatedBy: "```").first ?? ""
    let quoted = block.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.hasPrefix("import ") }.joined(separator: "\n")
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let begin = try #require(source.range(of: "// BEGIN the example of Docs/testing.md, §1"))
    let end = try #require(source.range(of: "// END the example of Docs/testing.md, §1"))
    let compiled = source[begin.upperBound..<end.lowerBound]
      .split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
      .joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(quoted == compiled)
  }
}

@Suite("Values the documentation states")
struct DocumentedValueTests {
  @Test("MS-1 the state machine's DocC overview: 29% at once, 0.145 half-way, one completion")
  func stateMachineOverview() throws {
    var machine = try ProgressMachine(
      configuration: ProgressConfiguration(variant: .linear(size: .medium, style: .percentage)))
    machine.send(.setProgress(0.29, animated: true), at: 0)
    #expect(machine.state.percentageText == "29%")
    #expect(abs(machine.state.presentedProgress(at: 0.125) - 0.145) < 1e-15)
    #expect(machine.send(.tick, at: 0.25).effects == [.complete(CompletionID(0), finished: true)])
  }

  @Test("FR-5 the indicator's DocC overview: 25% at 0.25 s, then no frame")
  func indicatorOverview() throws {
    let sink = RecordingFrameSink()
    let indicator = try ProgressIndicator(
      configuration: ProgressConfiguration(variant: .circular(size: .medium, style: .percentage)),
      size: FrameSize(width: 160, height: 160), sinks: [sink])
    indicator.setProgress(0.25, animated: true)
    let arrived = try #require(indicator.advance(to: 0.25))
    guard case .arc(let arc) = arrived.segments.first?.geometry else {
      Issue.record("no arc")
      return
    }
    #expect(arc.startAngle == 0 && arc.endAngle == 90)  // 12 to 3 o'clock
    #expect(sink.frames.last?.percentage?.text == "25%")
    #expect(indicator.advance(to: 1) == nil)
  }
}
