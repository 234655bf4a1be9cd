import { LEAD_LIMITS } from '@kartvizit/schemas/lead/form-rules';
import { CUSTOMER_LIMITS, CUSTOMER_TYPES, type CustomerType } from '@kartvizit/schemas/rems/rules';
import { LEGAL_PATHS } from '@kartvizit/schemas/legal';
import { escapeHtml, jsonForScript, markup, trustedHtml, type SafeHtml } from '@kartvizit/infra/html/markup';
import type { PageAssets } from '../html/assets.ts';
import { pageHead, scriptTags } from '../html/document.ts';
import { icon, type LineIcon } from '../html/icons.ts';
import { socialIcon } from './social-icons.ts';
import { CATALOGUES, messagesFor, type MessageKey, type Translate } from '../language/messages.ts';
import {
  DEFAULT_LANGUAGE,
  OPEN_GRAPH_LOCALES,
  type PublicLanguage,
} from '@kartvizit/schemas/language/model';
import { directionOf } from '../html/document.ts';
import { alternateLinks, languageSwitcher } from '../html/languages.ts';
import { sampleBanner, sampleLeadDialog, sampleRemsNote } from './sample.ts';
import { renderCatalogue } from './catalogue.ts';
import type { CardPageView, CompanyTab, ContactItem, InfoRow, LocationView, PaymentView, SocialItem } from './view.ts';

/**
 * The public card page as one HTML document: readable and useful without any script (links call,
 * mail, open maps, download the contact file); the enhancement script only wires up the buttons
 * marked `pc-js` (hidden when scripting is off), the tabs and the dialogs.
 * Templates are kept on few lines on purpose: no stray white space between elements.
 */

const CONTACT_ICONS: { readonly [K in ContactItem['kind']]: LineIcon } = {
  phone: 'phone',
  whatsapp: 'whatsapp',
  email: 'email',
  website: 'website',
  address: 'address',
};

/** The 'Görüşme Planlayın' form's labels. */
const REMS_LABEL_KEYS = {
  firstName: 'remsFirstName',
  lastName: 'remsLastName',
  phoneNumber: 'remsPhoneNumber',
  customerType: 'remsCustomerType',
  email: 'remsEmail',
  province: 'remsProvince',
  district: 'remsDistrict',
  address: 'remsAddress',
  notes: 'remsNotes',
} as const satisfies Record<string, MessageKey>;

const CUSTOMER_TYPE_KEYS = {
  BUYER: 'remsBuyer',
  SELLER: 'remsSeller',
  TENANT: 'remsTenant',
  LANDLORD: 'remsLandlord',
} as const satisfies { readonly [T in CustomerType]: MessageKey };

// Scripting off: buttons that need the script disappear; every tab panel shows, one under the other.
const NOSCRIPT_CSS = [
  '.pc-bar__inner{display:flex!important;justify-content:space-evenly}',
  '.pc-map,.pc-map__status{display:none!important}',
  '.pc-js{display:none!important}',
  '.pc-tablist{display:none!important}',
  '.pc-panel[hidden]{display:block!important}',
  '.pc-panel__title{position:static!important;width:auto!important;height:auto!important;clip:auto!important;margin:0 0 8px!important}',
].join('');

function head(options: { title: string; description: string; assets: PageAssets; meta: SafeHtml }): SafeHtml {
  return pageHead({ ...options, noscriptCss: NOSCRIPT_CSS });
}

function copyButton(t: Translate, label: string, value: string): SafeHtml {
  return markup`<button type="button" class="pc-copy pc-js" data-copy="${value}" data-label="${label}" aria-label="${t('copy', { label })}">${icon('copy')}${icon('check', 'pc-icon pc-icon--done')}</button>`;
}

/** An office card names its office (a link to its page) and the yetki belgesi number real-estate ads must show. */
function officeLine(view: CardPageView): SafeHtml | '' {
  const t = view.t;
  const office = view.office;
  if (!office || (!office.name && !office.licenceNumber)) return '';
  const name = office.name
    ? office.href
      ? markup`<a href="${office.href}">${office.name}</a>`
      : markup`<span>${office.name}</span>`
    : '';
  const licence = office.licenceNumber ? markup`<span>${t('licenceNumber', { number: office.licenceNumber })}</span>` : '';
  return markup`<p class="pc-office">${name}${name && licence ? ' · ' : ''}${licence}</p>`;
}

