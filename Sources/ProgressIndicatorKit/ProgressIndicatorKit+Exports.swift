//===----------------------------------------------------------------------===//
// ProgressIndicatorKit: the modules its API is written in, re-exported, so one
// import gives a renderer the configuration, the state and the timings.
//===----------------------------------------------------------------------===//

@_exported import ProgressStateMachine
@_exported import Timeline
