/**
 * HTML built from a tagged template (`markup`) in which every interpolated value is escaped, unless it is
 * already `SafeHtml` (markup this module or our own templates produced). Profile text can only
 * ever become text: there is no way to pass a string through unescaped except `trustedHtml`, which
 * is reserved for constants we write (the card page's icons and CSS, e-mail layouts) and the QR library's SVG (it sees only our URL).
 */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

// Control characters other than tab and newlines: they have no business in a page.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** Escapes for text and for quoted attribute values alike (every attribute we write is quoted). */
export function escapeHtml(value: string): string {
  return value.replace(CONTROL_CHARACTERS, '').replace(/[&<>"'`]/g, (character) => ESCAPES[character] ?? '');
}

export type HtmlValue = SafeHtml | string | number | null | undefined | false | readonly HtmlValue[];

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return (value as readonly HtmlValue[]).map(render).join('');
  return escapeHtml(String(value));
}

/**
 * `markup\`<p>${text}</p>\``: the literal parts are ours, every `${…}` is escaped. (Not named
 * `html`: Prettier would reformat such templates as HTML and change the page's bytes.)
 */
export function markup(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0] ?? '';
  for (let index = 0; index < values.length; index++) out += render(values[index]) + (strings[index + 1] ?? '');
  return new SafeHtml(out);
}

/** Only for markup we write ourselves (icons, CSS, layouts) or a library produces from our own values. */
export function trustedHtml(text: string): SafeHtml {
  return new SafeHtml(text);
}

/**
 * JSON for a `<script type="application/json">` block: `<`, `>`, `&` and the two line separators
 * are written as \u escapes, so no value can close the element or open a comment.
 */
export function jsonForScript(value: unknown): SafeHtml {
  const json = JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return new SafeHtml(json);
}
