//===----------------------------------------------------------------------===//
// The entry point SwiftPM links an executable with (`FuzzEvents_main`), handing
// control to libFuzzer's driver with this target's test function.
//===----------------------------------------------------------------------===//

@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ callback: @convention(c) (UnsafeRawPointer, Int) -> CInt
) -> CInt

@_cdecl("FuzzEvents_main")
public func fuzzEventsMain(
  _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> CInt {
  var count = argc
  var arguments = argv
  return runFuzzerDriver(&count, &arguments) { start, count in fuzzEvents(start, count) }
}