function hero(view: CardPageView): SafeHtml {
  const t = view.t;
  const cover = view.cover
    ? markup`<img class="pc-cover__img" src="${view.cover}" alt="" width="640" height="360" decoding="async" fetchpriority="high">`
    : '';
  const avatar = view.photo
    ? markup`<img class="pc-avatar__img" src="${view.photo}" alt="${t('photoAlt', { name: view.fullName })}" width="160" height="160" decoding="async" fetchpriority="high">`
    : markup`<span class="pc-avatar__initials" aria-hidden="true">${view.initials}</span>`;
  const logo = view.logo
    ? markup`<img class="pc-logo" src="${view.logo}" alt="${view.company ? t('logoAlt', { company: view.company }) : t('logoAltPlain')}" width="32" height="32" loading="lazy" decoding="async" data-hide-on-error>`
    : '';
  const companyName = view.company ? markup`<span>${view.company}</span>` : '';
  const company = view.company || view.logo ? markup`<p class="pc-company">${logo}${companyName}</p>` : '';
  const job = view.jobTitle ? markup`<p class="pc-job">${view.jobTitle}</p>` : '';
  return markup`<header class="pc-hero">
<div class="pc-cover">${cover}</div>
<div class="pc-avatar">${avatar}</div>
<h1 class="pc-name">${view.displayName}</h1>
${job}${company}${officeLine(view)}
</header>`;
}

function section(id: string, title: string, body: SafeHtml, aside: SafeHtml | '' = ''): SafeHtml {
  return markup`<section class="pc-section" aria-labelledby="pc-${id}-h">
<div class="pc-section__head"><h2 class="pc-h2" id="pc-${id}-h">${title}</h2>${aside}</div>
${body}
</section>`;
}

/**
 * Text with a line-break opportunity (`<wbr>`) before each of `points`: an e-mail address wraps
 * before its '@' or a dot ('ayse.yilmaz' / '@example.com'), never inside a word.
 */
function breakableAt(text: string, points: RegExp): SafeHtml {
  return markup`${text.split(points).map((part, index) => (index === 0 ? part : markup`<wbr>${part}`))}`;
}

/** Where an address may wrap: e-mails before '@' and '.', web addresses before '.' and '/'. */
const BREAK_POINTS: { readonly [K in ContactItem['kind']]: RegExp | null } = {
  phone: null,
  whatsapp: null,
  email: /(?=[@.])/,
  website: /(?=[./])/,
  address: null,
};

function contactValue(item: ContactItem): SafeHtml | string {
  const points = BREAK_POINTS[item.kind];
  return points ? breakableAt(item.display, points) : item.display;
}

function contactItem(t: Translate, item: ContactItem): SafeHtml {
  const valueClass = BREAK_POINTS[item.kind] ? 'pc-item__value pc-item__value--segmented' : 'pc-item__value';
  const inner = markup`<span class="pc-item__icon">${icon(CONTACT_ICONS[item.kind])}</span><span class="pc-item__text"><span class="pc-item__label">${item.label}</span><span class="${valueClass}">${contactValue(item)}</span></span>`;
  const target = item.external ? trustedHtml(' target="_blank" rel="noopener noreferrer"') : '';
  const main = item.href
    ? markup`<a class="pc-item__main" href="${item.href}"${target} data-track="${item.kind}">${inner}</a>`
    : markup`<div class="pc-item__main">${inner}</div>`;
  return markup`<li class="pc-item">${main}${copyButton(t, item.label, item.copy)}</li>`;
}

function contacts(view: CardPageView): SafeHtml | '' {
  const t = view.t;
  if (view.contacts.length === 0) return '';
  return section(
    'contact',
    t('contact'),
    markup`<ul class="pc-list" role="list">${view.contacts.map((item) => contactItem(t, item))}</ul>`,
  );
}

function socialLink(t: Translate, item: SocialItem): SafeHtml {
  const title = item.username ? `${item.label}: ${item.username}` : item.label;
  return markup`<li><a class="pc-social__link pc-social--${item.platform}" href="${item.url}" target="_blank" rel="noopener noreferrer me" title="${title}" aria-label="${t('open', { label: title })}" data-track="social" data-platform="${item.platform}">${socialIcon(item.platform)}</a></li>`;
}

function social(view: CardPageView): SafeHtml | '' {
  const t = view.t;
  if (view.social.length === 0) return '';
  return section('social', t('social'), markup`<ul class="pc-social" role="list">${view.social.map((item) => socialLink(t, item))}</ul>`);
}

function about(view: CardPageView): SafeHtml | '' {
  const t = view.t;
  return view.bio ? section('about', t('about'), markup`<p class="pc-bio">${view.bio}</p>`) : '';
}

