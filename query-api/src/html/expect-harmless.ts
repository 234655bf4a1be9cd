import { expect } from 'vitest';

/** For the pages' tests: a stored product to render, hostile text, and no markup that such text could have smuggled in. */

export const OWNER = '3f1c2b4a-1111-4222-8333-444455556666';
export const ID = ['0a1b2c3d-0000-4000-8000-00000000000', '1'].join('');
export const IMAGE = `/media/products/${OWNER}/${'ab'.repeat(16)}.jpg`;
export const HOSTILE = `"><img src=x onerror=alert(1)></script><script>alert(2)</script>'\``;

/** A product as the read model stores it, with `fields` over it. */
export function product(fields: Record<string, unknown> = {}) {
  return {
    name: 'Bakır Lamba',
    description: 'Dövme bakır',
    price: { value: 2499.9, currency: 'TRY', isDisplayed: true, compareAtValue: 2999.9 },
    images: [IMAGE],
    url: 'https://magaza.example/lamba',
    actionButton: { type: 'none', label: 'İletişime Geç', value: '' },
    category: 'Aydınlatma',
    tags: ['bakır'],
    features: ['E27 duy'],
    stock: 2,
    ...fields,
  };
}

/** Every tag with its attributes: our escaping keeps raw '<' out of text and raw '"' out of values. */
function tags(html: string): { name: string; attributes: [string, string][] }[] {
  return (html.match(/<[a-zA-Z][^>]*>/g) ?? []).map((tag) => {
    const name = /^<([a-zA-Z0-9-]+)/.exec(tag)?.[1] ?? '';
    const attributes = [...tag.slice(name.length + 1).matchAll(/\s([^\s"'=<>/]+)(?:="([^"]*)")?/g)].map(
      (match): [string, string] => [match[1] ?? '', match[2] ?? ''],
    );
    return { name: name.toLowerCase(), attributes };
  });
}

export function expectHarmless(html: string, scripts: number): void {
  const all = tags(html);
  expect(all.filter((tag) => tag.name === 'script')).toHaveLength(scripts);
  for (const { name, attributes } of all) {
    for (const [attribute, value] of attributes) {
      expect(attribute, `<${name} ${attribute}>`).not.toMatch(/^on/i);
      if (['href', 'src'].includes(attribute))
        expect(value, `<${name} ${attribute}="${value}">`).toMatch(/^(https:\/\/[^/]|\/(?!\/)|#)/);
    }
  }
  expect(all.some((tag) => tag.name === 'img' && tag.attributes.some(([, value]) => value === 'x'))).toBe(false);
}
