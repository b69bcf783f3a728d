import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';

/** What the line of a request answered says. */
export interface RequestLine {
  reqId: string;
  method: string;
  url: string;
  statusCode: number;
  /** How long the answer took; written to a tenth of a millisecond. */
  ms: number;
  /** The client's address; left out when unknown (the socket already gone), as pino leaves it. */
  ip: string | undefined;
}

/** The levels at which a logger writes info lines. */
const WRITES_INFO = new Set(['info', 'debug', 'trace']);

/** Milliseconds to a tenth, as request lines give them. */
export const inTenths = (ms: number) => Math.round(ms * 10) / 10;

/**
 * Makes the function that writes the line of each request answered to `stream`: the line pino
 * writes for `log.info({ reqId, method, url, statusCode, ms, ip }, 'request completed')` with its
 * default base (pid and hostname), the same keys in the same order, made from a template. Every
 * request writes one, and pino's general serializer (each key looked up among the serializers,
 * each string escaped in a loop) cost a cached catalogue read about a tenth of its CPU
 * (docs/decisions/015-catalogue-read-path.md). The line goes to the stream pino writes to, so
 * tokens are redacted from it as from every other line. `log`'s level decides whether the line is
 * written, as for its own `info`.
 */
export function requestLineWriter(stream: { write(line: string): unknown }) {
  const base = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())}`;
  return (log: FastifyBaseLogger, line: RequestLine): void => {
    if (!WRITES_INFO.has(log.level)) return;
    const ip = line.ip === undefined ? '' : `,"ip":${JSON.stringify(line.ip)}`;
    stream.write(
      `{"level":30,"time":${Date.now()}${base},"reqId":${JSON.stringify(line.reqId)}` +
        `,"method":${JSON.stringify(line.method)},"url":${JSON.stringify(line.url)}` +
        `,"statusCode":${line.statusCode},"ms":${inTenths(line.ms)}${ip}` +
        `,"msg":"request completed"}\n`,
    );
  };
}