function location(t: Translate, place: LocationView): SafeHtml {
  const badge = place.coordinates
    ? markup`<span class="pc-badge pc-badge--precise">${t('preciseLocation')}</span>`
    : markup`<span class="pc-badge pc-badge--estimate">${t('estimatedLocation')}</span>`;
  const map = place.coordinates
    ? markup`<div class="pc-map" data-lat="${place.coordinates.lat}" data-lng="${place.coordinates.lng}"><div class="pc-map__placeholder">${icon('map', 'pc-icon pc-map__icon')}<button type="button" class="pc-btn pc-btn--light pc-js" data-map-load>${t('showMap')}</button></div></div>
<p class="pc-map__status" data-map-status role="status"></p>`
    : markup`<p class="pc-note">${t('mapNeedsPin')}</p>`;
  const address = place.address ? markup`<address class="pc-address">${place.address}</address>` : '';
  const coordinates = place.coordinates
    ? markup`<p class="pc-coords"><span class="pc-visually-hidden">${t('coordinates')}: </span>${place.coordinates.lat.toFixed(6)}, ${place.coordinates.lng.toFixed(6)}</p>`
    : '';
  const links = place.directions.map(
    (link) =>
      markup`<li><a class="pc-chip" href="${link.url}" target="_blank" rel="noopener noreferrer" data-track="directions" data-platform="${link.target}">${icon('directions')}<span>${link.label}</span></a></li>`,
  );
  const directions = links.length
    ? markup`<ul class="pc-directions" role="list" aria-label="${t('directionsWith')}">${links}</ul>`
    : '';
  return section('location', t('location'), markup`${map}${address}${coordinates}${directions}`, badge);
}

function rowValue(row: InfoRow): SafeHtml {
  if (!row.groups) return markup`<span class="pc-row__value">${row.value}</span>`;
  const groups = row.groups.map(
    (group, index) => markup`${index === 0 ? '' : ' '}<span class="pc-nobreak">${group}</span>`,
  );
  return markup`<span class="pc-row__value pc-row__value--grouped">${groups}</span>`;
}

function rows(t: Translate, list: readonly InfoRow[]): SafeHtml {
  const items = list.map(
    (row) =>
      markup`<div class="pc-row"><dt>${row.label}</dt><dd>${rowValue(row)}${row.copy ? copyButton(t, row.label, row.copy) : ''}</dd></div>`,
  );
  return markup`<dl class="pc-rows">${items}</dl>`;
}

function paymentTile(t: Translate, method: PaymentView): SafeHtml {
  const account = method.accountId
    ? markup`<span class="pc-pay__label">${method.label}</span><span class="pc-pay__id">${method.accountId}</span><span class="pc-pay__hint pc-js">${icon('copy')}${t('copyHint')}</span><button type="button" class="pc-pay__copy pc-js" data-copy="${method.accountId}" data-label="${method.copyLabel}" aria-label="${method.typeLabel}, ${method.label}: ${method.accountId}. ${t('copyHint')}"></button>`
    : '';
  const qr = method.qrUrl
    ? markup`<figure class="pc-pay__qr"><img src="${method.qrUrl}" alt="${t('paymentQrAlt', { label: method.typeLabel })}" width="120" height="120" loading="lazy" decoding="async"><figcaption>${t('payByQr')}</figcaption></figure>`
    : '';
  return markup`<li class="pc-pay pc-pay--${method.brand}"><div class="pc-pay__card"><span class="pc-pay__type">${method.typeLabel}</span>${account}</div>${qr}</li>`;
}

function panelBody(t: Translate, tab: CompanyTab): SafeHtml {
  switch (tab.id) {
    case 'sirket':
      return rows(t, tab.rows);
    case 'efatura':
      return markup`${rows(t, tab.rows)}<button type="button" class="pc-btn pc-btn--soft pc-js" data-copy="${tab.copyAll}" data-label="${t('invoiceLabel')}">${icon('copy')}<span>${t('copyInvoice')}</span></button>`;
    case 'banka':
      return markup`${tab.accounts.map((account) => markup`<div class="pc-bank"><h4 class="pc-bank__name">${account.bankName}</h4>${rows(t, account.rows)}</div>`)}`;
    case 'odeme':
      return markup`<ul class="pc-pays" role="list">${tab.methods.map((method) => paymentTile(t, method))}</ul>`;
    default: {
      const unhandled: never = tab;
      return unhandled;
    }
  }
}

