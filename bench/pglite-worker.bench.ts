// The embedded database on the shop's own thread, as the shop ran it until decision 040, against
// the same engine in a worker thread reached by messages, as the shop now runs it (docs/decisions/
// 039 and 040), in a model of one statement per request. Each mode runs in a child process of its
// own, alternated round by round. In each, CALLERS callers ask in a loop, each request one named
// search statement over 100,000 rows (bound, executed and synced in one protocol call, as the
// shop's named statements are; the answer parsed and serialized on the main thread) followed by
// BENCH_MAIN_US of the main thread's own work, which stands for what the shop does around the
// engine (HTTP, headers, compression: about half of an uncached search's CPU in the profile in
// docs/benchmarks.md). Each request arrives in a turn of the event loop of its own, as a read off
// a socket does, and its latency counts from then. On the shop's thread the engine and that work
// take turns; in a worker the engine runs while the main thread works, at the cost of two
// messages a statement.
// Run: flock /tmp/agritools-heavy.lock npx tsx bench/pglite-worker.bench.ts
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { PGlite, protocol } from '@electric-sql/pglite';
import { median, percentile, printTable } from './lib.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const CALLERS = Number(process.env.BENCH_CALLERS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const MAIN_US = Number(process.env.BENCH_MAIN_US ?? 500);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const STATEMENT = 'search';
const KINDS = ['hoe', 'sprayer', 'pump', 'sickle', 'tiller', 'spade', 'rake', 'trowel'];

type Mode = 'thread' | 'worker';
interface Figures {
  mode: Mode;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  engineUs: number;
  mainThreadBusy: number;
}

const { serialize } = protocol;

/** A PGlite in memory with ROWS searchable rows and the search statement parsed by name. */
async function openEngine(): Promise<PGlite> {
  const engine = new PGlite();
  await engine.exec(`
    create table items (id int primary key, name text not null, body tsvector not null);
    insert into items
      select g, 'Item ' || g,
             to_tsvector('simple', (array['${KINDS.join("','")}'])[g % ${KINDS.length} + 1] || ' model' || (g % 997) || ' size' || (g % 13))
      from generate_series(1, ${ROWS}) g;
    create index items_body on items using gin (body);
    analyze items;`);
  await engine.execProtocolRaw(
    concat([
      serialize.parse({
        name: STATEMENT,
        text: "select id, name from items where body @@ to_tsquery('simple', $1) order by id desc limit 20",
        types: [25],
      }),
      serialize.sync(),
    ]),
    { syncToFs: false },
  );
  return engine;
}

const concat = (parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));

/** One search's protocol call: bind the words, execute, sync. */
const searchCall = (words: string) =>
  concat([
    serialize.bind({ statement: STATEMENT, values: [words] }),
    serialize.execute({}),
    serialize.sync(),
  ]);

/** The rows of a protocol answer, parsed as PGlite's own query() parses them. */
function dataRowsOf(answer: Uint8Array): Array<Array<string | null>> {
  const rows: Array<Array<string | null>> = [];
  new protocol.Parser().parse(answer, (message) => {
    if (message.name === 'dataRow')
      rows.push((message as unknown as { fields: Array<string | null> }).fields);
    if (message.name === 'error') throw message;
  });
  return rows;
}

/** The engine's side of the worker: runs each call it is sent and sends the answer back. */
async function serveInWorker() {
  const engine = await openEngine();
  parentPort!.on('message', ({ id, call }: { id: number; call: Uint8Array }) => {
    void engine.execProtocolRaw(call, { syncToFs: false }).then((answer) => {
      // Handed over without a copy when the answer has a buffer of its own.
      const own = answer.byteLength === answer.buffer.byteLength ? answer : answer.slice();
      parentPort!.postMessage({ id, answer: own }, [own.buffer as ArrayBuffer]);
    });
  });
  parentPort!.postMessage({ ready: true });
}

