//===----------------------------------------------------------------------===//
// ProgressTerminal: what a bar counts in — counts, SI and binary bytes.
//===----------------------------------------------------------------------===//

/// What a bar's work is counted in, and how its amounts and rates read.
///
/// - ``items``: plain counts, SI-scaled from 1,000: `"950"`, `"12.3k"`,
///   rates `"2.0 items/s"`.
/// - ``counted(_:)``: counts with a name: `"12.3k files"`, `"4.0 files/s"`.
/// - ``bytes``: bytes with SI prefixes (powers of 1,000): `"12.3 MB"`,
///   `"1.3 MB/s"`.
/// - ``binaryBytes``: bytes with binary prefixes (powers of 1,024):
///   `"4.0 GiB"`, `"512.0 KiB/s"`.
///
/// ```swift
/// ProgressUnit.binaryBytes.amount(1_572_864)   // "1.5 MiB"
/// ProgressUnit.bytes.rate(1_300_000)           // "1.3 MB/s"
/// ```
public struct ProgressUnit: Hashable, Sendable {
  enum Kind: Hashable, Sendable {
    case count(String)
    case bytes
    case binaryBytes
  }
  let kind: Kind

  /// Plain counts.
  public static let items = ProgressUnit(kind: .count("items"))
  /// Bytes with SI prefixes: kB, MB, GB (powers of 1,000).
  public static let bytes = ProgressUnit(kind: .bytes)
  /// Bytes with binary prefixes: KiB, MiB, GiB (powers of 1,024).
  public static let binaryBytes = ProgressUnit(kind: .binaryBytes)

  /// Counts of a named thing.
  ///
  /// - Parameter name: What is counted, plural: `"files"`.
  /// - Returns: The unit.
  public static func counted(_ name: String) -> ProgressUnit {
    ProgressUnit(kind: .count(name))
  }

  /// An amount: a count or a size.
  ///
  /// - Parameter value: The amount.
  /// - Returns: Its text: `"950"`, `"12.3k"`, `"12.3 MB"`, `"1.5 MiB"`.
  public func amount(_ value: Double) -> String {
    switch kind {
    case .count(let name):
      let text = Self.scaled(value, base: 1000, plainDigits: 0)
      return name == "items" ? text : text + " " + name
    case .bytes: return Self.sized(value, base: 1000, prefixes: ["k", "M", "G", "T", "P", "E"])
    case .binaryBytes:
      return Self.sized(value, base: 1024, prefixes: ["Ki", "Mi", "Gi", "Ti", "Pi", "Ei"])
    }
  }

  /// A rate per second.
  ///
  /// - Parameter perSecond: The rate.
  /// - Returns: Its text: `"2.0 items/s"`, `"1.2k files/s"`, `"1.3 MB/s"`.
  public func rate(_ perSecond: Double) -> String {
    switch kind {
    case .count(let name):
      return Self.scaled(perSecond, base: 1000, plainDigits: 1) + " " + name + "/s"
    case .bytes, .binaryBytes: return amount(perSecond) + "/s"
    }
  }

  /// The widest text ``rate(_:)`` gives, in columns: a rate's column is
  /// kept from the first draw, before there is a rate.
  var widestRateColumns: Int {
    var widest = 0
    for value in Self.widestValues { widest = max(widest, TerminalText.columns(of: rate(value))) }
    return widest
  }

  /// The widest text ``amount(_:)`` gives for a value from 0 to `limit`,
  /// in columns: a count's column is kept from the first draw.
  ///
  /// - Parameter limit: The largest value, the total.
  /// - Returns: The columns.
  func widestAmountColumns(upTo limit: Int) -> Int {
    let limit = Double(max(limit, 0))
    var widest = TerminalText.columns(of: amount(limit))
    for value in Self.widestValues where value <= limit {
      widest = max(widest, TerminalText.columns(of: amount(value)))
    }
    return widest
  }

  /// The values that give the widest texts at each scale: 9, 99, 999, then
  /// 999.94 and 1023.94 times each power of 1,000 and 1,024 up to peta (a
  /// column grows if exa is ever reached).
  static let widestValues: [Double] = {
    var values: [Double] = [9, 99, 999]
    var decimal = 1.0
    var binary = 1.0
    for _ in 0...5 {
      values += [999.94 * decimal, 1023.94 * binary]
      decimal *= 1000
      binary *= 1024
    }
    return values
  }()

  /// A size: bytes below the base, then one decimal and a prefix.
  static func sized(_ value: Double, base: Double, prefixes: [String]) -> String {
    guard value.isFinite else { return "– B" }
    guard
      let (scaled, index) = prefixed(value, base: base, plainDigits: 0, prefixes: prefixes.count)
    else { return fixed(value, fractionDigits: 0) + " B" }
    return fixed(scaled, fractionDigits: 1) + " " + prefixes[index] + "B"
  }

  /// A count with an SI prefix and one decimal: 12,345 → "12.3k"; below
  /// 1,000, `plainDigits` decimals and no prefix.
  static func scaled(_ value: Double, base: Double, plainDigits: Int) -> String {
    let prefixes = ["k", "M", "G", "T", "P", "E"]
    guard value.isFinite else { return "–" }
    guard let (scaled, index) = prefixed(value, base: base, plainDigits: plainDigits, prefixes: 6)
    else { return fixed(value, fractionDigits: plainDigits) }
    return fixed(scaled, fractionDigits: 1) + prefixes[index]
  }

  /// The value divided by the base for each prefix it takes, and the index
  /// of its prefix; `nil` when it reads below the base with no prefix.
  ///
  /// The choice is made on the value as ``fixed(_:fractionDigits:)`` rounds
  /// it, not on the value itself: one that rounds up to the base
  /// (999.6 B, 1023.96 KiB) takes the next prefix and reads "1.0 kB",
  /// "1.0 MiB" — never "1000 B" or "1024.0 KiB" (but at the last prefix).
  ///
  /// - Parameters:
  ///   - value: A finite value.
  ///   - base: 1,000 or 1,024.
  ///   - plainDigits: The decimals shown without a prefix.
  ///   - prefixes: The number of prefixes.
  /// - Returns: The scaled value and its prefix's index, or `nil`.
  static func prefixed(_ value: Double, base: Double, plainDigits: Int, prefixes: Int) -> (
    Double, Int
  )? {
    func roundsBelowBase(_ value: Double, digits: Int) -> Bool {
      var factor = 1.0
      for _ in 0..<digits { factor *= 10 }
      return (abs(value) * factor).rounded() < base * factor
    }
    guard !roundsBelowBase(value, digits: plainDigits) else { return nil }
    var scaled = value / base
    var index = 0
    while !roundsBelowBase(scaled, digits: 1), index < prefixes - 1 {
      scaled /= base
      index += 1
    }
    return (scaled, index)
  }

  /// `value` rounded to `fractionDigits` decimals, without Foundation.
  static func fixed(_ value: Double, fractionDigits: Int) -> String {
    guard value.isFinite else { return "–" }
    var factor = 1.0
    for _ in 0..<fractionDigits { factor *= 10 }
    let rounded = (abs(value) * factor).rounded()
    guard rounded < 9e15 else { return value < 0 ? "-∞" : "∞" }
    let units = Int64(rounded)
    let whole = units / Int64(factor)
    var text = (value < 0 && units != 0 ? "-" : "") + "\(whole)"
    if fractionDigits > 0 {
      let fraction = "\(units % Int64(factor))"
      text += "." + String(repeating: "0", count: fractionDigits - fraction.count) + fraction
    }
    return text
  }
}
