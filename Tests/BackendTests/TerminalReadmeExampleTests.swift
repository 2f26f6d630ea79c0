//===----------------------------------------------------------------------===//
// BackendTests: the README's terminal example, kept compiling and true.
//===----------------------------------------------------------------------===//

import ProgressTerminal
import Testing

// The README's example, as written there (on a buffer here, not standard error).
func indexAndDownload(files: [String], output: TerminalOutput) {
  let dashboard = TerminalDashboard(output: output)
  for file in files.progress("Indexing", on: dashboard) {
    dashboard.println("indexed \(file)")  // a line above the bars
  }
  let download = dashboard.addBar("archive.zip", total: 48_000_000, unit: .bytes)
  download.advance(by: 65_536)  // from any thread
  download.message = "mirror 2"
  download.finish()  // drawn full and left on screen
  dashboard.finish()
}

@Suite("README terminal example")
struct TerminalReadmeExampleTests {
  @Test("TB-2 TB-9 the README's terminal example runs and says what it claims")
  func example() {
    let output = BufferedTerminalDevice(isTerminal: false, columns: 0)
    indexAndDownload(files: ["a.txt", "b.txt"], output: TerminalOutput(output))
    let lines = output.text.split(separator: "\n").map(String.init)
    #expect(lines.contains("indexed a.txt") && lines.contains("indexed b.txt"), "\(lines)")
    #expect(
      lines.contains { $0.hasPrefix("Indexing: 100%  2/2") && $0.hasSuffix("(done)") }, "\(lines)")
    #expect(
      lines.contains {
        $0.hasPrefix("archive.zip: 100%  48.0 MB/48.0 MB") && $0.contains("mirror 2")
      },
      "\(lines)")
  }
}