/** How the main thread reaches the engine, and how long the engine itself took in all. */
async function engineFor(
  mode: Mode,
): Promise<{ run(call: Uint8Array): Promise<Uint8Array>; engineUs(): number; close(): Promise<void> }> {
  if (mode === 'thread') {
    const engine = await openEngine();
    let spent = 0;
    return {
      async run(call) {
        const started = performance.now();
        const answer = await engine.execProtocolRaw(call, { syncToFs: false });
        spent += performance.now() - started;
        return answer;
      },
      engineUs: () => spent * 1000,
      close: () => engine.close(),
    };
  }
  // The worker loads this file again, TypeScript as it is, through tsx's loader.
  const worker = new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`,
    { eval: true, workerData: { role: 'engine' } },
  );
  const waiting = new Map<number, (answer: Uint8Array) => void>();
  let next = 0;
  await new Promise<void>((ready) => worker.once('message', () => ready()));
  worker.on('message', ({ id, answer }: { id: number; answer: Uint8Array }) => {
    waiting.get(id)!(answer);
    waiting.delete(id);
  });
  return {
    run: (call) =>
      new Promise((answered) => {
        const id = next++;
        waiting.set(id, answered);
        worker.postMessage({ id, call }, [call.buffer as ArrayBuffer]);
      }),
    engineUs: () => Number.NaN,
    close: async () => {
      await worker.terminate();
    },
  };
}

/** CALLERS callers asking in a loop for SECONDS after a second's warm-up. */
async function measure(mode: Mode): Promise<Figures> {
  const engine = await engineFor(mode);
  const latencies: number[] = [];
  let measuring = false;
  let stop = false;
  let asked = 0;
  const caller = async () => {
    while (!stop) {
      // Each request arrives in a turn of the event loop of its own, as one read off a socket,
      // and waits from then on as a visitor would.
      const started = performance.now();
      await new Promise((arrived) => setImmediate(arrived));
      const n = asked++;
      const words = n % 2 === 0 ? `model${n % 997}` : `${KINDS[n % KINDS.length]} & size${n % 13}`;
      const rows = dataRowsOf(await engine.run(searchCall(words)));
      const body = JSON.stringify(rows.map(([id, name]) => ({ id, name })));
      if (body === '[]') throw new Error(`the search for ${words} found nothing`);
      // The shop's own work around the engine, on the main thread.
      const until = performance.now() + MAIN_US / 1000;
      while (performance.now() < until);
      if (measuring) latencies.push(performance.now() - started);
    }
  };
  const callers = Array.from({ length: CALLERS }, caller);
  await new Promise((warm) => setTimeout(warm, 1_000));
  measuring = true;
  const loopBefore = performance.eventLoopUtilization();
  const engineBefore = engine.engineUs();
  const started = performance.now();
  await new Promise((done) => setTimeout(done, SECONDS * 1_000));
  measuring = false;
  const elapsed = performance.now() - started;
  const loop = performance.eventLoopUtilization(loopBefore);
  const engineUs = engine.engineUs() - engineBefore;
  const count = latencies.length;
  stop = true;
  await Promise.all(callers);
  await engine.close();
  latencies.sort((a, b) => a - b);
  return {
    mode,
    requestsPerSecond: Math.round((count * 1000) / elapsed),
    p50: Number(percentile(latencies, 0.5).toFixed(1)),
    p99: Number(percentile(latencies, 0.99).toFixed(1)),
    engineUs: Math.round(engineUs / count),
    mainThreadBusy: Math.round(loop.utilization * 100),
  };
}

if (!isMainThread && (workerData as { role?: string } | null)?.role === 'engine') {
  await serveInWorker();
} else if (process.argv[2] === 'thread' || process.argv[2] === 'worker') {
  console.log(JSON.stringify(await measure(process.argv[2])));
} else {
  const runs: Figures[] = [];
  for (let round = 0; round < ROUNDS; round += 1)
    for (const mode of ['thread', 'worker'] as const) {
      const child = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), mode], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      if (child.status !== 0) throw new Error(`the ${mode} run failed with status ${child.status}`);
      runs.push(JSON.parse(child.stdout.trim().split('\n').at(-1)!) as Figures);
    }
  printTable(
    `A search statement over ${ROWS.toLocaleString('en-US')} rows in PGlite, ${CALLERS} callers, ` +
      `${MAIN_US} µs of the main thread's own work each, ${SECONDS} s, median of ${ROUNDS} runs`,
    (['thread', 'worker'] as const).map((mode) => {
      const of = runs.filter((run) => run.mode === mode);
      const figure = (name: keyof Omit<Figures, 'mode'>) => median(of.map((run) => run[name]));
      return {
        engine: mode === 'thread' ? "on the shop's thread" : 'in a worker thread',
        'req/s': figure('requestsPerSecond'),
        'each run req/s': of.map((run) => run.requestsPerSecond).join(' '),
        'p50 ms': figure('p50'),
        'p99 ms': figure('p99'),
        'engine µs/req': mode === 'thread' ? figure('engineUs') : '',
        'main thread busy %': figure('mainThreadBusy'),
      };
    }),
  );
}
