//===----------------------------------------------------------------------===//
// CommandTests: the README says what Package.swift builds.
//===----------------------------------------------------------------------===//

import CommandLineSupport
import Foundation
import Testing

@Suite("The repository's documents")
struct RepositoryTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static func read(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  /// The names a pattern captures, in order.
  static func names(_ pattern: String, in text: String) throws -> [String] {
    let expression = try NSRegularExpression(pattern: pattern)
    let range = NSRange(text.startIndex..., in: text)
    return expression.matches(in: text, range: range).compactMap { match in
      Range(match.range(at: 1), in: text).map { String(text[$0]) }
    }
  }

  @Test("the README's products, their modules and its map of Sources/ match Package.swift")
  func readmeMatchesPackage() throws {
    let package = try Self.read("Package.swift")
    let readme = try Self.read("README.md")
    let products = try Self.names(#"\.(?:library|executable)\(name: "([^"]+)""#, in: package)
    let targets = Set(
      try Self.names(#"\.(?:target|executableTarget)\(\s*name: "([^"]+)""#, in: package))
    #expect(products.count >= 12, "\(products)")
    // The products table: one row per product, naming its modules.
    let table = readme.components(separatedBy: "\n").filter { $0.hasPrefix("| `") }
    var listed: [String: [String]] = [:]
    for row in table {
      let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      guard cells.count == 3 else { continue }
      let modules = try Self.names(
        #"`([A-Za-z_]+)`"#, in: String(cells[2].split(separator: "(")[0]))
      for name in try Self.names(#"`([^`]+)`"#, in: cells[0]) { listed[name] = modules }
    }
    #expect(
      Set(listed.keys) == Set(products), "README products \(listed.keys.sorted()) vs \(products)")
    for (product, modules) in listed {
      for module in modules {
        #expect(targets.contains(module), "\(product): \(module) is not a target of Package.swift")
      }
    }
    // Every folder of Sources/ is on the map.
    let sources = try FileManager.default.contentsOfDirectory(
      atPath: Self.root.appendingPathComponent("Sources").path)
    for folder in sources {
      #expect(
        readme.contains("`Sources/\(folder)`"), "README's map does not name Sources/\(folder)")
      #expect(targets.contains(folder), "Sources/\(folder) is no target")
    }
  }

  /// The public surface as issue 19 counts it: lines that begin, after
  /// attributes, with `public` or `open` (`public import` lines included).
  static func publicLines(inModule module: String) throws -> Int {
    let directory = root.appendingPathComponent("Sources/\(module)")
    let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
    var count = 0
    while let file = files?.nextObject() as? URL {
      guard file.pathExtension == "swift" else { continue }
      let text = try String(contentsOf: file, encoding: .utf8)
      count += try names(#"(?m)^[ \t]*(?:@\w+(?:\([^)]*\))?[ \t]+)*(public|open)\b"#, in: text)
        .count
    }
    return count
  }

  @Test(
    "every package declaration is named by another module (its tests, the tools, the WebAssembly export layer): Scripts/package-usage.py --check",
    .enabled(if: Tools.find("python3") != nil || Tools.isCI, "python3 is not installed"))
  func packageDeclarationsAreUsed() throws {
    let python = try #require(Tools.find("python3"), "python3 is required in CI")
    let script = Self.root.appendingPathComponent("Scripts/package-usage.py").path
    let result = try Tools.run(python, [script, "--check"])
    // A package declaration only its own module names is internal machinery.
    #expect(result.status == 0, "\(result.output)\(result.error)")
  }

  /// The argument text of each call `.function(…)` in `text`, parentheses
  /// balanced.
  static func calls(_ function: String, in text: String) -> [Substring] {
    var found: [Substring] = []
    var rest = text[...]
    while let start = rest.range(of: ".\(function)(") {
      var depth = 1
      var index = start.upperBound
      while index < rest.endIndex, depth > 0 {
        if rest[index] == "(" { depth += 1 }
        if rest[index] == ")" { depth -= 1 }
        index = rest.index(after: index)
      }
      found.append(rest[start.upperBound..<index])
      rest = rest[index...]
    }
    return found
  }

  /// The modules whose public declarations are API: the targets of every
  /// library product of Package.swift and, transitively, the targets they
  /// depend on (README, "What is API").
  static func libraryModules() throws -> Set<String> {
    let package = try read("Package.swift")
    var dependencies: [String: [String]] = [:]
    for target in calls("target", in: package) {
      guard let name = try names(#"^\s*name: "([^"]+)""#, in: String(target)).first else {
        continue
      }
      let list = try names(#"dependencies: \[([^\]]*)\]"#, in: String(target)).first ?? ""
      dependencies[name] = try names(#""([^"]+)""#, in: list)
    }
    var modules = Set<String>()
    var pending: [String] = []
    for product in calls("library", in: package) {
      let list = try names(#"targets: \[([^\]]*)\]"#, in: String(product)).first ?? ""
      pending += try names(#""([^"]+)""#, in: list)
    }
    while let module = pending.popLast() {
      guard modules.insert(module).inserted else { continue }
      pending += dependencies[module] ?? []
    }
    return modules
  }

  /// Every module's ceiling of public lines, and each change to it.
  ///
  /// Oldest first, each with its reason: a module's ceiling is its last
  /// entry. A new public symbol is a decision, made here, not a side effect.
  static let ceilings: [(module: String, ceiling: Int, reason: String)] = [
    // Issue 19: each module at most its count when the issue was filed
    // (Driver 28, IndicatorKit 209, SVG 12, StateMachine 144, Stress 17,
    // Terminal 169, Testing 5, TestingCore 149, Trace 82, Timeline 180: 995).
    ("ProgressDriver", 30, "issue 19"), ("ProgressIndicatorKit", 173, "issue 19"),
    ("ProgressSVG", 13, "issue 19"), ("ProgressStateMachine", 112, "issue 19"),
    ("ProgressStress", 6, "issue 19"), ("ProgressTerminal", 60, "issue 19"),
    ("ProgressTesting", 5, "issue 19"), ("ProgressTestingCore", 132, "issue 19"),
    ("ProgressTrace", 74, "issue 19"), ("Timeline", 145, "issue 19"),
    (
      "ProgressDriver", 28,
      "issue 19: the driver's files take the state machine through ProgressIndicatorKit's re-export"
    ),
    ("ProgressSVG", 12, "issue 19: SVGRenderer.elements(for:idPrefix:) is package (the gallery's)"),
    (
      "ProgressStateMachine", 118,
      "issue 22: ProgressEffects, its three collection members, its array literal and description"
    ),
    (
      "ProgressStateMachine", 130,
      "issue 21: Material3Style, its shape, speed, two initialisers, isWavy and decoder, "
        + "Material3Error, ProgressConfiguration.material3, AnimatedValues' wave amplitude and time"
    ),
    (
      "ProgressIndicatorKit", 181,
      "issue 21: WaveGeometry, its three fields, initialiser and displacement(atDistance:), "
        + "ProgressFrame.wave and .stopIndicator"
    ),
    ("ProgressStateMachine", 131, "MT-27: ProgressVariant.CircularSize.isMaterial3"),
    (
      "ProgressIndicatorKit", 182,
      "MT-29: WaveGeometry.offset(waveTime:speed:), for a renderer that moves the wave itself"
    ),
    (
      "ProgressIndicatorKit", 185,
      "MT-17: WaveGeometry.pointsPerWavelength, .maximumSegmentCount and "
        + "segmentCount(alongLength:), which the rule tells every renderer to use"
    ),
    (
      "ProgressTestingCore", 134,
      "PB-8: InvariantContext(model:transition:before:frameTime:), and the public import of "
        + "ProgressIndicatorKit its model parameter needs"
    ),
    (
      "ProgressEngine", 0,
      "issue 40: every library product's modules have a ceiling; the umbrella only re-exports"
    ),
    (
      "ProgressIndicatorKit", 187,
      "issue 38, FR-11, TM-6: the runtime of a host that performs the moving part itself "
        + "(IndicatorRuntime.Cadence and its two cases, Step.motionChanged and "
        + "Step.timeRegression), less minimumInterval, which had no caller"
    ),
  ]

  @Test(
    "the public surface of every library product's modules, read from Package.swift, stays within the ceilings recorded with their reasons"
  )
  func publicSurfaceBudget() throws {
    var ceiling: [String: Int] = [:]
    for entry in Self.ceilings { ceiling[entry.module] = entry.ceiling }
    let modules = try Self.libraryModules()
    // Eleven modules with Swift sources, and the C support of the terminal.
    #expect(modules.count >= 12, "\(modules.sorted())")
    for module in modules.sorted() {
      let count = try Self.publicLines(inModule: module)
      let directory = Self.root.appendingPathComponent("Sources/\(module)").path
      let swift = try FileManager.default.subpathsOfDirectory(atPath: directory)
        .contains { $0.hasSuffix(".swift") }
      // A C module (CTerminalSupport) declares no Swift API.
      guard swift else { continue }
      guard let limit = ceiling[module] else {
        Issue.record("\(module): \(count) public lines and no ceiling: add one, with its reason")
        continue
      }
      #expect(count <= limit, "\(module): \(count) public lines, ceiling \(limit)")
    }
    for module in ceiling.keys where !modules.contains(module) {
      Issue.record("\(module) has a ceiling but is in no library product")
    }
  }
}
