//===----------------------------------------------------------------------===//
// The entry point every fuzz executable shares: SwiftPM links an executable
// against `TARGET_main`, which hands control to libFuzzer's driver.
//===----------------------------------------------------------------------===//

@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ callback: @convention(c) (UnsafeRawPointer, Int) -> CInt
) -> CInt

/// Runs libFuzzer with the process's arguments on one test function.
///
/// - Parameters:
///   - argc: The argument count given to `main`.
///   - argv: The arguments given to `main`.
///   - test: The function libFuzzer calls with each input.
/// - Returns: libFuzzer's exit status.
public func runLibFuzzer(
  _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
  _ test: @convention(c) (UnsafeRawPointer, Int) -> CInt
) -> CInt {
  var count = argc
  var arguments = argv
  return runFuzzerDriver(&count, &arguments, test)
}
