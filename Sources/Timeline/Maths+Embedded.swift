//===----------------------------------------------------------------------===//
// Timeline: the C maths functions springs use (`exp`, `sin`, `cos`), for
// Embedded Swift, which has no C library module to import. Natively they
// come from Glibc, Musl, Darwin…; here they are declared and linked from the
// target's libm (wasi-libc's musl for wasm32), the same C functions.
//===----------------------------------------------------------------------===//

#if hasFeature(Embedded)
  @_extern(c, "exp")
  func exp(_ x: Double) -> Double

  @_extern(c, "sin")
  func sin(_ x: Double) -> Double

  @_extern(c, "cos")
  func cos(_ x: Double) -> Double
#endif