function corporate(view: CardPageView): SafeHtml | '' {
  const t = view.t;
  const tabs = view.companyTabs;
  if (tabs.length === 0) return '';
  const buttons = tabs.map((tab, index) => {
    const selected = index === 0;
    return markup`<button type="button" role="tab" class="pc-tab" id="pc-tab-${tab.id}" aria-controls="pc-panel-${tab.id}" aria-selected="${String(selected)}" tabindex="${selected ? '0' : '-1'}">${tab.label}</button>`;
  });
  const panels = tabs.map((tab, index) => {
    const hidden = index === 0 ? '' : trustedHtml(' hidden');
    return markup`<div class="pc-panel" role="tabpanel" id="pc-panel-${tab.id}" aria-labelledby="pc-tab-${tab.id}" tabindex="0"${hidden}><h3 class="pc-panel__title pc-visually-hidden">${tab.label}</h3>${panelBody(t, tab)}</div>`;
  });
  const tablist = markup`<div class="pc-tablist" role="tablist" aria-label="${t('corporate')}">${buttons}</div>`;
  return section('corporate', t('corporate'), markup`${tablist}${panels}`);
}

/**
 * 'Toplantı Planla' (SPEC: meeting-planning block, issue 15): the same for every visitor, 'Takvime Ekle' only. The
 * page is one cached document for everyone (docs/decisions/0020): the owner's tools ('Takvim Daveti', 'Zoom
 * Toplantısı', 'Calendly Linki') are added by the script into `[data-meeting-tools]` once the signed-in owner's
 * session proves the card is theirs. Needs the script (the times are the visitor's own clock), like 'Bilgi Gönder'.
 */
function meetingBlock(view: CardPageView): SafeHtml {
  const t = view.t;
  return markup`<section class="pc-section pc-meeting pc-js" aria-labelledby="pc-meeting-h">
<div class="pc-section__head"><h2 class="pc-h2" id="pc-meeting-h">${t('meetingTitle')}</h2></div>
<p class="pc-meeting__text">${t('meetingIntro', { name: view.fullName })}</p>
<button type="button" class="pc-btn pc-btn--primary pc-btn--block" data-open="pc-ics" aria-haspopup="dialog">${icon('calendar')}<span>${t('meetingAddToCalendar')}</span></button>
<div class="pc-meeting__tools" data-meeting-tools hidden></div>
</section>`;
}

/** The visitor's choice of length, in minutes. */
const MEETING_DURATIONS = [15, 30, 45, 60, 90, 120] as const;
const DEFAULT_MEETING_MINUTES = 60;

/** '45 dakika', '1 saat', '1,5 saat': minutes under an hour, hours from there, in the language's own numbers. */
function durationLabel(t: Translate, minutes: number): string {
  return minutes < 60 ? t('meetingMinutes', { minutes }) : t('meetingHours', { hours: minutes / 60 });
}

/** 'Takvime Ekle': when, and how long; the script downloads the invitation (GET …/meeting.ics). */
function icsDialog(view: CardPageView): SafeHtml {
  const t = view.t;
  const durations = MEETING_DURATIONS.map(
    (minutes) =>
      markup`<option value="${minutes}"${minutes === DEFAULT_MEETING_MINUTES ? trustedHtml(' selected') : ''}>${durationLabel(t, minutes)}</option>`,
  );
  return markup`<dialog class="pc-dialog" id="pc-ics" aria-labelledby="pc-ics-title"><form class="pc-dialog__body pc-form" id="pc-ics-form" novalidate>
<h2 class="pc-dialog__title" id="pc-ics-title">${t('meetingAddToCalendar')}</h2>
<p class="pc-muted">${t('meetingIcsIntro', { name: view.fullName })}</p>
${field('ics', 'start', t('meetingStart'), markup`<input class="pc-input" id="pc-ics-start" name="start" type="datetime-local" step="900" required>`)}
${field('ics', 'duration', t('meetingDuration'), markup`<select class="pc-input" id="pc-ics-duration" name="duration">${durations}</select>`)}
<p class="pc-form__error" data-form-error role="alert"></p>
<div class="pc-dialog__actions"><button type="button" class="pc-btn pc-btn--ghost" data-close>${t('cancel')}</button><button type="submit" class="pc-btn pc-btn--primary">${t('meetingDownload')}</button></div>
</form></dialog>`;
}

function actionBar(view: CardPageView): SafeHtml {
  const t = view.t;
  const layout = view.directionsUrl ? '' : ' pc-bar__inner--four';
  const directions = view.directionsUrl
    ? markup`<a class="pc-bar__item" href="${view.directionsUrl}" target="_blank" rel="noopener noreferrer" data-track="directions" data-platform="google">${icon('directions')}<span>${t('directions')}</span></a>`
    : '';
  return markup`<nav class="pc-bar" aria-label="${t('actions')}"><div class="pc-bar__inner${layout}">
<button type="button" class="pc-bar__item pc-js" data-share>${icon('share')}<span data-share-label>${t('share')}</span></button>
<a class="pc-bar__item" href="${view.vcardUrl}" download data-track="vcard">${icon('saveContact')}<span>${t('saveContact')}</span></a>
<button type="button" class="pc-bar__qr pc-js" data-open="pc-qr" aria-haspopup="dialog" aria-label="${t('showQr')}">${icon('qr')}</button>
<button type="button" class="pc-bar__item pc-js" data-open="pc-lead" aria-haspopup="dialog">${icon('message')}<span>${t('sendInfo')}</span></button>
${directions}
</div></nav>`;
}

