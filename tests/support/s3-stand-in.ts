// A local stand-in for S3-compatible object storage, speaking the part of S3's REST API the shop
// uses (https://docs.aws.amazon.com/AmazonS3/latest/API/): PutObject, GetObject, HeadObject and
// DeleteObject, path-style (/bucket/key). Writes must carry a valid AWS Signature Version 4
// (https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_sigv-create-signed-request.html),
// checked here independently of the client that signs them, with a signed payload hash that
// must match the body. Reads are anonymous, as from a bucket with public read. Objects live in
// memory. Started by Playwright and by `npm run dev` in S3 mode (never in production); API tests
// start it in-process.
//
// Not S3: one bucket, no listing, no multipart upload, no presigned URLs.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface S3StandInOptions {
  port?: number;
  host?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export interface StoredObject {
  body: Buffer;
  contentType: string;
  cacheControl?: string;
}

export interface S3StandIn {
  /** The endpoint (http://host:port), without the bucket. */
  url: string;
  objects: Map<string, StoredObject>;
  /**
   * After `after` more successful PutObject calls, every PutObject answers 500 InternalError
   * (to prove nothing is left half-stored); null stores again.
   */
  failPuts(setting: { after: number } | null): void;
  /** Every request, as "METHOD /path status". */
  log: string[];
  close(): Promise<void>;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

function xmlError(response: ServerResponse, status: number, code: string, message: string) {
  response.writeHead(status, { 'content-type': 'application/xml' });
  response.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`,
  );
}

/** S3's URI encoding of a path: every byte but unreserved characters and '/', once. */
const encodePath = (path: string) =>
  path
    .split('/')
    .map((segment) =>
      encodeURIComponent(segment).replace(
        /[!'()*]/g,
        (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
      ),
    )
    .join('/');

/** Why a request's signature is refused, or null when it is valid. */
function signatureProblem(
  request: IncomingMessage,
  body: Buffer,
  options: S3StandInOptions,
): { code: string; message: string } | null {
  const authorization = request.headers.authorization ?? '';
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
  if (!match) return { code: 'AccessDenied', message: 'Missing or malformed AWS4-HMAC-SHA256 Authorization' };
  const [, accessKeyId = '', day = '', region = '', signedHeaderList = '', signature = ''] = match;
  if (accessKeyId !== options.accessKeyId)
    return { code: 'InvalidAccessKeyId', message: 'The AWS access key Id you provided does not exist' };
  if (region !== options.region)
    return { code: 'AuthorizationHeaderMalformed', message: `The region '${region}' is wrong` };
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  if (!/^\d{8}T\d{6}Z$/.test(amzDate) || !amzDate.startsWith(day))
    return { code: 'AccessDenied', message: 'Missing or inconsistent x-amz-date' };
  const when = Date.UTC(
    Number(amzDate.slice(0, 4)),
    Number(amzDate.slice(4, 6)) - 1,
    Number(amzDate.slice(6, 8)),
    Number(amzDate.slice(9, 11)),
    Number(amzDate.slice(11, 13)),
    Number(amzDate.slice(13, 15)),
  );
  if (Math.abs(Date.now() - when) > 15 * 60_000)
    return {
      code: 'RequestTimeTooSkewed',
      message: 'The difference between the request time and the current time is too large',
    };
  const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
  if (!payloadHash) return { code: 'InvalidRequest', message: 'Missing x-amz-content-sha256' };
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body))
    return { code: 'XAmzContentSHA256Mismatch', message: 'The provided x-amz-content-sha256 does not match' };
  const signedHeaders = signedHeaderList.split(';');
  if (!signedHeaders.includes('host') || !signedHeaders.includes('x-amz-date'))
    return { code: 'AccessDenied', message: 'host and x-amz-date must be signed' };
  const url = new URL(request.url ?? '/', 'http://stand-in');
  const query = [...url.searchParams]
    .map(([name, value]) => [encodeURIComponent(name), encodeURIComponent(value)])
    .sort(([a = ''], [b = '']) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonicalHeaders = signedHeaders
    .map((name) => {
      const value = request.headers[name];
      const text = Array.isArray(value) ? value.join(',') : (value ?? '');
      return `${name}:${text.trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
  const canonicalRequest = [
    request.method,
    encodePath(decodeURIComponent(url.pathname)),
    query,
    canonicalHeaders,
    signedHeaderList,
    payloadHash,
  ].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${options.secretAccessKey}`, day), region), 's3'), 'aws4_request');
  const expected = createHmac('sha256', key).update(stringToSign).digest();
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex')))
    return {
      code: 'SignatureDoesNotMatch',
      message: 'The request signature we calculated does not match the signature you provided',
    };
  return null;
}

export async function startS3StandIn(options: S3StandInOptions): Promise<S3StandIn> {
  const objects = new Map<string, StoredObject>();
  const log: string[] = [];
  let putsBeforeFailing: number | null = null;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = decodeURIComponent(new URL(request.url ?? '/', 'http://stand-in').pathname);
      response.on('finish', () => log.push(`${request.method} ${path} ${response.statusCode}`));
      // Not S3: how Playwright and scripts see that the stand-in is up.
      if (path === '/__stand-in/health') return response.writeHead(200).end('ok');
      const [, bucket = '', ...rest] = path.split('/');
      const key = rest.join('/');
      if (bucket !== options.bucket)
        return xmlError(response, 404, 'NoSuchBucket', 'The specified bucket does not exist');
      if (!key) return xmlError(response, 405, 'MethodNotAllowed', 'Only object operations are supported');
      const method = request.method ?? 'GET';
      if (method === 'GET' || method === 'HEAD') {
        const object = objects.get(key);
        if (!object) {
          if (method === 'HEAD') return response.writeHead(404).end();
          return xmlError(response, 404, 'NoSuchKey', 'The specified key does not exist.');
        }
        response.writeHead(200, {
          'content-type': object.contentType,
          'content-length': object.body.length,
          etag: `"${createHash('md5').update(object.body).digest('hex')}"`,
          ...(object.cacheControl ? { 'cache-control': object.cacheControl } : {}),
        });
        return response.end(method === 'HEAD' ? undefined : object.body);
      }
      if (method !== 'PUT' && method !== 'DELETE')
        return xmlError(response, 405, 'MethodNotAllowed', 'The specified method is not allowed');
      const problem = signatureProblem(request, body, options);
      if (problem) return xmlError(response, 403, problem.code, problem.message);
      if (method === 'DELETE') {
        objects.delete(key);
        return response.writeHead(204).end();
      }
      if (putsBeforeFailing !== null && putsBeforeFailing-- <= 0) {
        return xmlError(
          response,
          500,
          'InternalError',
          'We encountered an internal error. Please try again.',
        );
      }
      const cacheControl = request.headers['cache-control'];
      objects.set(key, {
        body,
        contentType: String(request.headers['content-type'] ?? 'binary/octet-stream'),
        ...(cacheControl ? { cacheControl } : {}),
      });
      response.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` }).end();
    });
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const address = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${address.port}`,
    objects,
    log,
    failPuts(setting) {
      putsBeforeFailing = setting?.after ?? null;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

// Started as a program (Playwright, npm run dev): S3_STAND_IN_PORT and the S3_ settings.
if (import.meta.url === `file://${process.argv[1]}`) {
  const standIn = await startS3StandIn({
    port: Number(process.env.S3_STAND_IN_PORT ?? 3091),
    bucket: process.env.S3_BUCKET ?? 'agritools-media',
    region: process.env.S3_REGION ?? 'auto',
    accessKeyId: process.env.S3_ACCESS_KEY_ID ?? 'agritools-dev',
    secretAccessKey: process.env.S3_SECRET_ACCESS_KEY ?? 'agritools-dev-secret',
  });
  console.log(`S3 stand-in listening on ${standIn.url}`);
  const stop = () => void standIn.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
