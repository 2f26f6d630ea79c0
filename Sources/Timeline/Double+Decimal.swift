//===----------------------------------------------------------------------===//
// Timeline: decimal numbers read from text, correctly rounded.
//===----------------------------------------------------------------------===//

extension Double {
  /// The number a decimal text spells, correctly rounded, or `nil` when the
  /// text is not one.
  ///
  /// The readers of CSS easings and of JSON check the syntax themselves and
  /// hand over ASCII bytes: an optional sign, digits with an optional
  /// fraction, an optional exponent. The C library's `strtod` reads them, as
  /// `Double(String)` does; under Embedded Swift it is called directly, which
  /// spares the WebAssembly module `Double(String)`'s conversion of a string
  /// to a C string.
  ///
  /// - Parameter text: The bytes of the number.
  package init?(decimal text: UnsafeBufferPointer<UInt8>) {
    #if hasFeature(Embedded)
      let count = text.count
      guard count > 0 else { return nil }
      var value = 0.0
      let isWhole = withUnsafeTemporaryAllocation(of: CChar.self, capacity: count + 1) {
        buffer -> Bool in
        guard let start = buffer.baseAddress else { return false }
        for index in 0..<count { buffer[index] = CChar(bitPattern: text[index]) }
        buffer[count] = 0
        return strtodCLocale(start, &value) == UnsafePointer(start + count)
      }
      guard isWhole else { return nil }
      self = value
    #else
      self.init(String(decoding: text, as: UTF8.self))
    #endif
  }
}

#if hasFeature(Embedded)
  /// `strtod` in the C locale: the function the Embedded standard library's
  /// `Double(String)` calls (Web/runtime.c defines it over wasi-libc's).
  @_extern(c, "_swift_stdlib_strtod_clocale")
  func strtodCLocale(_ text: UnsafePointer<CChar>, _ result: UnsafeMutablePointer<Double>)
    -> UnsafePointer<CChar>?
#endif
