//===----------------------------------------------------------------------===//
// Timeline: the maths functions springs use (`exp`, `sin`, `cos`), for
// Embedded Swift, which has no C library module to import. Natively they
// come from Glibc, Musl, Darwin…; here they are `tablelessExp`,
// `tablelessSin` and `tablelessCos`, the C libraries' algorithms without
// musl's tables (4.7 KB of the WebAssembly module), within one ulp of them.
//===----------------------------------------------------------------------===//

#if hasFeature(Embedded)
  func exp(_ x: Double) -> Double { tablelessExp(x) }

  func sin(_ x: Double) -> Double { tablelessSin(x) }

  func cos(_ x: Double) -> Double { tablelessCos(x) }
#endif
