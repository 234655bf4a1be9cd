import { describe, expect, it } from 'vitest';
import QRCode from 'qrcode';
import jsQR from 'jsqr';
import sharp from 'sharp';
import {
  QR_LOGO_MAX_AREA_SHARE,
  escapeXmlAttribute,
  qrArtSvg,
  qrLogoPlate,
  qrModulesPath,
  type QrModules,
} from './qr-art.ts';

/** A matrix from the `qrcode` package, as the server and the screen make one (its `get` is row first). */
function matrixOf(text: string, version?: number): QrModules & { version: number } {
  const code = QRCode.create(text, { errorCorrectionLevel: 'H', ...(version ? { version } : {}) });
  return { size: code.modules.size, get: (x, y) => code.modules.get(y, x) === 1, version: code.version };
}

/** A tiny hand-made matrix: dark where the picture says '#'. */
function picture(...rows: string[]): QrModules {
  return { size: rows.length, get: (x, y) => rows[y]?.[x] === '#' };
}

/** The SVG rasterised by librsvg (sharp), then read by jsQR. */
async function decode(svg: string): Promise<string | null> {
  const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null;
}

/** The worst logo for the code: a solid dark square filling the whole box inside the plate. */
const darkLogo = async (colour = '#000000') =>
  `data:image/png;base64,${(
    await sharp({ create: { width: 64, height: 64, channels: 3, background: colour } })
      .png()
      .toBuffer()
  ).toString('base64')}`;

const URL_TEXT = 'https://kartvizit.example.com.tr/p/KV-ABCD1234';

describe('the modules path', () => {
  it("merges each row's dark modules into runs, offset by the quiet zone", () => {
    const path = qrModulesPath(picture('##.#', '....', '.###', '#...'), 4);
    expect(path).toBe('M4 4h2v1h-2zM7 4h1v1h-1zM5 6h3v1h-3zM4 7h1v1h-1z');
  });

  it('leaves out the modules under the plate', () => {
    const path = qrModulesPath(picture('###', '###', '###'), 0, { offset: 1, side: 1 });
    expect(path).toBe('M0 0h3v1h-3zM0 1h1v1h-1zM2 1h1v1h-1zM0 2h3v1h-3z');
  });
});

describe('the SVG', () => {
  it('is the ground, one path of the modules, the viewBox with the quiet zone, and no plate without a logo', () => {
    const svg = qrArtSvg(picture('#.', '.#'), { foreground: '#1F2937', background: '#fffbeb' }, { pixels: 512 });
    expect(svg).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" width="512" height="512" shape-rendering="crispEdges">' +
        '<rect width="10" height="10" fill="#fffbeb"/><path fill="#1f2937" d="M4 4h1v1h-1zM5 5h1v1h-1z"/></svg>',
    );
    expect(svg.match(/<path/g)).toHaveLength(1);
  });

  it('takes another quiet zone, and scales to its container without pixels', () => {
    const svg = qrArtSvg(picture('#'), { foreground: '#000000', background: '#ffffff' }, { margin: 1 });
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 3 3" shape-rendering/);
    expect(svg).not.toMatch(/<svg [^>]*width=/);
  });

  it('puts the logo on a rounded plate of the background colour in the middle, fitted, not stretched', async () => {
    const matrix = matrixOf(URL_TEXT);
    const logo = await darkLogo();
    const svg = qrArtSvg(matrix, { foreground: '#0f172a', background: '#fef3c7', logoHref: logo });
    const plate = qrLogoPlate(matrix.size);
    expect(plate).not.toBeNull();
    const at = (plate?.offset ?? 0) + 4;
    expect(svg).toContain(`<rect x="${at}" y="${at}" width="${plate?.side}" height="${plate?.side}" rx=`);
    expect(svg).toMatch(/<rect x="[\d.]+" y="[\d.]+" width="\d+" height="\d+" rx="[\d.]+" fill="#fef3c7"/);
    expect(svg).toContain(`<image href="${logo}"`);
    expect(svg).toContain('preserveAspectRatio="xMidYMid meet"');
  });

  it('escapes what reaches an attribute and refuses what is no image address', () => {
    expect(escapeXmlAttribute(`a"b'c<d>&e`)).toBe('a&quot;b&#39;c&lt;d&gt;&amp;e');
    const matrix = matrixOf(URL_TEXT);
    const colours = { foreground: '#000000', background: '#ffffff' };
    const withUrl = qrArtSvg(matrix, { ...colours, logoHref: 'https://ornek.com.tr/logo.png?a=1&b="2"' });
    expect(withUrl).toContain('href="https://ornek.com.tr/logo.png?a=1&amp;b=%222%22"');
    for (const bad of ['javascript:alert(1)', '/etc/passwd', 'data:text/html;base64,PHNjcmlwdD4=', '"><script>']) {
      const svg = qrArtSvg(matrix, { ...colours, logoHref: bad });
      expect(svg, bad).not.toContain('<image');
      expect(svg, bad).not.toContain('<script');
    }
    const badColours = qrArtSvg(matrix, { foreground: 'red"/><script>', background: 'url(x)' });
    expect(badColours).toContain('fill="#000000"');
    expect(badColours).toContain('fill="#ffffff"');
    expect(badColours).not.toContain('<script');
  });
});

describe('the plate', () => {
  it('covers 5 to 10% of the code, centred on whole modules, at every version (1 to 40)', () => {
    for (let version = 1; version <= 40; version += 1) {
      const size = 17 + 4 * version;
      const plate = qrLogoPlate(size);
      expect(plate, `version ${version}`).not.toBeNull();
      const side = plate?.side ?? 0;
      const share = (side * side) / (size * size);
      expect(share, `version ${version}`).toBeLessThanOrEqual(QR_LOGO_MAX_AREA_SHARE);
      expect(share, `version ${version}`).toBeGreaterThanOrEqual(0.05);
      expect(Number.isInteger(plate?.offset), `version ${version}`).toBe(true);
      expect((plate?.offset ?? 0) * 2 + side).toBe(size);
    }
  });

  it('leaves every code readable: versions 1 to 20 with a solid dark logo, large and as small as 3 px a module', async () => {
    const logo = await darkLogo();
    for (let version = 1; version <= 20; version += 1) {
      // A card's address from version 5 on (the size it needs at H); the rest of the codewords are padding.
      const text = version < 5 ? 'KV-ABC' : URL_TEXT;
      const matrix = matrixOf(text, version);
      expect(matrix.version).toBe(version);
      // Small: what a video-call background or a screen shows (3 px a module is where jsQR starts to need help anyway).
      for (const pixels of [1024, Math.max(240, (matrix.size + 8) * 3)]) {
        const svg = qrArtSvg(matrix, { foreground: '#1f2937', background: '#ffffff', logoHref: logo }, { pixels });
        expect(await decode(svg), `version ${version} at ${pixels} px`).toBe(text);
      }
    }
  });

  it('reads in colour too: a dark foreground on a tinted ground, with a logo in the foreground colour', async () => {
    const matrix = matrixOf(URL_TEXT);
    const svg = qrArtSvg(
      matrix,
      { foreground: '#7c2d12', background: '#ffedd5', logoHref: await darkLogo('#7c2d12') },
      { pixels: 600 },
    );
    expect(await decode(svg)).toBe(URL_TEXT);
  });
});
