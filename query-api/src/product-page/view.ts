import type { ProductActionButton } from '@kartvizit/schemas/product/events';
import { readStoredProduct } from '@kartvizit/schemas/product/read';
import { readStoredProfile } from '@kartvizit/schemas/profile/read';
import { imagesOf, priceOf, productPath, trimmedTexts, type PriceView, type ProductImage } from '../html/product.ts';
import { safeWebUrl } from '../html/urls.ts';
import { themeClass } from '../html/document.ts';
import { PUBLIC_LANGUAGES, languagesOf, translated, type PublicLanguage } from '@kartvizit/schemas/language/model';
import { FORMAT_LOCALES, messagesFor, type Translate } from '../language/messages.ts';
import { languageUrl, pageLanguage } from '../language/negotiate.ts';
import type { LanguageAlternate } from '../html/languages.ts';
import { listingPath, whatsAppUrl } from '../html/listing.ts';
import { toListingPageView, type ListingPageView } from './listing-view.ts';

/**
 * What /product/{id} shows (SPEC "Product detail page"), derived from the product read model's `data` (read by
 * `readStoredProduct`) and the owner's profile (read by `readStoredProfile`, as the card page reads it): a field of the
 * wrong type counts as empty.
 */


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
  /** The language the page is shown in (issue 31), and its messages. */
  readonly language: PublicLanguage;
  readonly t: Translate;
  /** The product's address whatever the language (x-default). */
  readonly productUrl: string;
  /** Each of the owner's languages: its absolute address (hreflang) and the link the switcher shows. */
  readonly alternates: readonly LanguageAlternate[];
  /** A listing's facts, badge and actions (issue 33, `/ilan/{id}`); null for a product. */
  readonly listing: ListingPageView | null;
}

export interface ProductPageInput {
  readonly productId: string;
  readonly data: unknown;
  readonly cardId: string | null;
  /** `cardId` is the card whose link the visitor followed, not the owner's first card. */
  readonly cameFromCard?: boolean;
  /** The owner takes customers through REMS: a listing offers 'Görüşme Planla'. */
  readonly remsActive?: boolean;
  readonly profile: unknown;
  readonly publicBaseUrl: string;
  /** The language asked for (`?lang=`), if any, and the browser's `Accept-Language`. */
  readonly requestedLanguage?: unknown;
  readonly acceptLanguage?: string;
}

/** The languages a product is shown in: Turkish and those its owner writes in, on the card or in this product. */
export function productLanguages(profile: unknown, data: unknown): PublicLanguage[] {
  const card = languagesOf(readStoredProfile(profile).translations);
  const own = languagesOf(readStoredProduct(data).translations);
  return PUBLIC_LANGUAGES.filter((language) => card.includes(language) || own.includes(language));
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


export function toProductPageView(input: ProductPageInput): ProductPageView {
  const stored = readStoredProduct(input.data);
  const storedProfile = readStoredProfile(input.profile);
  const languages = productLanguages(input.profile, input.data);
  const language = pageLanguage(input.requestedLanguage, input.acceptLanguage, languages);
  const t = messagesFor(language);
  // The owner's words in the page's language, field by field (issue 31).
  const product = {
    ...stored,
    ...translated({ name: stored.name, description: stored.description, features: stored.features }, stored.translations, language),
  };
  const profile = { ...storedProfile, ...translated({ jobTitle: storedProfile.jobTitle }, storedProfile.translations, language) };
  const name = product.name.trim() || t('productNotFoundTitle');
  // A listing lives at /ilan/{id}, a product at /product/{id} (issue 33).
  const pathOf = stored.listing ? listingPath : productPath;
  const productUrl = `${input.publicBaseUrl}${pathOf(input.productId)}`;
  const canonicalUrl = languageUrl(productUrl, language, languages);
  const fromCard = input.cardId && input.cameFromCard ? input.cardId : null;
  const alternates =
    languages.length > 1
      ? languages.map((each) => ({
          language: each,
          url: languageUrl(productUrl, each, languages),
          href: pathOf(input.productId, fromCard, each),
        }))
      : [];
  const images = imagesOf(product);
  const price = priceOf(product, FORMAT_LOCALES[language]);
  const listing = toListingPageView({
    productId: input.productId,
    data: input.data,
    profile: input.profile,
    cardId: input.cardId,
    remsActive: input.remsActive === true,
    publicBaseUrl: input.publicBaseUrl,
    canonicalUrl,
    language,
    name,
    description: product.description.trim(),
    images: images.map((image) => image.src),
  });
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
    whatsAppAskUrl: whatsAppUrl(number, t('productWhatsAppQuestion', { name, url: canonicalUrl })),
    whatsAppShareUrl: whatsAppUrl(null, `${name} ${productUrl}`),
    cardUrl: input.cardId ? (languages.length > 1 ? `/p/${input.cardId}?lang=${language}` : `/p/${input.cardId}`) : null,
    fromCardId: input.cardId && input.cameFromCard ? input.cardId : null,
    ownerName,
    theme: themeClass(profile.theme),
    searchable: profile.searchable,
    language,
    t,
    productUrl,
    alternates,
    listing,
  };
}
