import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { ProductBody } from './http.ts';
import { parseFeaturedFlag, validateProductInput } from './rules.ts';

/**
 * The routes let the shared rules word a body the schema refuses, so the schema must refuse only
 * what the rules refuse, and every wrong kind the rules name must be one the schema refuses too.
 */
const OWNER = '4f0c2a3e-8d1b-4c6e-9f7a-2b3c4d5e6f70';
const IMAGE = `/media/products/${OWNER}/${'a'.repeat(32)}.jpg`;

function verdicts(body: unknown): { readonly schema: boolean; readonly rules: boolean } {
  return {
    schema: Value.Check(ProductBody, body),
    rules: validateProductInput(body as Readonly<Record<string, unknown>>, { ownerId: OWNER }).ok,
  };
}

const ACCEPTED: readonly (readonly [string, Record<string, unknown>])[] = [
  ['a bare name', { name: 'Lamba' }],
  [
    'the whole form',
    {
      name: 'Halı',
      description: 'El dokuma',
      price: { value: 8750000.5, currency: 'TRY', isDisplayed: true, compareAtValue: 9000000 },
      images: [IMAGE, `https://kartvizit.example${IMAGE}?v=2`],
      externalLink: 'https://magaza.example.com/hali',
      url: '',
      actionButton: { type: 'whatsapp', label: 'Yaz', value: '0532 123 45 67' },
      category: 'Ev',
      tags: ['yün', 'el yapımı'],
      features: ['200x300'],
      stock: 3,
      isActive: true,
      featured: false,
    },
  ],
  ['numbers as text', { name: 'A', price: { value: '12', compareAtValue: '15,5' }, stock: '12' }],
  ['Turkish prices', { name: 'A', price: { value: '8.750.000,50' } }],
  ['a price grouped with spaces', { name: 'A', price: { value: '8 750 000' } }],
  ['a stock with spaces around it', { name: 'A', stock: ' 12 ' }],
  ['flags as text', { name: 'A', isActive: 'false', featured: 'true', price: { isDisplayed: 'false' } }],
  ['blank flags', { name: 'A', isActive: '', featured: null, price: { isDisplayed: '' } }],
  [
    'nulls everywhere',
    {
      name: 'A',
      description: null,
      price: null,
      images: null,
      externalLink: null,
      url: null,
      actionButton: null,
      category: null,
      tags: null,
      features: null,
      stock: null,
      isActive: null,
      featured: null,
    },
  ],
  [
    'null inside the price and button',
    {
      name: 'A',
      price: { value: null, currency: null, isDisplayed: null, compareAtValue: null },
      actionButton: { type: null, label: null, value: null },
    },
  ],
  ['blank texts', { name: 'A', stock: '', features: '', tags: '', price: { value: '' } }],
  ['tags as one text', { name: 'A', tags: 'yün, el yapımı' }],
  ['a price with a field of its own', { name: 'A', price: { value: 1, note: 5 } }],
  ['a button value that is not read', { name: 'A', actionButton: { type: 'none', value: 5 } }],
  [
    'the fields the web sends back',
    {
      name: 'A',
      _id: 'abc',
      user: 7,
      order: 'x',
      thumbnails: null,
      createdAt: {},
      updatedAt: [1],
    },
  ],
];

const WRONG_KINDS: readonly (readonly [string, unknown])[] = [
  ['a list as body', ['Lamba']],
  ['a text as body', 'Lamba'],
  ['null as body', null],
  ['a field the product does not have', { name: 'A', sahibi: 'ben' }],
  ['a name that is a number', { name: 42 }],
  ['a description that is a flag', { name: 'A', description: true }],
  ['a category that is a list', { name: 'A', category: ['Ev'] }],
  ['a link that is an object', { name: 'A', url: {} }],
  ['a price that is a number', { name: 'A', price: 5 }],
  ['a price that is a list', { name: 'A', price: [1] }],
  ['a price value that is a flag', { name: 'A', price: { value: true } }],
  ['a negative price', { name: 'A', price: { value: -5 } }],
  ['a compare-at price that is a list', { name: 'A', price: { compareAtValue: [1] } }],
  ['a currency that is a number', { name: 'A', price: { currency: 5 } }],
  ['a shown-price flag that is a word', { name: 'A', price: { isDisplayed: 'evet' } }],
  ['images that are text', { name: 'A', images: IMAGE }],
  ['an image that is a number', { name: 'A', images: [5] }],
  ['a button that is text', { name: 'A', actionButton: 'link' }],
  ['a button type that is a number', { name: 'A', actionButton: { type: 1 } }],
  ['a button label that is a number', { name: 'A', actionButton: { type: 'contact', label: 3 } }],
  ['tags with a number in them', { name: 'A', tags: ['iyi', 5] }],
  ['tags that are a number', { name: 'A', tags: 5 }],
  ['features that are text', { name: 'A', features: 'hafif' }],
  ['features with null in them', { name: 'A', features: [null] }],
  ['a stock with decimals', { name: 'A', stock: 1.5 }],
  ['a negative stock', { name: 'A', stock: -1 }],
  ['a stock that is a word', { name: 'A', stock: 'çok' }],
  ['a stock of spaces', { name: 'A', stock: '  ' }],
  ['a stock that is a flag', { name: 'A', stock: true }],
  ['an active flag that is a number', { name: 'A', isActive: 1 }],
  ['a featured flag that is a word', { name: 'A', featured: 'belki' }],
];

describe('ProductBody and the shared product rules', () => {
  it.each(ACCEPTED)('both take %s', (_case, body) => {
    expect(verdicts(body)).toEqual({ schema: true, rules: true });
  });

  it.each(WRONG_KINDS)('both refuse %s', (_case, body) => {
    // A body that is no object and an unknown field are the error handler's to answer, never the rules'.
    const schema = Value.Check(ProductBody, body);
    expect(schema).toBe(false);
    if (typeof body === 'object' && body !== null && !Array.isArray(body) && !('sahibi' in body)) {
      expect(verdicts(body)).toEqual({ schema: false, rules: false });
    }
  });

  it('a problem of content only is the rules’ to find', () => {
    expect(verdicts({ name: '' })).toEqual({ schema: true, rules: false });
    expect(verdicts({ name: 'A', price: { value: 'bedava' } })).toEqual({ schema: true, rules: false });
    expect(verdicts({ name: 'A', actionButton: { type: 'link', value: 5 } })).toEqual({ schema: true, rules: false });
  });

  it('a featured-only edit refuses what the schema refuses', () => {
    for (const featured of [true, false, 'true', 'false']) {
      expect([Value.Check(ProductBody, { featured }), parseFeaturedFlag(featured).ok]).toEqual([true, true]);
    }
    for (const featured of ['belki', 1, [], {}]) {
      expect([Value.Check(ProductBody, { featured }), parseFeaturedFlag(featured).ok]).toEqual([false, false]);
    }
  });
});
