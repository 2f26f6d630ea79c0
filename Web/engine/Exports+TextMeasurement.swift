//===----------------------------------------------------------------------===//
// ProgressEngine for WebAssembly: text measured by the host's fonts.
//===----------------------------------------------------------------------===//

import ProgressIndicatorKit
import ProgressStateMachine
import ProgressTrace
import Timeline

@_extern(wasm, module: "env", name: "pe_host_text_width")
func hostTextWidth(_ bytes: UnsafePointer<UInt8>?, _ count: Int32, _ fontSize: Double) -> Double

@_extern(wasm, module: "env", name: "pe_host_line_height")
func hostLineHeight(_ fontSize: Double) -> Double

/// Measures text with the host's fonts (a canvas's `measureText`, say).
final class HostTextMeasurer: TextMeasurer {
  func width(of text: String, fontSize: Double) -> Double {
    var text = text
    return text.withUTF8 { hostTextWidth($0.baseAddress, Int32($0.count), fontSize) }
  }

  func lineHeight(fontSize: Double) -> Double { hostLineHeight(fontSize) }
}