function qrDialog(view: CardPageView, qrSvg: string): SafeHtml {
  const t = view.t;
  // The QR library's SVG of our own canonical URL; given a size and an accessible name here.
  const label = escapeHtml(t('qrAlt', { url: view.cardUrl }));
  const svg = qrSvg.replace('<svg ', `<svg width="200" height="200" role="img" aria-label="${label}" `);
  return markup`<dialog class="pc-dialog pc-dialog--qr" id="pc-qr" aria-labelledby="pc-qr-title"><div class="pc-dialog__body">
<h2 class="pc-dialog__title" id="pc-qr-title">${t('qrTitle')}</h2>
<div class="pc-qr">${trustedHtml(svg)}</div>
<p class="pc-muted">${t('qrText')}</p>
<button type="button" class="pc-btn pc-btn--primary pc-btn--block" data-close>${t('close')}</button>
</div></dialog>`;
}

/** A labelled control of one of the page's forms, with the place its error is shown (ids `pc-{form}-{name}`). */
function field(
  form: 'lead' | 'rems' | 'ics',
  name: string,
  label: string,
  control: SafeHtml,
  hidden = false,
): SafeHtml {
  const attributes = hidden ? trustedHtml(' data-field-of="province" hidden') : '';
  return markup`<div class="pc-field"${attributes}><label class="pc-field__label" for="pc-${form}-${name}">${label}</label>${control}<p class="pc-field__error" id="pc-${form}-${name}-error" data-error-for="${name}" hidden></p></div>`;
}

/** The KVKK disclosure with its link: what every public form shows before it is sent. */
/** The full disclosure in the page's language (/kvkk?lang=…, issue 31); the Turkish one stays the plain address. */
function disclosureUrl(view: CardPageView): string {
  return view.language === DEFAULT_LANGUAGE ? LEGAL_PATHS.disclosure : `${LEGAL_PATHS.disclosure}?lang=${view.language}`;
}

function notice(view: CardPageView, text: string): SafeHtml {
  return markup`<p class="pc-notice">${icon('shield')}<span>${text} <a href="${disclosureUrl(view)}" target="_blank" rel="noopener">${view.t('leadNoticeLink')}</a></span></p>`;
}

/** The field only bots fill (the honeypot): out of sight, out of the tab order, ignored by autofill. */
function honeypot(t: Translate, form: 'lead' | 'rems'): SafeHtml {
  return markup`<div class="pc-hp" aria-hidden="true"><label for="pc-${form}-website">${t('leadHoneypot')}</label><input id="pc-${form}-website" name="website" type="text" tabindex="-1" autocomplete="off"></div>`;
}

/** 'Emlak Danışmanlığı': shown only with the script (the form needs it), like 'Bilgi Gönder'. */
function remsBlock(view: CardPageView): SafeHtml | '' {
  const t = view.t;
  if (!view.rems) return '';
  return markup`<section class="pc-section pc-rems pc-js" aria-labelledby="pc-rems-h">
<div class="pc-section__head"><h2 class="pc-h2" id="pc-rems-h">${t('remsTitle')}</h2></div>
<p class="pc-rems__text">${t('remsIntro', { name: view.fullName })}</p>
<button type="button" class="pc-btn pc-btn--primary pc-btn--block" data-open="pc-rems" aria-haspopup="dialog">${icon('calendar')}<span>${t('remsButton')}</span></button>
</section>`;
}

/**
 * 'Görüşme Planlayın' (SPEC: customer registration modal). The provinces and districts are not in the page: the
 * script loads them with the form's rules when the dialog opens (docs/decisions/0037-rems-card-block.md).
 */
