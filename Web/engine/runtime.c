// ProgressEngine for WebAssembly: the few C functions the Embedded Swift
// standard library needs beyond wasi-libc, compiled only by
// Scripts/build-wasm.sh, and the allocator. Everything else (memcpy,
// memcmp, fmod) comes from Debian's wasi-libc, and __multi3 from
// compiler-rt; the engine reads numbers and computes exp, sin and cos in
// Swift (Timeline's Double+Decimal.swift and Maths+Embedded.swift), without
// musl's tables.

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

// Double(String): the C locale's strtod. The engine does not call it (it
// reads numbers with Double.correctlyRounded), so the link drops it and
// strtod; it is here so that a Double(String) still links.
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

// The allocator: malloc, free, realloc, calloc, posix_memalign and
// aligned_alloc over the memory after the data and the stack, in place of
// wasi-libc's dlmalloc (a tenth of its code).
//
// A chunk is an 8-byte header and its payload; payloads are 16-byte aligned,
// sizes multiples of 16. The header holds the chunk's size with two flags —
// whether it is in use, whether the chunk before it is — and, when the chunk
// before it is free, that chunk's size, so that a freed chunk joins its free
// neighbours at once (boundary tags). Free chunks wait in bins by size: one
// per 16 bytes below 1 KiB, one per power of two above; malloc takes the
// first that fits, from the smallest bin that can hold it, splits off what
// it does not need, and grows the heap only when no free chunk fits.
// Chunks freed next to the top of the heap go back to it.
//
// Only free and posix_memalign are called today (by the Swift runtime); the
// rest make it a whole allocator.

#define ALIGNMENT 16u
#define HEADER 8u
#define IN_USE 1u
#define PREVIOUS_IN_USE 2u
#define SMALL_BINS 64u  // 16, 32, …, 1008 bytes
#define BINS (SMALL_BINS + 22u)
#define PAGE 65536u

typedef struct Chunk {
  size_t previousSize;  // the size of the chunk before, when it is free
  size_t head;          // the size | IN_USE | PREVIOUS_IN_USE
  struct Chunk *next;   // in its bin, when free (the payload's first bytes)
  struct Chunk *previous;
} Chunk;

extern unsigned char __heap_base;

static Chunk *bins[BINS];
// Where the free space at the top begins. The chunk before it is always in
// use (a chunk freed there joins the top), and the top has no header.
static unsigned char *top;
static unsigned char *limit;    // the end of the memory
static unsigned char *highest;  // the highest `top` has been

static size_t sizeOf(Chunk *chunk) { return chunk->head & ~(size_t)(ALIGNMENT - 1); }
static Chunk *after(Chunk *chunk) { return (Chunk *)((unsigned char *)chunk + sizeOf(chunk)); }
static Chunk *chunkOf(void *payload) { return (Chunk *)((unsigned char *)payload - HEADER); }
static void *payloadOf(Chunk *chunk) { return (unsigned char *)chunk + HEADER; }

static unsigned binOf(size_t size) {
  if (size < SMALL_BINS * ALIGNMENT) return (unsigned)(size / ALIGNMENT);
  unsigned bin = SMALL_BINS - 10u + (31u - (unsigned)__builtin_clz((unsigned)size));
  return bin < BINS ? bin : BINS - 1u;
}

static void unlink(Chunk *chunk) {
  if (chunk->previous) {
    chunk->previous->next = chunk->next;
  } else {
    bins[binOf(sizeOf(chunk))] = chunk->next;
  }
  if (chunk->next) chunk->next->previous = chunk->previous;
}

