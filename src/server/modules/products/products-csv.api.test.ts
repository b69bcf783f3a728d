import { eq, sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { beforeEach, describe, expect, it } from 'vitest';
import { products } from '../../db/schema.ts';
import { RARE_MATCHES, rareWords } from './search.repository.ts';
import { productImportReportSchema } from '../../../shared/schemas/product.schema.ts';
import {
  createCategory,
  createProduct,
  emptyCatalogue,
  wordOfThisRun,
} from '../../../../tests/factories/products.ts';
import { errorOf, useApiTest } from '../../../../tests/support/api-test.ts';

// Products to CSV and back (docs/decisions/030): admins only, every row checked like Add a
// Product, refused rows reported with their line, valid rows written together.
const t = useApiTest();
type Caller = { headers: Record<string, string> };

beforeEach(() => emptyCatalogue(t.app));

const exportCsv = (caller: Caller = t.callers.admin) =>
  t.app.inject({ method: 'GET', url: '/api/products/export.csv', headers: caller.headers });
const importCsv = (csv: string, caller: Caller = t.callers.admin, type = 'text/csv') =>
  t.app.inject({
    method: 'POST',
    url: '/api/products/import',
    headers: { ...caller.headers, 'content-type': type },
    payload: csv,
  });
const reportOf = (response: { json(): unknown }) => productImportReportSchema.parse(response.json());
/** The columns of a file made by hand: stock_was, which the export adds, left out. */
const HEADER = 'id,name,name_bn,description,description_bn,category,price,stock,min_order,rating,img';
const EXPORT_HEADER = HEADER.replace(',stock,', ',stock,stock_was,');
const row = (cells: Partial<Record<string, string>>) =>
  [
    cells.id ?? '',
    cells.name ?? 'Forged Hoe',
    cells.name_bn ?? '',
    cells.description ?? 'A hoe for the paddy',
    cells.description_bn ?? '',
    cells.category ?? '',
    cells.price ?? '12.5',
    cells.stock ?? '10',
    cells.min_order ?? '1',
    cells.rating ?? '4',
    cells.img ?? 'https://example.test/hoe.png',
  ].join(',');
/** The export's rows, as a spreadsheet opens them. */
const exportedRecords = async () =>
  parse((await exportCsv()).body, { bom: true, columns: true }) as Array<Record<string, string>>;
/** The stock of product `id` as orders taken meanwhile leave it. */
const stockLeftByOrders = (id: string, stock: number) =>
  t.app.db.update(products).set({ stock }).where(eq(products.id, id));
const stored = (id: string) =>
  t.app.db
    .select()
    .from(products)
    .where(eq(products.id, id))
    .then((rows) => rows[0]);

describe('GET /api/products/export.csv', () => {
  it('writes every product with a BOM, quoting, Bengali text and formula cells made harmless', async () => {
    const category = await createCategory(t.app, `Spraying ${Date.now()}`);
    const sprayer = await createProduct(t.app, {
      name: '=HYPERLINK("http://evil.test","Sprayer")',
      description: 'Brass lance, "adjustable" nozzle\nfor paddy',
      priceCents: 4599,
      stock: 12,
      categoryId: category.id,
    });
    await t.app.db.update(products).set({ nameBn: 'স্প্রেয়ার' }).where(eq(products.id, sprayer.id));
    const response = await exportCsv();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="agritools-products.csv"');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body.startsWith('\uFEFFid,name,name_bn,')).toBe(true);
    const [record] = parse(response.body, { bom: true, columns: true }) as Array<Record<string, string>>;
    expect(record).toMatchObject({
      id: sprayer.id,
      name: `'=HYPERLINK("http://evil.test","Sprayer")`,
      name_bn: 'স্প্রেয়ার',
      description: 'Brass lance, "adjustable" nozzle\nfor paddy',
      category: category.slug,
      price: '45.99',
      stock: '12',
      stock_was: '12',
    });
  });

  it('writes the header alone for an empty catalogue, so the file is a template to fill in', async () => {
    const response = await exportCsv();
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(`\uFEFF${EXPORT_HEADER}\r\n`);
  });

  it('is for admins only', async () => {
    expect((await exportCsv(t.callers.visitor)).statusCode).toBe(401);
    expect((await exportCsv(t.callers.customerA)).statusCode).toBe(403);
  });
});

describe('POST /api/products/import', () => {
  it('changes nothing when the export is imported again', async () => {
    const category = await createCategory(t.app, `Hand tools ${Date.now()}`);
    await createProduct(t.app, {
      name: '=1+1 Hoe',
      description: 'A forged hoe',
      categoryId: category.id,
      priceCents: 1999,
    });
    await createProduct(t.app, { name: 'Sickle, curved', description: 'Line one\nline two' });
    const before = await t.app.db.select().from(products).orderBy(products.id);
    const report = reportOf(await importCsv((await exportCsv()).body));
    expect(report).toEqual({ created: 0, updated: 2, refused: [] });
    const after = await t.app.db.select().from(products).orderBy(products.id);
    expect(after).toEqual(before);
  });

  it('keeps the units orders took since the export, and adds a restock in the file to them', async () => {
    const hoe = await createProduct(t.app, { name: 'Hoe', stock: 10 });
    const rake = await createProduct(t.app, { name: 'Rake', stock: 5 });
    const exported = await exportedRecords();
    // Orders take 3 hoes and a rake while the admin works on the file.
    await stockLeftByOrders(hoe.id, 7);
    await stockLeftByOrders(rake.id, 4);
    for (const record of exported) if (record.id === hoe.id) record.stock = '30';

    const report = reportOf(await importCsv(stringify(exported, { header: true })));
    expect(report).toEqual({ created: 0, updated: 2, refused: [] });
    expect(await stored(hoe.id)).toMatchObject({ stock: 27 });
    expect(await stored(rake.id)).toMatchObject({ stock: 4 });
  });

  it('refuses a row whose stock the orders since the export leave too low, and writes the rest', async () => {
    const hoe = await createProduct(t.app, { name: 'Hoe', stock: 3 });
    const rake = await createProduct(t.app, { name: 'Rake', stock: 5 });
    const exported = await exportedRecords();
    await stockLeftByOrders(hoe.id, 1);
    for (const record of exported) {
      record.name = `${record.name} renamed`;
      if (record.id === hoe.id) record.stock = '0';
    }

    const report = reportOf(await importCsv(stringify(exported, { header: true })));
    const hoeLine = 2 + exported.findIndex((record) => record.id === hoe.id);
    expect(report).toEqual({
      created: 0,
      updated: 1,
      refused: [{ line: hoeLine, id: hoe.id, errors: [expect.stringMatching(/^stock: Orders have taken/)] }],
    });
    expect(await stored(hoe.id)).toMatchObject({ name: 'Hoe', stock: 1 });
    expect(await stored(rake.id)).toMatchObject({ name: 'Rake renamed', stock: 5 });
  });

  it('refuses a stock_was that is not a stock', async () => {
    const hoe = await createProduct(t.app, { name: 'Hoe', stock: 3 });
    const csv = [EXPORT_HEADER, row({ id: hoe.id, stock: '5' }).replace(',5,', ',5,-2,')].join('\n');
    const report = reportOf(await importCsv(csv));
    expect(report.refused).toEqual([{ line: 2, id: hoe.id, errors: [expect.stringMatching(/^stockWas: /)] }]);
    expect(await stored(hoe.id)).toMatchObject({ name: 'Hoe', stock: 3 });
  });

  it('creates rows without an id and updates rows by id, and the catalogue shows them at once', async () => {
    const hoe = await createProduct(t.app, { name: 'Old Hoe', stock: 1 });
    const category = await createCategory(t.app, `Irrigation ${Date.now()}`);
    const csv = [
      HEADER,
      row({ id: hoe.id, name: 'Restocked Hoe', stock: '500', price: '14' }),
      row({ name: 'Drip Kit', name_bn: 'ড্রিপ কিট', category: category.slug, price: '89', stock: '7' }),
    ].join('\r\n');
    const report = reportOf(await importCsv(csv));
    expect(report).toEqual({ created: 1, updated: 1, refused: [] });
    expect(await stored(hoe.id)).toMatchObject({ name: 'Restocked Hoe', stock: 500, priceCents: 1400 });
    const list = (await t.app.inject({ method: 'GET', url: '/api/products' })).json() as Array<{
      name: string;
    }>;
    expect(list.map((p) => p.name).sort()).toEqual(['Drip Kit', 'Restocked Hoe']);
  });

  it("brings the catalogue's statistics up to date, so search knows at once the words it made common", async () => {
    // A word of this run alone, in 150 products: fewer than RARE_MATCHES, so only the table's
    // statistics (its most common words) can tell the search it is common.
    const word = wordOfThisRun();
    expect(RARE_MATCHES).toBeGreaterThan(150);
    const csv = [HEADER, ...Array.from({ length: 150 }, (_, n) => row({ name: `Hoe ${word} ${n}` }))];
    expect(reportOf(await importCsv(csv.join('\n')))).toEqual({ created: 150, updated: 0, refused: [] });
    expect((await rareWords(t.app.db, [word]))[0]).toMatchObject({ word, rare: false });
  });

  it('refuses bad rows with their line and reasons, and writes the good ones', async () => {
    const hoe = await createProduct(t.app, { name: 'Hoe', stock: 3 });
    const csv = [
      HEADER,
      row({ name: 'Good Rake', price: '9' }),
      row({ name: 'Ghost', id: '0b7d1a8e-5c3f-4e2a-9b6d-7f8e9a0b1c2d', price: '-1' }),
      row({ name: 'Negative', stock: '-5' }),
      row({ name: 'Odd category', category: 'no-such-category' }),
      row({ name: 'Free', price: 'abc' }),
      row({ name: '@SUM(A1:A9)' }),
      row({ id: hoe.id, name: '', stock: '9' }),
    ].join('\n');
    const report = reportOf(await importCsv(csv));
    expect(report.created).toBe(1);
    expect(report.updated).toBe(0);
    expect(report.refused.map((r) => r.line)).toEqual([3, 4, 5, 6, 7, 8]);
    const reasons = report.refused.map((r) => r.errors.join(' | '));
    // Every reason of a row at once.
    expect(reasons[0]).toMatch(/^id: No product has this id \| price: /);
    expect(reasons[1]).toMatch(/^stock: /);
    expect(reasons[2]).toContain('Unknown category');
    expect(reasons[3]).toMatch(/^price: /);
    expect(reasons[4]).toBe('name: A formula is not accepted');
    expect(reasons[5]).toMatch(/^name: /);
    expect(report.refused[5]!.id).toBe(hoe.id);
    // Refused rows changed nothing.
    expect(await stored(hoe.id)).toMatchObject({ name: 'Hoe', stock: 3 });
  });

  it('stores none of the valid rows when the database refuses one of them while writing', async () => {
    const hoe = await createProduct(t.app, { name: 'Hoe', stock: 3 });
    const rake = await createProduct(t.app, { name: 'Rake', stock: 4 });
    // A trigger stands in for a database failure half-way through the write.
    await t.app.db.execute(sql`
      CREATE OR REPLACE FUNCTION csv_import_test_fail() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'refused by the test'; END $$ LANGUAGE plpgsql`);
    await t.app.db.execute(sql`
      CREATE TRIGGER csv_import_test_fail BEFORE UPDATE ON products FOR EACH ROW
      WHEN (NEW.name = 'Trigger Trips Here') EXECUTE FUNCTION csv_import_test_fail()`);
    try {
      const csv = [
        HEADER,
        row({ id: hoe.id, name: 'Hoe', stock: '99' }),
        row({ name: 'New Sickle' }),
        row({ id: rake.id, name: 'Trigger Trips Here' }),
      ].join('\n');
      // The new row and the first update are written before the second update fails.
      const response = await importCsv(csv);
      expect(response.statusCode).toBe(500);
      expect(await stored(hoe.id)).toMatchObject({ stock: 3 });
      expect(await stored(rake.id)).toMatchObject({ name: 'Rake' });
      expect(await t.app.db.$count(products)).toBe(2);
    } finally {
      await t.app.db.execute(sql`DROP TRIGGER csv_import_test_fail ON products`);
      await t.app.db.execute(sql`DROP FUNCTION csv_import_test_fail()`);
    }
  });

  it('takes an Excel file: byte order mark, quoted commas and line breaks, Bengali', async () => {
    const csv = `\uFEFF${HEADER}\r\n,"Hoe, forged","কোদাল","Line one\r\nline two",,,12,5,1,4,https://example.test/h.png\r\n`;
    expect(reportOf(await importCsv(csv))).toEqual({ created: 1, updated: 0, refused: [] });
    const [product] = await t.app.db.select().from(products);
    expect(product).toMatchObject({
      name: 'Hoe, forged',
      nameBn: 'কোদাল',
      description: 'Line one\r\nline two',
    });
  });

  it('refuses files that are not a products CSV, other types, empty bodies and non-admins', async () => {
    for (const csv of ['name,colour\nHoe,red', 'id,name\n1,"unclosed']) {
      const response = await importCsv(csv);
      expect(response.statusCode, csv).toBe(400);
      expect(errorOf(response).code).toBe('VALIDATION_FAILED');
    }
    expect((await importCsv('')).statusCode).toBe(400);
    expect((await importCsv(HEADER, t.callers.admin, 'application/pdf')).statusCode).toBe(415);
    expect((await importCsv(HEADER, t.callers.customerA)).statusCode).toBe(403);
    expect((await importCsv(HEADER, t.callers.visitor)).statusCode).toBe(401);
    expect(await t.app.db.$count(products)).toBe(0);
  });

  it('refuses a file with more rows than one import takes with 413, and stores none of them', async () => {
    const many = [HEADER, ...Array.from({ length: 5001 }, (_, i) => row({ name: `Hoe ${i}` }))].join('\n');
    const response = await importCsv(many);
    expect(response.statusCode).toBe(413);
    expect(errorOf(response).code).toBe('PAYLOAD_TOO_LARGE');
    expect(await t.app.db.$count(products)).toBe(0);
  });

  it('refuses a file over the size limit with 413', async () => {
    const big = `${HEADER}\n${row({ description: 'x'.repeat(4000) })}\n`.repeat(1500);
    const response = await importCsv(big);
    expect(response.statusCode).toBe(413);
    expect(errorOf(response).code).toBe('PAYLOAD_TOO_LARGE');
  });
});