function remsDialog(view: CardPageView, sample: boolean): SafeHtml | '' {
  const t = view.t;
  if (!view.rems) return '';
  const label = (name: keyof typeof REMS_LABEL_KEYS) => t(REMS_LABEL_KEYS[name]);
  const input = (
    name: 'firstName' | 'lastName' | 'phoneNumber' | 'email',
    type: string,
    autocomplete: string,
    maxlength: number,
    extra = '',
  ) =>
    markup`<input class="pc-input" id="pc-rems-${name}" name="${name}" type="${type}" autocomplete="${autocomplete}" maxlength="${maxlength}"${trustedHtml(extra)}>`;
  const textarea = (name: 'address' | 'notes', autocomplete: string, maxlength: number) =>
    markup`<textarea class="pc-input" id="pc-rems-${name}" name="${name}" rows="2" autocomplete="${autocomplete}" maxlength="${maxlength}"></textarea>`;
  const types = CUSTOMER_TYPES.map((type) => markup`<option value="${type}">${t(CUSTOMER_TYPE_KEYS[type])}</option>`);
  const customerType = markup`<select class="pc-input" id="pc-rems-customerType" name="customerType"><option value="">${t('remsChoose')}</option>${types}</select>`;
  const province = markup`<select class="pc-input" id="pc-rems-province" name="province" autocomplete="address-level1"><option value="">${t('remsChooseProvince')}</option></select>`;
  const district = markup`<select class="pc-input" id="pc-rems-district" name="district" autocomplete="address-level2"><option value="">${t('remsChooseDistrict')}</option></select>`;
  return markup`<dialog class="pc-dialog" id="pc-rems" aria-labelledby="pc-rems-title"><form class="pc-dialog__body pc-form" id="pc-rems-form" novalidate>
<h2 class="pc-dialog__title" id="pc-rems-title">${t('remsDialogTitle')}</h2>
${sample ? sampleRemsNote(t) : ''}<p class="pc-muted">${t('remsDialogIntro', { name: view.fullName })}</p>
<div class="pc-form__pair">${field('rems', 'firstName', label('firstName'), input('firstName', 'text', 'given-name', CUSTOMER_LIMITS.name))}${field('rems', 'lastName', label('lastName'), input('lastName', 'text', 'family-name', CUSTOMER_LIMITS.name))}</div>
${field('rems', 'phoneNumber', label('phoneNumber'), input('phoneNumber', 'tel', 'tel-national', CUSTOMER_LIMITS.phone, ' inputmode="tel" placeholder="0532 123 45 67"'))}
${field('rems', 'customerType', label('customerType'), customerType)}
${field('rems', 'email', label('email'), input('email', 'email', 'email', CUSTOMER_LIMITS.email, ' inputmode="email"'))}
${field('rems', 'province', label('province'), province)}
${field('rems', 'district', label('district'), district, true)}
${field('rems', 'address', label('address'), textarea('address', 'street-address', CUSTOMER_LIMITS.address))}
${field('rems', 'notes', label('notes'), textarea('notes', 'off', CUSTOMER_LIMITS.notes))}
${honeypot(t, 'rems')}
${notice(view, t('remsNotice'))}
<label class="pc-check"><input type="checkbox" name="marketingConsent" value="true"><span>${t('leadConsent')}</span></label>
<p class="pc-form__error" data-form-error role="alert"></p>
<div class="pc-dialog__actions"><button type="button" class="pc-btn pc-btn--ghost" data-close>${t('cancel')}</button><button type="submit" class="pc-btn pc-btn--primary">${t('submit')}</button></div>
</form></dialog>`;
}

function leadDialog(view: CardPageView): SafeHtml {
  const t = view.t;
  const input = (name: 'fullName' | 'phone' | 'email', type: string, autocomplete: string, extra = '') =>
    markup`<input class="pc-input" id="pc-lead-${name}" name="${name}" type="${type}" autocomplete="${autocomplete}" maxlength="${LEAD_LIMITS[name]}"${trustedHtml(extra)}>`;
  const message = markup`<textarea class="pc-input" id="pc-lead-message" name="message" rows="3" maxlength="${LEAD_LIMITS.message}"></textarea>`;
  return markup`<dialog class="pc-dialog" id="pc-lead" aria-labelledby="pc-lead-title"><form class="pc-dialog__body pc-form" id="pc-lead-form" novalidate>
<h2 class="pc-dialog__title" id="pc-lead-title">${t('leadTitle')}</h2>
<p class="pc-muted">${t('leadIntro', { name: view.fullName })}</p>
${field('lead', 'fullName', t('leadName'), input('fullName', 'text', 'name'))}
${field('lead', 'phone', t('leadPhone'), input('phone', 'tel', 'tel', ' inputmode="tel"'))}
${field('lead', 'email', t('leadEmail'), input('email', 'email', 'email', ' inputmode="email"'))}
${field('lead', 'message', t('leadMessage'), message)}
${honeypot(t, 'lead')}
${notice(view, view.leadNotice)}
<label class="pc-check"><input type="checkbox" name="marketingConsent" value="true"><span>${t('leadConsent')}</span></label>
<p class="pc-form__error" data-form-error role="alert"></p>
<div class="pc-dialog__actions"><button type="button" class="pc-btn pc-btn--ghost" data-close>${t('cancel')}</button><button type="submit" class="pc-btn pc-btn--primary">${t('submit')}</button></div>
</form></dialog>`;
}

