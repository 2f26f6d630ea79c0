//===----------------------------------------------------------------------===//
// ProgressStress: the bodies of the fuzz targets, shared by the libFuzzer
// executables of Fuzzing/ and by the tests that replay their corpora.
//===----------------------------------------------------------------------===//

/// The fuzz targets: each takes arbitrary bytes and traps (`fatalError`) on
/// a broken property, which libFuzzer reports as a crash with its input.
///
/// ```swift
/// let bytes: [UInt8] = Array(#"{"configuration": {}, "events": [], "sample": {"at": [0]}}"#.utf8)
/// bytes.withUnsafeBytes { FuzzTarget.scenario($0) }
/// ```
public enum FuzzTarget {}