// Makes a free chunk of `size` at `chunk` (its PREVIOUS_IN_USE flag kept) and
// files it in its bin, or gives it back to the top when it ends there.
static void release(Chunk *chunk, size_t size) {
  unsigned char *end = (unsigned char *)chunk + size;
  if (end == top) {
    top = (unsigned char *)chunk;
    return;
  }
  chunk->head = size | (chunk->head & PREVIOUS_IN_USE);
  Chunk *next = (Chunk *)end;
  next->previousSize = size;
  next->head &= ~(size_t)PREVIOUS_IN_USE;
  unsigned bin = binOf(size);
  chunk->previous = 0;
  chunk->next = bins[bin];
  if (chunk->next) chunk->next->previous = chunk;
  bins[bin] = chunk;
}

// Marks `size` bytes at `chunk` in use, releasing the rest of its
// `available` bytes when they make a chunk.
static void *use(Chunk *chunk, size_t size, size_t available) {
  size_t previousInUse = chunk->head & PREVIOUS_IN_USE;
  if (available - size < 2 * ALIGNMENT) size = available;
  chunk->head = size | IN_USE | previousInUse;
  Chunk *next = (Chunk *)((unsigned char *)chunk + size);
  if (size < available) {
    next->head = PREVIOUS_IN_USE;
    release(next, available - size);
  } else if ((unsigned char *)next != top) {
    next->head |= PREVIOUS_IN_USE;
  }
  return payloadOf(chunk);
}

void *malloc(size_t bytes) {
  if (bytes > 0x7FFF0000u) return 0;
  size_t size = (bytes + HEADER + ALIGNMENT - 1) & ~(size_t)(ALIGNMENT - 1);
  if (size < 2 * ALIGNMENT) size = 2 * ALIGNMENT;
  for (unsigned bin = binOf(size); bin < BINS; bin++) {
    for (Chunk *chunk = bins[bin]; chunk; chunk = chunk->next) {
      if (sizeOf(chunk) >= size) {
        unlink(chunk);
        return use(chunk, size, sizeOf(chunk));
      }
    }
  }
  if (!top) {  // the first chunk's header, 8 bytes before a 16-byte boundary
    top = (unsigned char *)(((uintptr_t)&__heap_base + HEADER + ALIGNMENT - 1) &
                            ~(uintptr_t)(ALIGNMENT - 1)) - HEADER;
    limit = (unsigned char *)(__builtin_wasm_memory_size(0) * PAGE);
  }
  if ((size_t)(limit - top) < size) {
    size_t pages = (size - (size_t)(limit - top) + PAGE - 1) / PAGE;
    // By a quarter of the memory at least: each growth of a WebAssembly
    // memory costs V8 a garbage collection, and growing page by page made
    // 524,288 `pe_create` calls take 439 s (RL-15).
    size_t quarter = __builtin_wasm_memory_size(0) / 4;
    if (pages < quarter && __builtin_wasm_memory_grow(0, quarter) != (size_t)-1) {
      pages = quarter;
    } else if (__builtin_wasm_memory_grow(0, pages) == (size_t)-1) {
      return 0;
    }
    limit += pages * PAGE;
  }
  Chunk *chunk = (Chunk *)top;
  top += size;
  if (top > highest) highest = top;
  chunk->head = size | IN_USE | PREVIOUS_IN_USE;
  return payloadOf(chunk);
}

void free(void *payload) {
  if (!payload) return;
  Chunk *chunk = chunkOf(payload);
  size_t size = sizeOf(chunk);
  Chunk *next = after(chunk);
  if ((unsigned char *)next != top && !(next->head & IN_USE)) {
    unlink(next);
    size += sizeOf(next);
  }
  if (!(chunk->head & PREVIOUS_IN_USE)) {
    Chunk *previous = (Chunk *)((unsigned char *)chunk - chunk->previousSize);
    unlink(previous);
    size += sizeOf(previous);
    chunk = previous;
  }
  release(chunk, size);
}

void *realloc(void *payload, size_t bytes) {
  if (!payload) return malloc(bytes);
  Chunk *chunk = chunkOf(payload);
  size_t available = sizeOf(chunk) - HEADER;
  if (bytes <= available) return payload;
  void *moved = malloc(bytes);
  if (moved) {
    __builtin_memcpy(moved, payload, available);
    free(payload);
  }
  return moved;
}