function socialMeta(view: CardPageView): SafeHtml {
  const t = view.t;
  const image = view.shareImage;
  const description = view.summary || t('brand');
  const [firstName = '', ...rest] = view.fullName.split(' ');
  const ogImage = image
    ? markup`<meta property="og:image" content="${image}">
<meta property="og:image:alt" content="${t('photoAlt', { name: view.fullName })}">
`
    : '';
  const twitterImage = image ? markup`<meta name="twitter:image" content="${image}">\n` : '';
  // noindex: a card is shared by its link; search engines need not list people's phone numbers,
  // unless the owner chose to be findable. Then nothing is said: index and follow are the default.
  const robots = view.searchable ? '' : markup`<meta name="robots" content="noindex">\n`;
  // A data block: browsers never run it, so script-src has nothing to block; escaped so no text can end it.
  const structuredData = view.structuredData
    ? markup`<script type="application/ld+json">${jsonForScript(view.structuredData)}</script>\n`
    : '';
  // Each language's address, and the plain one that chooses by the browser's language (x-default), for search
  // engines; link previews learn the other languages from og:locale:alternate.
  const hreflang = alternateLinks(view.alternates, view.cardUrl);
  const alternateLocales = markup`${view.alternates
    .filter((each) => each.language !== view.language)
    .map((each) => markup`<meta property="og:locale:alternate" content="${OPEN_GRAPH_LOCALES[each.language]}">
`)}`;
  return markup`<link rel="canonical" href="${view.canonicalUrl}">
${hreflang}${robots}<meta property="og:type" content="profile">
<meta property="og:site_name" content="${t('brand')}">
<meta property="og:locale" content="${OPEN_GRAPH_LOCALES[view.language]}">
${alternateLocales}
<meta property="og:title" content="${view.fullName}">
<meta property="og:description" content="${description}">
<meta property="og:url" content="${view.canonicalUrl}">
${ogImage}<meta property="profile:first_name" content="${firstName}">
<meta property="profile:last_name" content="${rest.join(' ')}">
<meta name="twitter:card" content="summary">
<meta name="twitter:title" content="${view.fullName}">
<meta name="twitter:description" content="${description}">
${twitterImage}${structuredData}`;
}

export interface CardPageOptions {
  /** The sample card (/p/DEMO): a banner says so, and its lead dialog has no form. */
  readonly sample: boolean;
  /**
   * WEB_VITALS_SAMPLE_RATE: the share of loads whose script fetches `web-vitals` and sends the page's Core Web Vitals
   * (decision 44); the same for every card and visitor, so the page stays the same bytes. Default 0: none.
   */
  readonly vitalsSampleRate?: number;
}

/**
 * The texts the page's script shows (web/src/public-card/main.ts reads them from the page's data): '{label}' is
 * filled in by the script.
 */
function scriptText(t: Translate) {
  return {
    copied: t('scriptCopied'),
    copyFailed: t('scriptCopyFailed'),
    copiedLabel: t('scriptCopiedLabel', { label: '{label}' }),
    linkLabel: t('scriptLinkLabel'),
    mapLoading: t('mapLoading'),
    mapFailed: t('mapFailed'),
    sending: t('scriptSending'),
    leadError: t('scriptLeadError'),
    leadOffline: t('scriptLeadOffline'),
    remsThanks: t('scriptRemsThanks'),
    remsError: t('scriptRemsError'),
    remsInvalid: t('scriptRemsInvalid'),
    icsDownloaded: t('scriptIcsDownloaded'),
    icsFailed: t('scriptIcsFailed', { message: '{message}' }),
    unknownError: t('scriptUnknownError'),
    startRequired: t('scriptStartRequired'),
    startInvalid: t('scriptStartInvalid'),
    downloading: t('scriptDownloading'),
    // The name the server gives the file; used only if its Content-Disposition cannot be read.
    icsName: `${t('meetingIcsTitle', { name: '{name}' })}.ics`,
    catalogueShowAll: t('catalogueShowAll'),
    catalogueShowScroller: t('catalogueShowScroller'),
  };
}

/** The catalogue's keys of what the forms' rules and the server may answer a visitor, in Turkish. */
const FORM_MESSAGE_KEYS = (Object.keys(CATALOGUES.tr) as MessageKey[]).filter(
  (key) => key.startsWith('form') || key === 'scriptLeadThanks' || key === 'scriptRemsThanks',
);

