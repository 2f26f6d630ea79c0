//===----------------------------------------------------------------------===//
// StateMachineTests: the percentage text (spec PX).
//===----------------------------------------------------------------------===//

import ProgressStateMachine
import Testing

@Suite("Percentage text")
struct PercentageTextTests {
  static let percentageStyle = ProgressConfiguration(
    variant: .linear(size: .medium, style: .percentage))

  @Test("PX-1 the text is N% and only percentage styles show it")
  func onlyPercentageStylesShowText() throws {
    let image = ProgressImage(identifier: "i", pixelWidth: 1, pixelHeight: 1)
    let styles: [(ProgressVariant, String?)] = [
      (.linear(size: .small, style: .percentage), "40%"),
      (.linear(size: .small, style: .labelOnly), nil),
      (.linear(size: .small, style: .empty), nil),
      (.circular(size: .medium, style: .percentage), "40%"),
      (.circular(size: .medium, style: .image(image)), nil),
      (.circular(size: .medium, style: .empty), nil),
    ]
    for (variant, text) in styles {
      let machine = try makeMachine(ProgressConfiguration(variant: variant), progress: 0.4)
      #expect(machine.state.percentageText == text, "\(variant)")
    }
  }

  @Test("PX-2 thousandths round half up: N = (n + 5) / 10 in integers", arguments: 0...1000)
  func roundingOfThousandths(thousandths: Int) {
    // The expected value is computed in exact integer arithmetic, independently
    // of the floating-point rounding under test.
    let expected = (thousandths + 5) / 10
    #expect(ProgressState.wholePercent(of: Double(thousandths) / 1000) == expected)
  }

  @Test("PX-2 hundredths show themselves (0.29 shows 29%, not 28%)", arguments: 0...100)
  func hundredthsShowThemselves(hundredths: Int) throws {
    let machine = try makeMachine(Self.percentageStyle, progress: Double(hundredths) / 100)
    #expect(machine.state.percentageText == "\(hundredths)%")
  }

  @Test("PX-2 the seed's examples: 0.29 → 29, 0.125 → 13, 0.994 → 99, 0.995 → 100")
  func seedExamples() {
    #expect(ProgressState.wholePercent(of: 0.29) == 29)
    #expect(ProgressState.wholePercent(of: 0.125) == 13)
    #expect(ProgressState.wholePercent(of: 0.145) == 15)
    #expect(ProgressState.wholePercent(of: 0.994) == 99)
    #expect(ProgressState.wholePercent(of: 0.995) == 100)
    #expect(ProgressState.wholePercent(of: 0.004_999) == 0)
    #expect(ProgressState.wholePercent(of: 0.005) == 1)
  }

  @Test("PX-3 the text follows the target at once while the bar animates")
  func textJumpsToTarget() throws {
    var machine = try makeMachine(Self.percentageStyle)
    machine.send(.setProgress(0.29, animated: true), at: 0)
    #expect(machine.state.percentageText == "29%")
    #expect(machine.state.presentedProgress(at: 0.125) < 0.29)
  }

  @Test("PX-4 no percentage while indeterminate, even with a percentage style")
  func noTextWhileIndeterminate() throws {
    for variant in [
      ProgressVariant.linear(size: .medium, style: .percentage),
      .circular(size: .small, style: .percentage),
    ] {
      var machine = try makeMachine(ProgressConfiguration(variant: variant), progress: 0.5)
      #expect(machine.state.percentageText == "50%")
      machine.send(.setProgressType(.indeterminate), at: 0)
      #expect(machine.state.percentageText == nil)
      #expect(machine.state.percentage == nil)
      machine.send(.startIndeterminateAnimation, at: 0)
      #expect(machine.state.percentageText == nil)
    }
  }
}
