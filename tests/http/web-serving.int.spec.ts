import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kartvizit/schemas';
import { startTestProduct, type TestProduct } from '../support/product.ts';

/** How the built web app is served next to the API (a stand-in build, so this runs before `vite build`). */
let product: TestProduct;
const dist = mkdtempSync(join(tmpdir(), 'kartvizit-dist-'));

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html lang="tr"><title>Dijital Kartvizit</title></html>');
  writeFileSync(join(dist, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
  product = await startTestProduct({ webDistDir: dist });
});
afterAll(async () => {
  await product?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the web app beside the API', () => {
  it.each(['/', '/dashboard', '/auth/login', '/bir/yol/yok'])('%s gets the app shell, which routes on the client', async (path) => {
    const response = await product.get(path);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('Dijital Kartvizit');
  });

  it('hashed assets are cached for a year', async () => {
    const response = await product.get('/assets/app-1a2b3c.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each(['/assets/eski-surum.js', '/favicon-yok.png'])('a missing file %s is a 404, not the app shell', async (path) => {
    const response = await product.get(path);
    expect(response.statusCode).toBe(404);
  });

  it('an unknown API path is a JSON 404 in Turkish', async () => {
    const response = await product.get('/api/boyle-bir-sey-yok');
    expect(response.statusCode).toBe(404);
    expect(JSON.parse(response.body)).toEqual({ success: false, message: MESSAGES.notFound });
  });

  it('a file written after start is served without a restart', async () => {
    writeFileSync(join(dist, 'assets', 'yeni-4d5e6f.js'), 'console.log(2)');
    expect((await product.get('/assets/yeni-4d5e6f.js')).statusCode).toBe(200);
  });
});