/**
 * The forms' messages in the page's language, by their Turkish words: the shared rules and the server say them in
 * Turkish, and the script shows each through this (issue 31). Empty on a Turkish page, so its bytes do not grow.
 */
function formMessages(view: CardPageView): Record<string, string> {
  if (view.language === DEFAULT_LANGUAGE) return {};
  const turkish = messagesFor(DEFAULT_LANGUAGE);
  return Object.fromEntries(FORM_MESSAGE_KEYS.map((key) => [turkish(key), view.t(key)]));
}

/** The whole card page: the same bytes for every visitor (the lead form's token is fetched when the dialog opens). */
export function renderCardPage(
  view: CardPageView,
  qrSvg: string,
  assets: PageAssets,
  options: CardPageOptions = { sample: false },
): string {
  const t = view.t;
  const title = view.summary ? `${view.fullName} · ${view.summary}` : `${view.fullName} · ${t('brand')}`;
  const text = scriptText(t);
  const data = {
    cardId: view.cardId,
    profileId: view.profileId,
    url: view.cardUrl,
    // The language the page is shown in: the statistics count views by it (issue 31).
    lang: view.language,
    // The form's `cardOwnerId`; null: no 'Görüşme Planla' on this card.
    remsOwnerId: view.rems?.ownerId ?? null,
    share: {
      title: view.fullName,
      text: view.summary ? `${view.fullName} · ${view.summary}` : view.fullName,
      // The card's own address: whoever opens it gets their own language.
      url: view.cardUrl,
    },
    // The sample card: 'Görüşme Planlayın' answers with `remsSampleThanks` and sends nothing.
    sample: options.sample,
    text: options.sample ? { ...text, remsSampleThanks: t('sampleRemsThanks') } : text,
    messages: formMessages(view),
    vitalsSampleRate: options.vitalsSampleRate ?? 0,
  };
  const description = view.summary || `${view.fullName} · ${t('brand')}`;
  return markup`<!doctype html>
<html lang="${view.language}"${directionOf(view.language)} class="theme-${view.theme}">
${head({ title, description, assets, meta: socialMeta(view) })}
<body class="pc-body">
<div class="pc-page">
${options.sample ? sampleBanner(t) : ''}
${languageSwitcher(t, view.language, view.alternates)}
<div class="pc-card">
<main>
${hero(view)}
${contacts(view)}
${social(view)}
${about(view)}
${options.sample ? '' : meetingBlock(view)}
${remsBlock(view)}
${view.location ? location(t, view.location) : ''}
${corporate(view)}
${renderCatalogue(view.catalogue, { cardId: view.cardId, t: view.t, language: view.languages.length > 1 ? view.language : null, pageLanguage: view.language, yetkiBelgesiNo: view.yetkiBelgesiNo })}
</main>
<footer class="pc-footer"><p>${t('footer')}</p><a href="/">${t('footerLink')}</a></footer>
</div>
${actionBar(view)}
</div>
<div class="pc-toast" data-toast role="status" aria-live="polite"></div>
${qrDialog(view, qrSvg)}
${options.sample ? sampleLeadDialog(t, disclosureUrl(view)) : leadDialog(view)}
${remsDialog(view, options.sample)}
${options.sample ? '' : icsDialog(view)}
<script type="application/json" id="pc-data">${jsonForScript(data)}</script>
${scriptTags(assets)}
</body>
</html>
`.value;
}

/** 'Profil bulunamadı' / 'Profil yüklenirken bir hata oluştu': the same bytes whatever the card. */
export function renderUnavailablePage(
  kind: 'not-found' | 'error',
  assets: PageAssets,
  language: PublicLanguage = DEFAULT_LANGUAGE,
): string {
  const t = messagesFor(language);
  const title = kind === 'not-found' ? t('notFoundTitle') : t('loadErrorTitle');
  const note = kind === 'not-found' ? t('unavailableNote') : `${t('unavailableNote')} ${t('loadErrorNote')}`;
  const meta = markup`<meta name="robots" content="noindex">\n`;
  return markup`<!doctype html>
<html lang="${language}"${directionOf(language)} class="theme-classic">
${head({ title: `${title} · ${t('brand')}`, description: note, assets, meta })}
<body class="pc-body">
<main class="pc-state">
<div class="pc-state__icon">${icon(kind === 'not-found' ? 'about' : 'shield')}</div>
<h1 class="pc-state__title">${title}</h1>
<p class="pc-state__text">${note}</p>
<a class="pc-btn pc-btn--primary" href="/">${t('back')}</a>
<p class="pc-state__brand">${t('footer')}</p>
</main>
</body>
</html>
`.value;
}
