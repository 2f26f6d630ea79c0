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
    // One import for renderers and hosts: the machine, the timeline, frames
    // and sinks, the facade and the driver.
    .library(name: "ProgressEngine", targets: ["ProgressEngine"]),
    .library(name: "ProgressStateMachine", targets: ["ProgressStateMachine"]),
    .library(name: "Timeline", targets: ["Timeline"]),
    .library(name: "ProgressIndicatorKit", targets: ["ProgressIndicatorKit"]),
    .library(name: "ProgressDriver", targets: ["ProgressDriver"]),
    .library(name: "ProgressTesting", targets: ["ProgressTesting"]),
    .library(name: "ProgressTerminal", targets: ["ProgressTerminal"]),
    .library(name: "ProgressSVG", targets: ["ProgressSVG"]),
    .library(name: "ProgressTrace", targets: ["ProgressTrace"]),
    .executable(name: "progress", targets: ["ProgressCLI"]),
    .executable(name: "progress-bench", targets: ["ProgressBench"]),
    .executable(name: "progress-soak", targets: ["ProgressSoak"]),

    // MARK: - Implementation details
    // The fuzz target bodies, for the nested Fuzzing/ package only: not API.
    .library(name: "_ProgressStress", targets: ["ProgressStress"]),
  ],
  targets: [
    // MARK: - Portable core (standard library and C maths only)
    .target(name: "Timeline"),
    .target(name: "ProgressStateMachine", dependencies: ["Timeline"]),
    .target(name: "ProgressIndicatorKit", dependencies: ["ProgressStateMachine", "Timeline"]),
    .target(
      name: "ProgressDriver", dependencies: ["ProgressIndicatorKit", "ProgressStateMachine"]),
    .target(
      name: "ProgressEngine",
      dependencies: ["ProgressDriver", "ProgressIndicatorKit", "ProgressStateMachine", "Timeline"]),

    // MARK: - Testing kit: a standard-library core, and its Swift Testing integration
    .target(
      name: "ProgressTestingCore",
      dependencies: ["ProgressStateMachine", "ProgressIndicatorKit", "Timeline"]),
    .target(name: "ProgressTesting", dependencies: ["ProgressTestingCore"]),

    // MARK: - Stress: fuzz target bodies (run by Fuzzing/, replayed by the tests) and the soak run
    .target(
      name: "ProgressStress",
      dependencies: [
        "ProgressTrace", "ProgressIndicatorKit", "ProgressStateMachine", "Timeline",
        "ProgressTestingCore",
      ]),

    // MARK: - Backends: they read nothing but frames (ProgressTrace's TraceFrameSink is a FrameSink)
    .target(name: "CTerminalSupport"),
    .target(
      name: "ProgressTerminal",
      dependencies: [
        "ProgressIndicatorKit", "ProgressStateMachine", "CTerminalSupport",
      ]),
    .target(
      name: "ProgressSVG",
      dependencies: ["ProgressIndicatorKit", "ProgressStateMachine", "Timeline"]),
    .target(
      name: "ProgressTrace",
      dependencies: ["ProgressIndicatorKit", "ProgressStateMachine", "Timeline"]),

    // MARK: - Tools
    .executableTarget(
      name: "ProgressCLI",
      dependencies: [
        "ProgressStateMachine", "ProgressIndicatorKit", "ProgressTerminal", "ProgressSVG",
        "ProgressTrace", "Timeline", "CTerminalSupport",
      ]),

    // The workloads the terminal's end-to-end tests run in tmux: not a product.
    .executableTarget(name: "TerminalWorkloads", dependencies: ["ProgressTerminal"]),

    // MARK: - Benchmarks (run in release: swift run -c release progress-bench)
    .target(name: "CubicBezierReference"),
    .target(name: "MallocCounter"),
    .executableTarget(
      name: "ProgressBench",
      dependencies: [
        "Timeline", "ProgressStateMachine", "ProgressIndicatorKit", "ProgressDriver",
        "ProgressTerminal", "ProgressTrace", "CubicBezierReference", "MallocCounter",
      ]),

    // MARK: - Soak (run in release: swift run -c release progress-soak)
    .executableTarget(
      name: "ProgressSoak", dependencies: ["ProgressStress"]),

    // MARK: - Tests
    .testTarget(
      name: "TimelineTests",
      dependencies: ["Timeline", "ProgressTestingCore", "CommandLineSupport"]),
    .testTarget(
      name: "StateMachineTests",
      dependencies: ["ProgressStateMachine", "Timeline", "ProgressTestingCore"]),
    .testTarget(
      name: "IndicatorTests",
      dependencies: ["ProgressIndicatorKit", "ProgressStateMachine", "Timeline", "ProgressTesting"]),
    .testTarget(
      name: "BackendTests",
      dependencies: [
        "ProgressTerminal", "ProgressSVG", "ProgressTrace", "ProgressIndicatorKit",
        "ProgressStateMachine", "ProgressTesting",
      ]),
    .target(name: "CommandLineSupport", path: "Tests/CommandLineSupport"),
    .testTarget(
      name: "CommandTests",
      dependencies: [
        "ProgressCLI", "TerminalWorkloads", "CommandLineSupport", "ProgressSVG", "ProgressTrace",
        "ProgressTesting", "ProgressIndicatorKit", "ProgressStateMachine",
      ]),
    .testTarget(
      name: "ConformanceTests",
      dependencies: ["ProgressTrace", "ProgressCLI", "CommandLineSupport"]),
    .testTarget(
      name: "DriverTests",
      dependencies: [
        "ProgressDriver", "ProgressIndicatorKit", "ProgressStateMachine", "ProgressTesting",
      ]),
    .testTarget(
      name: "ReliabilityTests",
      dependencies: ["ProgressStress", "ProgressIndicatorKit", "ProgressStateMachine"]),
    .testTarget(
      name: "ProgressTestingTests",
      dependencies: [
        "ProgressTesting", "ProgressIndicatorKit", "ProgressStateMachine", "Timeline",
        "CommandLineSupport",
      ]),
  ],
  swiftLanguageModes: [.v6]
)

// Swift 6's upcoming checks, on in every target (all of them build with them):
// `any` spelled out for existentials, imports internal unless declared `public
// import` (what a module's API exposes of another module is visible at its
// imports), and members usable only from modules a file imports itself.
for target in package.targets where target.type != .system {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .enableUpcomingFeature("ExistentialAny"),
      .enableUpcomingFeature("InternalImportsByDefault"),
      .enableUpcomingFeature("MemberImportVisibility"),
    ]
}
