import { jsonForScript, markup, trustedHtml, type SafeHtml } from '@kartvizit/infra/html/markup';
import type { PageAssets } from '../html/assets.ts';
import { pageHead, scriptTags } from '../html/document.ts';
import { icon } from '../html/icons.ts';
import type { ProductPageView } from './view.ts';
import { messagesFor } from '../language/messages.ts';
import {
  DEFAULT_LANGUAGE,
  OPEN_GRAPH_LOCALES,
  type PublicLanguage,
} from '@kartvizit/schemas/language/model';
import { directionOf } from '../html/document.ts';
import { alternateLinks, languageSwitcher } from '../html/languages.ts';

/**
 * /product/{id} as one HTML document (docs/decisions/0023-public-catalogue.md): whole without a script (the gallery
 * is a scroll-snap strip a finger swipes, the thumbnails are links to its slides, every button that needs no script
 * is a link); web/src/product-page/main.ts adds the arrows, the share button and the beacons.
 */

/** Product images are scaled to at most 1200 px (decision 21); the gallery's box is 4:3 and the image is contained. */
const IMAGE = { width: 1200, height: 900 } as const;
const THUMB = { width: 64, height: 48 } as const;

const NOSCRIPT_CSS = '.pc-js{display:none!important}';

function head(title: string, description: string, assets: PageAssets, meta: SafeHtml | ''): SafeHtml {
  return pageHead({ title, description, assets, meta, noscriptCss: NOSCRIPT_CSS });
}

/** A description for link previews: the price first (a listing's with rooms, m² and place), then the description. */
function summary(view: ProductPageView): string {
  const t = view.t;
  const text = view.description.replace(/\s+/g, ' ');
  const short = text.length > 160 ? `${text.slice(0, 157).trimEnd()}…` : text;
  const lead = view.listing ? [view.listing.price, view.listing.line].filter(Boolean).join(' · ') : (view.price?.text ?? '');
  return [lead, short].filter(Boolean).join(' · ') || t('brand');
}

/**
 * A listing's link preview (issue 33): the Open Graph image drawn on the server with the first photo, the price, the
 * rooms and the m² (`/ilan/{id}/og.png`), and its schema.org RealEstateListing.
 */
function listingMeta(view: ProductPageView): SafeHtml | '' {
  if (!view.listing) return '';
  const image = view.listing.ogImageUrl;
  return markup`<meta property="og:image" content="${image}">
<meta property="og:image:width" content="1200">
<meta property="og:image:height" content="630">
<meta property="og:image:alt" content="${view.name}">
<meta name="twitter:image" content="${image}">
<script type="application/ld+json">${jsonForScript(view.listing.structuredData)}</script>
`;
}

function socialMeta(view: ProductPageView): SafeHtml {
  const t = view.t;
  const description = summary(view);
  const image = view.listing
    ? listingMeta(view)
    : view.shareImage
    ? markup`<meta property="og:image" content="${view.shareImage}">
<meta property="og:image:alt" content="${view.name}">
<meta name="twitter:image" content="${view.shareImage}">
`
    : '';
  const price = view.priceMeta && !view.listing
    ? markup`<meta property="product:price:amount" content="${view.priceMeta.amount}">
<meta property="product:price:currency" content="${view.priceMeta.currency}">
`
    : '';
  const robots = view.searchable ? '' : markup`<meta name="robots" content="noindex">\n`;
  const hreflang = alternateLinks(view.alternates, view.productUrl);
  return markup`<link rel="canonical" href="${view.canonicalUrl}">
${hreflang}${robots}<meta property="og:type" content="${view.listing ? 'website' : 'product'}">
<meta property="og:site_name" content="${t('brand')}">
<meta property="og:locale" content="${OPEN_GRAPH_LOCALES[view.language]}">
<meta property="og:title" content="${view.name}">
<meta property="og:description" content="${description}">
<meta property="og:url" content="${view.canonicalUrl}">
${image}${price}<meta name="twitter:card" content="${view.shareImage || view.listing ? 'summary_large_image' : 'summary'}">
<meta name="twitter:title" content="${view.name}">
<meta name="twitter:description" content="${description}">
`;
}

