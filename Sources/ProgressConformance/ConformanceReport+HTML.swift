//===----------------------------------------------------------------------===//
// ProgressConformance: report.html — the run as one self-contained page,
// readable offline: the implementation, every rule, every feature, every case
// (Docs/conformance.md, "Reports"; CS-6).
//===----------------------------------------------------------------------===//

import ProgressSVG

extension ConformanceReport {
  /// The counts of verdicts among some results.
  struct Tally {
    var pass = 0
    var fail = 0
    var skip = 0
    var error = 0

    mutating func add(_ verdict: ConformanceVerdict) {
      switch verdict {
      case .pass: pass += 1
      case .fail: fail += 1
      case .skip: skip += 1
      case .error: error += 1
      }
    }

    var total: Int { pass + fail + skip + error }

    /// The status a row shows: fails if a case failed, passes if one passed
    /// and none failed, else skipped.
    var status: String {
      fail + error > 0 ? "fail" : (pass > 0 ? "pass" : "skip")
    }
  }

  /// The results' tallies by rule, in the spec's order.
  var tallyByRule: [(rule: String, tally: Tally)] {
    var tallies: [String: Tally] = [:]
    for result in results {
      for rule in result.rules { tallies[rule, default: Tally()].add(result.verdict) }
    }
    return tallies.keys.sorted(by: ruleOrder).map { ($0, tallies[$0] ?? Tally()) }
  }

  /// The results' tallies by feature, in the manifest's order.
  var tallyByFeature: [(feature: String, tally: Tally)] {
    var tallies: [String: Tally] = [:]
    for result in results {
      for feature in result.features { tallies[feature, default: Tally()].add(result.verdict) }
    }
    let known = manifest.features + tallies.keys.sorted().filter { !manifest.features.contains($0) }
    return known.map { ($0, tallies[$0] ?? Tally()) }
  }

  /// `report.html`: the implementation's table, the rules' table, the
  /// features' table and the cases' table, in one page with no outside
  /// reference (no script, no font, no image).
  package var html: String {
    let name = implementation?.name ?? "(unknown implementation)"
    var page = """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <title>Conformance of \(escaped(name)) — suite v\(manifest.version)</title>
      <style>
      body { font: 14px/1.4 system-ui, sans-serif; margin: 2em; color: #001018; }
      table { border-collapse: collapse; margin: 0 0 2em; }
      th, td { border: 1px solid #c8ccd0; padding: 2px 8px; text-align: left; vertical-align: top; }
      th { background: #eff1f3; }
      td.n { text-align: right; font-variant-numeric: tabular-nums; }
      .pass { background: #dcf5dc; } .fail, .error { background: #fadcdc; } .skip { color: #5a6670; }
      code { font-size: 13px; }
      </style>
      </head>
      <body>
      <h1>Conformance of \(escaped(name))</h1>
      <p>Suite version \(manifest.version), \(manifest.cases.count) cases, protocol version \
      \(manifest.protocolVersion). \(escaped(summaryLine)).</p>

      """
    if let protocolViolation {
      page +=
        "<p class=\"fail\">The implementation broke the protocol: "
        + "\(escaped(protocolViolation))</p>\n"
    }
    page += implementationTable() + ruleTable() + featureTable() + caseTable()
    page += "</body>\n</html>\n"
    return page
  }

  func implementationTable() -> String {
    var rows = "<h2>Implementation</h2>\n<table>\n"
    rows += "<tr><th>name</th><th>language</th><th>version</th><th>features declared</th>"
    rows += "<th>passed</th><th>failed</th><th>errors</th><th>skipped</th></tr>\n"
    let features = implementation?.features.joined(separator: ", ") ?? ""
    rows += "<tr><td>\(escaped(implementation?.name ?? "—"))</td>"
    rows += "<td>\(escaped(implementation?.language ?? "—"))</td>"
    rows += "<td>\(escaped(implementation?.version ?? "—"))</td><td>\(escaped(features))</td>"
    rows += "<td class=\"n\">\(count(.pass))</td><td class=\"n\">\(count(.fail))</td>"
    rows += "<td class=\"n\">\(count(.error))</td><td class=\"n\">\(count(.skip))</td></tr>\n"
    return rows + "</table>\n"
  }

  func ruleTable() -> String {
    var rows = "<h2>By rule</h2>\n<table>\n"
    rows += "<tr><th>rule</th><th>status</th><th>cases</th><th>passed</th><th>failed</th>"
    rows += "<th>errors</th><th>skipped</th></tr>\n"
    for (rule, tally) in tallyByRule {
      rows += "<tr class=\"\(tally.status)\"><td><code>\(escaped(rule))</code></td>"
      rows += "<td>\(tally.status)</td>" + numbers(tally) + "</tr>\n"
    }
    return rows + "</table>\n"
  }

  func featureTable() -> String {
    let declared = Set(implementation?.features ?? [])
    var rows = "<h2>By feature</h2>\n<table>\n"
    rows += "<tr><th>feature</th><th>meaning</th><th>declared</th><th>cases</th><th>passed</th>"
    rows += "<th>failed</th><th>errors</th><th>skipped</th></tr>\n"
    for (feature, tally) in tallyByFeature {
      let meaning = ConformanceFeature(rawValue: feature)?.meaning ?? ""
      rows += "<tr class=\"\(tally.status)\"><td><code>\(escaped(feature))</code></td>"
      rows += "<td>\(escaped(meaning))</td><td>\(declared.contains(feature) ? "yes" : "no")</td>"
      rows += numbers(tally) + "</tr>\n"
    }
    return rows + "</table>\n"
  }

  func caseTable() -> String {
    var rows = "<h2>By case</h2>\n<table>\n"
    rows += "<tr><th>case</th><th>verdict</th><th>rules</th><th>features</th>"
    rows += "<th>first difference or reason</th><th>seconds</th></tr>\n"
    for result in results {
      rows += "<tr class=\"\(result.verdict.rawValue)\"><td><code>\(escaped(result.id))</code></td>"
      rows += "<td>\(result.verdict.rawValue)</td>"
      rows += "<td>\(escaped(result.rules.joined(separator: ", ")))</td>"
      rows += "<td>\(escaped(result.features.joined(separator: ", ")))</td>"
      rows += "<td>\(escaped(result.detail ?? ""))</td>"
      rows += "<td class=\"n\">\(ConformanceReport.seconds(result.seconds))</td></tr>\n"
    }
    return rows + "</table>\n"
  }

  func numbers(_ tally: Tally) -> String {
    [tally.total, tally.pass, tally.fail, tally.error, tally.skip].map {
      "<td class=\"n\">\($0)</td>"
    }.joined()
  }

  /// Seconds with three decimals.
  static func seconds(_ value: Double) -> String {
    let thousandths = Int((value * 1000).rounded())
    let fraction = String(thousandths % 1000)
    return "\(thousandths / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
  }
}

/// Text made safe for HTML, as the gallery makes it (`SVGText.escape`).
func escaped(_ text: String) -> String {
  SVGText.escape(text)
}
