import { beforeEach, describe, expect, it } from 'vitest';
import { products } from '../../db/schema.ts';
import { categoryListSchema } from '../../../shared/schemas/category.schema.ts';
import {
  catalogueProductListSchema,
  productDetailSchema,
  productListSchema,
} from '../../../shared/schemas/product.schema.ts';
import { productInput, emptyCatalogue } from '../../../../tests/factories/products.ts';
import { errorOf, useApiTest } from '../../../../tests/support/api-test.ts';

// Products and categories in Bengali beside English (docs/decisions/028): admins fill them in,
// Bengali pages read them with ?lang=bn, English stays the spec's, and search finds both.

const t = useApiTest();

beforeEach(() => emptyCatalogue(t.app, { categories: true }));

const admin = () => t.callers.admin.headers;
const get = (url: string) => t.app.inject({ method: 'GET', url });

async function addProduct(fields: Record<string, unknown>) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/product',
    headers: admin(),
    payload: { ...productInput(), ...fields },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ insertedId: string }>().insertedId;
}

const sprayer = {
  name: '16 L Knapsack Sprayer',
  description: 'Brass lance and adjustable nozzle.',
  nameBn: '১৬ লিটার ন্যাপস্যাক স্প্রে মেশিন',
  descriptionBn: 'পিতলের নল ও সামঞ্জস্যযোগ্য নজল।',
};

describe('Bengali product texts', () => {
  it('are stored beside the English, read in Bengali with ?lang=bn, and never change the spec list', async () => {
    const id = await addProduct(sprayer);
    const plainId = await addProduct({ name: 'Steel Bow Rake', description: 'Sixteen forged tines.' });

    const detail = productDetailSchema.parse((await get(`/api/product/${id}`)).json());
    expect(detail).toMatchObject({ ...sprayer, _id: id });

    const inBengali = productDetailSchema.parse((await get(`/api/product/${id}?lang=bn`)).json());
    expect(inBengali).toMatchObject({ name: sprayer.nameBn, description: sprayer.descriptionBn });

    // Where a product has no Bengali text, Bengali pages show the English.
    const plain = productDetailSchema.parse((await get(`/api/product/${plainId}?lang=bn`)).json());
    expect(plain).toMatchObject({ name: 'Steel Bow Rake', nameBn: null, descriptionBn: null });

    // The spec's list keeps its seven fields and English texts; ?lang=bn only swaps the texts.
    const english = await get('/api/products');
    expect(Object.keys(english.json<object[]>()[0]!).sort()).toEqual(
      ['_id', 'description', 'img', 'minOrder', 'name', 'price', 'rating', 'stock'].sort(),
    );
    expect(productListSchema.parse(english.json()).map((p) => p.name)).toEqual([
      sprayer.name,
      'Steel Bow Rake',
    ]);
    const bengali = productListSchema.parse((await get('/api/products?lang=bn')).json());
    expect(bengali.map((p) => p.name)).toEqual([sprayer.nameBn, 'Steel Bow Rake']);
    expect(bengali[0]).not.toHaveProperty('nameBn');
  });

  it('can be changed and cleared by editing, and an English read never shows them', async () => {
    const id = await addProduct(sprayer);
    const edit = (fields: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/product/${id}`,
        headers: admin(),
        payload: { ...productInput(), ...sprayer, ...fields },
      });
    expect((await edit({ nameBn: 'স্প্রে মেশিন' })).statusCode).toBe(200);
    expect(productDetailSchema.parse((await get(`/api/product/${id}?lang=bn`)).json()).name).toBe(
      'স্প্রে মেশিন',
    );
    expect((await edit({ nameBn: '', descriptionBn: '  ' })).statusCode).toBe(200);
    const cleared = productDetailSchema.parse((await get(`/api/product/${id}?lang=bn`)).json());
    expect(cleared).toMatchObject({ name: sprayer.name, nameBn: null, descriptionBn: null });
  });

  it('refuse what the English refuses: too long, not text; an unknown language is a 400', async () => {
    for (const fields of [{ nameBn: 'ক'.repeat(121) }, { descriptionBn: 'খ'.repeat(5001) }, { nameBn: 42 }]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/product',
        headers: admin(),
        payload: { ...productInput(), ...fields },
      });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).code).toBe('VALIDATION_FAILED');
    }
    const unknown = await get('/api/products?lang=fr');
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).message).toContain('lang');
    expect(await t.app.db.$count(products)).toBe(0);
  });
});

describe('search in Bengali', () => {
  it('finds a product by a Bengali word or its beginning, and answers in the language asked', async () => {
    await addProduct(sprayer);
    await addProduct({ name: 'Forged Steel Garden Hoe', nameBn: 'পেটানো ইস্পাতের নিড়ানি কোদাল' });
    const search = async (url: string) => {
      const response = await get(url);
      expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
      return catalogueProductListSchema.parse(response.json()).map((p) => p.name);
    };
    expect(await search(`/api/products?q=${encodeURIComponent('স্প্রে')}`)).toEqual([sprayer.name]);
    expect(await search(`/api/products?q=${encodeURIComponent('ন্যাপস্যা')}&lang=bn`)).toEqual([
      sprayer.nameBn,
    ]);
    expect(await search(`/api/products?q=${encodeURIComponent('কোদাল')}&lang=bn`)).toEqual([
      'পেটানো ইস্পাতের নিড়ানি কোদাল',
    ]);
    // Bengali digits read as the English ones: "১৬ লিটার" is "16 l…".
    expect(await search(`/api/products?q=${encodeURIComponent('১৬ লিটার')}`)).toEqual([sprayer.name]);
    // English words still find it, in Bengali on a Bengali page.
    expect(await search('/api/products?q=knapsack&lang=bn')).toEqual([sprayer.nameBn]);
  });
});

describe('Bengali category names', () => {
  it('are kept beside the English; renaming without one keeps it, an empty one clears it', async () => {
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/categories',
      headers: admin(),
      payload: { name: 'Spraying', nameBn: 'স্প্রে' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json<{ insertedId: string }>().insertedId;
    const nameBnOf = async () =>
      categoryListSchema.parse((await get('/api/categories')).json()).find((c) => c._id === id)?.nameBn;
    expect(await nameBnOf()).toBe('স্প্রে');
    const rename = (payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/categories/${id}`, headers: admin(), payload });
    expect((await rename({ name: 'Spraying and misting' })).statusCode).toBe(200);
    expect(await nameBnOf()).toBe('স্প্রে');
    expect((await rename({ name: 'Spraying', nameBn: '' })).statusCode).toBe(200);
    expect(await nameBnOf()).toBeNull();
  });
});
