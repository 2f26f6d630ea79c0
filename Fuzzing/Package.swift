// swift-tools-version:6.0
//===----------------------------------------------------------------------===//
// libFuzzer targets for ProgressEngine. Build and run with Scripts/fuzz.sh:
//   swift build --package-path Fuzzing -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
//===----------------------------------------------------------------------===//

import PackageDescription

let package = Package(
  name: "ProgressEngineFuzzing",
  dependencies: [.package(name: "ProgressEngine", path: "..")],
  targets: [
    .executableTarget(
      name: "FuzzScenario",
      dependencies: [.product(name: "ProgressStress", package: "ProgressEngine")]),
    .executableTarget(
      name: "FuzzEasing",
      dependencies: [.product(name: "ProgressStress", package: "ProgressEngine")]),
    .executableTarget(
      name: "FuzzEvents",
      dependencies: [.product(name: "ProgressStress", package: "ProgressEngine")]),
  ],
  swiftLanguageModes: [.v6]
)
