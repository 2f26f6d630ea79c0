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
    .target(name: "FuzzDriver"),
    .executableTarget(
      name: "FuzzScenario",
      dependencies: ["FuzzDriver", .product(name: "_ProgressStress", package: "ProgressEngine")]),
    .executableTarget(
      name: "FuzzEasing",
      dependencies: ["FuzzDriver", .product(name: "_ProgressStress", package: "ProgressEngine")]),
    .executableTarget(
      name: "FuzzBigInput",
      dependencies: ["FuzzDriver", .product(name: "_ProgressStress", package: "ProgressEngine")]),
    .executableTarget(
      name: "FuzzEvents",
      dependencies: ["FuzzDriver", .product(name: "_ProgressStress", package: "ProgressEngine")]),
  ],
  swiftLanguageModes: [.v6]
)
