/// <reference lib="webworker" />
/**
 * The installed dashboard's service worker (issue 17; docs/decisions/0043-installable-offline-dashboard.md), built by
 * vite-plugin-pwa (injectManifest) into dist/sw.js and registered from the signed-in screens only
 * (features/offline/installable-app.tsx).
 *
 * - The app's files are precached under their build revision, so the signed-in screens open without a network; a new
 *   build installs beside the running one and waits until the person presses 'Yenile' (SKIP_WAITING below).
 * - Navigations to the owner's screens get the precached app shell; every other page (the public card, product
 *   pages, the OAuth callback, the landing and sign-in pages) is left to the server.
 * - The owner's GET /api/* answers go to the network first and are kept, per signed-in user, for when it fails.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { tokenSubject } from './features/account/token.ts';
import {
  isOwnerDataRequest,
  LAST_SEEN_HEADER,
  OWNER_SCREENS,
  ownerDataCacheName,
  SESSION_MARKER,
} from './features/offline/owner-data.ts';

declare const self: ServiceWorkerGlobalScope & {
  readonly __WB_MANIFEST: Parameters<typeof precacheAndRoute>[0];
};

/** The Service Worker Static Routing API (Chromium 123+), not yet in TypeScript's lib. */
interface StaticRoute {
  readonly condition: { readonly urlPattern: string } | { readonly or: readonly { readonly urlPattern: string }[] };
  readonly source: 'network';
}
interface InstallEventWithRoutes extends ExtendableEvent {
  addRoutes?(routes: StaticRoute | readonly StaticRoute[]): Promise<void>;
}

/**
 * Pages whose visitors never need this worker. Where the browser supports static routes they go straight to the
 * network without even starting the worker, so an owner who installed the app opens a public card as fast as anyone.
 */
const SERVER_PAGES = ['/p/*', '/product/*', '/o/*', '/auth/*/callback', '/sitemap.xml', '/robots.txt'];

self.addEventListener('install', (event: InstallEventWithRoutes) => {
  if (typeof event.addRoutes !== 'function') return;
  event.waitUntil(
    event
      .addRoutes({ condition: { or: SERVER_PAGES.map((urlPattern) => ({ urlPattern })) }, source: 'network' })
      .catch((error: unknown) => console.warn('Statik yönlendirmeler eklenemedi', error)),
  );
});

// 'Yeni sürüm hazır — yenile': the page asks the waiting worker to take over (workbox-window's messageSkipWaiting).
self.addEventListener('message', (event) => {
  if (
    typeof event.data === 'object' &&
    event.data !== null &&
    (event.data as { type?: unknown }).type === 'SKIP_WAITING'
  ) {
    void self.skipWaiting();
  }
});

// The first install takes the open tab at once, so what it loads next is kept; later versions wait for 'Yenile'.
clientsClaim();
cleanupOutdatedCaches();
// No directory index: '/' (the landing page) is not an owner's screen and goes to the server like the others.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '' });

registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { allowlist: [...OWNER_SCREENS] }));

/**
 * Keeps an answer only in a cache holding the page's session marker (owner-data-store.ts). The page deletes the
 * caches at sign-out; an answer still on its way then finds no cache (not re-created), or an empty one it made itself
 * in the moment between the check and the opening (deleted again), or writes into the deleted cache object, which no
 * longer has a name. Workbox's strategies cannot make this check on the cache they write to, so the few lines are here.
 */
async function keep(cacheName: string, request: Request, response: Response): Promise<void> {
  if (!(await caches.has(cacheName))) return;
  const cache = await caches.open(cacheName);
  if (await cache.match(SESSION_MARKER)) await cache.put(request, response);
  else await caches.delete(cacheName);
}

/** The stored answer, saying that it is one and since when (LAST_SEEN_HEADER); never creates a cache. */
async function lastSeen(cacheName: string, request: Request): Promise<Response | undefined> {
  // Cached per user already; the server's Vary (encoding) must not hide an answer from the same user offline.
  const stored = await caches.match(request, { cacheName, ignoreVary: true });
  if (!stored) return undefined;
  const headers = new Headers(stored.headers);
  headers.set(LAST_SEEN_HEADER, stored.headers.get('date') ?? 'bilinmiyor');
  return new Response(await stored.blob(), { status: stored.status, statusText: stored.statusText, headers });
}

/** Network first: the server's answer whenever there is one; the last-seen copy only when the request fails. */
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    isOwnerDataRequest(url, request.method, request.headers.get('authorization')),
  async ({ request, event }) => {
    const bearer = request.headers.get('authorization')?.slice('Bearer '.length) ?? '';
    const user = tokenSubject(bearer);
    if (!user) return fetch(request);
    const cacheName = ownerDataCacheName(user);
    try {
      const response = await fetch(request);
      if (response.status === 200) {
        const kept = keep(cacheName, request, response.clone()).catch((error: unknown) =>
          console.warn('Yanıt çevrimdışı kullanım için saklanamadı', error),
        );
        if (event instanceof ExtendableEvent) event.waitUntil(kept);
      }
      return response;
    } catch (error) {
      const stored = await lastSeen(cacheName, request);
      if (stored) return stored;
      throw error;
    }
  },
);
