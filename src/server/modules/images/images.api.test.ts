import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { orders, productImages, products } from '../../db/schema.ts';
import { productImageSchema, productImageListSchema } from '../../../shared/schemas/image.schema.ts';
import { productListSchema } from '../../../shared/schemas/product.schema.ts';
import { IMAGE_UPLOAD_MAX_BYTES, imageSrcSet } from '../../../shared/media.ts';
import { createProduct, emptyCatalogue } from '../../../../tests/factories/products.ts';
import { errorOf, useApiTest } from '../../../../tests/support/api-test.ts';
import {
  jpegWithGps,
  multipart,
  pixelBomb,
  png,
  svg,
  webp,
  type FilePart,
} from '../../../../tests/support/pictures.ts';
import { NO_NUL_MESSAGE } from '../../../shared/schemas/common.schema.ts';

const t = useApiTest();
const ORIGINAL_IMG = 'https://example.test/sprayer.jpg';
let productId: string;
beforeEach(async () => {
  await emptyCatalogue(t.app);
  // Deleting products leaves their files (a product's removal does not clear its pictures yet).
  rmSync(join(t.dataDir, 'media', 'products'), { recursive: true, force: true });
  productId = (await createProduct(t.app, { name: 'Knapsack Sprayer', img: ORIGINAL_IMG }))._id;
});

const UNKNOWN_ID = '0b7d1a8e-5c3f-4e2a-9b6d-7f8e9a0b1c2d';

async function upload(
  file: FilePart | undefined,
  options: { id?: string; headers?: Record<string, string>; alt?: string } = {},
) {
  const body = await multipart(file, options.alt === undefined ? {} : { alt: options.alt });
  return t.app.inject({
    method: 'POST',
    url: `/api/product/${options.id ?? productId}/images`,
    headers: { ...(options.headers ?? t.callers.admin.headers), ...body.headers },
    payload: body.payload,
  });
}

/** Every file under DATA_DIR/media, relative to it. */
function mediaFiles(): string[] {
  const root = join(t.dataDir, 'media');
  if (!existsSync(root)) return [];
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : [relative(root, join(dir, entry.name))],
    );
  return walk(root).sort();
}

const imageRows = async () => t.app.db.select().from(productImages);
const productImg = async (id = productId) =>
  (await t.app.db.select({ img: products.img }).from(products).where(eq(products.id, id)))[0]?.img;

/** Nothing of a refused upload is left: no file, no row, the product's img untouched. */
async function expectNothingStored() {
  expect(mediaFiles()).toEqual([]);
  expect(await imageRows()).toEqual([]);
  expect(await productImg()).toBe(ORIGINAL_IMG);
}

