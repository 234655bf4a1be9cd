import type { ProductActionButton } from '@kartvizit/schemas/product/events';
import { readStoredProduct } from '@kartvizit/schemas/product/read';
import { readStoredProfile } from '@kartvizit/schemas/profile/read';
import { imagesOf, priceOf, productPath, trimmedTexts, type PriceView, type ProductImage } from '../html/product.ts';
import { safeWebUrl } from '../html/urls.ts';
import { themeClass } from '../html/document.ts';

/**
 * What /product/{id} shows (SPEC "Product detail page"), derived from the product read model's `data` (read by
 * `readStoredProduct`) and the owner's profile (read by `readStoredProfile`, as the card page reads it): a field of the
 * wrong type counts as empty.
 */

export const PRODUCT_TEXT = {
  brand: 'Dijital Kartvizit',
  footer: '© 2025 Dijital Kartvizit',
  noImage: 'Görsel bulunamadı',
  gallery: 'Ürün görselleri',
  thumbnails: 'Görsel seçimi',
  imageAlt: (name: string, index: number, count: number) => (count > 1 ? `${name}, görsel ${index} / ${count}` : name),
  thumbnail: (index: number) => `Görsel ${index}`,
  previousImage: 'Önceki görsel',
  nextImage: 'Sonraki görsel',
  category: 'Kategori',
  tags: 'Etiketler',
  price: 'Fiyat',
  compareAt: 'Önceki fiyat',
  description: 'Ürün Açıklaması',
  features: 'Özellikler',
  inStock: 'Stokta var',
  outOfStock: 'Stokta yok',
  askOnWhatsApp: 'WhatsApp ile Bilgi Al',
  buy: 'Satın Al',
  share: 'Paylaş',
  actions: 'Ürün sayfası işlemleri',
  shareOnWhatsApp: 'WhatsApp ile paylaş',
  backToCard: (owner: string) => (owner ? `${owner} kartvizitine dön` : 'Kartvizite dön'),
  home: 'Ana sayfa',
  /** SPEC §7: the text a visitor sends the owner. */
  whatsAppQuestion: (name: string, url: string) => `${name} hakkında bilgi almak istiyorum: ${url}`,
  /** SPEC §7: the product's name and the page's address, to send to anyone. */
  whatsAppShare: (name: string, url: string) => `${name} ${url}`,
  notFoundTitle: 'Ürün bulunamadı',
  notFoundText: 'Aradığınız ürün bulunamadı veya artık mevcut değil.',
  loadErrorTitle: 'Ürün yüklenirken bir hata oluştu',
  loadErrorText: 'Lütfen biraz sonra tekrar deneyin.',
  back: 'Geri Dön',
} as const;

/** Texts the product page's script shows (web/src/product-page/main.ts reads them from the page). */
export const PRODUCT_SCRIPT_TEXT = {
  copied: 'Bağlantı kopyalandı!',
  copyFailed: 'Kopyalama başarısız!',
  imageOf: '{index} / {count}',
} as const;

export interface ProductPageView {
  readonly productId: string;
  readonly canonicalUrl: string;
  readonly name: string;
  readonly description: string;
  readonly category: string;
  readonly tags: readonly string[];
  readonly features: readonly string[];
  readonly price: PriceView | null;
  /** Amount and currency for `product:price:*` (only when the price is shown). */
  readonly priceMeta: { readonly amount: string; readonly currency: string } | null;
  readonly images: readonly ProductImage[];
  /** The first image's full size as an absolute URL: og:image. */
  readonly shareImage: string | null;
  /** null: stock not tracked, no badge. */
  readonly inStock: boolean | null;
  /** 'Satın Al': only with the product's own http(s) url. */
  readonly buyUrl: string | null;
  readonly whatsAppAskUrl: string;
  readonly whatsAppShareUrl: string;
  /** The owner's card page, for the way back. */
  readonly cardUrl: string | null;
  /** The card the visitor came from (checked): the product's views and clicks are counted for it too. */
  readonly fromCardId: string | null;
  readonly ownerName: string;
  readonly theme: string;
  /** The owner chose to be findable (decision 19): no `noindex`. */
  readonly searchable: boolean;
}

export interface ProductPageInput {
  readonly productId: string;
  readonly data: unknown;
  readonly cardId: string | null;
  /** `cardId` is the card whose link the visitor followed, not the owner's first card. */
  readonly cameFromCard?: boolean;
  readonly profile: unknown;
  readonly publicBaseUrl: string;
}

/** The digits wa.me takes: a WhatsApp number (90 and ten digits) or the owner's phone in international form. */
export function whatsAppNumber(
  actionButton: Pick<ProductActionButton, 'type' | 'value'> | null,
  phone: unknown,
): string | null {
  if (actionButton?.type === 'whatsapp') {
    const digits = actionButton.value.replace(/\D/g, '');
    if (/^\d{8,15}$/.test(digits)) return digits;
  }
  if (typeof phone !== 'string') return null;
  const compact = phone.replace(/[\s().-]/g, '');
  if (/^\+\d{8,15}$/.test(compact)) return compact.slice(1);
  // A Turkish number written nationally ('0532 …'): the country code in front.
  if (/^0\d{10}$/.test(compact)) return `90${compact.slice(1)}`;
  return null;
}

export function whatsAppUrl(number: string | null, text: string): string {
  return `https://wa.me/${number ?? ''}?text=${encodeURIComponent(text)}`;
}

export function toProductPageView(input: ProductPageInput): ProductPageView {
  const product = readStoredProduct(input.data);
  const profile = readStoredProfile(input.profile);
  const name = product.name.trim() || PRODUCT_TEXT.notFoundTitle;
  const canonicalUrl = `${input.publicBaseUrl}${productPath(input.productId)}`;
  const images = imagesOf(product);
  const price = priceOf(product);
  const ownerName = [profile.firstName, profile.lastName].filter(Boolean).join(' ');
  const number = whatsAppNumber(product.actionButton, profile.phone);
  return {
    productId: input.productId,
    canonicalUrl,
    name,
    description: product.description.trim(),
    category: product.category.trim(),
    tags: trimmedTexts(product.tags),
    features: trimmedTexts(product.features),
    price,
    priceMeta: price ? { amount: product.price.value.toFixed(2), currency: product.price.currency } : null,
    images,
    shareImage: images[0] ? `${input.publicBaseUrl}${images[0].src}` : null,
    inStock: product.stock === null ? null : product.stock > 0,
    buyUrl: safeWebUrl(product.url),
    whatsAppAskUrl: whatsAppUrl(number, PRODUCT_TEXT.whatsAppQuestion(name, canonicalUrl)),
    whatsAppShareUrl: whatsAppUrl(null, PRODUCT_TEXT.whatsAppShare(name, canonicalUrl)),
    cardUrl: input.cardId ? `/p/${input.cardId}` : null,
    fromCardId: input.cardId && input.cameFromCard ? input.cardId : null,
    ownerName,
    theme: themeClass(profile.theme),
    searchable: profile.searchable,
  };
}
