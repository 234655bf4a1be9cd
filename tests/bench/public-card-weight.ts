/**
 * What the public card page costs a phone before it is interactive: the HTML (critical CSS
 * inlined) and the JavaScript it loads, as sent (gzip and brotli), plus the images it shows first.
 * Starts nothing: give it the URL of a card page on a running server.
 *
 *   npx tsx tests/bench/public-card-weight.ts http://127.0.0.1:3000/p/VC-ABC123
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';

export interface Weight {
  readonly url: string;
  readonly raw: number;
  readonly gzip: number;
  readonly brotli: number;
  /** What the server actually sent for Accept-Encoding: gzip, br (null: not asked). */
  readonly sent: { readonly encoding: string; readonly bytes: number } | null;
}

export interface PageWeight {
  readonly html: Weight;
  /** The inlined stylesheet: part of the HTML above, shown on its own. */
  readonly inlineCss: { readonly raw: number; readonly gzip: number };
  readonly scripts: readonly Weight[];
  /** Scripts loaded only on demand (the map): listed for information, not counted. */
  readonly images: readonly { readonly url: string; readonly bytes: number }[];
  readonly totals: {
    readonly htmlCssJsGzip: number;
    readonly htmlCssJsBrotli: number;
    readonly sentBeforeInteractive: number;
  };
}

function sizes(url: string, bytes: Buffer, sent: Weight['sent']): Weight {
  return {
    url,
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    sent,
  };
}

/** The bytes on the wire for a browser that accepts gzip and brotli. */
async function sentSize(url: string): Promise<Weight['sent']> {
  // fetch decompresses; ask for the encoded length through a HEAD-less GET with a raw reader.
  const response = await fetch(url, { headers: { 'accept-encoding': 'gzip, br' } });
  const encoding = response.headers.get('content-encoding') ?? 'identity';
  const length = response.headers.get('content-length');
  const body = Buffer.from(await response.arrayBuffer());
  // Node's fetch decodes the body; the header (when present) tells the encoded size.
  return { encoding, bytes: length ? Number(length) : encoding === 'identity' ? body.length : Number.NaN };
}

async function bytesOf(url: string): Promise<Buffer> {
  const response = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

export async function measurePageWeight(pageUrl: string): Promise<PageWeight> {
  const origin = new URL(pageUrl).origin;
  const htmlBytes = await bytesOf(pageUrl);
  const text = htmlBytes.toString('utf8');
  const html = sizes(pageUrl, htmlBytes, await sentSize(pageUrl));
  const css = Buffer.from([...text.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? '').join(''));

  const scriptUrls = [
    ...[...text.matchAll(/<script type="module" src="([^"]+)"/g)].map((match) => match[1] ?? ''),
    ...[...text.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1] ?? ''),
  ].map((path) => new URL(path, origin).href);
  const scripts: Weight[] = [];
  for (const url of scriptUrls) scripts.push(sizes(url, await bytesOf(url), await sentSize(url)));

  const imageUrls = [...text.matchAll(/<img [^>]*src="([^"]+)"[^>]*>/g)]
    .filter((match) => !/loading="lazy"/.test(match[0]))
    .map((match) => new URL((match[1] ?? '').replace(/&amp;/g, '&'), origin).href);
  const images = [];
  for (const url of imageUrls) images.push({ url, bytes: (await bytesOf(url)).length });

  const sent = [html, ...scripts].reduce(
    (sum, weight) => sum + (weight.sent && Number.isFinite(weight.sent.bytes) ? weight.sent.bytes : weight.raw),
    0,
  );
  return {
    html,
    inlineCss: { raw: css.length, gzip: gzipSync(css, { level: 9 }).length },
    scripts,
    images,
    totals: {
      htmlCssJsGzip: html.gzip + scripts.reduce((sum, script) => sum + script.gzip, 0),
      htmlCssJsBrotli: html.brotli + scripts.reduce((sum, script) => sum + script.brotli, 0),
      sentBeforeInteractive: sent,
    },
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function describeWeight(weight: PageWeight): string {
  const line = (label: string, item: Weight) =>
    `  ${label.padEnd(34)} ${kb(item.raw).padStart(9)} raw ${kb(item.gzip).padStart(8)} gzip ${kb(item.brotli).padStart(8)} br` +
    (item.sent ? `   sent: ${item.sent.encoding} ${Number.isFinite(item.sent.bytes) ? kb(item.sent.bytes) : '?'}` : '');
  return [
    'Public card page weight (before interactive)',
    line('HTML (critical CSS inlined)', weight.html),
    `  ${'  of which inline CSS'.padEnd(34)} ${kb(weight.inlineCss.raw).padStart(9)} raw ${kb(weight.inlineCss.gzip).padStart(8)} gzip`,
    ...weight.scripts.map((script) => line(`JS ${new URL(script.url).pathname}`, script)),
    `  ${'Total HTML + CSS + JS'.padEnd(34)} ${''.padStart(13)} ${kb(weight.totals.htmlCssJsGzip).padStart(8)} gzip ${kb(weight.totals.htmlCssJsBrotli).padStart(8)} br`,
    ...weight.images.map((image) => `  image ${new URL(image.url).pathname.padEnd(60)} ${kb(image.bytes)}`),
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const url = process.argv[2];
  if (!url) {
    console.error('Usage: npx tsx tests/bench/public-card-weight.ts <URL of a /p/{cardId} page on a running server>');
    process.exit(2);
  }
  const weight = await measurePageWeight(url);
  console.log(describeWeight(weight));
}
