//===----------------------------------------------------------------------===//
// The libFuzzer entry point of FuzzTarget.scenario (Sources/ProgressStress).
//===----------------------------------------------------------------------===//

import ProgressStress

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenario(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  FuzzTarget.scenario(UnsafeRawBufferPointer(start: start, count: count))
  return 0
}
