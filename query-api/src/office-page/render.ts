import { jsonForScript, markup, trustedHtml, type SafeHtml } from '@kartvizit/infra/html/markup';
import type { PageAssets } from '../html/assets.ts';
import { pageHead, scriptTags } from '../html/document.ts';
import { icon, type LineIcon } from '../html/icons.ts';
import {
  OFFICE_SCRIPT_TEXT,
  OFFICE_TEXT,
  type OfficeContact,
  type OfficeLocationView,
  type OfficePageView,
  type TeamMemberView,
} from './view.ts';

/**
 * /o/{slug} as one HTML document, the same bytes for every visitor: whole without a script (every contact is a link,
 * the address opens the map provider, the team links to their cards); web/src/office-page/main.ts only draws the map
 * when the visitor asks for it, as the card page does. Templates are kept on few lines: no stray white space.
 */

const CONTACT_ICONS: { readonly [K in OfficeContact['kind']]: LineIcon } = {
  phone: 'phone',
  email: 'email',
  website: 'website',
};

const NOSCRIPT_CSS = '.pc-js,.pc-map,.pc-map__status{display:none!important}';

function socialMeta(view: OfficePageView, description: string): SafeHtml {
  const image = view.shareImage
    ? markup`<meta property="og:image" content="${view.shareImage}">
<meta property="og:image:alt" content="${OFFICE_TEXT.logoAlt(view.name)}">
`
    : '';
  // noindex: an office chooses nothing about search engines yet, and its members' cards are indexed only by their
  // own choice (decision 61, 'The office page').
  return markup`<link rel="canonical" href="${view.canonicalUrl}">
<meta name="robots" content="noindex">
<meta property="og:type" content="website">
<meta property="og:site_name" content="${OFFICE_TEXT.brand}">
<meta property="og:locale" content="tr_TR">
<meta property="og:title" content="${view.name}">
<meta property="og:description" content="${description}">
<meta property="og:url" content="${view.canonicalUrl}">
${image}<meta name="twitter:card" content="summary">
<meta name="twitter:title" content="${view.name}">
<meta name="twitter:description" content="${description}">
`;
}

function section(id: string, title: string, body: SafeHtml, aside: SafeHtml | '' = ''): SafeHtml {
  return markup`<section class="pc-section" aria-labelledby="op-${id}-h">
<div class="pc-section__head"><h2 class="pc-h2" id="op-${id}-h">${title}</h2>${aside}</div>
${body}
</section>`;
}

function hero(view: OfficePageView): SafeHtml {
  const logo = view.logo
    ? markup`<img class="op-logo__img" src="${view.logo}" alt="${OFFICE_TEXT.logoAlt(view.name)}" width="160" height="160" decoding="async" fetchpriority="high">`
    : markup`<span class="op-logo__initials" aria-hidden="true">${view.initials}</span>`;
  const company = view.company ? markup`<p class="op-company">${view.company}</p>` : '';
  const licence = view.licenceNumber
    ? markup`<p class="op-licence">${icon('shield', 'pc-icon pc-icon--sm')}<span>${OFFICE_TEXT.licence(view.licenceNumber)}</span></p>`
    : '';
  return markup`<header class="op-hero">
<div class="op-logo">${logo}</div>
<h1 class="op-name">${view.name}</h1>
${company}${licence}
</header>`;
}

function contactItem(item: OfficeContact): SafeHtml {
  const target = item.external ? trustedHtml(' target="_blank" rel="noopener noreferrer"') : '';
  return markup`<li class="pc-item"><a class="pc-item__main" href="${item.href}"${target}><span class="pc-item__icon">${icon(CONTACT_ICONS[item.kind])}</span><span class="pc-item__text"><span class="pc-item__label">${item.label}</span><span class="pc-item__value">${item.display}</span></span></a></li>`;
}

function contacts(view: OfficePageView): SafeHtml | '' {
  if (view.contacts.length === 0) return '';
  return section(
    'contact',
    OFFICE_TEXT.contact,
    markup`<ul class="pc-list" role="list">${view.contacts.map(contactItem)}</ul>`,
  );
}

