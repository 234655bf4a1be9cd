import { describe, expect, it } from 'vitest';
import type { Product } from '@kartvizit/schemas/product/http';
import { validateProductInput } from '@kartvizit/schemas/product/rules';
import {
  actionFieldsShown,
  EMPTY_PRODUCT_FORM,
  formFromProduct,
  formProblem,
  shownMoney,
  shownPhone,
  productFieldId,
  requestBody,
  withActionType,
  type ProductFormState,
} from './product-form.ts';

const OWNER = '0b7f4a52-8f1e-4c39-9d7a-2a51c1f0e6a1';
const IMAGE = `/media/products/${OWNER}/${'a'.repeat(32)}.jpg`;

const listing: ProductFormState = {
  ...EMPTY_PRODUCT_FORM,
  name: '  Deniz manzaralı 3+1 daire ',
  category: 'Satılık',
  priceValue: '4250000,50',
  compareAtValue: '',
  currency: 'TRY',
  images: [IMAGE],
  tags: 'deniz, , site içinde ',
  features: 'Asansör\n\n  Otopark  \r\nHavuz',
  stock: ' 2 ',
};

function storedProduct(overrides: Partial<Product> = {}): Product {
  return {
    _id: 'p1',
    user: OWNER,
    name: 'Villa',
    description: 'Bahçeli',
    price: { value: 0, currency: 'EUR', isDisplayed: false, compareAtValue: null },
    images: [IMAGE],
    thumbnails: [IMAGE.replace('.jpg', '-sm.jpg')],
    externalLink: '',
    url: 'https://ornek.com.tr/villa',
    actionButton: { type: 'whatsapp', label: "WhatsApp'tan Sipariş Ver", value: '905321234567' },
    category: 'Villa',
    tags: ['havuz', 'bahçe'],
    features: ['4+2', 'Şömine'],
    stock: null,
    translations: {},
    kind: 'product',
    listing: null,
    authorisationEnded: false,
    isActive: false,
    featured: true,
    order: 3,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-02T10:00:00.000Z',
    ...overrides,
  };
}

describe('the product form becomes the request body', () => {
  it('given a filled listing, when sent, then lists are split and blanks dropped, and the price goes as typed', () => {
    const body = requestBody(listing);
    expect(body.price).toEqual({ value: '4250000,50', currency: 'TRY', isDisplayed: true, compareAtValue: '' });
    expect(body.tags).toEqual(['deniz', 'site içinde']);
    expect(body.features).toEqual(['Asansör', 'Otopark', 'Havuz']);
    expect(body.stock).toBe('2');
    expect(body.images).toEqual([IMAGE]);
    expect(body.actionButton).toEqual({ type: 'none', label: '', value: '' });
  });

  it('given that body, when the server rules read it, then they accept it as the screen does', () => {
    const checked = validateProductInput(requestBody(listing) as unknown as Record<string, unknown>, {
      ownerId: OWNER,
    });
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.value.product.name).toBe('Deniz manzaralı 3+1 daire');
    expect(checked.value.product.price.value).toBe(4250000.5);
    expect(checked.value.product.stock).toBe(2);
    expect(formProblem(listing, OWNER)).toBeNull();
  });

  it('given a contact button, when sent, then its label goes and its stale value does not', () => {
    const form = { ...withActionType(listing, 'contact'), actionLabel: 'Bizi arayın', actionValue: 'eski değer' };
    expect(requestBody(form).actionButton).toEqual({ type: 'contact', label: 'Bizi arayın', value: '' });
  });

  it('given a price typed the Turkish way, when the field is left, then it shows grouped and is sent as typed', () => {
    expect(shownMoney('8750000')).toBe('8.750.000');
    expect(shownMoney(' 8 750 000 ')).toBe('8.750.000');
    expect(shownMoney('8.750.000,00')).toBe('8.750.000');
    expect(shownMoney('12,5')).toBe('12,50');
    expect(shownMoney('12,505')).toBe('12,505');
    expect(shownMoney('')).toBe('');
    const form = { ...listing, priceValue: '8.750.000', compareAtValue: '9 250 000,50' };
    expect(requestBody(form).price).toMatchObject({ value: '8.750.000', compareAtValue: '9 250 000,50' });
    expect(formProblem(form, OWNER)).toBeNull();
  });

  it('given a WhatsApp number in any form the profile takes, when the field is left, then it shows as the profile shows phones', () => {
    expect(shownPhone('05321234567')).toBe('0532 123 45 67');
    expect(shownPhone('+90 532 123 45 67')).toBe('0532 123 45 67');
    expect(shownPhone('+4915123456789')).toBe('+49 1512 3456789');
    expect(shownPhone('532 12')).toBe('532 12');
  });

  it('given a stored price, when the form opens, then it shows the Turkish way', () => {
    const form = formFromProduct(
      storedProduct({ price: { value: 8750000, currency: 'TRY', isDisplayed: true, compareAtValue: 9250000.5 } }),
    );
    expect(form.priceValue).toBe('8.750.000');
    expect(form.compareAtValue).toBe('9.250.000,50');
  });
});

