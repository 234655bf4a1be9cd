import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/router.tsx';
import { isOwnerDataRequest, isOwnerScreen, ownerDataCacheName } from './owner-data.ts';

/** Every path below the route that holds 'Kartımı Göster': the installable, signed-in part of the app. */
function installablePaths(): string[] {
  const paths = (route: RouteObject): string[] => [
    ...(route.path ? [route.path] : []),
    ...(route.children ?? []).flatMap(paths),
  ];
  const find = (list: readonly RouteObject[]): RouteObject | undefined =>
    list.find((route) => route.children?.some((child) => child.path === '/show-card')) ??
    list.map((route) => find(route.children ?? [])).find(Boolean);
  const installable = find(routes);
  expect(installable).toBeDefined();
  return installable ? paths(installable) : [];
}

describe('the screens the service worker opens offline', () => {
  it('are every signed-in screen of the router, and only those', () => {
    const screens = installablePaths();
    expect(screens).toContain('/dashboard');
    for (const path of screens) expect(isOwnerScreen(path.replace(':cardId', 'VC-AB12CD')), path).toBe(true);
  });

  it.each([
    '/',
    '/p/VC-AB12CD',
    '/product/5f1c',
    '/auth/login',
    '/auth/google/callback',
    '/account/confirm-email',
    '/sitemap.xml',
    '/api/cards/my-cards',
    '/dashboard/../p/VC-AB12CD',
  ])('%s is left to the server', (path) => {
    expect(isOwnerScreen(path)).toBe(false);
  });
});

describe('the answers kept for offline use', () => {
  const url = (path: string) => new URL(path, 'https://kartvizit.example');

  it('are the owner’s GET /api/* answers asked with a bearer token', () => {
    expect(isOwnerDataRequest(url('/api/cards/my-cards'), 'GET', 'Bearer abc')).toBe(true);
    expect(isOwnerDataRequest(url('/api/statistics/daily?days=7'), 'GET', 'Bearer abc')).toBe(true);
  });

  it.each([
    ['a write', '/api/cards', 'POST', 'Bearer abc'],
    ['an anonymous call', '/api/profile/card/VC-AB12CD', 'GET', null],
    ['another scheme', '/api/cards/my-cards', 'GET', 'Basic abc'],
    ['the live stream', '/api/statistics/stream', 'GET', 'Bearer abc'],
    ['a download asked for on purpose', '/api/leads/export?download=1', 'GET', 'Bearer abc'],
    ['an Apple Wallet pass', '/api/cards/VC-AB12CD/wallet/apple', 'GET', 'Bearer abc'],
    ['a Google Wallet link', '/api/cards/VC-AB12CD/wallet/google', 'GET', 'Bearer abc'],
    ['not the API', '/dashboard', 'GET', 'Bearer abc'],
  ])('not %s', (_case, path, method, authorization) => {
    expect(isOwnerDataRequest(url(path), method, authorization)).toBe(false);
  });

  it('go into a cache of the signed-in user’s own', () => {
    expect(ownerDataCacheName('a1')).not.toBe(ownerDataCacheName('b2'));
  });
});
