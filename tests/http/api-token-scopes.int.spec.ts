import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN_SCOPES } from '@kartvizit/schemas';
import { startTestProduct, type TestProduct } from '../support/product.ts';

/**
 * Issue 35: every owner route of the composed product says which personal API token scope it needs, or that no token
 * may reach it (`config.scope: false`), and the OpenAPI document says so too. The owner hook marks every owner route
 * in the document (`x-api-token-scope`: the scope, false, or null when the route says nothing); this walks them all.
 */

interface Operation {
  readonly description?: string;
  readonly security?: readonly Record<string, readonly string[]>[];
  readonly 'x-api-token-scope'?: string | false | null;
}
interface Document {
  readonly paths: Record<string, Record<string, Operation>>;
  readonly components: { readonly securitySchemes: Record<string, { readonly description?: string }> };
}

let product: TestProduct;
let document: Document;

beforeAll(async () => {
  product = await startTestProduct();
  const response = await product.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  document = JSON.parse(response.body) as Document;
});
afterAll(async () => {
  await product?.close();
});

function ownerOperations(): { route: string; operation: Operation }[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([, operation]) => 'x-api-token-scope' in operation)
      .map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path}`, operation })),
  );
}

describe('API token scopes on every owner route', () => {
  it('every owner route declares a scope from the list, or is deliberately closed to tokens', () => {
    const owners = ownerOperations();
    expect(owners.length).toBeGreaterThan(80);
    const undeclared = owners.filter(({ operation }) => operation['x-api-token-scope'] === null).map((o) => o.route);
    expect(undeclared, 'owner routes that do not say which scope they need (config.scope)').toEqual([]);
    for (const { route, operation } of owners) {
      const scope = operation['x-api-token-scope'];
      if (scope === false) continue;
      expect(API_TOKEN_SCOPES as readonly unknown[], route).toContain(scope);
    }
  });

  it('the OpenAPI document names the scope in the security requirement and the description', () => {
    const leads = document.paths['/api/leads']?.get;
    expect(leads?.['x-api-token-scope']).toBe('leads:read');
    expect(leads?.security).toEqual([{ bearer: [] }, { apiToken: ['leads:read'] }]);
    expect(leads?.description).toContain('`leads:read`');
    const products = document.paths['/api/products']?.post;
    expect(products?.security).toEqual([{ bearer: [] }, { apiToken: ['products:write'] }]);
    const security = document.paths['/api/account/security']?.get;
    expect(security?.['x-api-token-scope']).toBe(false);
    expect(security?.security).toEqual([{ bearer: [] }]);
    expect(security?.description).toContain('API anahtarıyla kullanılamaz');
    expect(document.paths['/api/tokens']?.post?.['x-api-token-scope']).toBe(false);
    expect(document.components.securitySchemes.apiToken?.description).toContain('leads:read');
  });

  it('public routes carry no mark', () => {
    expect(document.paths['/api/auth/login']?.post?.['x-api-token-scope']).toBeUndefined();
  });
});
