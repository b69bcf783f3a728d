import { createHash, randomUUID } from 'node:crypto';
import { access, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { AwsClient } from 'aws4fetch';
import type { Env } from '../../config/env.ts';

// Where uploaded pictures live (docs/decisions/027-product-images.md): a folder under DATA_DIR,
// served at /media, or an S3-compatible bucket. Keys are made by the server
// (`products/<hash>-<width>w.webp`), never from an uploaded file's name.

export interface MediaStorage {
  readonly kind: 'local' | 's3';
  /** The origin browsers read pictures from, when it is not the shop's own (for img-src). */
  readonly origin?: string;
  /** Stores an object; a key that is already stored is simply written again (same content). */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** True when the key is stored. */
  has(key: string): Promise<boolean>;
  /** Removes an object; a missing one is not an error. */
  remove(key: string): Promise<void>;
  /** The address browsers read the object at. */
  url(key: string): string;
  /** The key of one of this storage's addresses, or undefined for any other address. */
  keyOf(url: string): string | undefined;
}

/** Served for ever: the names change with the content. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const KEY = /^[a-z]+\/[0-9a-f]{32}-\d{1,5}w\.webp$/;

function checkedKey(key: string): string {
  // Keys come from the server alone; anything else is a bug, never a path on disk.
  if (!KEY.test(key)) throw new Error(`not a media key: ${key}`);
  return key;
}

/** The folder under DATA_DIR the local storage writes to. */
export const mediaFolder = (dataDir: string) => resolve(dataDir, 'media');

export function localStorage(dataDir: string, prefix = '/media/'): MediaStorage {
  const root = mediaFolder(dataDir);
  const fileOf = (key: string) => {
    const file = resolve(root, checkedKey(key));
    if (!file.startsWith(root + sep)) throw new Error(`media key outside its folder: ${key}`);
    return file;
  };
  return {
    kind: 'local',
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(dirname(file), { recursive: true });
      // Written beside and renamed: a reader never sees half a file.
      const temporary = join(dirname(file), `.${randomUUID()}.part`);
      try {
        await writeFile(temporary, body);
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async has(key) {
      try {
        await access(fileOf(key));
        return true;
      } catch {
        return false;
      }
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
    url: (key) => `${prefix}${checkedKey(key)}`,
    keyOf(url) {
      if (!url.startsWith(prefix)) return undefined;
      const key = url.slice(prefix.length);
      return KEY.test(key) ? key : undefined;
    },
  };
}

export interface S3Settings {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  publicUrl?: string;
}

/** S3, R2, MinIO or any store that speaks S3's REST protocol, signed with SigV4 (aws4fetch). */
export function s3Storage(settings: S3Settings, fetchImpl: typeof fetch = fetch): MediaStorage {
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    region: settings.region,
    service: 's3',
    retries: 2,
  });
  const objectUrl = (key: string) =>
    `${settings.endpoint.replace(/\/$/, '')}/${settings.bucket}/${checkedKey(key)}`;
  const publicBase = `${(settings.publicUrl ?? `${settings.endpoint.replace(/\/$/, '')}/${settings.bucket}`).replace(/\/$/, '')}/`;
  const send = async (key: string, init: RequestInit & { headers?: Record<string, string> }) => {
    const request = await client.sign(objectUrl(key), init);
    return fetchImpl(request);
  };
  const failed = async (what: string, response: Response) =>
    new Error(`S3 ${what} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  return {
    kind: 's3',
    origin: new URL(publicBase).origin,
    async put(key, body, contentType) {
      const response = await send(key, {
        method: 'PUT',
        body: new Uint8Array(body),
        headers: {
          'content-type': contentType,
          'cache-control': MEDIA_CACHE_CONTROL,
          // The payload is signed too: the store refuses a body changed on the way.
          'x-amz-content-sha256': createHash('sha256').update(body).digest('hex'),
        },
      });
      if (!response.ok) throw await failed('PUT', response);
      await response.body?.cancel();
    },
    async has(key) {
      const response = await send(key, { method: 'HEAD' });
      await response.body?.cancel();
      if (response.status === 404) return false;
      if (!response.ok) throw new Error(`S3 HEAD answered ${response.status}`);
      return true;
    },
    async remove(key) {
      const response = await send(key, { method: 'DELETE' });
      if (!response.ok && response.status !== 404) throw await failed('DELETE', response);
      await response.body?.cancel();
    },
    url: (key) => `${publicBase}${checkedKey(key)}`,
    keyOf(url) {
      if (!url.startsWith(publicBase)) return undefined;
      const key = url.slice(publicBase.length);
      return KEY.test(key) ? key : undefined;
    },
  };
}

/** The storage the settings choose: S3 when its variables are set, else DATA_DIR/media. */
export function mediaStorageFrom(env: Env): MediaStorage {
  if (env.S3_ENDPOINT && env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY && env.S3_REGION) {
    return s3Storage({
      endpoint: env.S3_ENDPOINT,
      bucket: env.S3_BUCKET,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      region: env.S3_REGION,
      ...(env.S3_PUBLIC_URL ? { publicUrl: env.S3_PUBLIC_URL } : {}),
    });
  }
  return localStorage(env.DATA_DIR);
}