function location(place: OfficeLocationView): SafeHtml {
  const map = place.coordinates
    ? markup`<div class="pc-map" data-lat="${place.coordinates.lat}" data-lng="${place.coordinates.lng}"><div class="pc-map__placeholder">${icon('map', 'pc-icon pc-map__icon')}<button type="button" class="pc-btn pc-btn--light pc-js" data-map-load>${OFFICE_TEXT.showMap}</button></div></div>
<p class="pc-map__status" data-map-status role="status"></p>`
    : '';
  const address = place.address
    ? place.searchUrl
      ? markup`<address class="pc-address"><a href="${place.searchUrl}" target="_blank" rel="noopener noreferrer"><span class="pc-visually-hidden">${OFFICE_TEXT.address}: </span>${place.address}</a></address>`
      : markup`<address class="pc-address">${place.address}</address>`
    : '';
  const coordinates = place.coordinates
    ? markup`<p class="pc-coords"><span class="pc-visually-hidden">${OFFICE_TEXT.coordinates}: </span>${place.coordinates.lat.toFixed(6)}, ${place.coordinates.lng.toFixed(6)}</p>`
    : '';
  const links = place.directions.map(
    (link) =>
      markup`<li><a class="pc-chip" href="${link.url}" target="_blank" rel="noopener noreferrer">${icon('directions')}<span>${link.label}</span></a></li>`,
  );
  const directions = links.length
    ? markup`<ul class="pc-directions" role="list" aria-label="${OFFICE_TEXT.directionsWith}">${links}</ul>`
    : '';
  return section('location', OFFICE_TEXT.location, markup`${map}${address}${coordinates}${directions}`);
}

function member(person: TeamMemberView): SafeHtml {
  // The name and title are the link's text: the photo says nothing more, so its alt is empty.
  const photo = person.photo
    ? markup`<img class="op-member__img" src="${person.photo}" alt="" width="96" height="96" loading="lazy" decoding="async">`
    : markup`<span class="op-member__initials" aria-hidden="true">${person.initials}</span>`;
  const job = person.jobTitle ? markup`<span class="op-member__job">${person.jobTitle}</span>` : '';
  return markup`<li class="op-member"><a class="op-member__link" href="${person.cardUrl}"><span class="op-member__photo">${photo}</span><span class="op-member__text"><span class="op-member__name">${person.name}</span>${job}</span></a></li>`;
}

function team(view: OfficePageView): SafeHtml | '' {
  if (view.team.length === 0) return '';
  const count = markup`<span class="pc-badge">${OFFICE_TEXT.teamCount(view.team.length)}</span>`;
  return section(
    'team',
    OFFICE_TEXT.team,
    markup`<ul class="op-team" role="list">${view.team.map(member)}</ul>`,
    count,
  );
}

/** The office page: the same bytes for every visitor. */
export function renderOfficePage(view: OfficePageView, assets: PageAssets): string {
  const description = OFFICE_TEXT.description(view.name, view.company);
  // The brand colour (checked `#rrggbb`) tints the header and, on a wide screen, the band behind the page.
  const tinted = view.tint ? ' op-tinted' : '';
  const tint = view.tint
    ? trustedHtml(` style="--op-brand:${view.tint.background};--op-on-brand:${view.tint.foreground}"`)
    : '';
  return markup`<!doctype html>
<html lang="tr" class="theme-${view.theme}">
${pageHead({ title: `${view.name} · ${OFFICE_TEXT.brand}`, description, assets, meta: socialMeta(view, description), noscriptCss: NOSCRIPT_CSS })}
<body class="pc-body op-body${tinted}"${tint}>
<div class="pc-page">
<div class="pc-card op-card">
<main>
${hero(view)}
${contacts(view)}
${view.location ? location(view.location) : ''}
${team(view)}
</main>
<footer class="pc-footer"><p>${OFFICE_TEXT.footer}</p><a href="/">${OFFICE_TEXT.footerLink}</a></footer>
</div>
</div>
<script type="application/json" id="op-data">${jsonForScript({ text: OFFICE_SCRIPT_TEXT })}</script>
${scriptTags(assets)}
</body>
</html>
`.value;
}

/** 'Ofis bulunamadı' / 'Ofis yüklenirken bir hata oluştu': the same bytes whatever the slug. */
export function renderOfficeUnavailable(kind: 'not-found' | 'error', assets: PageAssets): string {
  const title = kind === 'not-found' ? OFFICE_TEXT.notFoundTitle : OFFICE_TEXT.loadErrorTitle;
  const note = kind === 'not-found' ? OFFICE_TEXT.notFoundText : OFFICE_TEXT.loadErrorText;
  return markup`<!doctype html>
<html lang="tr" class="theme-classic">
${pageHead({ title: `${title} · ${OFFICE_TEXT.brand}`, description: note, assets, meta: markup`<meta name="robots" content="noindex">\n`, noscriptCss: NOSCRIPT_CSS })}
<body class="pc-body">
<main class="pc-state">
<div class="pc-state__icon">${icon(kind === 'not-found' ? 'about' : 'shield')}</div>
<h1 class="pc-state__title">${title}</h1>
<p class="pc-state__text">${note}</p>
<a class="pc-btn pc-btn--primary" href="/">${OFFICE_TEXT.back}</a>
<p class="pc-state__brand">${OFFICE_TEXT.footer}</p>
</main>
</body>
</html>
`.value;
}