describe('the screen checks with the server rules and messages', () => {
  const cases: ReadonlyArray<readonly [string, Partial<ProductFormState>, string, string]> = [
    ['no name', { name: '   ' }, 'name', 'Ürün adı zorunludur'],
    [
      'a negative price',
      { priceValue: '-5' },
      'price.value',
      'Fiyat 0 veya daha büyük bir tutar olmalıdır (ör. 8.750.000 veya 8.750.000,50)',
    ],
    [
      'three decimals',
      { priceValue: '12,345' },
      'price.value',
      'Fiyat en fazla iki ondalık basamak içerebilir (0,01 adımlarla)',
    ],
    [
      'a link without a scheme',
      { externalLink: 'ornek.com' },
      'externalLink',
      'Geçerli bir bağlantı girin (http:// veya https:// ile başlamalıdır)',
    ],
    [
      'a short WhatsApp number',
      { actionType: 'whatsapp', actionValue: '532 123' },
      'actionButton.value',
      'Geçerli bir WhatsApp numarası girin (ör. 0532 123 45 67)',
    ],
    [
      'an Instagram name with @',
      { actionType: 'instagram', actionValue: '@ozturkemlak' },
      'actionButton.value',
      'Instagram kullanıcı adını @ işareti olmadan yazın',
    ],
    [
      'a link button without an address',
      { actionType: 'link', actionValue: '' },
      'actionButton.value',
      'Buton bağlantısı zorunludur',
    ],
    ['a stock with a fraction', { stock: '1,5' }, 'stock', 'Stok 0 veya daha büyük bir tam sayı olmalıdır'],
  ];

  for (const [story, change, field, message] of cases) {
    it(`given ${story}, when checked, then '${message}' is shown beside ${field}`, () => {
      expect(formProblem({ ...listing, ...change }, OWNER)).toEqual({ field, message });
    });
  }

  it('given an image of another owner, when checked, then it is refused beside the images', () => {
    const foreign = IMAGE.replace(OWNER, '11111111-2222-3333-4444-555555555555');
    expect(formProblem({ ...listing, images: [foreign] }, OWNER)?.field).toBe('images');
  });

  it('spaces and a leading + in a WhatsApp number are accepted, as the server drops them', () => {
    expect(formProblem({ ...listing, actionType: 'whatsapp', actionValue: '+90 532 123 45 67' }, OWNER)).toBeNull();
  });

  it('names the input of each field the server can name', () => {
    expect(productFieldId('price.value')).toBe('product-price-value');
    expect(productFieldId('price')).toBe('product-price-value');
    expect(productFieldId('actionButton')).toBe('product-actionButton-type');
    expect(productFieldId('images')).toBe('product-images');
  });
});

describe('action button types (SPEC §4)', () => {
  it('given a type change, then the label takes that type’s default and the value is cleared', () => {
    const whatsapp = withActionType({ ...listing, actionLabel: 'Kendi metnim', actionValue: 'x' }, 'whatsapp');
    expect(whatsapp).toMatchObject({
      actionType: 'whatsapp',
      actionLabel: "WhatsApp'tan Sipariş Ver",
      actionValue: '',
    });
    expect(withActionType(whatsapp, 'instagram').actionLabel).toBe("Instagram'dan Mesaj Gönder");
    expect(withActionType(whatsapp, 'link').actionLabel).toBe('Satın Al');
    expect(withActionType(whatsapp, 'none').actionLabel).toBe('İletişime Geç');
    expect(withActionType(whatsapp, 'contact').actionLabel).toBe('İletişime Geç');
  });

  it('hides label and value for none, the value for contact, nothing for the others', () => {
    expect(actionFieldsShown('none')).toEqual({ label: false, value: false });
    expect(actionFieldsShown('contact')).toEqual({ label: true, value: false });
    for (const type of ['whatsapp', 'instagram', 'link'] as const)
      expect(actionFieldsShown(type)).toEqual({ label: true, value: true });
  });
});

describe('edit mode loads the stored product', () => {
  it('given a stored product, then every field is filled and a zero price reads as blank', () => {
    const form = formFromProduct(storedProduct());
    expect(form).toMatchObject({
      name: 'Villa',
      priceValue: '',
      compareAtValue: '',
      currency: 'EUR',
      isDisplayed: false,
      actionType: 'whatsapp',
      actionValue: '0532 123 45 67',
      tags: 'havuz, bahçe',
      features: '4+2\nŞömine',
      stock: '',
      isActive: false,
      featured: true,
    });
  });

  it('given a stored product, when sent back unchanged, then the server rules read the same content', () => {
    const stored = storedProduct({
      price: { value: 12.5, currency: 'USD', isDisplayed: true, compareAtValue: 15 },
      stock: 0,
    });
    const checked = validateProductInput(requestBody(formFromProduct(stored)) as unknown as Record<string, unknown>, {
      ownerId: OWNER,
    });
    expect(checked.ok && checked.value.product).toMatchObject({
      price: { value: 12.5, currency: 'USD', isDisplayed: true, compareAtValue: 15 },
      stock: 0,
      tags: ['havuz', 'bahçe'],
      features: ['4+2', 'Şömine'],
      actionButton: stored.actionButton,
    });
  });
});
