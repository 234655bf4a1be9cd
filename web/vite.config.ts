import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

// The API lives on the same origin in production (query-api serves this build); in development
// the command/query process listens on :3000 and Vite forwards /api to it.
const apiTarget = process.env.API_TARGET ?? 'http://localhost:3000';

const SONNER_MODULE = /[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.mjs$/;
const SONNER_STYLE_INJECTION = /^__insertCSS\(".*"\);?$/m;

/**
 * sonner writes its stylesheet into a <style> element when it loads, which the web app's
 * Content-Security-Policy (style-src 'self', no 'unsafe-inline') refuses. The same stylesheet
 * ships as a file and is imported in main.tsx, so the build leaves the injection out. A sonner
 * release that injects its styles another way fails the build here rather than the toasts in
 * the browser (docs/decisions/0012-http-hardening.md).
 */
function sonnerStylesFromFile(): Plugin {
  return {
    name: 'kartvizit:sonner-styles-from-file',
    transform(code, id) {
      if (!SONNER_MODULE.test(id.split('?')[0] ?? id)) return null;
      if (!SONNER_STYLE_INJECTION.test(code)) {
        this.error(
          'sonner no longer injects its styles with __insertCSS(...): see sonnerStylesFromFile in web/vite.config.ts',
        );
      }
      return { code: code.replace(SONNER_STYLE_INJECTION, ''), map: null };
    },
  };
}

/** Text a browser takes compressed; images and fonts are compressed formats already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|ico)$/;
/** Below this a compressed copy saves less than its headers cost. */
const COMPRESS_MIN_BYTES = 512;

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    // dist/.vite holds the manifest query-api reads from disk: never sent.
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Every text file of the build compressed once, here, as hard as the formats allow (brotli 11, gzip 9), stored
 * beside it as `.br` and `.gz`; query-api sends the stored file the browser takes (@fastify/static `preCompressed`)
 * and never compresses on a request (docs/decisions/0020-card-page-as-stored-bytes.md).
 */
function precompressBuild(): Plugin {
  let outDir = 'dist';
  return {
    name: 'kartvizit:precompress-build',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    // Last of all: vite-plugin-pwa writes sw.js in its own closeBundle, and that file is compressed too.
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        compressFilesUnder(outDir);
      },
    },
  };
}

function compressFilesUnder(outDir: string): void {
  for (const path of filesUnder(outDir)) {
    if (!COMPRESSIBLE.test(path) || statSync(path).size < COMPRESS_MIN_BYTES) continue;
    const bytes = readFileSync(path);
    const br = brotliCompressSync(bytes, {
      params: {
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
        [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
    const gz = gzipSync(bytes, { level: zlib.Z_BEST_COMPRESSION });
    if (br.length < bytes.length) writeFileSync(`${path}.br`, br);
    if (gz.length < bytes.length) writeFileSync(`${path}.gz`, gz);
  }
}

/** --color-brand-900 and --color-bg of src/app/global.css (also index.html's theme-color). */
const THEME_COLOUR = '#312e81';
const BACKGROUND_COLOUR = '#f6f7fb';

/**
 * The installable dashboard (issue 17, docs/decisions/0043-installable-offline-dashboard.md): the web app manifest
 * and the service worker of src/sw.ts with the build's files to precache. The signed-in screens register it
 * (src/features/offline/installable-app.tsx); the icons are drawn by scripts/generate-icons.ts.
 */
function installableApp(): Plugin[] {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    registerType: 'prompt',
    // Registered from the signed-in screens' code, never from index.html: the landing page's visitors get none.
    injectRegister: false,
    manifestFilename: 'manifest.webmanifest',
    injectManifest: {
      // The manifest and its icons are added by the plugin itself (includeManifestIcons).
      globPatterns: ['**/*.{js,css,html,svg}'],
      // The server-rendered pages' own scripts (public card, product page, OAuth callback): never part of the app.
      globIgnores: ['**/public-card-*', '**/product-page-*', '**/office-page-*', '**/auth-callback-*'],
      // OpenLayers (the profile's map) is the largest file and belongs to the app too.
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    },
    manifest: {
      id: '/dashboard',
      name: 'Dijital Kartvizit',
      short_name: 'Kartvizit',
      description: 'Dijital kartvizitinizi yönetin, kartınızı internet olmadan da gösterin.',
      lang: 'tr',
      dir: 'ltr',
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: THEME_COLOUR,
      background_color: BACKGROUND_COLOUR,
      categories: ['business', 'productivity'],
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
      shortcuts: [
        {
          name: 'Kartımı Göster',
          short_name: 'Kartım',
          description: 'QR kodunuzu ve kart bağlantınızı tam ekranda gösterin',
          url: '/show-card',
          icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
        },
      ],
    },
  });
}

export default defineConfig({
  plugins: [react(), sonnerStylesFromFile(), installableApp(), precompressBuild()],
  server: {
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // query-api reads dist/.vite/manifest.json to find the public card page's hashed script and CSS.
    manifest: true,
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        // The public card page (/p/{cardId}) is rendered by query-api; this is its small enhancement script.
        'public-card': fileURLToPath(new URL('./src/public-card/main.ts', import.meta.url)),
        // The product page (/product/{id}), rendered by query-api too.
        'product-page': fileURLToPath(new URL('./src/product-page/main.ts', import.meta.url)),
        // The office page (/o/{slug}), rendered by query-api too.
        'office-page': fileURLToPath(new URL('./src/office-page/main.ts', import.meta.url)),
        // The OAuth popup's landing page (/auth/{provider}/callback), rendered by query-api: no React in a popup.
        'auth-callback': fileURLToPath(new URL('./src/auth-callback/main.ts', import.meta.url)),
      },
      output: {
        // Libraries change less often than our code: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/ },
            {
              name: 'state',
              test: /node_modules[\\/](@reduxjs|redux|react-redux|redux-thunk|immer|reselect|use-sync-external-store)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
