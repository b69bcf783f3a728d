// The ceiling of the API bench, run as its own process (bench/lib.ts startCeiling): a bare
// Node HTTP server answering every request with the bytes in the file named by its first
// argument, with the shop's JSON content type. It shares nothing with the load generator, so
// what it reaches is what one Node process can answer on this machine. Given a third argument,
// a JSON file of headers (the shop's own answer headers), it sends those as well: what the
// same bytes cost a bare server with every header the shop must send. Given `fastify` as well,
// an empty Fastify app (one route, no logger, no hooks) answers instead of the bare server:
// what the shop's framework costs by itself, so that the rest is the shop's own work.
// Run by the bench: node --import tsx bench/ceiling-server.ts <body file> <port> [headers file] [fastify]
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import Fastify from 'fastify';

const [bodyFile, port, headersFile, framework] = process.argv.slice(2);
if (!bodyFile || !port)
  throw new Error('usage: ceiling-server.ts <body file> <port> [headers file] [fastify]');
const body = readFileSync(bodyFile);
const headers = {
  'content-type': 'application/json; charset=utf-8',
  ...(headersFile ? (JSON.parse(readFileSync(headersFile, 'utf8')) as Record<string, string>) : {}),
  'content-length': body.length,
};

const ready = () => process.stdout.write('ready\n');
if (framework === 'fastify') {
  const app = Fastify({ logger: false });
  app.get('/*', (_request, reply) => reply.headers(headers).send(body));
  await app.listen({ port: Number(port), host: '127.0.0.1' });
  ready();
} else {
  createServer((_request, response) => {
    response.writeHead(200, headers);
    response.end(body);
  }).listen(Number(port), '127.0.0.1', ready);
}
process.on('SIGTERM', () => process.exit(0));
