import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../src/shared/errors.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// What Node's HTTP parser refuses never reaches a route: it is answered by the server's
// client-error handler, in the shop's error shape like every other refusal. Sent over a raw
// socket, since no HTTP client sends such requests.
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** Sends `raw` and reads the answer until the server closes the connection. */
function send(raw: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(raw));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body });
    });
  });
}

describe('requests that are not valid HTTP', () => {
  it("are refused in the shop's error shape, and the connection closes", async () => {
    for (const [label, raw, status] of [
      ['an unknown method', 'FOO /api/products HTTP/1.1\r\nHost: shop\r\n\r\n', 400],
      [
        'a negative Content-Length',
        'POST /api/order HTTP/1.1\r\nHost: shop\r\nContent-Length: -1\r\n\r\n',
        400,
      ],
      [
        'both Content-Length and Transfer-Encoding',
        'POST /api/order HTTP/1.1\r\nHost: shop\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
        400,
      ],
      [
        'headers over 16 KB',
        `GET /api/products HTTP/1.1\r\nHost: shop\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
        431,
      ],
    ] as const) {
      const answer = await send(raw);
      expect(answer.status, label).toBe(status);
      expect(errorBodySchema.parse(JSON.parse(answer.body)).error.code, label).toBe('BAD_REQUEST');
    }
  });
});
