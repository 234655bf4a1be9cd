import { textDirection, type PublicLanguage } from '@kartvizit/schemas/language/model';

/**
 * The e-mail signature (issue 32): HTML that survives the mail programs. Gmail, Outlook and Apple Mail drop <style>
 * elements, classes and most CSS, and a signature travels to people who are not on our site, so:
 * - the layout is <table>s, every style an inline `style` attribute, sizes also as `width`/`height` attributes;
 * - every image and link is an absolute address (a relative one means nothing in the recipient's mailbox);
 * - every value the owner typed is escaped, in text and in attributes.
 * Pure: the screen shows it, copies it as rich HTML and offers its source; the unit tests read it as a string.
 */

/** The few words of the signature besides the owner's own, in each language a card speaks. */
export const SIGNATURE_LABELS: {
  readonly [L in PublicLanguage]: {
    readonly phone: string;
    readonly email: string;
    readonly card: string;
    readonly qr: string;
  };
} = {
  tr: { phone: 'Tel', email: 'E-posta', card: 'Dijital kartvizitim', qr: 'Dijital kartvizitimin QR kodu' },
  en: { phone: 'Tel', email: 'Email', card: 'My digital business card', qr: 'QR code of my digital business card' },
  ru: { phone: 'Тел.', email: 'Эл. почта', card: 'Моя цифровая визитка', qr: 'QR-код моей цифровой визитки' },
  ar: { phone: 'هاتف', email: 'البريد الإلكتروني', card: 'بطاقة أعمالي الرقمية', qr: 'رمز QR لبطاقة أعمالي الرقمية' },
  de: {
    phone: 'Tel.',
    email: 'E-Mail',
    card: 'Meine digitale Visitenkarte',
    qr: 'QR-Code meiner digitalen Visitenkarte',
  },
};

export interface SignatureInput {
  readonly language: PublicLanguage;
  readonly name: string;
  /** The job title and company in `language` (the Turkish ones where the owner wrote none). */
  readonly title: string;
  readonly company: string;
  /** E.164 ('+905321234567') for the tel: link, and as people read it ('0532 123 45 67'); '' for none. */
  readonly phone: string;
  readonly phoneDisplay: string;
  readonly email: string;
  /** The owner's photo: a path on `origin` or an absolute address; null for none. */
  readonly photoUrl: string | null;
  /** The card's branded QR as a PNG: a path on `origin` or an absolute address. */
  readonly qrUrl: string;
  /** What the name and the QR open: the card's public address. */
  readonly cardUrl: string;
  /** The card theme's main colour (`#rrggbb`): the rule beside the text and the link. */
  readonly accent: string;
  /** The public origin the images are served from ('https://kart.example.com'). */
  readonly origin: string;
}

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text and attribute values alike (attributes are always double-quoted here). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;
const FALLBACK_ACCENT = '#4f46e5';
const TEXT_COLOUR = '#1f2937';
const MUTED_COLOUR = '#4b5563';
const FONT = 'Arial, Helvetica, sans-serif';
const PHOTO_PX = 80;
/** Small enough to sit beside four lines of text, large enough for a phone to read off a screen. */
export const SIGNATURE_QR_PX = 96;

