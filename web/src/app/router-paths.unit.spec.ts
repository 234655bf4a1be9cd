import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { WEB_APP_PATHS } from '@kartvizit/schemas/web-routes';
import { routes } from './router.tsx';

/** Every address the route tree answers with a page, each child resolved against its parent, the 404 ('*') aside. */
function routerPaths(list: readonly RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const own = route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent}/${route.path}`;
    const here = route.path !== undefined && route.path !== '*' ? [own] : [];
    return [...here, ...routerPaths(route.children ?? [], own)];
  });
}

describe('the web app’s addresses', () => {
  it('are the list the server answers with 200, and only those', () => {
    expect(new Set(routerPaths(routes))).toEqual(new Set(WEB_APP_PATHS));
  });
});