function gallery(view: ProductPageView): SafeHtml {
  const t = view.t;
  const count = view.images.length;
  if (count === 0) {
    return markup`<div class="pp-gallery pp-gallery--none">${icon('image', 'pc-icon pp-gallery__none-icon')}<p>${t('productNoImage')}</p></div>`;
  }
  const slides = view.images.map((image, index) => {
    const loading = index === 0 ? trustedHtml(' fetchpriority="high"') : trustedHtml(' loading="lazy"');
    return markup`<li class="pp-slide" id="pp-img-${index + 1}"><img src="${image.src}" alt="${count > 1 ? t('productImageAlt', { name: view.name, index: index + 1, count }) : view.name}" width="${IMAGE.width}" height="${IMAGE.height}" decoding="async"${loading}></li>`;
  });
  const arrows =
    count > 1
      ? markup`<button type="button" class="pp-arrow pp-arrow--prev pc-js" data-gallery-prev aria-label="${t('productPreviousImage')}" aria-controls="pp-slides" disabled>${icon('previous')}</button><button type="button" class="pp-arrow pp-arrow--next pc-js" data-gallery-next aria-label="${t('productNextImage')}" aria-controls="pp-slides">${icon('next')}</button><p class="pp-gallery__count" data-gallery-count aria-live="polite">1 / ${count}</p>`
      : '';
  const thumbs =
    count > 1
      ? markup`<ul class="pp-thumbs" role="list" aria-label="${t('productThumbnails')}">${view.images.map(
          (image, index) =>
            markup`<li><a class="pp-thumb" href="#pp-img-${index + 1}" data-thumb="${index}" aria-label="${t('productThumbnail', { index: index + 1 })}"${index === 0 ? trustedHtml(' aria-current="true"') : ''}><img src="${image.small}" alt="" width="${THUMB.width}" height="${THUMB.height}" loading="lazy" decoding="async"></a></li>`,
        )}</ul>`
      : '';
  return markup`<div class="pp-media"><div class="pp-gallery" data-gallery><ul class="pp-slides" id="pp-slides" role="list" aria-label="${t('productGallery')}" tabindex="0" data-gallery-track>${slides}</ul>${arrows}</div>${thumbs}</div>`;
}

function details(view: ProductPageView): SafeHtml {
  const t = view.t;
  const category = view.category
    ? markup`<p class="pp-category"><span class="pc-visually-hidden">${t('productCategory')}: </span>${view.category}</p>`
    : '';
  const tags = view.tags.length
    ? markup`<ul class="pp-tags" role="list" aria-label="${t('productTags')}">${view.tags.map((tag) => markup`<li class="pp-tag">${icon('tag', 'pc-icon pc-icon--sm')}${tag}</li>`)}</ul>`
    : '';
  const compareAt = view.price?.compareAt
    ? markup` <s class="pp-price__was"><span class="pc-visually-hidden">${t('productCompareAt')}: </span>${view.price.compareAt}</s>`
    : '';
  const price = view.price
    ? markup`<p class="pp-price"><span class="pc-visually-hidden">${t('productPrice')}: </span><span class="pp-price__now">${view.price.text}</span>${compareAt}</p>`
    : '';
  const stock =
    view.inStock === null
      ? ''
      : markup`<p class="pp-stock pp-stock--${view.inStock ? 'in' : 'out'}">${view.inStock ? t('productInStock') : t('productOutOfStock')}</p>`;
  const description = view.description
    ? markup`<section class="pp-section" aria-labelledby="pp-desc-h"><h2 class="pp-h2" id="pp-desc-h">${t('productDescription')}</h2><p class="pp-desc">${view.description}</p></section>`
    : '';
  const features = view.features.length
    ? markup`<section class="pp-section" aria-labelledby="pp-features-h"><h2 class="pp-h2" id="pp-features-h">${t('productFeatures')}</h2><ul class="pp-features">${view.features.map((feature) => markup`<li>${feature}</li>`)}</ul></section>`
    : '';
  const buy = view.buyUrl
    ? markup`<a class="pc-btn pc-btn--primary pp-action" href="${view.buyUrl}" target="_blank" rel="noopener noreferrer" data-pp-click="buy">${icon('cart')}<span>${t('productBuy')}</span></a>`
    : '';
  return markup`<div class="pp-info">
${category}<h1 class="pp-name">${view.name}</h1>
${tags}${price}${stock}
${description}${features}
<div class="pp-actions"><a class="pc-btn pp-action pp-action--whatsapp" href="${view.whatsAppAskUrl}" target="_blank" rel="noopener noreferrer" data-pp-click="whatsapp">${icon('whatsapp')}<span>${t('productAskOnWhatsApp')}</span></a>${buy}</div>
</div>`;
}

