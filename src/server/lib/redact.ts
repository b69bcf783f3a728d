import { createRequire } from 'node:module';
import type * as SonicBoomModule from 'sonic-boom';

// sonic-boom is CommonJS; its named export is only reachable through require.
const { SonicBoom } = createRequire(import.meta.url)('sonic-boom') as typeof SonicBoomModule;

/**
 * Secrets that travel in addresses: the password-reset token in the path of the mailed link
 * (/api/auth/reset-password/<token>), and `token`, `code` and `state` in query strings
 * (verification links, the reset page, the OAuth callback). Anyone who reads a log line with
 * one of them could take over the account, so no log line keeps them.
 */
const TOKEN_IN_PATH = /(\/reset-password\/)[^/?#\s"'\\]+/gi;
const TOKEN_IN_QUERY = /([?&](?:token|code|state)=)[^&#\s"'\\]+/gi;

/** Whether a line may hold one: one quick scan, so most lines skip the two replacements. */
const MAY_HOLD_TOKEN = /reset-password\/|[?&](?:token|code|state)=/i;

export function redactTokens(text: string): string {
  if (!MAY_HOLD_TOKEN.test(text)) return text;
  return text.replace(TOKEN_IN_PATH, '$1[redacted]').replace(TOKEN_IN_QUERY, '$1[redacted]');
}

/**
 * Lines gathered and handed to `destination` together once `batchLength` characters have
 * gathered, and all that is pending on `flush`. sonic-boom can gather lines itself (its
 * `minLength`), but each of its writes then measures the whole text it holds
 * (`Buffer.byteLength`), work that grows with each line gathered and was a good part of a
 * request line's cost; given a batch, it writes it out at once.
 */
export function batchedLines(destination: { write(text: string): unknown }, batchLength = 4096) {
  let pending = '';
  const flush = () => {
    if (pending === '') return;
    destination.write(pending);
    pending = '';
  };
  return {
    write(line: string) {
      pending += line;
      if (pending.length >= batchLength) flush();
    },
    flush,
  };
}

let stdout: { write(line: string): void } | undefined;

/**
 * Standard output for log lines, buffered: lines are written out together once 4 KiB have
 * gathered, and at least every second, rather than one write per line (process.stdout makes
 * one blocking write per line on Linux). What is pending is written out when the process exits; a
 * process killed outright (SIGKILL) loses at most the last second of lines. docs/decisions/015.
 */
function logStdout(): { write(line: string): void } {
  if (!stdout) {
    const destination = new SonicBoom({ fd: 1, sync: true });
    const lines = batchedLines(destination);
    setInterval(lines.flush, 1_000).unref();
    process.once('exit', () => {
      lines.flush();
      destination.flushSync();
    });
    stdout = lines;
  }
  return stdout;
}

/**
 * Where every log line goes: a stream that redacts tokens from each serialized line before it
 * reaches `target` (standard output by default), whichever code logged it (requests, mail,
 * identity).
 */
export function redactingStream(target?: { write(line: string): unknown }) {
  return {
    write(line: string) {
      (target ?? logStdout()).write(redactTokens(line));
    },
  };
}
