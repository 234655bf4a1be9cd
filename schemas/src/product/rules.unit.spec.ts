import { describe, expect, it } from 'vitest';
import { PRODUCT_MESSAGES } from './messages.ts';
import { formatProductMoney, parseProductMoney, validateProductInput } from './rules.ts';

const owner = '5f0c8f6e-6b8f-4b7e-9a5e-2f1f0b7c9d11';
const check = (body: Record<string, unknown>) => validateProductInput(body, { ownerId: owner });
const refusal = (body: Record<string, unknown>) => {
  const result = check(body);
  return result.ok ? null : { message: result.message, field: result.field };
};

describe('the product rules (SPEC §5)', () => {
  it('a name alone is a product, with the SPEC defaults', () => {
    const result = check({ name: '  Lamba ' });
    expect(result).toEqual({
      ok: true,
      value: {
        isActive: true,
        featured: false,
        product: {
          name: 'Lamba',
          description: '',
          price: { value: 0, currency: 'TRY', isDisplayed: true, compareAtValue: null },
          images: [],
          externalLink: '',
          url: '',
          actionButton: { type: 'none', label: 'İletişime Geç', value: '' },
          category: '',
          tags: [],
          features: [],
          stock: null,
          translations: {},
          kind: 'product',
          listing: null,
        },
      },
    });
  });

  it('the name is required', () => {
    expect(refusal({ name: '   ' })).toEqual({ message: PRODUCT_MESSAGES.productNameRequired, field: 'name' });
  });

  it.each([
    // A JSON number, as an API client sends it.
    [12, 12],
    [12.5, 12.5],
    [8750000.5, 8750000.5],
    [0.01, 0.01],
    [0, 0],
    // Text the way a Turkish owner types it: thousands with '.' or a space, decimals after ','.
    ['8750000', 8750000],
    ['8.750.000', 8750000],
    ['8.750.000,00', 8750000],
    ['8.750.000,5', 8750000.5],
    ['8 750 000', 8750000],
    ['8\u00a0750\u202f000,50', 8750000.5],
    ['12,5', 12.5],
    [' 1250,50 ', 1250.5],
    // '.' then three digits is a thousands group, the Turkish reading.
    ['8.750', 8750],
    ['1.005', 1005],
    // A single '.' with one or two digits cannot be a group: a decimal point, as an API client may send text.
    ['12.50', 12.5],
    ['8750000.50', 8750000.5],
    ['', null],
    ['  ', null],
    [null, null],
  ])('price %j is %s', (value, expected) => {
    expect(parseProductMoney(value)).toEqual({ ok: true, value: expected });
  });

  it.each([
    [-1, PRODUCT_MESSAGES.productPriceInvalid],
    ['-5', PRODUCT_MESSAGES.productPriceInvalid],
    [1.005, PRODUCT_MESSAGES.productPriceStep],
    ['12,505', PRODUCT_MESSAGES.productPriceStep],
    ['8.750.000,505', PRODUCT_MESSAGES.productPriceStep],
    ['1234.567', PRODUCT_MESSAGES.productPriceStep],
    ['1e3', PRODUCT_MESSAGES.productPriceInvalid],
    ['8,750,000', PRODUCT_MESSAGES.productPriceInvalid],
    ['8.75.000', PRODUCT_MESSAGES.productPriceInvalid],
    ['8.750 000', PRODUCT_MESSAGES.productPriceInvalid],
    ['87.50.00', PRODUCT_MESSAGES.productPriceInvalid],
    ['8.750.000,', PRODUCT_MESSAGES.productPriceInvalid],
    ['₺8.750.000', PRODUCT_MESSAGES.productPriceInvalid],
    ['bedava', PRODUCT_MESSAGES.productPriceInvalid],
    [true, PRODUCT_MESSAGES.productPriceInvalid],
    [Number.NaN, PRODUCT_MESSAGES.productPriceInvalid],
    [1e12, PRODUCT_MESSAGES.productPriceTooHigh],
    ['1.000.000.000', PRODUCT_MESSAGES.productPriceTooHigh],
  ])('price %j is refused', (value, message) => {
    expect(parseProductMoney(value)).toEqual({ ok: false, message });
  });

  it.each([
    [8750000, '8.750.000'],
    [8750000.5, '8.750.000,50'],
    [12.05, '12,05'],
    [999, '999'],
    [0, '0'],
  ])('%s is shown as %s, and read back to itself', (value, shown) => {
    expect(formatProductMoney(value)).toBe(shown);
    expect(parseProductMoney(shown)).toEqual({ ok: true, value });
  });

  it('the whole form takes a Turkish price and its compare-at price, and keeps the API field names', () => {
    const result = check({
      name: 'Daire',
      price: { value: '8.750.000', compareAtValue: '9 250 000,50', currency: 'TRY' },
    });
    expect(result.ok && result.value.product.price).toEqual({
      value: 8750000,
      currency: 'TRY',
      isDisplayed: true,
      compareAtValue: 9250000.5,
    });
    expect(refusal({ name: 'Daire', price: { value: '8,750,000' } })).toEqual({
      message: PRODUCT_MESSAGES.productPriceInvalid,
      field: 'price.value',
    });
  });

  it.each(['05321234567', '0532 123 45 67', '(0532) 123-45-67', '+90 532 123 45 67', '905321234567', '5321234567'])(
    'the WhatsApp number %j, as every phone field takes it, is stored as 905321234567',
    (value) => {
      const result = check({ name: 'A', actionButton: { type: 'whatsapp', value } });
      expect(result.ok && result.value.product.actionButton.value).toBe('905321234567');
    },
  );

  it('a foreign WhatsApp number is stored in its international digits; a number that is none is refused', () => {
    const result = check({ name: 'A', actionButton: { type: 'whatsapp', value: '+49 151 23456789' } });
    expect(result.ok && result.value.product.actionButton.value).toBe('4915123456789');
    expect(refusal({ name: 'A', actionButton: { type: 'whatsapp', value: '12345' } })).toEqual({
      message: PRODUCT_MESSAGES.productWhatsappInvalid,
      field: 'actionButton.value',
    });
  });

  it('a currency outside TRY, USD, EUR, GBP is refused; lower case is read as upper', () => {
    expect(refusal({ name: 'A', price: { value: 1, currency: 'JPY' } })).toEqual({
      message: PRODUCT_MESSAGES.productCurrencyInvalid,
      field: 'price.currency',
    });
    const result = check({ name: 'A', price: { value: 1, currency: 'usd' } });
    expect(result.ok && result.value.product.price.currency).toBe('USD');
  });

  it('links must be http(s)', () => {
    expect(refusal({ name: 'A', externalLink: 'javascript:alert(1)' })).toEqual({
      message: PRODUCT_MESSAGES.productUrlInvalid,
      field: 'externalLink',
    });
    expect(refusal({ name: 'A', url: 'ftp://ornek.com' })).toEqual({
      message: PRODUCT_MESSAGES.productUrlInvalid,
      field: 'url',
    });
    expect(check({ name: 'A', url: 'https://ornek.com/urun' }).ok).toBe(true);
  });

  it('the action button: a WhatsApp number in its international digits, Instagram without @, a link URL', () => {
    const whatsapp = check({ name: 'A', actionButton: { type: 'whatsapp', value: '+90 532 123 45 67' } });
    expect(whatsapp.ok && whatsapp.value.product.actionButton).toEqual({
      type: 'whatsapp',
      label: "WhatsApp'tan Sipariş Ver",
      value: '905321234567',
    });
    expect(refusal({ name: 'A', actionButton: { type: 'whatsapp', value: '0532 123' } })).toEqual({
      message: PRODUCT_MESSAGES.productWhatsappInvalid,
      field: 'actionButton.value',
    });
    expect(refusal({ name: 'A', actionButton: { type: 'instagram', value: '@magaza' } })).toEqual({
      message: PRODUCT_MESSAGES.productInstagramAt,
      field: 'actionButton.value',
    });
    expect(refusal({ name: 'A', actionButton: { type: 'link', value: 'data:text/html,x' } })).toEqual({
      message: PRODUCT_MESSAGES.productUrlInvalid,
      field: 'actionButton.value',
    });
    expect(refusal({ name: 'A', actionButton: { type: 'telegram' } })).toEqual({
      message: PRODUCT_MESSAGES.productActionTypeInvalid,
      field: 'actionButton.type',
    });
  });

  it('images: only this owner’s uploads, at most 10', () => {
    const url = (n: number) => `/media/products/${owner}/${n.toString(16).padStart(32, '0')}.jpg`;
    const ok = check({ name: 'A', images: [`https://kart.example.com${url(1)}?t=5`, url(2)] });
    expect(ok.ok && ok.value.product.images).toEqual([url(1), url(2)]);
    expect(refusal({ name: 'A', images: Array.from({ length: 11 }, (_, n) => url(n)) })).toEqual({
      message: PRODUCT_MESSAGES.productTooManyImages,
      field: 'images',
    });
    expect(refusal({ name: 'A', images: [url(1).replace(owner, '0b1d6a2e-3c4f-4d5e-8f90-123456789abc')] })).toEqual({
      message: PRODUCT_MESSAGES.productImageInvalid,
      field: 'images',
    });
    expect(refusal({ name: 'A', images: ['https://baska.example.com/resim.jpg'] })?.field).toBe('images');
  });

  it('a description over 5000 characters, a negative stock are refused', () => {
    expect(refusal({ name: 'A', description: 'ş'.repeat(5001) })).toEqual({
      message: PRODUCT_MESSAGES.productDescriptionTooLong,
      field: 'description',
    });
    expect(refusal({ name: 'A', stock: -1 })).toEqual({
      message: PRODUCT_MESSAGES.productStockInvalid,
      field: 'stock',
    });
  });
});

