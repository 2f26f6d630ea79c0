//===----------------------------------------------------------------------===//
// The libFuzzer entry point of FuzzTarget.easing (Sources/ProgressStress).
//===----------------------------------------------------------------------===//

import ProgressStress

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEasing(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  FuzzTarget.easing(UnsafeRawBufferPointer(start: start, count: count))
  return 0
}