void *calloc(size_t count, size_t size) {
  if (size && count > 0x7FFF0000u / size) return 0;
  void *payload = malloc(count * size);
  if (payload) __builtin_memset(payload, 0, count * size);
  return payload;
}

int posix_memalign(void **result, size_t alignment, size_t bytes) {
  if (alignment <= ALIGNMENT) {
    *result = malloc(bytes);
    return *result ? 0 : 12;  // ENOMEM
  }
  if ((alignment & (alignment - 1)) || bytes > 0x7FFF0000u - alignment) return 22;  // EINVAL
  // Room for the alignment and for a free chunk before the aligned one.
  unsigned char *payload = malloc(bytes + alignment + 2 * ALIGNMENT);
  if (!payload) return 12;
  Chunk *chunk = chunkOf(payload);
  uintptr_t aligned = ((uintptr_t)payload + 2 * ALIGNMENT + alignment - 1) & ~(uintptr_t)(alignment - 1);
  Chunk *placed = chunkOf((void *)aligned);
  size_t before = (size_t)((unsigned char *)placed - (unsigned char *)chunk);
  placed->head = (sizeOf(chunk) - before) | IN_USE;
  chunk->head = before | IN_USE | (chunk->head & PREVIOUS_IN_USE);
  free(payloadOf(chunk));  // the space before: free; `placed` learns it is
  *result = (void *)aligned;
  return 0;
}

void *aligned_alloc(size_t alignment, size_t bytes) {
  void *result;
  return posix_memalign(&result, alignment, bytes) ? 0 : result;
}

// The top of the heap, for the leak measurement (Web/tools/leak-test.mjs): the
// highest the allocator's top has been. It rises only when malloc finds no
// free chunk to reuse.
__attribute__((export_name("pe_heap_top"))) uintptr_t pe_heap_top(void) {
  return highest ? (uintptr_t)highest : (uintptr_t)&__heap_base;
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

// Embedded Swift has no foreign (UTF-16, bridged) strings: every string is
// native UTF-8, and an index flagged UTF-16 only comes from a foreign
// string. The standard library's paths for foreign strings — the repair of
// such an index with the UTF-16 index translation it brings, a foreign
// string's distance, count and appending, about 6.5 KB of the module —
// cannot run; these definitions replace them by their mangled names
// (Scripts/build-wasm.sh checks that they still match) and stop the engine
// if one ever did.
#define UNREACHABLE_SWIFT(result, name, symbol, ...) \
  result name(__VA_ARGS__) __asm__(symbol);          \
  result name(__VA_ARGS__) { __builtin_trap(); }

UNREACHABLE_SWIFT(uint64_t, slowEnsureMatchingEncoding,
                  "$es11_StringGutsV27_slowEnsureMatchingEncodingySS5IndexVAEF", uint64_t index,
                  uint32_t g0, uint32_t g1, uint32_t g2, uint32_t g3, uint32_t g4)
UNREACHABLE_SWIFT(uint32_t, foreignDistance, "$eSS8UTF8ViewV16_foreignDistance4from2toSiSS5IndexV_AGtF",
                  uint64_t from, uint64_t to, uint32_t g0, uint32_t g1, uint32_t g2, uint32_t g3,
                  uint32_t g4)
UNREACHABLE_SWIFT(uint32_t, foreignCount, "$eSS8UTF8ViewV13_foreignCountSiyF", uint32_t g0,
                  uint32_t g1, uint32_t g2, uint32_t g3, uint32_t g4)
UNREACHABLE_SWIFT(void, foreignAppendInPlace,
                  "$es11_StringGutsV21_foreignAppendInPlace33_408A76AB043BD3EFBAB6FAAAAA9B4914LLyys01_aB5SliceVF",
                  uint32_t g0, uint32_t g1, uint32_t g2)
