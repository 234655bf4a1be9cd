import { markup } from '../html/markup.ts';

/** What an e-mail says, once: the plain text and the HTML are both made from it. */
export interface MailContent {
  readonly subject: string;
  readonly greeting: string;
  readonly paragraphs: readonly string[];
  /** Label and value pairs (a lead's name, phone…); empty values are left out. */
  readonly facts?: readonly (readonly [string, string])[];
  /** One button (and its address in the text version). */
  readonly action?: { readonly label: string; readonly url: string };
  /** Why the reader gets this e-mail, in small print. */
  readonly footnote: string;
}

const BRAND = 'Dijital Kartvizit';

/** The product's e-mail look: white card on a light page, indigo button, system fonts; inline styles only (mail programs drop the rest). */
export function renderMail(content: MailContent): {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
} {
  const facts = (content.facts ?? []).filter(([, value]) => value.trim() !== '');
  const text = [
    content.greeting,
    '',
    ...content.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(facts.length > 0 ? [...facts.map(([label, value]) => `${label}: ${value}`), ''] : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    '-- ',
    content.footnote,
    BRAND,
    '',
  ].join('\n');

  const html = markup`<!doctype html>
<html lang="tr">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${content.subject}</title></head>
<body style="margin:0;padding:24px 12px;background:#f1f5f9;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#0f172a">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:28px 24px;border:1px solid #e2e8f0">
<p style="margin:0 0 20px;font-weight:700;font-size:17px;color:#4f46e5">${BRAND}</p>
<p style="margin:0 0 16px;font-size:16px;line-height:1.5">${content.greeting}</p>
${content.paragraphs.map((paragraph) => markup`<p style="margin:0 0 16px;font-size:16px;line-height:1.5">${paragraph}</p>`)}
${
  facts.length > 0
    ? markup`<table role="presentation" style="width:100%;border-collapse:collapse;margin:0 0 20px;font-size:15px">${facts.map(
        ([label, value]) =>
          markup`<tr><th scope="row" style="text-align:left;vertical-align:top;padding:8px 12px 8px 0;color:#475569;font-weight:600;white-space:nowrap;border-top:1px solid #e2e8f0">${label}</th><td style="padding:8px 0;border-top:1px solid #e2e8f0;white-space:pre-wrap;word-break:break-word">${value}</td></tr>`,
      )}</table>`
    : ''
}
${
  content.action
    ? markup`<p style="margin:0 0 20px"><a href="${content.action.url}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">${content.action.label}</a></p>`
    : ''
}
<p style="margin:24px 0 0;font-size:13px;line-height:1.5;color:#64748b">${content.footnote}</p>
</div>
</body>
</html>
`.value;
  return { subject: content.subject, text, html };
}
