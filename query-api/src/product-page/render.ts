import { jsonForScript, markup, trustedHtml, type SafeHtml } from '@kartvizit/infra/html/markup';
import type { PageAssets } from '../html/assets.ts';
import { pageHead, scriptTags } from '../html/document.ts';
import { icon } from '../html/icons.ts';
import { PRODUCT_SCRIPT_TEXT, PRODUCT_TEXT, type ProductPageView } from './view.ts';

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

/** A description for link previews: the price first, then the start of the description. */
function summary(view: ProductPageView): string {
  const text = view.description.replace(/\s+/g, ' ');
  const short = text.length > 160 ? `${text.slice(0, 157).trimEnd()}…` : text;
  return [view.price?.text ?? '', short].filter(Boolean).join(' · ') || PRODUCT_TEXT.brand;
}

function socialMeta(view: ProductPageView): SafeHtml {
  const description = summary(view);
  const image = view.shareImage
    ? markup`<meta property="og:image" content="${view.shareImage}">
<meta property="og:image:alt" content="${view.name}">
<meta name="twitter:image" content="${view.shareImage}">
`
    : '';
  const price = view.priceMeta
    ? markup`<meta property="product:price:amount" content="${view.priceMeta.amount}">
<meta property="product:price:currency" content="${view.priceMeta.currency}">
`
    : '';
  const robots = view.searchable ? '' : markup`<meta name="robots" content="noindex">\n`;
  return markup`<link rel="canonical" href="${view.canonicalUrl}">
${robots}<meta property="og:type" content="product">
<meta property="og:site_name" content="${PRODUCT_TEXT.brand}">
<meta property="og:locale" content="tr_TR">
<meta property="og:title" content="${view.name}">
<meta property="og:description" content="${description}">
<meta property="og:url" content="${view.canonicalUrl}">
${image}${price}<meta name="twitter:card" content="${view.shareImage ? 'summary_large_image' : 'summary'}">
<meta name="twitter:title" content="${view.name}">
<meta name="twitter:description" content="${description}">
`;
}

function gallery(view: ProductPageView): SafeHtml {
  const count = view.images.length;
  if (count === 0) {
    return markup`<div class="pp-gallery pp-gallery--none">${icon('image', 'pc-icon pp-gallery__none-icon')}<p>${PRODUCT_TEXT.noImage}</p></div>`;
  }
  const slides = view.images.map((image, index) => {
    const loading = index === 0 ? trustedHtml(' fetchpriority="high"') : trustedHtml(' loading="lazy"');
    return markup`<li class="pp-slide" id="pp-img-${index + 1}"><img src="${image.src}" alt="${PRODUCT_TEXT.imageAlt(view.name, index + 1, count)}" width="${IMAGE.width}" height="${IMAGE.height}" decoding="async"${loading}></li>`;
  });
  const arrows =
    count > 1
      ? markup`<button type="button" class="pp-arrow pp-arrow--prev pc-js" data-gallery-prev aria-label="${PRODUCT_TEXT.previousImage}" aria-controls="pp-slides" disabled>${icon('previous')}</button><button type="button" class="pp-arrow pp-arrow--next pc-js" data-gallery-next aria-label="${PRODUCT_TEXT.nextImage}" aria-controls="pp-slides">${icon('next')}</button><p class="pp-gallery__count" data-gallery-count aria-live="polite">1 / ${count}</p>`
      : '';
  const thumbs =
    count > 1
      ? markup`<ul class="pp-thumbs" role="list" aria-label="${PRODUCT_TEXT.thumbnails}">${view.images.map(
          (image, index) =>
            markup`<li><a class="pp-thumb" href="#pp-img-${index + 1}" data-thumb="${index}" aria-label="${PRODUCT_TEXT.thumbnail(index + 1)}"${index === 0 ? trustedHtml(' aria-current="true"') : ''}><img src="${image.small}" alt="" width="${THUMB.width}" height="${THUMB.height}" loading="lazy" decoding="async"></a></li>`,
        )}</ul>`
      : '';
  return markup`<div class="pp-media"><div class="pp-gallery" data-gallery><ul class="pp-slides" id="pp-slides" role="list" aria-label="${PRODUCT_TEXT.gallery}" tabindex="0" data-gallery-track>${slides}</ul>${arrows}</div>${thumbs}</div>`;
}

