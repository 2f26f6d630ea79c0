//===----------------------------------------------------------------------===//
// ProgressIndicatorKit: text measurement, pluggable (spec LG-8).
//===----------------------------------------------------------------------===//

#if hasFeature(Embedded)
  /// Measures and truncates text for the layout.
  ///
  /// Renderers know their fonts; they conform a type of their own so labels are
  /// placed and truncated exactly. ``EstimatedTextMeasurer`` is the default.
  ///
  /// Under Embedded Swift, which has existentials of class-bound protocols
  /// only, measurers are classes.
  public protocol TextMeasurer: AnyObject, Sendable {
    /// Returns the width of `text` set in a font of `fontSize` points.
    ///
    /// The layout corrects an answer that is not a finite number ≥ 0
    /// (LG-8): NaN or a negative width counts as 0, +∞ as the greatest
    /// finite width, so frames stay finite.
    ///
    /// - Parameters:
    ///   - text: The text.
    ///   - fontSize: The font size in points.
    /// - Returns: The width in points.
    func width(of text: String, fontSize: Double) -> Double

    /// Returns the height of one line of a font of `fontSize` points.
    ///
    /// Corrected as ``width(of:fontSize:)`` is (LG-8).
    ///
    /// - Parameter fontSize: The font size in points.
    /// - Returns: The line height in points.
    func lineHeight(fontSize: Double) -> Double
  }
#else
  /// Measures and truncates text for the layout.
  ///
  /// Renderers know their fonts; they conform a type of their own so labels are
  /// placed and truncated exactly. ``EstimatedTextMeasurer`` is the default.
  public protocol TextMeasurer: Sendable {
    /// Returns the width of `text` set in a font of `fontSize` points.
    ///
    /// The layout corrects an answer that is not a finite number ≥ 0
    /// (LG-8): NaN or a negative width counts as 0, +∞ as the greatest
    /// finite width, so frames stay finite.
    ///
    /// - Parameters:
    ///   - text: The text.
    ///   - fontSize: The font size in points.
    /// - Returns: The width in points.
    func width(of text: String, fontSize: Double) -> Double

    /// Returns the height of one line of a font of `fontSize` points.
    ///
    /// Corrected as ``width(of:fontSize:)`` is (LG-8).
    ///
    /// - Parameter fontSize: The font size in points.
    /// - Returns: The line height in points.
    func lineHeight(fontSize: Double) -> Double
  }
#endif

extension TextMeasurer {
  /// The width of `text` as the layout uses it: corrected to a finite
  /// number ≥ 0 (LG-8).
  func measuredWidth(of text: String, fontSize: Double) -> Double {
    finiteMeasure(width(of: text, fontSize: fontSize))
  }

  /// The line height as the layout uses it: corrected to a finite number
  /// ≥ 0 (LG-8).
  func measuredLineHeight(fontSize: Double) -> Double {
    finiteMeasure(lineHeight(fontSize: fontSize))
  }

  /// Returns `text`, shortened with a trailing "…" if needed, so that it is
  /// at most `width` points wide.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - fontSize: The font size in points.
  ///   - width: The width available.
  /// A character of more than 31 Unicode scalars (a base and more than
  /// the 30 combining marks of Unicode's stream-safe text format, UAX #15)
  /// is cut to its first 31: one character of 500,000 combining marks
  /// measures as one character but would be drawn and written whole.
  ///
  /// - Returns: The text itself, a prefix of it followed by "…", or "" when
  ///   not even "…" fits.
  /// - Complexity: O(n log n) width measurements of prefixes.
  package func truncate(_ text: String, fontSize: Double, toWidth width: Double) -> String {
    let safe = streamSafe(text)
    if safe == nil, self.width(of: text, fontSize: fontSize) <= width { return text }
    let text = safe ?? text
    if self.width(of: text, fontSize: fontSize) <= width { return text }
    // Read going forward, one character after another: `Array(text)` asks
    // the text's count first, whose index checks link the backward
    // grapheme-break code into the WebAssembly module (issue 22 §2).
    var characters: [Character] = []
    for character in text { characters.append(character) }
    var low = 0
    var high = characters.count
    // The longest prefix that fits together with the ellipsis.
    while low < high {
      let middle = (low + high + 1) / 2
      let candidate = String(characters[..<middle]) + "…"
      if self.width(of: candidate, fontSize: fontSize) <= width {
        low = middle
      } else {
        high = middle - 1
      }
    }
    if low == 0 { return self.width(of: "…", fontSize: fontSize) <= width ? "…" : "" }
    return String(characters[..<low]) + "…"
  }
}