/** An http(s) address, made absolute against `origin`; anything else (javascript:, data:) is refused. */
function absoluteHttpUrl(pathOrUrl: string, origin: string): string | null {
  try {
    const url = new URL(pathOrUrl, origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

function telHref(phone: string): string | null {
  const digits = phone.replace(/[^+\d]/g, '');
  return /\d{4,}/.test(digits) ? `tel:${digits}` : null;
}

/** Inline CSS from a list of declarations (one place that joins them, so every element reads the same). */
function css(...declarations: readonly string[]): string {
  return declarations.join(';');
}

function row(cell: string): string {
  return `<tr><td style="${css('padding:0 0 2px 0', `font-family:${FONT}`)}">${cell}</td></tr>`;
}

/** The signature as HTML: one table, ready to paste into Gmail's, Outlook's or Apple Mail's signature settings. */
export function signatureHtml(input: SignatureInput): string {
  const labels = SIGNATURE_LABELS[input.language];
  const direction = textDirection(input.language);
  const start = direction === 'rtl' ? 'right' : 'left';
  const end = direction === 'rtl' ? 'left' : 'right';
  const accent = HEX_COLOUR.test(input.accent) ? input.accent.toLowerCase() : FALLBACK_ACCENT;
  const cardUrl = absoluteHttpUrl(input.cardUrl, input.origin);
  const photoUrl = input.photoUrl ? absoluteHttpUrl(input.photoUrl, input.origin) : null;
  const qrUrl = absoluteHttpUrl(input.qrUrl, input.origin);
  const name = input.name.trim();
  // A phone number or an address keeps its own order inside Arabic text ('0532 123 45 67', not '67 45 123 0532').
  const link = (href: string, text: string, style: string, ownDirection = false) =>
    `<a href="${escapeHtml(href)}"${ownDirection ? ' dir="ltr"' : ''} style="${style}">${escapeHtml(text)}</a>`;
  const linkStyle = css(`color:${accent}`, 'text-decoration:none');

  const lines: string[] = [];
  if (name) {
    lines.push(
      row(
        `<span style="${css('font-size:17px', 'font-weight:bold', `color:${TEXT_COLOUR}`)}">${escapeHtml(name)}</span>`,
      ),
    );
  }
  const role = [input.title.trim(), input.company.trim()].filter(Boolean).map(escapeHtml).join(' · ');
  if (role) lines.push(row(`<span style="${css('font-size:14px', `color:${MUTED_COLOUR}`)}">${role}</span>`));
  const phoneHref = telHref(input.phone);
  const phoneText = input.phoneDisplay.trim() || input.phone.trim();
  const label = (text: string) => `<span style="${css(`color:${MUTED_COLOUR}`)}">${escapeHtml(text)}:</span> `;
  if (phoneHref && phoneText) lines.push(row(`${label(labels.phone)}${link(phoneHref, phoneText, linkStyle, true)}`));
  const email = input.email.trim();
  if (email) lines.push(row(`${label(labels.email)}${link(`mailto:${email}`, email, linkStyle, true)}`));
  if (cardUrl) {
    lines.push(row(link(cardUrl, labels.card, css(`color:${accent}`, 'font-weight:bold', 'text-decoration:none'))));
  }

  const cellStyle = (padding: string) => css('vertical-align:top', padding, `font-family:${FONT}`);
  const cells: string[] = [];
  if (photoUrl) {
    const image =
      `<img src="${escapeHtml(photoUrl)}" width="${PHOTO_PX}" height="${PHOTO_PX}" alt="${escapeHtml(name)}" ` +
      `style="${css('display:block', `width:${PHOTO_PX}px`, `height:${PHOTO_PX}px`, 'border:0', `border-radius:${PHOTO_PX / 2}px`)}">`;
    cells.push(`<td valign="top" style="${cellStyle(`padding-${end}:14px`)}">${image}</td>`);
  }
  cells.push(
    `<td valign="top" style="${cellStyle(`padding-${start}:14px;padding-${end}:14px;border-${start}:3px solid ${accent}`)}">` +
      `<table cellpadding="0" cellspacing="0" border="0" role="presentation" style="${css('border-collapse:collapse', `text-align:${start}`)}">` +
      `${lines.join('')}</table></td>`,
  );
  if (qrUrl) {
    const image =
      `<img src="${escapeHtml(qrUrl)}" width="${SIGNATURE_QR_PX}" height="${SIGNATURE_QR_PX}" alt="${escapeHtml(labels.qr)}" ` +
      `style="${css('display:block', `width:${SIGNATURE_QR_PX}px`, `height:${SIGNATURE_QR_PX}px`, 'border:0')}">`;
    cells.push(
      `<td valign="top" style="${cellStyle('padding:0')}">${cardUrl ? `<a href="${escapeHtml(cardUrl)}" style="${css('text-decoration:none', 'border:0')}">${image}</a>` : image}</td>`,
    );
  }

  const tableStyle = css(
    'border-collapse:collapse',
    `font-family:${FONT}`,
    'font-size:14px',
    'line-height:1.45',
    `color:${TEXT_COLOUR}`,
    `text-align:${start}`,
    `direction:${direction}`,
  );
  return (
    `<table cellpadding="0" cellspacing="0" border="0" role="presentation" dir="${direction}" style="${tableStyle}">` +
    `<tr>${cells.join('')}</tr></table>`
  );
}

/** The same signature as plain text, for the clipboard's text/plain and mail programs that take no HTML. */
export function signatureText(input: SignatureInput): string {
  const labels = SIGNATURE_LABELS[input.language];
  const role = [input.title.trim(), input.company.trim()].filter(Boolean).join(' · ');
  const phone = input.phoneDisplay.trim() || input.phone.trim();
  const cardUrl = absoluteHttpUrl(input.cardUrl, input.origin);
  return [
    input.name.trim(),
    role,
    phone ? `${labels.phone}: ${phone}` : '',
    input.email.trim() ? `${labels.email}: ${input.email.trim()}` : '',
    cardUrl ? `${labels.card}: ${cardUrl}` : '',
  ]
    .filter(Boolean)
    .join('\n');
}