/**
 * A listing's details (issue 33): the price with what it is for, the EİDS badge and its validity, the facts as a table
 * a buyer scans in seconds, the agent's licence, 'WhatsApp ile Bilgi Al' naming the listing, 'Ara', 'Görüşme Planla'
 * through REMS, and the map (loaded when asked, as on the card).
 */
function listingDetails(view: ProductPageView): SafeHtml {
  const t = view.t;
  const listing = view.listing;
  if (!listing) return details(view);
  const { words } = listing;
  const badge = listing.eids
    ? markup`<p class="pp-eids"><span class="pp-eids__badge">${icon('shield', 'pc-icon pc-icon--sm')}${words.verified}</span> <span class="pp-eids__until">${words.verifiedUntil(listing.eids.validUntil)} · ${words.authorisationNumber(listing.eids.number)}</span></p>`
    : '';
  const facts = markup`<section class="pp-section" aria-labelledby="pp-facts-h"><h2 class="pp-h2" id="pp-facts-h">${words.facts.title}</h2><table class="pp-facts"><tbody>${listing.facts.map(
    ([label, value]) => markup`<tr><th scope="row">${label}</th><td>${value}</td></tr>`,
  )}</tbody></table></section>`;
  const description = view.description
    ? markup`<section class="pp-section" aria-labelledby="pp-desc-h"><h2 class="pp-h2" id="pp-desc-h">${t('productDescription')}</h2><p class="pp-desc">${view.description}</p></section>`
    : '';
  const map = listing.location
    ? markup`<section class="pp-section" aria-labelledby="pp-map-h"><h2 class="pp-h2" id="pp-map-h">${words.mapTitle}</h2><div class="pc-map" data-lat="${listing.location.lat}" data-lng="${listing.location.lng}"><div class="pc-map__placeholder">${icon('map', 'pc-icon pc-map__icon')}<button type="button" class="pc-btn pc-btn--light pc-js" data-map-load>${t('showMap')}</button></div></div><p class="pc-map__status" data-map-status role="status"></p><p class="pp-place">${listing.place}</p></section>`
    : '';
  const licence = listing.yetkiBelgesiNo ? markup`<p class="pp-licence">${words.yetkiBelgesi(listing.yetkiBelgesiNo)}</p>` : '';
  const whatsApp = markup`<a class="pc-btn pp-action pp-action--whatsapp" href="${listing.whatsAppAskUrl ?? view.whatsAppAskUrl}" target="_blank" rel="noopener noreferrer" data-pp-click="whatsapp">${icon('whatsapp')}<span>${words.whatsApp}</span></a>`;
  const call = listing.callUrl
    ? markup`<a class="pc-btn pc-btn--primary pp-action" href="${listing.callUrl}" data-pp-click="call">${icon('phone')}<span>${words.call}</span></a>`
    : '';
  const book = listing.bookUrl
    ? markup`<a class="pc-btn pp-action" href="${listing.bookUrl}">${icon('calendar')}<span>${words.book}</span></a>`
    : '';
  return markup`<div class="pp-info">
<p class="pp-category">${listing.kindLine}</p><h1 class="pp-name">${view.name}</h1>
<p class="pp-price"><span class="pc-visually-hidden">${t('productPrice')}: </span><span class="pp-price__now">${listing.price}</span></p>
<p class="pp-line">${listing.line}</p>
${badge}
<div class="pp-actions">${call}${whatsApp}${book}</div>
${facts}${description}${map}${licence}
</div>`;
}