/// The number of characters (grapheme clusters) of `text`, counted going
/// forward: the same number as `text.count`, whose index checks link the
/// backward grapheme-break code into the WebAssembly module (about 3 KB,
/// issue 22 §2).
///
/// - Complexity: O(n) in the length of the text.
func characterCount(_ text: String) -> Int {
  var count = 0
  for _ in text { count += 1 }
  return count
}

/// A measurer's answer corrected to a finite number ≥ 0 (LG-8): NaN and
/// negative answers are 0, +∞ the greatest finite number.
///
/// Under Embedded Swift (the WebAssembly build) the measurers are the
/// estimate and the page's callbacks, whose answers `progress-engine.mjs`
/// checks before they reach the engine (RL-11): there the answer is used
/// as it is, which keeps the module within its size budget.
func finiteMeasure(_ value: Double) -> Double {
  #if hasFeature(Embedded)
    value
  #else
    value >= 0 ? min(value, .greatestFiniteMagnitude) : 0
  #endif
}

/// The most Unicode scalars a character keeps in a label: a base and 30
/// combining marks (UAX #15's stream-safe text format).
let maximumScalarsPerCharacter = 31

/// `text` with every character cut to its first 31 scalars, or `nil` when
/// no character has more.
///
/// - Complexity: O(n) in the number of scalars.
func streamSafe(_ text: String) -> String? {
  // A text of at most 31 bytes has at most 31 scalars: nothing to cut.
  guard text.utf8.count > maximumScalarsPerCharacter else { return nil }
  var result = ""
  var isCut = false
  for character in text {
    var kept = 0
    for scalar in character.unicodeScalars {
      guard kept < maximumScalarsPerCharacter else {
        isCut = true
        break
      }
      result.unicodeScalars.append(scalar)
      kept += 1
    }
  }
  return isCut ? result : nil
}

#if hasFeature(Embedded)
  /// A measurer that estimates from the font size, for when the real font is
  /// not known: every character is 0.55 em wide, and a line is 75/64 em high —
  /// the Roboto font's ascender plus descender (1900 + 500 per 2048 units).
  ///
  /// A final class under Embedded Swift (see ``TextMeasurer``).
  public final class EstimatedTextMeasurer: TextMeasurer {
    /// Creates the measurer.
    public init() {}
  }
#else
  /// A measurer that estimates from the font size, for when the real font is
  /// not known: every character is 0.55 em wide, and a line is 75/64 em high —
  /// the Roboto font's ascender plus descender (1900 + 500 per 2048 units).
  public struct EstimatedTextMeasurer: TextMeasurer, Hashable {
    /// Creates the measurer.
    public init() {}
  }
#endif

extension EstimatedTextMeasurer {
  /// The width of one character, in ems.
  static let characterWidth = 0.55
  /// The height of one line, in ems: 75/64 = 1.171875.
  static let lineHeightRatio = 75.0 / 64

  /// The number of characters × 0.55 × the font size.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - fontSize: The font size in points.
  /// - Returns: The estimated width.
  /// - Complexity: O(n) in the length of the text.
  public func width(of text: String, fontSize: Double) -> Double {
    Double(characterCount(text)) * Self.characterWidth * fontSize
  }

  /// The font size × 75/64.
  ///
  /// - Parameter fontSize: The font size in points.
  /// - Returns: The line height.
  public func lineHeight(fontSize: Double) -> Double {
    fontSize * Self.lineHeightRatio
  }
}