describe("a product's words in other languages (issue 31)", () => {
  const translationsOf = (translations: unknown) => {
    const result = check({ name: 'Deniz manzaralı daire', translations });
    return result.ok ? result.value.product.translations : { message: result.message, field: result.field };
  };

  it('keeps each language with text, in one order, and drops blanks', () => {
    expect(
      translationsOf({
        ru: { name: '  Квартира с видом на море ', features: ['Бассейн', ' ', 'Парковка'], description: '' },
        en: { name: 'Sea-view flat', actionLabel: 'Ask on WhatsApp' },
        de: { name: ' ', features: [] },
      }),
    ).toEqual({
      en: { name: 'Sea-view flat', actionLabel: 'Ask on WhatsApp' },
      ru: { name: 'Квартира с видом на море', features: ['Бассейн', 'Парковка'] },
    });
    expect(translationsOf(null)).toEqual({});
  });

  it.each([
    [['en'], 'translations', PRODUCT_MESSAGES.productTranslationsInvalid],
    [{ fr: { name: 'Appartement' } }, 'translations.fr', PRODUCT_MESSAGES.productLanguageUnknown],
    [{ en: 'Flat' }, 'translations.en', PRODUCT_MESSAGES.productTranslationsInvalid],
    [{ en: { price: 1 } }, 'translations.en.price', PRODUCT_MESSAGES.productTranslationFieldUnknown],
    [{ en: { name: 7 } }, 'translations.en.name', PRODUCT_MESSAGES.productTextInvalid],
    [{ ar: { name: 'ش'.repeat(121) } }, 'translations.ar.name', PRODUCT_MESSAGES.productNameTooLong],
    [{ de: { features: 'Balkon' } }, 'translations.de.features', PRODUCT_MESSAGES.productListInvalid],
  ])('refuses %j in Turkish, naming the field', (translations, field, message) => {
    expect(translationsOf(translations)).toEqual({ message, field });
  });
});