/** The product page: the same bytes for every visitor. */
export function renderProductPage(view: ProductPageView, assets: PageAssets): string {
  const t = view.t;
  const title = `${view.name} · ${view.ownerName || t('brand')}`;
  const backLabel = view.cardUrl
    ? view.ownerName
      ? t('productBackToCard', { owner: view.ownerName })
      : t('productBackToCardPlain')
    : t('productHome');
  const backdrop = view.images[0]
    ? markup`<div class="pp-backdrop" aria-hidden="true"><img src="${view.images[0].small}" alt="" width="400" height="300" data-gallery-backdrop></div>`
    : '';
  const data = {
    productId: view.productId,
    // The beacons name the card only when the visitor came from it (null: not through a card's link).
    cardId: view.fromCardId,
    share: { title: view.name, text: view.name, url: view.canonicalUrl },
    images: view.images.map((image) => image.small),
    text: {
      mapLoading: t('mapLoading'),
      mapFailed: t('mapFailed'),
      copied: t('scriptLinkCopied'),
      copyFailed: t('scriptCopyFailed'),
      imageOf: t('scriptImageOf', { index: '{index}', count: '{count}' }),
    },
  };
  return markup`<!doctype html>
<html lang="${view.language}"${directionOf(view.language)} class="theme-${view.theme}">
${head(title, summary(view), assets, socialMeta(view))}
<body class="pc-body pp-body">
${backdrop}<div class="pp-page">
<nav class="pp-top" aria-label="${t('productActions')}"><a class="pp-top__btn pp-top__btn--back" href="${view.cardUrl ?? '/'}" aria-label="${backLabel}">${icon('back')}</a><span class="pp-top__end"><button type="button" class="pp-top__btn pc-js" data-share aria-label="${t('share')}">${icon('share')}</button><a class="pp-top__btn" href="${view.whatsAppShareUrl}" target="_blank" rel="noopener noreferrer" aria-label="${t('productShareOnWhatsApp')}">${icon('whatsapp')}</a></span></nav>
${languageSwitcher(t, view.language, view.alternates, 'pc-langs pp-langs')}
<main class="pp-card">
${gallery(view)}
${view.listing ? listingDetails(view) : details(view)}
</main>
<footer class="pc-footer"><p>${t('footer')}</p>${view.cardUrl ? markup`<a href="${view.cardUrl}">${backLabel}</a>` : ''}</footer>
</div>
<div class="pc-toast" data-toast role="status" aria-live="polite"></div>
<script type="application/json" id="pp-data">${jsonForScript(data)}</script>
${scriptTags(assets)}
</body>
</html>
`.value;
}

/** 'Ürün bulunamadı' / 'Ürün yüklenirken bir hata oluştu': the same bytes whatever the product. */
export function renderProductUnavailable(
  kind: 'not-found' | 'error',
  assets: PageAssets,
  language: PublicLanguage = DEFAULT_LANGUAGE,
): string {
  const t = messagesFor(language);
  const title = kind === 'not-found' ? t('productNotFoundTitle') : t('productLoadErrorTitle');
  const text = kind === 'not-found' ? t('productNotFoundText') : t('productLoadErrorText');
  return markup`<!doctype html>
<html lang="${language}"${directionOf(language)} class="theme-classic">
${head(`${title} · ${t('brand')}`, text, assets, markup`<meta name="robots" content="noindex">\n`)}
<body class="pc-body">
<main class="pc-state">
<div class="pc-state__icon">${icon('about')}</div>
<h1 class="pc-state__title">${title}</h1>
<p class="pc-state__text">${text}</p>
<a class="pc-btn pc-btn--primary" href="/" data-back>${t('back')}</a>
<p class="pc-state__brand">${t('footer')}</p>
</main>
${scriptTags(assets)}
</body>
</html>
`.value;
}
