// swift-tools-version:6.0
//===----------------------------------------------------------------------===//
// ProgressEngine: a progress indicator as an explicit finite-state machine
// driving an interpolated keyframe timeline. No dependencies.
//===----------------------------------------------------------------------===//

import PackageDescription

let package = Package(
  name: "ProgressEngine",
  products: [
    // MARK: - Public API
    .library(name: "ProgressStateMachine", targets: ["ProgressStateMachine"]),
    .library(name: "Timeline", targets: ["Timeline"]),
    .library(name: "ProgressIndicator", targets: ["ProgressIndicator"]),
    .library(name: "ProgressDriver", targets: ["ProgressDriver"]),
    .library(name: "ProgressTesting", targets: ["ProgressTesting"]),
    .library(name: "ProgressTerminal", targets: ["ProgressTerminal"]),
    .library(name: "ProgressSVG", targets: ["ProgressSVG"]),
    .library(name: "ProgressTrace", targets: ["ProgressTrace"]),
    .executable(name: "progress", targets: ["ProgressCLI"]),
    .executable(name: "progress-bench", targets: ["ProgressBench"]),
  ],
  targets: [
    // MARK: - Portable core (standard library and C maths only)
    .target(name: "Timeline"),
    .target(name: "ProgressStateMachine", dependencies: ["Timeline"]),
    .target(name: "ProgressIndicator", dependencies: ["ProgressStateMachine", "Timeline"]),
    .target(name: "ProgressDriver", dependencies: ["ProgressIndicator", "ProgressStateMachine"]),

    // MARK: - Testing kit (Swift Testing and the standard library)
    .target(
      name: "ProgressTesting",
      dependencies: ["ProgressStateMachine", "ProgressIndicator", "Timeline"]),

    // MARK: - Backends (FrameSink implementations)
    .target(name: "CTerminalSupport"),
    .target(
      name: "ProgressTerminal",
      dependencies: ["ProgressIndicator", "ProgressStateMachine", "Timeline", "CTerminalSupport"]),
    .target(
      name: "ProgressSVG", dependencies: ["ProgressIndicator", "ProgressStateMachine", "Timeline"]),
    .target(
      name: "ProgressTrace",
      dependencies: ["ProgressIndicator", "ProgressStateMachine", "Timeline"]),

    // MARK: - Tools
    .executableTarget(
      name: "ProgressCLI",
      dependencies: [
        "ProgressStateMachine", "ProgressIndicator", "ProgressTerminal", "ProgressSVG",
        "ProgressTrace", "Timeline",
      ]),

    // MARK: - Benchmarks (run in release: swift run -c release progress-bench)
    .target(name: "CubicBezierReference"),
    .target(name: "MallocCounter"),
    .executableTarget(
      name: "ProgressBench",
      dependencies: [
        "Timeline", "ProgressStateMachine", "ProgressIndicator", "CubicBezierReference",
        "MallocCounter",
      ]),

    // MARK: - Tests
    .testTarget(name: "TimelineTests", dependencies: ["Timeline"]),
    .testTarget(name: "StateMachineTests", dependencies: ["ProgressStateMachine", "Timeline"]),
    .testTarget(
      name: "IndicatorTests",
      dependencies: ["ProgressIndicator", "ProgressStateMachine", "Timeline"]),
    .testTarget(
      name: "BackendTests",
      dependencies: [
        "ProgressTerminal", "ProgressSVG", "ProgressTrace", "ProgressIndicator",
        "ProgressStateMachine",
      ]),
    .testTarget(
      name: "CommandTests",
      dependencies: ["ProgressCLI", "ProgressSVG", "ProgressIndicator", "ProgressStateMachine"]),
    .testTarget(name: "ConformanceTests", dependencies: ["ProgressTrace", "ProgressCLI"]),
    .testTarget(
      name: "DriverTests",
      dependencies: ["ProgressDriver", "ProgressIndicator", "ProgressStateMachine"]),
    .testTarget(
      name: "ProgressTestingTests",
      dependencies: ["ProgressTesting", "ProgressIndicator", "ProgressStateMachine", "Timeline"]),
  ],
  swiftLanguageModes: [.v6]
)
