//===----------------------------------------------------------------------===//
// StateMachineTests: configuration (spec CF, AX-1).
//===----------------------------------------------------------------------===//

import ProgressStateMachine
import Testing
import Timeline

@Suite("Configuration")
struct ConfigurationTests {
  @Test("CF-1 each variant carries its own sizes and styles")
  func variantsCarrySizeAndStyle() {
    #expect(ProgressVariant.LinearSize.allCases == [.small, .medium, .large])
    #expect(
      ProgressVariant.CircularSize.allCases == [
        .small, .medium, .material3Medium, .material3Small, .material3ExtraSmall,
      ])
    #expect(ProgressVariant.CircularSize.allCases.filter { !$0.isMaterial3 } == [.small, .medium])
    let linear = ProgressVariant.linear(size: .large, style: .labelOnly)
    let circular = ProgressVariant.circular(size: .small, style: .empty)
    #expect(linear != circular)
    if case .linear(let size, let style) = linear {
      #expect(size == .large)
      #expect(style == .labelOnly)
    } else {
      Issue.record("a linear variant must match .linear")
    }
  }

  @Test("CF-4 linear styles: percentage shows both texts, labelOnly the label, empty nothing")
  func linearStyles() {
    #expect(ProgressVariant.LinearStyle.allCases == [.percentage, .labelOnly, .empty])
    let expected: [(ProgressVariant.LinearStyle, Bool, Bool)] = [
      (.percentage, true, true), (.labelOnly, false, true), (.empty, false, false),
    ]
    for (style, percentage, label) in expected {
      for size in ProgressVariant.LinearSize.allCases {
        let variant = ProgressVariant.linear(size: size, style: style)
        #expect(variant.showsPercentage == percentage, "\(variant)")
        #expect(variant.showsLeftLabel == label, "\(variant)")
      }
    }
  }

  @Test("CF-5 circular styles: percentage, image and empty; none shows the left label")
  func circularStyles() {
    let image = ProgressImage(identifier: "flag", pixelWidth: 120, pixelHeight: 80)
    let expected: [(ProgressVariant.CircularStyle, Bool)] = [
      (.percentage, true), (.image(image), false), (.empty, false),
    ]
    for (style, percentage) in expected {
      for size in ProgressVariant.CircularSize.allCases where !size.isMaterial3 {
        let variant = ProgressVariant.circular(size: size, style: style)
        #expect(variant.showsPercentage == percentage, "\(variant)")
        #expect(!variant.showsLeftLabel, "\(variant)")
      }
    }
    if case .image(let described) = ProgressVariant.CircularStyle.image(image) {
      #expect(described.identifier == "flag")
      #expect(described.pixelWidth == 120 && described.pixelHeight == 80)
    }
  }

  @Test("CF-6 the track is shown by default and the left label is optional")
  func trackAndLeftLabel() throws {
    let configuration = ProgressConfiguration()
    #expect(configuration.showsTrack)
    #expect(configuration.leftLabelText == nil)
    var changed = configuration
    changed.showsTrack = false
    changed.leftLabelText = "Downloading..."
    var machine = try makeMachine()
    #expect(machine.send(.configure(changed), at: 0).outcome == .applied)
    #expect(!machine.state.configuration.showsTrack)
    #expect(machine.state.configuration.leftLabelText == "Downloading...")
  }

  @Test("CF-7 defaults: linear medium empty, track, 0.25 s linear animations, animate backwards")
  func defaults() throws {
    let configuration = ProgressConfiguration()
    #expect(configuration.variant == .linear(size: .medium, style: .empty))
    #expect(configuration.showsTrack)
    #expect(configuration.leftLabelText == nil)
    #expect(configuration.accessibilityLabel == nil)
    #expect(
      configuration.progressAnimation == (try AnimationTiming(duration: 0.25, easing: .linear)))
    #expect(
      configuration.visibilityAnimation == (try AnimationTiming(duration: 0.25, easing: .linear)))
    #expect(configuration.backwardAnimation == .animate)
    #expect(!configuration.reducesMotion)
  }

  @Test("CF-8 configuration changes apply at once and keep mode, progress and animations")
  func configureKeepsState() throws {
    var machine = try makeMachine()
    machine.send(.setProgress(1, animated: true), at: 0)
    let before = machine.state
    var configuration = ProgressConfiguration(variant: .circular(size: .small, style: .percentage))
    configuration.progressAnimation = try AnimationTiming(duration: 2, easing: .easeIn)
    let transition = machine.send(.configure(configuration), at: 0.125)
    #expect(transition.outcome == .applied)
    #expect(transition.effects.isEmpty)
    #expect(machine.state.configuration == configuration)
    #expect(machine.state.mode == before.mode, "the running animation keeps its own timing")
    #expect(machine.state.percentageText == "100%")
    // The same configuration again changes nothing.
    let again = machine.send(.configure(configuration), at: 0.2)
    #expect(again.outcome == .ignored(reason: .unchanged))
    // The running 0.25 s animation still ends at 0.25, not 2 s later.
    let end = machine.send(.tick, at: 0.25)
    #expect(end.completions.map(\.0) == [CompletionID(0)])
  }

  @Test("CF-8 a label whose Unicode scalars change is a change; every setting counts")
  func equalityByScalars() throws {
    // "é" precomposed, then decomposed: canonically equivalent, other scalars.
    var machine = try makeMachine(ProgressConfiguration(leftLabelText: "\u{E9}"))
    let decomposed = ProgressConfiguration(leftLabelText: "e\u{301}")
    #expect(machine.send(.configure(decomposed), at: 0).outcome == .applied)
    #expect(machine.send(.configure(decomposed), at: 0).outcome == .ignored(reason: .unchanged))
    let labelled = ProgressConfiguration(accessibilityLabel: "e\u{301}")
    #expect(labelled != ProgressConfiguration(accessibilityLabel: "\u{E9}"))
    #expect(labelled == ProgressConfiguration(accessibilityLabel: "e\u{301}"))
    let image = ProgressImage(identifier: "\u{E9}", pixelWidth: 1, pixelHeight: 1)
    var other = image
    other.identifier = "e\u{301}"
    #expect(image != other)

    // The equality is written by hand: each setting changed alone makes a
    // different configuration, and no setting is left out.
    let base = ProgressConfiguration()
    var changed: [ProgressConfiguration] = []
    func with(_ change: (inout ProgressConfiguration) -> Void) {
      var configuration = base
      change(&configuration)
      changed.append(configuration)
    }
    with { $0.variant = .circular(size: .small, style: .empty) }
    with { $0.showsTrack = false }
    with { $0.leftLabelText = "" }
    with { $0.accessibilityLabel = "" }
    with { $0.progressAnimation = .immediate }
    with { $0.backwardAnimation = .reset }
    with { $0.visibilityAnimation = .immediate }
    with { $0.reducesMotion = true }
    with { $0.indeterminateStyle = .material }
    with { $0.layoutDirection = .rightToLeft }
    with { $0.material3 = Material3Style() }
    #expect(changed.count == Mirror(reflecting: base).children.count)
    for configuration in changed {
      #expect(configuration != base && configuration == configuration)
    }
    var images: [ProgressImage] = []
    for change in [
      { (image: inout ProgressImage) in image.identifier = "a" }, { $0.pixelWidth = 2 },
      { $0.pixelHeight = 2 }, { $0.encodedData = [] },
    ] {
      var changedImage = image
      change(&changedImage)
      images.append(changedImage)
    }
    #expect(images.count == Mirror(reflecting: image).children.count)
    for changedImage in images { #expect(changedImage != image && changedImage == changedImage) }
  }

  @Test("AX-1 the accessibility label is configured, nil meaning the platform default")
  func accessibilityLabel() throws {
    #expect(ProgressConfiguration().accessibilityLabel == nil)
    var machine = try makeMachine(ProgressConfiguration(accessibilityLabel: "Upload"))
    #expect(machine.state.configuration.accessibilityLabel == "Upload")
    machine.send(.configure(ProgressConfiguration(accessibilityLabel: "Download")), at: 1)
    #expect(machine.state.configuration.accessibilityLabel == "Download")
  }
}
