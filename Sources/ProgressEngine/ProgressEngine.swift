//===----------------------------------------------------------------------===//
// ProgressEngine: one import for renderers and hosts — the machine, the
// timeline, frames and sinks, and the driver.
//===----------------------------------------------------------------------===//

@_exported import ProgressDriver
@_exported import ProgressIndicatorKit
@_exported import ProgressStateMachine
@_exported import Timeline
