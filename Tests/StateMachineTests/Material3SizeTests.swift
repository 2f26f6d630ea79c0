//===----------------------------------------------------------------------===//
// StateMachineTests: Material 3's ring sizes are Material 3's only, with
// nothing in their centre (spec MT-28).
//===----------------------------------------------------------------------===//

import Foundation
import ProgressStateMachine
import Testing

@Suite("Material 3 sizes in the machine")
struct Material3SizeTests {
  typealias CircularSize = ProgressVariant.CircularSize

  private func configuration(
    _ size: CircularSize, style: ProgressVariant.CircularStyle = .empty,
    material3: Material3Style? = Material3Style(shape: .flat)
  ) -> ProgressConfiguration {
    var configuration = ProgressConfiguration(variant: .circular(size: size, style: style))
    configuration.material3 = material3
    return configuration
  }

  @Test(
    "MT-28 a Material 3 ring size without material3, or with a percentage or an image, cannot make a machine",
    arguments: [CircularSize.material3Medium, .material3Small, .material3ExtraSmall])
  func creationRejects(size: CircularSize) throws {
    #expect(size.isMaterial3)
    #expect(throws: ProgressError.invalidMaterial3(.sizeWithoutMaterial3)) {
      try ProgressMachine(configuration: configuration(size, material3: nil))
    }
    let image = ProgressImage(identifier: "flag", pixelWidth: 10, pixelHeight: 10)
    for style in [ProgressVariant.CircularStyle.percentage, .image(image)] {
      #expect(throws: ProgressError.invalidMaterial3(.centreContentInMaterial3Size)) {
        try ProgressMachine(configuration: configuration(size, style: style))
      }
    }
    // Flat or wavy, with nothing in the centre: a machine.
    _ = try ProgressMachine(configuration: configuration(size))
    _ = try ProgressMachine(
      configuration: configuration(size, material3: Material3Style(shape: .wavy)))
    // The other sizes take any style, with or without Material 3.
    _ = try ProgressMachine(
      configuration: configuration(.small, style: .percentage, material3: nil))
    _ = try ProgressMachine(configuration: configuration(.medium, style: .percentage))
  }

  @Test("MT-28 configuring a Material 3 ring size it cannot have is rejected and changes nothing")
  func configureRejects() throws {
    var machine = try ProgressMachine(configuration: configuration(.material3Small), progress: 0.5)
    let before = machine.state
    var plain = configuration(.material3Small, material3: nil)
    var transition = machine.send(.configure(plain), at: 1)
    #expect(transition.outcome == .rejected(error: .invalidMaterial3(.sizeWithoutMaterial3)))
    #expect(machine.state == before)
    plain = configuration(.material3Small, style: .percentage)
    transition = machine.send(.configure(plain), at: 1)
    #expect(
      transition.outcome == .rejected(error: .invalidMaterial3(.centreContentInMaterial3Size)))
    #expect(machine.state == before)
    // Turning Material 3 off with a size of its own is refused too; moving to
    // a plain size with it off is not.
    transition = machine.send(.configure(configuration(.small, material3: nil)), at: 1)
    #expect(transition.outcome == .applied)
  }

  @Test(
    "MT-28 a snapshot whose configuration has a Material 3 ring size it cannot have is rejected")
  func snapshotRejects() throws {
    let machine = try ProgressMachine(configuration: configuration(.material3ExtraSmall))
    let data = try JSONEncoder().encode(machine.state)
    #expect(try JSONDecoder().decode(ProgressState.self, from: data) == machine.state)
    var object = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
    var settings = try #require(object["configuration"] as? [String: Any])
    settings["material3"] = nil
    object["configuration"] = settings
    let stripped = try JSONSerialization.data(withJSONObject: object)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(ProgressState.self, from: stripped)
    }
  }
}
