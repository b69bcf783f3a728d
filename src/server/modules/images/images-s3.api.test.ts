import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { AwsClient } from 'aws4fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productImages, products } from '../../db/schema.ts';
import { productImageSchema } from '../../../shared/schemas/image.schema.ts';
import { createProduct } from '../../../../tests/factories/products.ts';
import { createCallers } from '../../../../tests/factories/users.ts';
import { errorOf } from '../../../../tests/support/api-test.ts';
import { jpegWithGps, multipart, png } from '../../../../tests/support/pictures.ts';
import { startS3StandIn, type S3StandIn } from '../../../../tests/support/s3-stand-in.ts';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';

// Pictures in S3-compatible storage, against the local stand-in that checks every write's
// SigV4 signature (tests/support/s3-stand-in.ts).

const credentials = {
  accessKeyId: 'test-key',
  secretAccessKey: 'test-secret-key-0123456789',
  region: 'auto',
};
const bucket = 'agritools-test';
let standIn: S3StandIn;
let running: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  standIn = await startS3StandIn({ bucket, ...credentials });
  running = await createTestApp({
    S3_ENDPOINT: standIn.url,
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: credentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    S3_REGION: credentials.region,
    S3_PUBLIC_URL: `${standIn.url}/${bucket}/`,
  });
  admin = (await createCallers(running.app)).admin.headers;
});
afterAll(async () => {
  await running?.close();
  await standIn?.close();
});

async function upload(productId: string, data: Buffer, filename = 'photo.jpg', type = 'image/jpeg') {
  const body = await multipart({ data, filename, type }, { alt: 'A sickle' });
  return running.app.inject({
    method: 'POST',
    url: `/api/product/${productId}/images`,
    headers: { ...admin, ...body.headers },
    payload: body.payload,
  });
}

describe('pictures in S3-compatible storage', () => {
  it('the stand-in refuses a write signed with the wrong secret or a changed body', async () => {
    const wrong = new AwsClient({ ...credentials, secretAccessKey: 'not-the-secret', service: 's3' });
    const url = `${standIn.url}/${bucket}/products/${'a'.repeat(32)}-320w.webp`;
    const forged = await wrong.fetch(url, { method: 'PUT', body: 'x' });
    expect(forged.status).toBe(403);
    expect(await forged.text()).toContain('SignatureDoesNotMatch');
    const right = new AwsClient({ ...credentials, service: 's3' });
    const signed = await right.sign(url, {
      method: 'PUT',
      body: 'x',
      headers: { 'x-amz-content-sha256': createHash('sha256').update('y').digest('hex') },
    });
    const changed = await fetch(signed);
    expect(changed.status).toBe(403);
    expect(standIn.objects.size).toBe(0);
  });

  it('stores signed WebP versions in the bucket, with immutable caching, and img points at the public address', async () => {
    const productId = (await createProduct(running.app, { name: 'Sickle' }))._id;
    const response = await upload(productId, await jpegWithGps(1600, 1200));
    expect(response.statusCode).toBe(201);
    const image = productImageSchema.parse(response.json());
    expect(image.url).toMatch(new RegExp(`^${standIn.url}/${bucket}/products/[0-9a-f]{32}-1200w\\.webp$`));
    expect([...standIn.objects.keys()].sort()).toEqual(
      ['1200', '320', '640'].map((w) =>
        expect.stringMatching(new RegExp(`^products/[0-9a-f]{32}-${w}w\\.webp$`)),
      ),
    );
    for (const entry of image.srcset.split(', ')) {
      const [url = ''] = entry.split(' ');
      const file = await fetch(url);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/webp');
      expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const metadata = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
      expect(metadata.format).toBe('webp');
      expect(metadata.exif).toBeUndefined();
    }
    const product = await running.app.inject({ method: 'GET', url: `/api/product/${productId}` });
    expect(product.json()).toMatchObject({ img: image.url });
    // The bucket's origin may show pictures on the shop's pages.
    expect(product.headers['content-security-policy']).toContain(
      `img-src 'self' data: https: ${standIn.url}`,
    );
    // Nothing was written locally.
    expect((await running.app.inject({ method: 'GET', url: '/media/products/x.webp' })).statusCode).toBe(404);

    const removed = await running.app.inject({
      method: 'DELETE',
      url: `/api/product/${productId}/images/${image.id}`,
      headers: admin,
    });
    expect(removed.statusCode).toBe(200);
    expect(standIn.objects.size).toBe(0);
  });

  it('leaves nothing half-stored when the bucket fails part-way: no objects, no row, img unchanged (503)', async () => {
    const productId = (await createProduct(running.app, { name: 'Hoe', img: 'https://example.test/hoe.jpg' }))
      ._id;
    await running.app.db.delete(productImages);
    // The first version is stored, every later one refused (the client's own retries included).
    const before = standIn.log.length;
    standIn.failPuts({ after: 1 });
    const response = await upload(productId, await png(1400, 900), 'hoe.png', 'image/png').finally(() =>
      standIn.failPuts(null),
    );
    expect(response.statusCode).toBe(503);
    expect(errorOf(response).code).toBe('UNAVAILABLE');
    expect(standIn.log.slice(before).some((line) => line.startsWith('PUT') && line.endsWith(' 200'))).toBe(
      true,
    );
    expect(standIn.objects.size).toBe(0);
    expect(await running.app.db.select().from(productImages)).toEqual([]);
    const [row] = await running.app.db
      .select({ img: products.img })
      .from(products)
      .where(eq(products.id, productId));
    expect(row?.img).toBe('https://example.test/hoe.jpg');
  });
});