describe('POST /api/product/{id}/images: a good picture', () => {
  it('stores upright WebP versions at 320, 640 and 1280 pixels without EXIF or GPS, and the product shows the widest', async () => {
    const original = await jpegWithGps(1600, 1200);
    const before = await sharp(original).metadata();
    expect(before.exif).toBeDefined(); // the upload really carries metadata
    expect(before.orientation).toBe(6);

    const response = await upload(
      { data: original, filename: 'field photo.jpg', type: 'image/jpeg' },
      { alt: 'Sprayer on a rice field' },
    );
    expect(response.statusCode).toBe(201);
    const image = productImageSchema.parse(response.json());
    expect(image.alt).toBe('Sprayer on a rice field');
    // Turned upright by its orientation tag: 1200 wide × 1600 high, so 1280 wide is not reached.
    expect(image.width).toBe(1200);
    expect(image.height).toBe(1600);
    expect(image.url).toMatch(/^\/media\/products\/[0-9a-f]{32}-1200w\.webp$/);
    const widths = image.srcset.split(', ').map((entry) => entry.split(' ')[1]);
    expect(widths).toEqual(['320w', '640w', '1200w']);
    expect(image.srcset).toBe(imageSrcSet(image.url));

    for (const entry of image.srcset.split(', ')) {
      const [url = '', width = ''] = entry.split(' ');
      const file = await t.app.inject({ method: 'GET', url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const stored = await sharp(file.rawPayload).metadata();
      expect(stored.format).toBe('webp');
      expect(`${stored.width}w`).toBe(width);
      expect(stored.height).toBeGreaterThan(stored.width); // portrait: the orientation was applied
      expect(stored.exif).toBeUndefined();
      expect(stored.xmp).toBeUndefined();
      expect(stored.icc).toBeUndefined();
      expect(stored.orientation).toBeUndefined();
      expect(file.rawPayload.includes(Buffer.from('secret-owner'))).toBe(false);
      expect(file.rawPayload.includes(Buffer.from('AgriCam'))).toBe(false);
    }

    // The spec's payloads keep their shape; img is the widest stored version.
    expect(await productImg()).toBe(image.url);
    const list = productListSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/products' })).json(),
    );
    expect(list.find((p) => p._id === productId)?.img).toBe(image.url);
    const one = await t.app.inject({ method: 'GET', url: `/api/product/${productId}` });
    expect(one.json()).toMatchObject({ _id: productId, img: image.url });
    const listed = productImageListSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/product/${productId}/images` })).json(),
    );
    expect(listed).toEqual([image]);
  });

  it('takes PNG and WebP, never wider than the picture, and a large one at every width', async () => {
    const small = productImageSchema.parse(
      (await upload({ data: await png(500, 400), filename: 'hoe.png', type: 'image/png' })).json(),
    );
    expect(small.srcset.split(', ').map((entry) => entry.split(' ')[1])).toEqual(['320w', '500w']);
    const large = productImageSchema.parse(
      (await upload({ data: await webp(2000, 1000), filename: 'hoe.webp', type: 'image/webp' })).json(),
    );
    expect(large.srcset.split(', ').map((entry) => entry.split(' ')[1])).toEqual(['320w', '640w', '1280w']);
    expect([large.width, large.height]).toEqual([1280, 640]);
    expect(mediaFiles()).toHaveLength(5);
    // The newest picture is the product's img.
    expect(await productImg()).toBe(large.url);
  });

  it('never lets the file name reach the storage: path tricks are only names', async () => {
    for (const filename of [
      '../../../etc/passwd.png',
      '..\\..\\server.png',
      '/etc/shadow.png',
      '%2e%2e%2fx.png',
      'a\u0000b.png',
    ]) {
      const response = await upload({ data: await png(330, 300), filename, type: 'image/png' });
      expect(response.statusCode, filename).toBe(201);
      expect(productImageSchema.parse(response.json()).url).toMatch(
        /^\/media\/products\/[0-9a-f]{32}-330w\.webp$/,
      );
    }
    // The same picture each time: one content-addressed pair of files, nothing anywhere else.
    expect(mediaFiles()).toEqual([
      expect.stringMatching(/^products\/[0-9a-f]{32}-320w\.webp$/),
      expect.stringMatching(/^products\/[0-9a-f]{32}-330w\.webp$/),
    ]);
  });

  it('never serves a file outside the media folder, however the path is written', async () => {
    writeFileSync(join(t.dataDir, 'outside.json'), '{"secret":"TOP-SECRET"}');
    for (const url of [
      '/media/../outside.json',
      '/media/%2e%2e/outside.json',
      '/media/products/..%2f..%2foutside.json',
      '/media/%2e%2e%2foutside.json',
      '/media/products/%252e%252e/%252e%252e/outside.json',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.body, url).not.toContain('TOP-SECRET');
      expect(response.statusCode, url).not.toBe(200);
    }
  });
});

describe('POST /api/product/{id}/images: bad uploads are refused and nothing is stored', () => {
  it('refuses a file that is not a picture (415)', async () => {
    const response = await upload({
      data: Buffer.from('hello, just text'),
      filename: 'photo.jpg',
      type: 'image/jpeg',
    });
    expect(response.statusCode).toBe(415);
    expect(errorOf(response)).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    await expectNothingStored();
  });

  it('refuses a file that lies about its type, by declared type or by name (415)', async () => {
    const data = await png();
    for (const file of [
      { data, filename: 'photo.jpg', type: 'image/png' },
      { data, filename: 'photo.png', type: 'image/jpeg' },
      { data, filename: 'photo.png.exe', type: 'image/png' },
    ]) {
      const response = await upload(file);
      expect(response.statusCode, file.filename + file.type).toBe(415);
      expect(errorOf(response).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    await expectNothingStored();
  });

  it('refuses SVG, even named and typed as one (415)', async () => {
    for (const file of [
      { data: svg, filename: 'logo.svg', type: 'image/svg+xml' },
      { data: svg, filename: 'logo.png', type: 'image/png' },
    ]) {
      const response = await upload(file);
      expect(response.statusCode).toBe(415);
      expect(errorOf(response).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    await expectNothingStored();
  });

  it('refuses a file over 10 MB (413)', async () => {
    const data = Buffer.concat([await png(), Buffer.alloc(IMAGE_UPLOAD_MAX_BYTES)]);
    const response = await upload({ data, filename: 'huge.png', type: 'image/png' });
    expect(response.statusCode).toBe(413);
    expect(errorOf(response)).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The file is larger than 10 MB',
    });
    await expectNothingStored();
  });

  it('refuses a pixel bomb: a tiny file that would decode to 900 million pixels (413)', async () => {
    const response = await upload({ data: pixelBomb(), filename: 'bomb.png', type: 'image/png' });
    expect(response.statusCode).toBe(413);
    expect(errorOf(response).code).toBe('PAYLOAD_TOO_LARGE');
    expect(errorOf(response).message).toContain('30000 × 30000');
    await expectNothingStored();
  });

  it('refuses a truncated picture (422), no file, no picture, two files or no multipart (400/413/415)', async () => {
    const broken = (await png(600, 600)).subarray(0, 200);
    const truncated = await upload({ data: broken, filename: 'cut.png', type: 'image/png' });
    expect(truncated.statusCode).toBe(422);
    expect(errorOf(truncated).code).toBe('UNPROCESSABLE');

    const none = await upload(undefined, { alt: 'nothing' });
    expect(none.statusCode).toBe(400);
    expect(errorOf(none).details).toEqual([{ path: 'body.file', message: 'Choose a picture to upload' }]);

    const form = new FormData();
    const data = new Uint8Array(await png());
    form.append('file', new Blob([data], { type: 'image/png' }), 'a.png');
    form.append('file', new Blob([data], { type: 'image/png' }), 'b.png');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const two = await t.app.inject({
      method: 'POST',
      url: `/api/product/${productId}/images`,
      headers: { ...t.callers.admin.headers, 'content-type': request.headers.get('content-type') ?? '' },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(two.statusCode).toBe(413);
    expect(errorOf(two).code).toBe('PAYLOAD_TOO_LARGE');

    const json = await t.app.inject({
      method: 'POST',
      url: `/api/product/${productId}/images`,
      headers: t.callers.admin.headers,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect(errorOf(json).code).toBe('UNSUPPORTED_MEDIA_TYPE');

    const longAlt = await upload(
      { data: await png(), filename: 'a.png', type: 'image/png' },
      { alt: 'x'.repeat(201) },
    );
    expect(longAlt.statusCode).toBe(400);
    expect(errorOf(longAlt).details).toEqual([{ path: 'body.alt', message: 'At most 200 characters' }]);
    // PostgreSQL text holds no NUL: a 400 that says so, not a 503 that asks to try again.
    const nulAlt = await upload(
      { data: await png(), filename: 'a.png', type: 'image/png' },
      { alt: 'a\u0000b' },
    );
    expect(nulAlt.statusCode).toBe(400);
    expect(errorOf(nulAlt).details).toEqual([{ path: 'body.alt', message: NO_NUL_MESSAGE }]);
    await expectNothingStored();
  });

  it('is for admins only: 401 for visitors, 403 for customers; 404 for an unknown product, 400 for a bad id', async () => {
    const file = { data: await png(), filename: 'a.png', type: 'image/png' };
    const visitor = await upload(file, { headers: {} });
    expect(visitor.statusCode).toBe(401);
    expect(errorOf(visitor).code).toBe('UNAUTHENTICATED');
    const customer = await upload(file, { headers: t.callers.customerA.headers });
    expect(customer.statusCode).toBe(403);
    expect(errorOf(customer).code).toBe('FORBIDDEN');
    const unknown = await upload(file, { id: UNKNOWN_ID });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).code).toBe('NOT_FOUND');
    const badId = await upload(file, { id: 'not-a-uuid' });
    expect(badId.statusCode).toBe(400);
    await expectNothingStored();
  });
});

describe('DELETE /api/product/{id}/images/{imageId}', () => {
  it('removes the picture and its files; img falls back to the newer picture, then to the address before', async () => {
    const first = productImageSchema.parse(
      (await upload({ data: await png(400, 300), filename: 'a.png', type: 'image/png' })).json(),
    );
    const second = productImageSchema.parse(
      (await upload({ data: await webp(700, 500), filename: 'b.webp', type: 'image/webp' })).json(),
    );
    expect(await productImg()).toBe(second.url);

    const remove = (imageId: string, headers: Record<string, string> = t.callers.admin.headers) =>
      t.app.inject({ method: 'DELETE', url: `/api/product/${productId}/images/${imageId}`, headers });
    expect((await remove(first.id, {})).statusCode).toBe(401);
    expect((await remove(first.id, t.callers.customerB.headers)).statusCode).toBe(403);

    const removedFirst = await remove(first.id);
    expect(removedFirst.statusCode).toBe(200);
    expect(removedFirst.json()).toEqual({ deletedCount: 1 });
    expect(await productImg()).toBe(second.url);
    expect((await t.app.inject({ method: 'GET', url: first.url })).statusCode).toBe(404);

    expect((await remove(second.id)).statusCode).toBe(200);
    expect(await productImg()).toBe(ORIGINAL_IMG);
    await expectNothingStored();
    const again = await remove(second.id);
    expect(again.statusCode).toBe(404);
    expect(errorOf(again).code).toBe('NOT_FOUND');
  });

  it("keeps the files an order's copy of img still shows", async () => {
    const image = productImageSchema.parse(
      (await upload({ data: await png(400, 300), filename: 'a.png', type: 'image/png' })).json(),
    );
    const [product] = await t.app.db.select().from(products).where(eq(products.id, productId));
    if (!product) throw new Error('no product');
    await t.app.db.insert(orders).values({
      productId,
      name: 'A Buyer',
      email: 'buyer@example.test',
      productName: product.name,
      quantity: 1,
      phone: '01700000000',
      address: 'Dhaka',
      img: product.img,
      priceCents: product.priceCents,
    });
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/product/${productId}/images/${image.id}`,
      headers: t.callers.admin.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(await productImg()).toBe(ORIGINAL_IMG);
    expect((await t.app.inject({ method: 'GET', url: image.url })).statusCode).toBe(200);
  });
});
