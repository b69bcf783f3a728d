// The ceiling of the API bench, run as its own process (bench/lib.ts startCeiling): a bare
// Node HTTP server answering every request with the bytes in the file named by its first
// argument, with the shop's JSON content type. It shares nothing with the load generator, so
// what it reaches is what one Node process can answer on this machine. Given a third argument,
// a JSON file of headers (the shop's own answer headers), it sends those as well: what the
// same bytes cost a bare server with every header the shop must send.
// Run by the bench: node --import tsx bench/ceiling-server.ts <body file> <port> [headers file]
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [bodyFile, port, headersFile] = process.argv.slice(2);
if (!bodyFile || !port) throw new Error('usage: ceiling-server.ts <body file> <port> [headers file]');
const body = readFileSync(bodyFile);
const headers = {
  'content-type': 'application/json; charset=utf-8',
  ...(headersFile ? (JSON.parse(readFileSync(headersFile, 'utf8')) as Record<string, string>) : {}),
  'content-length': body.length,
};

createServer((_request, response) => {
  response.writeHead(200, headers);
  response.end(body);
}).listen(Number(port), '127.0.0.1', () => {
  process.stdout.write('ready\n');
});
process.on('SIGTERM', () => process.exit(0));
