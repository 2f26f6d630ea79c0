//===----------------------------------------------------------------------===//
// The libFuzzer entry points of FuzzTarget.bigInput (Sources/ProgressStress).
//===----------------------------------------------------------------------===//

import FuzzDriver
import ProgressStress

/// libFuzzer's test function: one input through `FuzzTarget.bigInput`.
///
/// - Parameters:
///   - start: The input's bytes.
///   - count: The number of bytes.
/// - Returns: 0, as libFuzzer expects; a broken property traps instead.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBigInput(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  FuzzTarget.bigInput(UnsafeRawBufferPointer(start: start, count: count))
  return 0
}

/// The executable's entry point, named as SwiftPM links it: runs libFuzzer.
///
/// - Parameters:
///   - argc: The argument count.
///   - argv: The arguments.
/// - Returns: libFuzzer's exit status.
@_cdecl("FuzzBigInput_main")
public func fuzzBigInputMain(
  _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> CInt {
  runLibFuzzer(argc, argv) { start, count in fuzzBigInput(start, count) }
}
