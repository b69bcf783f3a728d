import { extname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Results } from '@electric-sql/pglite';

// The shop's side of the embedded engine when it runs on a thread of its own (pglite-thread.ts,
// docs/decisions/040): the few calls the shop makes of PGlite, each sent as a message. The
// engine's WebAssembly, its parsing of answers and its locks are on the other thread; this one
// serves HTTP meanwhile.

/** Which engine the thread opens: a folder on disk, or one in memory (tests). */
export type EngineTarget = { kind: 'pglite'; dir: string } | { kind: 'pglite-memory' };

type RowMode = 'array' | 'object' | undefined;

/** A call of the shop's thread, answered by the engine's. */
export type EngineCall = { id: number } & (
  | { op: 'query'; text: string; params: unknown[]; rowMode: RowMode; tx?: number }
  | { op: 'named'; name: string; text: string; params: unknown[]; rowMode: RowMode; withoutValues: boolean }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'textTypes'; types: number[] }
  | { op: 'listen'; channel: string }
  | { op: 'unlisten'; channel: string }
  | { op: 'close' }
);

/** What the engine's thread sends: an answer, a failure, a notification, or that it is ready. */
export type EngineReply =
  | { op: 'answer'; id: number; value: unknown }
  | { op: 'failed'; id: number; error: Record<string, unknown> }
  | { op: 'notify'; channel: string; payload: string }
  | { op: 'ready' };

type CallOf<Op extends EngineCall['op']> = Omit<Extract<EngineCall, { op: Op }>, 'id'>;

/** What drizzle passes with a query: its row mode, and parsers for some types. */
export interface QueryConfig {
  rowMode?: RowMode;
  parsers?: Record<number, (value: string, typeId?: number) => unknown>;
}

/** The part of PGlite's interface that drizzle's session and the shop call. */
export interface EngineClient {
  query<T>(text: string, params?: unknown[], config?: QueryConfig): Promise<Results<T>>;
  transaction<T>(run: (tx: { query: EngineClient['query'] }) => Promise<T>): Promise<T>;
}

export class RemoteEngine implements EngineClient {
  readonly #worker: Worker;
  readonly #pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  /** Types whose values are kept as the engine's text, as drizzle's parsers ask. */
  readonly #textTypes = new Set<number>();
  readonly #parsersSeen = new WeakSet<object>();
  #nextId = 1;
  #stopped: Error | undefined;
  closed = false;
  readonly waitReady: Promise<void>;

  constructor(target: EngineTarget) {
    const here = fileURLToPath(import.meta.url);
    const script = join(here, '..', `pglite-thread${extname(here)}`);
    // Run from source (tsx, tests), the thread's script is TypeScript: the thread registers tsx
    // before loading it (a worker does not take `--import` from execArgv).
    this.#worker =
      extname(here) === '.ts'
        ? new Worker(
            `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(pathToFileURL(script).href)}); })`,
            { eval: true, workerData: target },
          )
        : new Worker(script, { workerData: target });
    this.waitReady = new Promise((ready, fail) => {
      this.#worker.on('message', (reply: EngineReply) => {
        if (reply.op === 'ready') return ready();
        if (reply.op === 'notify') {
          for (const onNotify of this.#listeners.get(reply.channel) ?? []) onNotify(reply.payload);
          return;
        }
        const call = this.#pending.get(reply.id);
        this.#pending.delete(reply.id);
        if (this.#pending.size === 0) this.#worker.unref();
        if (reply.op === 'answer') call?.resolve(reply.value);
        else call?.reject(Object.assign(new Error(String(reply.error.message)), reply.error));
      });
      this.#worker.on('error', (error) => {
        fail(error);
        this.#stop(error);
      });
      this.#worker.on('exit', (code) => {
        const error = new Error(`The embedded database's thread stopped (exit code ${code})`);
        fail(error);
        this.#stop(error);
      });
    });
    // Until the engine is ready it keeps the process alive; afterwards only a call waiting does.
    void this.waitReady.then(
      () => this.#pending.size === 0 && this.#worker.unref(),
      () => undefined,
    );
  }

  #stop(error: Error) {
    this.#stopped ??= error;
    for (const { reject } of this.#pending.values()) reject(error);
    this.#pending.clear();
  }

  #call<Op extends EngineCall['op']>(call: CallOf<Op>): Promise<unknown> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextId++;
    if (this.#pending.size === 0) this.#worker.ref();
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...call, id });
    });
  }

  /** Makes the types drizzle passes parsers for the engine's text, once; they must keep text. */
  async #keepAsText(config: QueryConfig | undefined): Promise<void> {
    const parsers = config?.parsers;
    // Drizzle passes the same parsers object with every statement: look into each one once.
    if (!parsers || this.#parsersSeen.has(parsers)) return;
    const fresh = Object.entries(parsers).filter(([type]) => !this.#textTypes.has(Number(type)));
    for (const [type, parse] of fresh) {
      if (parse('2026-11-26 05:00:00+00', Number(type)) !== '2026-11-26 05:00:00+00')
        throw new Error(
          `a parser of type ${type} changes the engine's text; it cannot run on the engine's thread`,
        );
      this.#textTypes.add(Number(type));
    }
    if (fresh.length > 0)
      await this.#call<'textTypes'>({ op: 'textTypes', types: fresh.map(([type]) => Number(type)) });
    this.#parsersSeen.add(parsers);
  }

  /** One statement, within the transaction `tx` when given. */
  async #query<T>(text: string, params: unknown[], config: QueryConfig | undefined, tx?: number) {
    await this.#keepAsText(config);
    return (await this.#call<'query'>({
      op: 'query',
      text,
      params,
      rowMode: config?.rowMode,
      tx,
    })) as Results<T>;
  }

  query<T>(text: string, params: unknown[] = [], config?: QueryConfig): Promise<Results<T>> {
    return this.#query<T>(text, params, config);
  }

  /** A statement run by name (pglite-statements.ts): parsed on its first call only. */
  async named<T>(
    name: string,
    text: string,
    params: unknown[],
    config: QueryConfig | undefined,
    withoutValues: boolean,
  ): Promise<Results<T>> {
    await this.#keepAsText(config);
    return (await this.#call<'named'>({
      op: 'named',
      name,
      text,
      params,
      rowMode: config?.rowMode,
      withoutValues,
    })) as Results<T>;
  }

  async transaction<T>(run: (tx: { query: EngineClient['query'] }) => Promise<T>): Promise<T> {
    const tx = (await this.#call<'begin'>({ op: 'begin' })) as number;
    let result: T;
    try {
      result = await run({
        query: <R>(text: string, params: unknown[] = [], config?: QueryConfig) =>
          this.#query<R>(text, params, config, tx),
      });
    } catch (error) {
      await this.#call<'end'>({ op: 'end', tx, commit: false });
      throw error;
    }
    await this.#call<'end'>({ op: 'end', tx, commit: true });
    return result;
  }

  /** Calls `onNotify` with each notification on `channel`; resolves to a function that stops. */
  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    const listeners = this.#listeners.get(channel) ?? new Set();
    this.#listeners.set(channel, listeners);
    // Each listener is a function of its own, so that stopping one leaves the others.
    const listener = (payload: string) => onNotify(payload);
    listeners.add(listener);
    if (listeners.size === 1) await this.#call<'listen'>({ op: 'listen', channel });
    return async () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.#listeners.get(channel) === listeners) {
        this.#listeners.delete(channel);
        if (!this.closed) await this.#call<'unlisten'>({ op: 'unlisten', channel });
      }
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.#call<'close'>({ op: 'close' });
    this.closed = true;
    await this.#worker.terminate();
  }
}
