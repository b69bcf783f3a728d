import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../plugins/errors.ts';

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (a malformed request line or
 * method, a bad Content-Length, headers over 16 KB, a request that took too long) are answered
 * in the shop's error shape, where Fastify's own handler answers in its own body. The
 * connection closes after, as Node and Fastify close it: what follows on it cannot be trusted.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  // A connection reset by the client has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'The request took too long to arrive']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'The request headers are too large']
        : [400, 'The request is not valid HTTP'];
  if (socket.writable) {
    const body = JSON.stringify(errorBody('BAD_REQUEST', message));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * What the router refuses before any handler (a broken %-escape, a part of the path over
 * maxParamLength) gets the shop's error shape too, not Fastify's own.
 */
export function refuseAddress(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'A part of the address is too long'
      : 'The address is not valid';
  void reply.status(400).send(errorBody('BAD_REQUEST', message));
}
