import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf } from './src/server/db/client.ts';
import { createReadCache } from './src/server/lib/read-cache.ts';
import { createCursors } from './src/server/lib/cursor.ts';
import { productSearchAnswer } from './src/server/modules/products/products.service.ts';
import { kinds, materials, sizes } from './bench/catalogue-data.ts';
const typo = (word: string, n: number) => word.length > 5 ? word.slice(0, 2 + (n % (word.length - 3))) + word.slice(3 + (n % (word.length - 3))) : word;
const pool = new Set<string>();
for (let n = 0; pool.size < 3000; n += 1) {
  const kind = kinds[n % kinds.length]!.toLowerCase(); const material = materials[(n * 7) % materials.length]!.toLowerCase(); const size = sizes[(n * 3) % sizes.length]!.toLowerCase(); const last = kind.split(' ').at(-1)!;
  const shapes = [kind, `${size} ${last}`, `${material} ${kind}`, typo(kind, n), `${typo(last, n)} ${size}`, `at-${(n * 37) % 100000}`, `${last} ${material} ${size}`];
  pool.add(shapes[n % shapes.length]!); if (n > 100000) break;
}
const h = await openDatabase({ kind: 'pglite', dataDir: '/tmp/pb-copy' });
const catalogue = { db: h.db, cache: createReadCache<any>({ maxBytes: 1 << 20, maxAgeMs: 60000 }), cursors: createCursors('x'.repeat(40)) };
await h.db.execute(sql.raw(process.env.SETMODE ?? "select 1"));
const ctx = async () => rowsOf<{ b: string }>(await h.db.execute(sql`select sum(total_bytes)::bigint as b from pg_backend_memory_contexts`))[0]!.b;
const rss = () => Math.round(process.memoryUsage().rss / 1048576);
await productSearchAnswer(catalogue as any, { q: 'sprayer' } as any, '/api/products');
console.log('start: contexts', await ctx(), 'rss', rss());
let i = 0;
const t = performance.now();
for (const q of pool) { await productSearchAnswer(catalogue as any, { q } as any, '/api/products'); if (++i % 1000 === 0) console.log(i, 'contexts', await ctx(), 'rss', rss(), 'named', rowsOf<any>(await h.db.execute(sql`select count(*)::int n from pg_prepared_statements`))[0].n); }
console.log('ms per search', ((performance.now() - t) / pool.size).toFixed(2));
console.log(rowsOf<any>(await h.db.execute(sql`select name, generic_plans, custom_plans, length(statement) len from pg_prepared_statements order by generic_plans + custom_plans desc limit 30`)));
await h.close();