function details(view: ProductPageView): SafeHtml {
  const category = view.category
    ? markup`<p class="pp-category"><span class="pc-visually-hidden">${PRODUCT_TEXT.category}: </span>${view.category}</p>`
    : '';
  const tags = view.tags.length
    ? markup`<ul class="pp-tags" role="list" aria-label="${PRODUCT_TEXT.tags}">${view.tags.map((tag) => markup`<li class="pp-tag">${icon('tag', 'pc-icon pc-icon--sm')}${tag}</li>`)}</ul>`
    : '';
  const compareAt = view.price?.compareAt
    ? markup` <s class="pp-price__was"><span class="pc-visually-hidden">${PRODUCT_TEXT.compareAt}: </span>${view.price.compareAt}</s>`
    : '';
  const price = view.price
    ? markup`<p class="pp-price"><span class="pc-visually-hidden">${PRODUCT_TEXT.price}: </span><span class="pp-price__now">${view.price.text}</span>${compareAt}</p>`
    : '';
  const stock =
    view.inStock === null
      ? ''
      : markup`<p class="pp-stock pp-stock--${view.inStock ? 'in' : 'out'}">${view.inStock ? PRODUCT_TEXT.inStock : PRODUCT_TEXT.outOfStock}</p>`;
  const description = view.description
    ? markup`<section class="pp-section" aria-labelledby="pp-desc-h"><h2 class="pp-h2" id="pp-desc-h">${PRODUCT_TEXT.description}</h2><p class="pp-desc">${view.description}</p></section>`
    : '';
  const features = view.features.length
    ? markup`<section class="pp-section" aria-labelledby="pp-features-h"><h2 class="pp-h2" id="pp-features-h">${PRODUCT_TEXT.features}</h2><ul class="pp-features">${view.features.map((feature) => markup`<li>${feature}</li>`)}</ul></section>`
    : '';
  const buy = view.buyUrl
    ? markup`<a class="pc-btn pc-btn--primary pp-action" href="${view.buyUrl}" target="_blank" rel="noopener noreferrer" data-pp-click="buy">${icon('cart')}<span>${PRODUCT_TEXT.buy}</span></a>`
    : '';
  return markup`<div class="pp-info">
${category}<h1 class="pp-name">${view.name}</h1>
${tags}${price}${stock}
${description}${features}
<div class="pp-actions"><a class="pc-btn pp-action pp-action--whatsapp" href="${view.whatsAppAskUrl}" target="_blank" rel="noopener noreferrer" data-pp-click="whatsapp">${icon('whatsapp')}<span>${PRODUCT_TEXT.askOnWhatsApp}</span></a>${buy}</div>
</div>`;
}

/** The product page: the same bytes for every visitor. */
export function renderProductPage(view: ProductPageView, assets: PageAssets): string {
  const title = `${view.name} · ${view.ownerName || PRODUCT_TEXT.brand}`;
  const backLabel = view.cardUrl ? PRODUCT_TEXT.backToCard(view.ownerName) : PRODUCT_TEXT.home;
  const backdrop = view.images[0]
    ? markup`<div class="pp-backdrop" aria-hidden="true"><img src="${view.images[0].small}" alt="" width="400" height="300" data-gallery-backdrop></div>`
    : '';
  const data = {
    productId: view.productId,
    // The beacons name the card only when the visitor came from it (null: not through a card's link).
    cardId: view.fromCardId,
    share: { title: view.name, text: view.name, url: view.canonicalUrl },
    images: view.images.map((image) => image.small),
    text: PRODUCT_SCRIPT_TEXT,
  };
  return markup`<!doctype html>
<html lang="tr" class="theme-${view.theme}">
${head(title, summary(view), assets, socialMeta(view))}
<body class="pc-body pp-body">
${backdrop}<div class="pp-page">
<nav class="pp-top" aria-label="${PRODUCT_TEXT.actions}"><a class="pp-top__btn" href="${view.cardUrl ?? '/'}" aria-label="${backLabel}">${icon('back')}</a><span class="pp-top__end"><button type="button" class="pp-top__btn pc-js" data-share aria-label="${PRODUCT_TEXT.share}">${icon('share')}</button><a class="pp-top__btn" href="${view.whatsAppShareUrl}" target="_blank" rel="noopener noreferrer" aria-label="${PRODUCT_TEXT.shareOnWhatsApp}">${icon('whatsapp')}</a></span></nav>
<main class="pp-card">
${gallery(view)}
${details(view)}
</main>
<footer class="pc-footer"><p>${PRODUCT_TEXT.footer}</p>${view.cardUrl ? markup`<a href="${view.cardUrl}">${backLabel}</a>` : ''}</footer>
</div>
<div class="pc-toast" data-toast role="status" aria-live="polite"></div>
<script type="application/json" id="pp-data">${jsonForScript(data)}</script>
${scriptTags(assets)}
</body>
</html>
`.value;
}

/** 'Ürün bulunamadı' / 'Ürün yüklenirken bir hata oluştu': the same bytes whatever the product. */
export function renderProductUnavailable(kind: 'not-found' | 'error', assets: PageAssets): string {
  const title = kind === 'not-found' ? PRODUCT_TEXT.notFoundTitle : PRODUCT_TEXT.loadErrorTitle;
  const text = kind === 'not-found' ? PRODUCT_TEXT.notFoundText : PRODUCT_TEXT.loadErrorText;
  return markup`<!doctype html>
<html lang="tr" class="theme-classic">
${head(`${title} · ${PRODUCT_TEXT.brand}`, text, assets, markup`<meta name="robots" content="noindex">\n`)}
<body class="pc-body">
<main class="pc-state">
<div class="pc-state__icon">${icon('about')}</div>
<h1 class="pc-state__title">${title}</h1>
<p class="pc-state__text">${text}</p>
<a class="pc-btn pc-btn--primary" href="/" data-back>${PRODUCT_TEXT.back}</a>
<p class="pc-state__brand">${PRODUCT_TEXT.footer}</p>
</main>
${scriptTags(assets)}
</body>
</html>
`.value;
}
