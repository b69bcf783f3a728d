import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as SonicBoomModule from 'sonic-boom';
import { afterEach, describe, expect, it } from 'vitest';
import { batchedLines, redactTokens } from './redact.ts';

const { SonicBoom } = createRequire(import.meta.url)('sonic-boom') as typeof SonicBoomModule;

let folder: string | undefined;
afterEach(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
  folder = undefined;
});

/** A file written through sonic-boom as standard output is, and what it holds so far. */
function logFile() {
  folder = mkdtempSync(join(tmpdir(), 'agritools-log-'));
  const path = join(folder, 'log');
  const destination = new SonicBoom({ fd: openSync(path, 'w'), sync: true });
  return { destination, written: () => readFileSync(path, 'utf8') };
}

describe('log lines', () => {
  it('are written out together once a batch has gathered, and the rest when flushed', () => {
    const { destination, written } = logFile();
    const lines = batchedLines(destination, 140);
    const line = (n: number) => `{"n":${n},"msg":"${'x'.repeat(20)}"}\n`;

    for (let n = 0; n < 3; n += 1) lines.write(line(n));
    expect(written()).toBe('');
    lines.write(line(3));
    const firstBatch = [0, 1, 2, 3].map(line).join('');
    expect(firstBatch.length).toBeGreaterThanOrEqual(140);
    expect(written()).toBe(firstBatch);

    lines.write(line(4));
    expect(written()).toBe(firstBatch);
    lines.flush();
    expect(written()).toBe(firstBatch + line(4));
    lines.flush();
    expect(written()).toBe(firstBatch + line(4));
    destination.destroy();
  });

  it('lose any token an address carries', () => {
    expect(redactTokens('"url":"/api/auth/reset-password/abc123?callbackURL=/x"')).toBe(
      '"url":"/api/auth/reset-password/[redacted]?callbackURL=/x"',
    );
    expect(redactTokens('"url":"/verify?code=1&token=secret&state=s2&q=hoe"')).toBe(
      '"url":"/verify?code=[redacted]&token=[redacted]&state=[redacted]&q=hoe"',
    );
    const plain = '"url":"/api/products?q=token"';
    expect(redactTokens(plain)).toBe(plain);
  });
});
