import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { allocatorTrim, trimWhenIdle } from './allocator-trim.ts';
import { pgliteStartParams } from './pglite-settings.ts';
import { namedStatementRunner } from './pglite-statements.ts';
import { pgliteOnFolder } from './pglite-synced-fs.ts';
import type { EngineCall, EngineReply, EngineTarget } from './pglite-remote.ts';

// The embedded engine on a thread of its own (docs/decisions/040): this thread holds the
// PGlite instance and answers the shop's thread (pglite-remote.ts) message by message. The
// engine's own locks order the calls, as they do when it runs on the shop's thread.

/** pg_trgm: catalogue search uses trigram similarity (migration 0004). */
const extensions = { pg_trgm };

const port = parentPort!;
const target = workerData as EngineTarget;
const client =
  target.kind === 'pglite'
    ? pgliteOnFolder(target.dir, { extensions })
    : new PGlite({ extensions, startParams: pgliteStartParams() });
const runNamed = namedStatementRunner(client);

/** Open transactions by id: each ends when the shop's thread says commit or roll back. */
const transactions = new Map<number, { tx: Transaction; end: (commit: boolean) => void }>();
/** Each open transaction's outcome: done when committed or rolled back. */
const outcomes = new Map<number, Promise<void>>();
let nextTransaction = 1;

/** What a call's error becomes in a message: its own fields that are plain values. */
function plainError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const fields: Record<string, unknown> = { name: error.name, message: error.message };
  for (const [key, value] of Object.entries(error))
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  return fields;
}

/** Opens a transaction and answers once it is open; it lasts until `end` says how it ends. */
async function begin(): Promise<number> {
  const id = nextTransaction++;
  let opened!: () => void;
  const open = new Promise<void>((resolve) => (opened = resolve));
  const done = client.transaction(
    (tx) =>
      new Promise<void>((commit, rollBack) => {
        transactions.set(id, {
          tx,
          end: (ok) => (ok ? commit() : rollBack(new Error('rolled back by the shop'))),
        });
        opened();
      }),
  );
  outcomes.set(id, done);
  try {
    await Promise.race([open, done]);
  } catch (error) {
    outcomes.delete(id);
    throw error;
  }
  return id;
}

async function end(id: number, commit: boolean): Promise<void> {
  const open = transactions.get(id);
  const done = outcomes.get(id);
  if (!open || !done) throw new Error(`no open transaction ${id}`);
  transactions.delete(id);
  outcomes.delete(id);
  open.end(commit);
  if (commit) await done;
  else await done.catch(() => undefined);
}

/** Notifications stop when their channel is no longer listened to. */
const listening = new Map<string, () => Promise<void>>();

async function answer(call: EngineCall): Promise<unknown> {
  switch (call.op) {
    case 'query': {
      const on = call.tx === undefined ? client : transactions.get(call.tx)?.tx;
      if (!on) throw new Error(`no open transaction ${call.tx}`);
      return on.query(call.text, call.params, { rowMode: call.rowMode });
    }
    case 'named':
      return runNamed(call.name, call.text, call.params, call.rowMode, call.withoutValues);
    case 'begin':
      return begin();
    case 'end':
      return end(call.tx, call.commit);
    case 'textTypes':
      // Types the shop reads as the engine's text (dates, timestamps, intervals).
      for (const type of call.types) client.parsers[type] = (value: string) => value;
      return undefined;
    case 'listen': {
      if (!listening.has(call.channel))
        listening.set(
          call.channel,
          await client.listen(call.channel, (payload) =>
            port.postMessage({ op: 'notify', channel: call.channel, payload } satisfies EngineReply),
          ),
        );
      return undefined;
    }
    case 'unlisten': {
      const stop = listening.get(call.channel);
      listening.delete(call.channel);
      if (stop && !client.closed) await stop();
      return undefined;
    }
    case 'close':
      await client.close();
      return undefined;
  }
}

/** The allocator's freed memory goes back to the system between calls (allocator-trim.ts). */
const trim = allocatorTrim();
const idleTrim = trim ? trimWhenIdle(trim, 5_000) : undefined;

port.on('message', (call: EngineCall) => {
  idleTrim?.called();
  answer(call)
    .then(
      (value) => port.postMessage({ op: 'answer', id: call.id, value } satisfies EngineReply),
      (error: unknown) =>
        port.postMessage({ op: 'failed', id: call.id, error: plainError(error) } satisfies EngineReply),
    )
    .finally(() => idleTrim?.answered());
});

await client.waitReady;
port.postMessage({ op: 'ready' } satisfies EngineReply);
