// ProgressEngine for WebAssembly: the few C functions the Embedded Swift
// standard library needs beyond wasi-libc, compiled only by
// Scripts/build-wasm.sh. Everything else (malloc, memcmp, strtod, the maths
// functions) comes from Debian's wasi-libc, and __multi3 from compiler-rt.

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

// Double(String) in the CSS easing parser: the C locale's strtod.
const char *_swift_stdlib_strtod_clocale(const char *nptr, double *outResult) {
  char *end;
  *outResult = strtod(nptr, &end);
  return end;
}

// The seed of Hasher. The engine's output never depends on hash order, and
// a fixed seed keeps the module free of WASI's random_get import.
void arc4random_buf(void *buffer, size_t count) {
  uint8_t *bytes = buffer;
  uint64_t state = 0x9E3779B97F4A7C15ull;
  for (size_t index = 0; index < count; index++) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    bytes[index] = (uint8_t)state;
  }
}

// The top of the heap, for the leak measurement (Web/leak-test.mjs): it
// grows only when malloc finds no free block to reuse.
extern void *sbrk(intptr_t increment);

__attribute__((export_name("pe_heap_top"))) uintptr_t pe_heap_top(void) {
  return (uintptr_t)sbrk(0);
}

// A failed precondition or a corrupted heap ends in abort: trap, rather than
// pull in wasi-libc's exit and stdio (and their WASI imports).
_Noreturn void abort(void) { __builtin_trap(); }

// The module is a library (a WASI "reactor"): `_initialize` runs the C
// constructors (there are none today) and a host may call it once after
// instantiation. Referring to __wasm_call_ctors here also keeps wasm-ld from
// linking the module as a command, which wraps every export in a call to
// __wasm_call_dtors — exit's stdio flush — after it returns.
extern void __wasm_call_ctors(void);

__attribute__((export_name("_initialize"))) void _initialize(void) { __wasm_call_ctors(); }
