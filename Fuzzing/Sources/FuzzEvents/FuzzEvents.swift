//===----------------------------------------------------------------------===//
// The libFuzzer entry point of FuzzTarget.events (Sources/ProgressStress).
//===----------------------------------------------------------------------===//

import ProgressStress

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEvents(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  FuzzTarget.events(UnsafeRawBufferPointer(start: start, count: count))
  return 0
}
