import koffi from 'koffi';

// The embedded engine's thread leaves tens of MiB freed but still held by the C library's
// allocator after a burst of work; the allocator gives it back to the system only when asked
// (docs/decisions/040). glibc's malloc_trim asks, for every thread's arena at once. Node has
// no way to call it, so it is called through koffi, a foreign-function library whose prebuilt
// binaries come from the npm registry.

/**
 * Hands the allocator's freed memory back to the system: glibc's `malloc_trim(0)`. Undefined
 * where the C library is not glibc (macOS, Alpine's musl), where there is no such call.
 */
export function allocatorTrim(): (() => void) | undefined {
  if (process.platform !== 'linux') return undefined;
  let trim: (pad: number) => number;
  try {
    trim = koffi.load('libc.so.6').func('int malloc_trim(size_t pad)');
  } catch {
    return undefined;
  }
  return () => void trim(0);
}

/**
 * Runs `trim` when the engine has no call left to answer, at most once every `intervalMs`. A
 * trim takes the allocator's locks for about 10 ms; between calls it delays no answer, and
 * once an interval it costs a busy shop little while keeping the freed memory from piling up.
 */
export function trimWhenIdle(trim: () => void, intervalMs: number) {
  let unanswered = 0;
  let lastTrim = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    if (timer) return;
    timer = setTimeout(
      () => {
        timer = undefined;
        // Busy again: the next time the engine is idle schedules the trim.
        if (unanswered > 0) return;
        trim();
        lastTrim = Date.now();
      },
      Math.max(0, lastTrim + intervalMs - Date.now()),
    );
    // A trim still to come never keeps the thread alive.
    timer.unref();
  };
  return {
    /** A call reached the engine. */
    called() {
      unanswered++;
    },
    /** A call was answered or failed. */
    answered() {
      unanswered--;
      if (unanswered === 0) schedule();
    },
  };
}
