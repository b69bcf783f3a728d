// Starts the built server (dist/) as a real child process, for system tests and benchmarks.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const PROJECT_ROOT = new URL('../..', import.meta.url).pathname;

/** What `npm start` runs after `node`: the server's Node flags (its memory bounds) and script. */
const START_ARGS = (
  JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }
).scripts.start
  .split(/\s+/)
  .slice(1);

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** SIGTERM and wait for exit. */
  stop(): Promise<void>;
  /** SIGKILL: no shutdown hooks, no flush. */
  kill(): Promise<void>;
}

export async function startServerProcess(
  env: Record<string, string>,
  port: number,
  /** Called as soon as the process exists (before it is ready), e.g. to follow its memory. */
  onSpawn?: (child: ChildProcess) => void,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, START_ARGS, {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'agritools-proc-')),
      RATE_LIMIT_MAX: '0',
      SEED_DEMO: 'false',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  onSpawn?.(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`server exited with ${child.exitCode}: ${stderr.slice(-2000)}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy in 120 s: ${stderr.slice(-2000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    await exited;
  };
  return { url, child, stop: () => signal('SIGTERM'), kill: () => signal('SIGKILL') };
}
