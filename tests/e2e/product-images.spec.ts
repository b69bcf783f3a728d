import sharp from 'sharp';
import { messages } from '../../src/shared/messages.ts';
import { E2E_S3 } from '../../playwright.config.ts';
import { DESKTOP, MOBILE, expect, test } from './fixtures.ts';
import { ADMIN, signInAs } from './support/auth.ts';
import { addProduct } from './support/products.ts';

// Pictures (docs/decisions/027): an admin uploads one on Edit Product; the shop stores it as WebP
// at several widths in object storage (the S3 stand-in) and every card and page offers them all.

test('an admin uploads a picture; the card and the product page show it with srcset', async ({
  page,
  browser,
}) => {
  const product = await addProduct(browser, { price: 18.5, stock: 40, minOrder: 1 }, 'Pictured sickle');
  const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#3a7d44' } })
    .jpeg()
    .toBuffer();

  await signInAs(page, ADMIN, `/dashboard/editProduct/${product.id}`);
  await expect(page.getByText(messages.noPicturesYet)).toBeVisible();
  // A file that is not a picture is stopped before it is sent.
  await page.getByLabel(messages.pictureFile, { exact: true }).setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a picture'),
  });
  await page.getByRole('button', { name: messages.uploadPicture }).click();
  await expect(page.getByText(messages.pictureWrongType)).toBeVisible();

  await page.getByLabel(messages.pictureFile, { exact: true }).setInputFiles({
    name: 'sickle.jpg',
    mimeType: 'image/jpeg',
    buffer: photo,
  });
  await page.getByLabel(messages.pictureAlt, { exact: true }).fill('A sickle on green cloth');
  await page.getByRole('button', { name: messages.uploadPicture }).click();
  await expect(page.getByText(messages.pictureUploaded)).toBeVisible();
  const pictures = page.getByRole('list', { name: messages.pictures });
  await expect(pictures.getByRole('img', { name: 'A sickle on green cloth' })).toBeVisible();
  await expect(pictures.getByText(messages.shownInShop)).toBeVisible();

  const stored = new RegExp(`^${E2E_S3.endpoint}/${E2E_S3.bucket}/products/[0-9a-f]{32}-1280w\\.webp$`);
  for (const size of [MOBILE, DESKTOP]) {
    await page.setViewportSize(size);
    await page.goto(`/products?q=${encodeURIComponent(product.name)}`);
    const picture = page
      .getByRole('article', { name: product.name })
      .getByRole('img', { name: product.name });
    await expect(picture).toHaveAttribute('src', stored);
    await expect(picture).toHaveAttribute(
      'srcset',
      /-320w\.webp 320w, .*-640w\.webp 640w, .*-1280w\.webp 1280w$/,
    );
    await expect(picture).toHaveAttribute('sizes', /400px/);
    // The browser fetched one of the stored versions from the bucket, and no wider than needed.
    await picture.scrollIntoViewIfNeeded();
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => (img.complete ? img.currentSrc : '')))
      .toMatch(/-(320|640|1280)w\.webp$/);
    expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  }

  // The product page as the server draws it, then as the app draws it.
  const html = await (await page.request.get(`/product/${product.id}`)).text();
  expect(html).toMatch(/srcset="[^"]*-320w\.webp 320w, [^"]*-640w\.webp 640w, [^"]*-1280w\.webp 1280w"/);
  await page.goto(`/product/${product.id}`);
  const main = page.getByRole('article', { name: product.name }).getByRole('img', { name: product.name });
  await expect(main).toHaveAttribute('srcset', /1280w$/);
  await expect.poll(() => main.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});
