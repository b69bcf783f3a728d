import { protocol, type PGlite, type Results } from '@electric-sql/pglite';
import type { PgSession } from 'drizzle-orm/pg-core';
import type { QueryConfig, RemoteEngine } from './pglite-remote.ts';

// Statements with a name are parsed once on the embedded database, as they are on PostgreSQL
// (docs/decisions/032-named-statements-on-pglite.md). PGlite's query() sends every statement
// unnamed, in six calls into the engine, so PostgreSQL parses and plans it again on every call:
// a product read by its id cost more in planning than in running. A named statement is bound
// and run in one call.

const { serialize } = protocol;

/** At most this many statements are kept by name; any further name runs as PGlite's query(). */
export const MAX_NAMED_STATEMENTS = 200;

/** A statement the engine holds: its text, its parameters' types and its columns. */
interface Statement {
  text: string;
  paramTypes: number[];
  fields: Array<{ name: string; dataTypeID: number }>;
}

/** The part of drizzle's session this hooks into: how it builds a prepared query. */
type PreparingSession = Pick<PgSession, 'prepareQuery'>;

/**
 * Runs named statements on `client`, on the engine's thread (pglite-thread.ts): each is parsed
 * on its first call, then bound and run in one call into the engine. `withoutValues`: planned
 * once without its values, like client.ts `executePrepared` on PostgreSQL.
 */
export function namedStatementRunner(client: PGlite) {
  const statements = new Map<string, Statement>();

  /** Parses `text` under `name` and reads its parameters' types and its columns. */
  const prepare = async (name: string, text: string): Promise<Statement> => {
    const { messages } = await client.execProtocol(
      Buffer.concat([
        serialize.parse({ name, text }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
    );
    const statement: Statement = { text, paramTypes: [], fields: [] };
    for (const message of messages) {
      if (message.name === 'parameterDescription')
        statement.paramTypes = (message as unknown as { dataTypeIDs: number[] }).dataTypeIDs;
      if (message.name === 'rowDescription')
        statement.fields = (message as unknown as { fields: Statement['fields'] }).fields.map(
          ({ name: column, dataTypeID }) => ({ name: column, dataTypeID }),
        );
    }
    statements.set(name, statement);
    return statement;
  };

  return (
    name: string,
    text: string,
    params: unknown[],
    rowMode: QueryConfig['rowMode'],
    withoutValues: boolean,
  ): Promise<Results> =>
    // The engine is one connection: wait for an open transaction to end and for the query
    // running now, as query() does (transaction lock, then query lock).
    client._runExclusiveTransaction(() =>
      client.runExclusive(async (): Promise<Results> => {
        const statement = statements.get(name) ?? (await prepare(name, text));
        if (statement.text !== text) throw new Error(`statement ${name} was prepared with another text`);
        const values = params.map((param, i) => {
          if (param === null || param === undefined) return null;
          const toText = client.serializers[statement.paramTypes[i]!];
          return toText ? toText(param) : String(param);
        });
        // Sync in the same call: after an error the engine skips to it and is ready again. The
        // plan cache mode is the connection's and would apply to unnamed statements too (as on
        // PostgreSQL, client.ts): set for this statement alone.
        const { messages } = await client.execProtocol(
          Buffer.concat([
            ...(withoutValues ? [serialize.query('set plan_cache_mode = force_generic_plan')] : []),
            serialize.bind({ statement: name, values }),
            serialize.execute({}),
            serialize.sync(),
            ...(withoutValues ? [serialize.query('reset plan_cache_mode')] : []),
          ]),
        );
        const parsers = statement.fields.map(({ dataTypeID }) => client.parsers[dataTypeID]);
        const rows: unknown[] = [];
        let affectedRows = 0;
        for (const message of messages) {
          if (message.name === 'dataRow') {
            const row = (message as unknown as { fields: Array<string | null> }).fields.map((value, i) =>
              value === null ? null : parsers[i] ? parsers[i](value, statement.fields[i]!.dataTypeID) : value,
            );
            rows.push(
              rowMode === 'array'
                ? row
                : Object.fromEntries(statement.fields.map(({ name: column }, i) => [column, row[i]])),
            );
          }
          if (message.name === 'commandComplete') {
            // As query() counts them: rows written, not rows read.
            const { text: tag } = message as unknown as { text: string };
            if (/^(INSERT|UPDATE|DELETE|COPY|MERGE) /.test(tag))
              affectedRows += Number(tag.split(' ').at(-1));
          }
        }
        return { rows, fields: statement.fields, affectedRows } as Results;
      }),
    );
}

/**
 * The named statements of one embedded database, on the shop's thread. `name(session)` makes
 * the queries that session prepares with a name (drizzle's `.prepare(name)`, client.ts
 * `executePrepared`) run as named statements of `engine`. Statements inside a transaction are
 * left as they are: a transaction's session is another.
 */
export function namedStatements(engine: RemoteEngine) {
  // The names given out so far (a statement is parsed on its first run).
  const names = new Set<string>();
  return {
    /**
     * Runs `session`'s named queries as named statements. `withoutValues`: planned once without
     * their values, like client.ts `executePrepared` on PostgreSQL; otherwise as PostgreSQL's plan
     * cache decides.
     */
    name(session: PreparingSession, { withoutValues = false } = {}): void {
      const prepareQuery = session.prepareQuery.bind(session);
      session.prepareQuery = (query, fields, name, ...rest) => {
        const prepared = prepareQuery(query, fields, name, ...rest);
        if (name && (names.has(name) || names.size < MAX_NAMED_STATEMENTS)) {
          names.add(name);
          // drizzle's PGlite query runs `client.query(text, params, config)`: this one runs it named.
          (prepared as unknown as { client: Pick<RemoteEngine, 'query'> }).client = {
            query: (text: string, params: unknown[] = [], config?: QueryConfig) =>
              engine.named(name, text, params, config, withoutValues),
          } as Pick<RemoteEngine, 'query'>;
        }
        return prepared;
      };
    },
  };
}
