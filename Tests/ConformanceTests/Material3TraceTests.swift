//===----------------------------------------------------------------------===//
// ConformanceTests: Material 3 in the trace format and the check (spec MT-20,
// MT-21).
//===----------------------------------------------------------------------===//

import Foundation
import ProgressStateMachine
import ProgressTrace
import Testing

@Suite("Material 3 traces")
struct Material3TraceTests {
  @Test("MT-20 a Material 3 scenario writes minor 1 and the wave, track and stop fields")
  func minorVersion() throws {
    let scenario = try TraceScenario(
      json: """
        {"configuration": {"material3": {"shape": "wavy", "waveSpeed": 0.5}},
         "events": [{"at": 0, "type": "setProgress", "value": 0.5}], "sample": {"at": [1]}}
        """)
    #expect(scenario.json.contains(#""material3":{"shape":"wavy","waveSpeed":0.5}"#))
    let lines = try scenario.trace()
    #expect(lines.first == #"{"kind":"header","format":"progress-trace","version":1,"minor":1}"#)
    // The path is 312 pt from x = 4; the dot of 4 pt is centred on its end.
    #expect(lines.last?.contains(#""stopIndicator":[314,18,4,4]"#) == true, "\(lines)")
    // One second at half a wavelength a second: offset 0.5, the full 3 pt.
    #expect(
      lines.last?.contains(#""wave":{"amplitude":3,"wavelength":40,"offset":0.5}"#) == true)
    // Read back from its own JSON: the same scenario.
    #expect(try TraceScenario(json: scenario.json) == scenario)
    // Without Material 3, the version 1 header and no new fields.
    let plain = try TraceScenario(
      json: #"{"configuration": {}, "events": [], "sample": {"at": [0]}}"#
    ).trace()
    #expect(plain.first == #"{"kind":"header","format":"progress-trace","version":1}"#)
    #expect(!plain.joined().contains("wave") && !plain.joined().contains("stopIndicator"))
  }

  @Test("MT-20 MT-3 the scenario reader checks the style and names the path")
  func invalidStyles() {
    for (configuration, message) in [
      (
        #"{"material3": {"shape": "wavy", "waveSpeed": -1}}"#, "$.configuration.material3.waveSpeed"
      ),
      (#"{"material3": {"shape": "flat", "waveSpeed": 2}}"#, "$.configuration.material3.waveSpeed"),
      (#"{"material3": {"shape": "bumpy"}}"#, "$.configuration.material3.shape"),
      (#"{"material3": {"waveSpeed": 1}}"#, "$.configuration.material3"),
      (#"{"material3": 1}"#, "$.configuration.material3"),
    ] {
      let json = #"{"configuration": \#(configuration), "events": [], "sample": {"at": []}}"#
      #expect {
        try TraceScenario(json: json)
      } throws: { error in
        "\(error)".hasPrefix(message)
      }
    }
  }

  @Test("MT-20 a minor version is read; an old trace still checks")
  func readers() throws {
    let fixture = try Fixture.named("m3-wave-hidden")
    let scenario = try TraceScenario(json: fixture.scenarioText)
    #expect(try TraceCheck.check(scenario: scenario, trace: fixture.traceText).isConformant)
    let old = try Fixture.named("type-switch")
    #expect(
      try TraceCheck.check(
        scenario: try TraceScenario(json: old.scenarioText), trace: old.traceText
      )
      .isConformant)
    let badMinor = fixture.traceText.replacingOccurrences(of: #""minor":1"#, with: #""minor":"a""#)
    #expect(throws: TraceCheck.TraceError.self) {
      try TraceCheck.check(scenario: scenario, trace: badMinor)
    }
  }

  @Test("MT-21 MT-7 a wave whose offset ran while hidden is caught, naming MT-7")
  func offsetWhileHidden() throws {
    let fixture = try Fixture.named("m3-wave-hidden")
    // Had the clock run while hidden, the offset at 2.25 s would be 0.25.
    let wrong = fixture.trace(
      alteringFrameAt: "2.25", replacing: #""offset":0.55"#, with: #""offset":0.25"#)
    #expect(wrong != fixture.traceText)
    let report = try TraceCheck.check(
      scenario: try TraceScenario(json: fixture.scenarioText), trace: wrong)
    let divergence = try #require(report.divergences.first)
    #expect(report.divergences.count == 1)
    #expect(divergence.field == "geometry.wave" && divergence.time == 2.25)
    #expect(divergence.rules.contains("MT-7") && !divergence.rules.contains("MT-15"))
  }

  @Test("MT-21 a wave's offset is compared around the circle")
  func offsetAroundTheCircle() throws {
    let fixture = try Fixture.named("m3-wave-hidden")
    let scenario = try TraceScenario(json: fixture.scenarioText)
    // 0.999 for 0 at 1 s: 0.001 apart around the circle, within 0.01.
    let near = fixture.trace(
      alteringFrameAt: "1", replacing: #""offset":0}"#, with: #""offset":0.999}"#)
    #expect(near != fixture.traceText)
    #expect(try TraceCheck.check(scenario: scenario, trace: near).isConformant)
    #expect(
      try TraceCheck.check(scenario: scenario, trace: near, comparesAllFields: true).isConformant)
    // Every leaf of the wave names the wave's rules, not every rule.
    let far = fixture.trace(
      alteringFrameAt: "1", replacing: #""offset":0}"#, with: #""offset":0.5}"#)
    // With a rule the wave does not observe among the scenario's.
    let mixed = try TraceScenario(
      json: fixture.scenarioText.replacingOccurrences(of: #""MT-10""#, with: #""MT-10", "MT-15""#))
    #expect(mixed.rules.contains("MT-15"))
    let report = try TraceCheck.check(scenario: mixed, trace: far, comparesAllFields: true)
    #expect(report.divergences.map(\.field) == ["geometry.wave.offset"])
    #expect(report.divergences.first?.rules == ["MT-7", "MT-10", "MT-13"])
  }

  @Test("MT-21 MT-15 a missing stop indicator and a missing wave are divergences")
  func missingFields() throws {
    let fixture = try Fixture.named("m3-stop-indicator")
    let scenario = try TraceScenario(json: fixture.scenarioText)
    let wrong = fixture.trace(
      alteringFrameAt: "0", replacing: #""stopIndicator":[314,18,4,4]"#,
      with: #""stopIndicator":null"#)
    #expect(wrong != fixture.traceText)
    let report = try TraceCheck.check(scenario: scenario, trace: wrong)
    #expect(report.divergences.map(\.field) == ["geometry.stopIndicator"])
    #expect(report.divergences.first?.rules == ["MT-15"])
    let noWave = try Fixture.named("m3-amplitude-taper")
    let dropped = noWave.traceText.replacingOccurrences(
      of: #","wave":{"amplitude":3,"wavelength":40,"offset":0.5}"#, with: "")
    #expect(dropped != noWave.traceText)
    let missing = try TraceCheck.check(
      scenario: try TraceScenario(json: noWave.scenarioText), trace: dropped)
    #expect(missing.divergences.map(\.field) == ["geometry.wave", "geometry.wave"])
    #expect(missing.divergences.allSatisfy { $0.rules.contains("MT-4") })
  }

  @Test(
    "MT-28 a scenario that starts with a Material 3 ring size it cannot have is refused, naming the size or the style; without a style its ring shows nothing"
  )
  func invalidSizeRefused() throws {
    let withoutMaterial3 = #expect(throws: ScenarioError.self) {
      try TraceScenario(
        json:
          #"{"configuration": {"variant": "circular", "size": "material3Small", "style": "empty"}}"#
      )
    }
    #expect(withoutMaterial3?.path == "$.configuration.size")
    let withText = #expect(throws: ScenarioError.self) {
      try TraceScenario(
        json:
          #"{"configuration": {"variant": "circular", "size": "material3Small", "style": "percentage", "material3": {"shape": "flat"}}}"#
      )
    }
    #expect(withText?.path == "$.configuration.style")
    _ = try TraceScenario(
      json:
        #"{"configuration": {"variant": "circular", "size": "material3Small", "style": "empty", "material3": {"shape": "flat"}}, "events": [], "sample": {"at": [0]}}"#
    )
    // Without a style, a Material 3 ring shows nothing, the one style it may
    // have; another ring shows its percentage.
    let unstyled = try TraceScenario(
      json:
        #"{"configuration": {"variant": "circular", "size": "material3Small", "material3": {"shape": "flat"}}, "events": [], "sample": {"at": [0]}}"#
    )
    #expect(unstyled.configuration.variant == .circular(size: .material3Small, style: .empty))
    let plain = try TraceScenario(
      json:
        #"{"configuration": {"variant": "circular", "size": "small"}, "events": [], "sample": {"at": [0]}}"#
    )
    #expect(plain.configuration.variant == .circular(size: .small, style: .percentage))
  }
}
