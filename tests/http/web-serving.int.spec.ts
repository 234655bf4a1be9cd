import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kartvizit/schemas';
import { startTestProduct, type TestProduct } from '../support/product.ts';

/** How the built web app is served next to the API (a stand-in build, so this runs before `vite build`). */
let product: TestProduct;
const SHELL = '<!doctype html><html lang="tr"><title>Dijital Kartvizit</title></html>';
const SCRIPT = `export const sayfa = ${JSON.stringify('Kartvizit '.repeat(200))};`;
const dist = mkdtempSync(join(tmpdir(), 'kartvizit-dist-'));
/** What vite-plugin-pwa writes at the top of the build (issue 17). */
const SERVICE_WORKER = `self.__WB_MANIFEST=${JSON.stringify([{ url: 'index.html', revision: 'a'.repeat(32) }])};`;
const MANIFEST = JSON.stringify({ name: 'Dijital Kartvizit', short_name: 'Kartvizit', start_url: '/dashboard' });

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), SHELL);
  writeFileSync(join(dist, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
  writeFileSync(join(dist, 'sw.js'), SERVICE_WORKER);
  writeFileSync(join(dist, 'manifest.webmanifest'), MANIFEST);
  // What the build stores beside each text file (web/vite.config.ts, precompressBuild).
  for (const [file, text] of [
    ['index.html', SHELL],
    ['assets/app-9z8y7x.js', SCRIPT],
  ] as const) {
    if (file !== 'index.html') writeFileSync(join(dist, file), text);
    writeFileSync(join(dist, `${file}.br`), brotliCompressSync(text));
    writeFileSync(join(dist, `${file}.gz`), gzipSync(text));
  }
  product = await startTestProduct({ webDistDir: dist });
});
afterAll(async () => {
  await product?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the web app beside the API', () => {
  it.each(['/', '/dashboard', '/auth/login', '/cards/VC-AB12CD', '/kvkk', '/pricing', '/login'])(
    '%s, an address of the app, gets the app shell with 200, and the client routes',
    async (path) => {
      const response = await product.get(path);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('Dijital Kartvizit');
    },
  );

  it.each(['/bir/yol/yok', '/dashboard/eski', '/auth/yok', '/cards/VC-AB12CD/fazla', '/Dashboard-degil'])(
    '%s, no address of the app, gets the shell (its 404 page) with a 404 status',
    async (path) => {
      const response = await product.get(path);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('Dijital Kartvizit');
    },
  );

  it('hashed assets are cached for a year', async () => {
    const response = await product.get('/assets/app-1a2b3c.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the compressed file the build stored, never compressing on a request', async () => {
    const br = await product.get('/assets/app-9z8y7x.js', undefined, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    const gz = await product.get('/assets/app-9z8y7x.js', undefined, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await product.get('/assets/app-9z8y7x.js', undefined, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it.each(['/', '/dashboard'])('%s: the app shell goes compressed too, and is never kept stale', async (path) => {
    const response = await product.get(path, undefined, { 'accept-encoding': 'br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SHELL);
  });

  it.each(['/assets/eski-surum.js', '/favicon-yok.png'])(
    'a missing file %s is a 404, not the app shell',
    async (path) => {
      const response = await product.get(path);
      expect(response.statusCode).toBe(404);
    },
  );

  it('an unknown API path is a JSON 404 in Turkish', async () => {
    const response = await product.get('/api/boyle-bir-sey-yok');
    expect(response.statusCode).toBe(404);
    expect(JSON.parse(response.body)).toEqual({ success: false, message: MESSAGES.notFound });
  });

  it('the service worker is never kept stale, so a new build is found on the next visit', async () => {
    const response = await product.get('/sw.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(SERVICE_WORKER);
    // The app's own policy: its scripts and workers from our origin only.
    expect(response.headers['content-security-policy']).toContain("worker-src 'self'");
  });

  it('the web app manifest goes with its own content type, revalidated like the shell', async () => {
    const response = await product.get('/manifest.webmanifest');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/manifest+json');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(response.body)).toMatchObject({ start_url: '/dashboard' });
  });

  it('a file written after start is served without a restart', async () => {
    writeFileSync(join(dist, 'assets', 'yeni-4d5e6f.js'), 'console.log(2)');
    expect((await product.get('/assets/yeni-4d5e6f.js')).statusCode).toBe(200);
  });
});
