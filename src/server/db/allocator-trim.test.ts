import { readFileSync } from 'node:fs';
import koffi from 'koffi';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { allocatorTrim, trimWhenIdle } from './allocator-trim.ts';

afterEach(() => vi.useRealTimers());

/** This process's resident memory in KiB, as the system counts it. */
const residentKiB = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))![1]);

describe('the allocator trim', () => {
  it.runIf(process.platform === 'linux')('gives memory the C library holds freed back to the system', () => {
    const trim = allocatorTrim();
    expect(trim).toBeDefined();
    const libc = koffi.load('libc.so.6');
    const malloc = libc.func('void *malloc(size_t size)');
    const free = libc.func('void free(void *ptr)');
    const memset = libc.func('void *memset(void *s, int c, size_t n)');
    // 64 MiB in small blocks, touched so they are resident; freeing all but the last leaves
    // them held by the allocator, below a block that stops it giving them back on its own.
    const blocks = Array.from({ length: 65_536 }, () => {
      const block = malloc(1024);
      memset(block, 1, 1024);
      return block;
    });
    for (const block of blocks.slice(0, -1)) free(block);
    const held = residentKiB();
    trim!();
    const after = residentKiB();
    free(blocks.at(-1));
    expect(held - after).toBeGreaterThan(32 * 1024);
  });

  it('trims once the engine has no call to answer, and not more often than its interval', () => {
    vi.useFakeTimers();
    const trim = vi.fn();
    const idle = trimWhenIdle(trim, 5_000);
    idle.called();
    idle.called();
    idle.answered();
    vi.advanceTimersByTime(6_000);
    expect(trim).not.toHaveBeenCalled(); // one call still unanswered
    idle.answered();
    vi.advanceTimersByTime(0);
    expect(trim).toHaveBeenCalledTimes(1);
    // Idle again at once: the next trim waits out the interval.
    idle.called();
    idle.answered();
    vi.advanceTimersByTime(4_999);
    expect(trim).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(trim).toHaveBeenCalledTimes(2);
  });

  it('leaves a trim whose moment finds the engine busy to its next idle moment', () => {
    vi.useFakeTimers();
    const trim = vi.fn();
    const idle = trimWhenIdle(trim, 5_000);
    idle.called();
    idle.answered();
    idle.called(); // busy again before the trim is due
    vi.advanceTimersByTime(10_000);
    expect(trim).not.toHaveBeenCalled();
    idle.answered();
    vi.advanceTimersByTime(0);
    expect(trim).toHaveBeenCalledTimes(1);
  });
});
