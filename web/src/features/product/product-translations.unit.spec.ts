import { describe, expect, it } from 'vitest';
import type { Product } from '@kartvizit/schemas/product/http';
import { validateProductInput } from '@kartvizit/schemas/product/rules';
import {
  EMPTY_PRODUCT_FORM,
  formFromProduct,
  formProblem,
  inputFieldOf,
  NO_PRODUCT_TRANSLATIONS,
  productFieldId,
  requestBody,
  withActionType,
  type ProductFormState,
} from './product-form.ts';

/** 'Diğer Diller' of a product (issue 31): its words per language, from the API into the form and back. */

const OWNER = '0b7f4a52-8f1e-4c39-9d7a-2a51c1f0e6a1';

function storedProduct(translations: Product['translations']): Product {
  return {
    _id: 'p1',
    user: OWNER,
    name: 'Deniz manzaralı daire',
    description: 'Kadıköy’de 3+1',
    price: { value: 0, currency: 'TRY', isDisplayed: false, compareAtValue: null },
    images: [],
    thumbnails: [],
    externalLink: '',
    url: '',
    actionButton: { type: 'contact', label: 'Bizi arayın', value: '' },
    category: 'Daire',
    tags: [],
    features: ['Asansör', 'Otopark'],
    stock: null,
    translations,
    kind: 'product',
    listing: null,
    authorisationEnded: false,
    isActive: true,
    featured: false,
    order: 0,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-02T10:00:00.000Z',
  };
}

function withTranslation(
  form: ProductFormState,
  language: 'en' | 'ru' | 'ar' | 'de',
  texts: Partial<ProductFormState['translations']['en']>,
) {
  return { ...form, translations: { ...form.translations, [language]: { ...form.translations[language], ...texts } } };
}

describe('a product’s words in other languages', () => {
  it('given a product with English words, when the form opens, then they are in it, features one per line', () => {
    const form = formFromProduct(
      storedProduct({ en: { name: 'Sea-view flat', features: ['Lift', 'Parking'], actionLabel: 'Call us' } }),
    );
    expect(form.translations.en).toEqual({
      name: 'Sea-view flat',
      description: '',
      features: 'Lift\nParking',
      actionLabel: 'Call us',
    });
    expect(form.translations.ar).toEqual({ name: '', description: '', features: '', actionLabel: '' });
  });

  it('given a new product, when sent, then translations is {} (nothing written)', () => {
    expect(EMPTY_PRODUCT_FORM.translations).toEqual(NO_PRODUCT_TRANSLATIONS);
    expect(requestBody({ ...EMPTY_PRODUCT_FORM, name: 'Villa' }).translations).toEqual({});
  });

  it('given words in two languages, when sent, then only the filled fields go, trimmed, features split by line', () => {
    const form = withTranslation(
      withTranslation(formFromProduct(storedProduct({})), 'en', {
        name: '  Sea-view flat ',
        features: 'Lift\n\n  Parking \r\n',
        actionLabel: ' ',
      }),
      'ar',
      { description: 'شقة مطلة على البحر' },
    );
    expect(requestBody(form).translations).toEqual({
      en: { name: 'Sea-view flat', features: ['Lift', 'Parking'] },
      ar: { description: 'شقة مطلة على البحر' },
    });
  });

  it('given every English field emptied, when sent, then translations is {} and the server clears them', () => {
    const form = withTranslation(formFromProduct(storedProduct({ en: { name: 'Sea-view flat' } })), 'en', { name: '' });
    expect(requestBody(form).translations).toEqual({});
  });

  it('given a button with no label, when sent, then its translated label does not go either; with a label, it does', () => {
    const form = withTranslation(formFromProduct(storedProduct({})), 'de', { name: 'Wohnung', actionLabel: 'Anrufen' });
    expect(requestBody(withActionType(form, 'none')).translations).toEqual({ de: { name: 'Wohnung' } });
    expect(requestBody(form).translations).toEqual({ de: { name: 'Wohnung', actionLabel: 'Anrufen' } });
  });

  it('given that body, when the server rules read it, then they keep the same words', () => {
    const form = withTranslation(formFromProduct(storedProduct({})), 'en', { name: 'Sea-view flat', features: 'Lift' });
    const checked = validateProductInput(requestBody(form) as unknown as Record<string, unknown>, { ownerId: OWNER });
    expect(checked.ok && checked.value.product.translations).toEqual({
      en: { name: 'Sea-view flat', features: ['Lift'] },
    });
  });

  it('given an English name over 120 characters, when checked, then the server’s message stands beside that input', () => {
    const form = withTranslation(formFromProduct(storedProduct({})), 'en', { name: 'x'.repeat(121) });
    expect(formProblem(form, OWNER)).toEqual({
      field: 'translations.en.name',
      message: 'Ürün adı en fazla 120 karakter olabilir',
    });
    expect(productFieldId('translations.en.name')).toBe('product-translations-en-name');
    expect(inputFieldOf('translations.en')).toBe('translations.en.name');
  });
});
